@testable import Ripple
import Testing

/// The serials that tell a place counter's entries in trackers from those of others: 56 bits kept
/// in the room a slot already has, so that a counter never reads, as its own, a slot that a
/// counter long gone left in a live node.
@Suite struct PlaceCounterSerialTests {
    /// Serials that agree in their low 32 (and some in their low 48) bits: a slot that kept fewer
    /// bits of its owner would take one counter's entry for another's.
    private static func serials(count: Int) -> [UInt64] {
        (0..<UInt64(count)).map { index in (1 << 40) + 12_345 + (index % 8) << 32 + (index / 8) << 48 }
    }

    @Test func aSlotIsNoLargerThanWithA32BitSerial() {
        #expect(MemoryLayout<PlaceSlot<PlaceCount>>.size == 12)
        #expect(MemoryLayout<PlaceSlot<ModelPlaceCounter.Entry>>.size == 24)
    }

    @Test(arguments: [1, 2, 3])
    func aSlotKeepsEvery56BitSerialBesideItsEntry(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        for _ in 0..<10_000 {
            let owner = UInt64.random(in: 0...PlaceCounterSerials.largest, using: &random)
            let entry = PlaceCount(places: Int32.random(in: -3...3, using: &random), isIn: Bool.random(using: &random))
            var slot = PlaceSlot<PlaceCount>()
            slot.entry = entry
            slot.owner = owner
            var modelSlot = PlaceSlot<ModelPlaceCounter.Entry>()
            modelSlot.owner = owner
            modelSlot.entry.label = random.next()
            modelSlot.entry.isIn = true
            guard slot.owner == owner, slot.entry == entry, modelSlot.owner == owner else {
                Issue.record("serial \(owner) comes back as \(slot.owner) and \(modelSlot.owner), \(entry) as \(slot.entry)")
                return
            }
        }
    }

    @Test func serialsComeRoundOnlyPastTheLargestASlotHolds() {
        #expect(PlaceCounterSerials.serial(after: 0) == 1)
        #expect(PlaceCounterSerials.serial(after: UInt64(Int32.max)) == UInt64(Int32.max) + 1)
        #expect(PlaceCounterSerials.serial(after: UInt64(UInt32.max)) == UInt64(UInt32.max) + 1)
        #expect(PlaceCounterSerials.serial(after: PlaceCounterSerials.largest) == 1)
        let first = PlaceCounterSerials.next()
        #expect(PlaceCounterSerials.next() > first)
    }

    /// Counters of one kind whose serials agree in their low bits change entries of a pool of
    /// trackers, and some go without releasing theirs (a document closed, a region rebuilt),
    /// against a dictionary per live counter: each reads exactly its own entries.
    @Test(arguments: [1, 2, 3, 4])
    func countersReadOnlyTheirOwnEntriesBesideStaleSlots(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        let trackers = (0..<24).map { _ in Tracker() }
        var serials = Self.serials(count: 64)[...]
        var live: [(counter: PlaceCounter<RegionPlaces>, entries: [ObjectIdentifier: PlaceCount])] = []
        for step in 0..<4_000 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0 where !serials.isEmpty || live.isEmpty:
                live.append((PlaceCounter(serial: serials.popFirst() ?? PlaceCounterSerials.next()), [:]))
            case 1 where live.count > 1:
                // Gone without releasing its slots: they stay in the trackers.
                live.remove(at: Int.random(in: 0..<live.count, using: &random))
            default:
                guard !live.isEmpty else { continue }
                let index = Int.random(in: 0..<live.count, using: &random)
                let tracker = trackers.randomElement(using: &random)!
                let entry =
                    Bool.random(using: &random)
                    ? PlaceCount()
                    : PlaceCount(places: Int32.random(in: -2...3, using: &random), isIn: Bool.random(using: &random))
                live[index].counter.change(tracker) { $0 = entry }
                live[index].entries[ObjectIdentifier(tracker)] = entry == PlaceCount() ? nil : entry
            }
            for (counter, entries) in live {
                for tracker in trackers {
                    let expected = entries[ObjectIdentifier(tracker)] ?? PlaceCount()
                    let found = counter.entry(of: tracker)
                    guard found == expected, counter.contains(tracker) == expected.isIn else {
                        Issue.record("step \(step): counter \(counter.serial) reads \(found), not \(expected)")
                        return
                    }
                }
            }
        }
    }
}
