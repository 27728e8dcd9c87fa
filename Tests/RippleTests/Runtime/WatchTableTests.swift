@testable import Ripple
import Testing

/// The table of a registration's watches, against a dictionary doing the same: seeded random
/// adds (new watches, more ways to one, fewer, down to none and below), index moves, removals of
/// everything, with a table that grows from empty and keys that share trackers and slots.
@Suite struct WatchTableTests {
    @Test(arguments: [1, 2, 3, 4])
    func theTableHoldsWhatADictionaryWould(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        let trackers = (0..<300).map { _ in Tracker() }
        var table = WatchTable()
        var reference: [NodeMember: Watches.Watched] = [:]
        var moves = (inserted: 0, removed: 0)
        for step in 0..<20_000 {
            let key = NodeMember(trackers.randomElement(using: &random)!, Int.random(in: -1..<4, using: &random))
            switch Int.random(in: 0..<20, using: &random) {
            case 0:
                let index = Int.random(in: 0..<1_000, using: &random)
                table.setIndex(index, of: key)
                if let watch = reference[key] { reference[key] = Watches.Watched(count: watch.count, index: index) }
            case 1 where step % 500 == 0:
                table.removeAll(keepingCapacity: Bool.random(using: &random))
                reference.removeAll()
            default:
                // More adds while the table is small, more ways taken away once it is large
                // (now and then all of them, or more: a count below zero).
                let current = reference[key]?.count ?? 0
                let times =
                    switch Int.random(in: 0..<6, using: &random) {
                    case 0: -current - Int.random(in: 0...1, using: &random)
                    case 1 where reference.count > 400, 2 where reference.count > 400: -1
                    default: Int.random(in: 1...2, using: &random)
                    }
                let index = reference.count
                let result = table.add(times, to: key, index: index)
                let old = reference[key]
                let count = (old?.count ?? 0) + times
                #expect(result.count == count && result.index == (old?.index ?? index), "seed \(seed), step \(step)")
                if count > 0 {
                    reference[key] = Watches.Watched(count: count, index: old?.index ?? index)
                    if old == nil { moves.inserted += 1 }
                } else if old != nil {
                    reference[key] = nil
                    moves.removed += 1
                }
            }
            #expect(table.count == reference.count, "seed \(seed), step \(step)")
            #expect(table[key]?.count == reference[key]?.count && table[key]?.index == reference[key]?.index)
            if step % 1_000 == 999 {
                let entries = table.entries
                #expect(entries.count == reference.count)
                #expect(entries.allSatisfy { reference[$0.key]?.count == $0.value.count && reference[$0.key]?.index == $0.value.index })
                #expect(table.capacity >= table.count)
            }
        }
        #expect(moves.inserted > 2_000 && moves.removed > 2_000, "the run adds and removes often")
    }

    @Test func reservingMakesRoomAtOnce() {
        var table = WatchTable()
        table.reserveCapacity(1_000)
        let capacity = table.capacity
        #expect(capacity >= 1_000)
        let trackers = (0..<1_000).map { _ in Tracker() }
        for (index, tracker) in trackers.enumerated() { _ = table.add(1, to: NodeMember(tracker, 0), index: index) }
        #expect(table.capacity == capacity && table.count == 1_000)
        #expect(trackers.indices.allSatisfy { table[NodeMember(trackers[$0], 0)]?.index == $0 })
    }
}
