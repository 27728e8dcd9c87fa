@testable import Ripple
import Testing

/// `SequenceState` keeps its order and its visible counts in a `SequenceOrder` as items come,
/// instead of walking the Fugue tree: pinned against a plain Fugue tree walked whole, over
/// seeded random histories of inserts (on both sides, at every depth, concurrent siblings
/// among them), removals plain and by moves, and the take-backs an undone change does.
@Suite struct SequenceStateTests {
    /// The Fugue tree as the plain reference: children by parent and side, walked in order.
    private struct PlainFugue {
        var items: [OperationID: (parent: OperationID?, leftSide: Bool, value: ReplicaValue, removals: [Removal])] = [:]
        var children: [OperationID?: (left: [OperationID], right: [OperationID])] = [:]
        var inserted: [OperationID] = []

        mutating func insert(_ id: OperationID, parent: OperationID?, leftSide: Bool, value: ReplicaValue) {
            items[id] = (parent, leftSide, value, [])
            var lists = children[parent] ?? ([], [])
            if leftSide { lists.left = (lists.left + [id]).sorted() } else { lists.right = (lists.right + [id]).sorted() }
            children[parent] = lists
            inserted.append(id)
        }

        mutating func takeBackLast() -> OperationID {
            let id = inserted.removeLast()
            let item = items.removeValue(forKey: id)!
            children[item.parent]!.left.removeAll { $0 == id }
            children[item.parent]!.right.removeAll { $0 == id }
            return id
        }

        func order() -> [OperationID] {
            var result: [OperationID] = []
            func walk(_ id: OperationID?) {
                for child in children[id]?.left ?? [] { walk(child) }
                if let id { result.append(id) }
                for child in children[id]?.right ?? [] { walk(child) }
            }
            walk(nil)
            return result
        }

        func visible(moves: MoveStatus) -> [OperationID] {
            order().filter { !moves.removes(items[$0]!.removals) }
        }
    }

    private let holder = NodeID.genesis(1)
    private let replicas = [3, 5, 9].map { ReplicaID(rawValue: $0)! }

    @Test(arguments: 1...24 as ClosedRange<UInt64>)
    func orderAndVisibleIndexesMatchTheWalk(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        var state = SequenceState()
        var plain = PlainFugue()
        var counter: UInt64 = 0
        let moveIDs = (1...4).map { OperationID(counter: 1_000 + $0, replica: replicas[0]) }
        for step in 0..<300 {
            let choice = Int.random(in: 0..<10, using: &random)
            let existing = plain.inserted
            if choice < 6 || existing.isEmpty {
                // Concurrent replicas draw counters close together: siblings of one parent.
                counter += UInt64.random(in: 0...2, using: &random)
                let id = OperationID(counter: counter + 1, replica: replicas.randomElement(using: &random)!)
                guard plain.items[id] == nil else { continue }
                let parent = existing.isEmpty || Int.random(in: 0..<6, using: &random) == 0 ? nil : existing.randomElement(using: &random)
                let leftSide = parent != nil && Bool.random(using: &random)
                #expect(state.accepts(id, parent: parent, leftSide: leftSide), "seed \(seed) step \(step)")
                state.insert(.json("\(step)"), id: id, parent: parent, leftSide: leftSide)
                plain.insert(id, parent: parent, leftSide: leftSide, value: .json("\(step)"))
            } else if choice < 9 {
                let target = existing.randomElement(using: &random)!
                let move = Bool.random(using: &random) ? moveIDs.randomElement(using: &random) : nil
                let removed = state.remove([Removal(target: target, move: move)])
                #expect(removed)
                plain.items[target]!.removals.append(Removal(target: target, move: move))
            } else if Bool.random(using: &random) {
                state.takeBack(plain.takeBackLast())
            } else {
                let target = existing.randomElement(using: &random)!
                let keeping = Int.random(in: 0...plain.items[target]!.removals.count, using: &random)
                state.takeBackRemovals(of: target, keeping: keeping)
                plain.items[target]!.removals.removeSubrange(keeping...)
            }
            check(state, against: plain, moveIDs: moveIDs, seed: seed, step: step, using: &random)
        }
    }

    private func check(
        _ state: SequenceState, against plain: PlainFugue, moveIDs: [OperationID], seed: UInt64, step: Int,
        using random: inout SeededGenerator
    ) {
        let order = plain.order()
        #expect(state.order() == order, "seed \(seed) step \(step)")
        // What each item holds (kept by slot, apart from the order) is what was inserted.
        #expect(state.itemCount == plain.items.count, "seed \(seed) step \(step)")
        for (id, item) in plain.items where Int.random(in: 0..<4, using: &random) == 0 {
            let expected = SequenceState.Item(parent: item.parent, leftSide: item.leftSide, value: item.value, removals: item.removals)
            #expect(state.item(id) == expected, "seed \(seed) step \(step)")
        }
        #expect(state.item(OperationID(counter: 999_999, replica: replicas[0])) == nil)
        for (index, id) in order.enumerated() where Int.random(in: 0..<8, using: &random) == 0 {
            #expect(state.position(of: id) == index, "seed \(seed) step \(step)")
        }
        var moves = MoveStatus()
        moves.removingMoves = Set(moveIDs.filter { _ in Bool.random(using: &random) })
        let visible = plain.visible(moves: moves)
        let member = "items"
        #expect(state.visibleCount(holder: holder, member: member, moves: moves) == visible.count)
        #expect(state.visibleItems(holder: holder, member: member, moves: moves) == visible)
        // The counts serve unless an item out only by moves shows (its moves do not hold).
        let shownByMoves = plain.items.values.contains {
            !$0.removals.isEmpty && $0.removals.allSatisfy { $0.move != nil } && !moves.removes($0.removals)
        }
        #expect(state.showsVisible(holder: holder, member: member, moves: moves) == !shownByMoves)
        if !shownByMoves {
            for (index, id) in visible.enumerated() { #expect(state.visibleIndex(of: id) == index, "seed \(seed) step \(step)") }
        }
        guard !visible.isEmpty else { return }
        let start = Int.random(in: 0..<visible.count, using: &random)
        let end = Int.random(in: start...visible.count, using: &random)
        #expect(
            state.visibleItems(in: start..<end, holder: holder, member: member, moves: moves) == Array(visible[start..<end]),
            "seed \(seed) step \(step)")
        // The anchor of an insert at every visible position, as the walk finds it.
        let position = Int.random(in: 0...visible.count, using: &random)
        let before = position > 0 ? visible[position - 1] : nil
        let expected: (OperationID?, Bool)
        if plain.children[before]?.right.isEmpty ?? true {
            expected = (before, false)
        } else {
            expected = (before.map { order[order.firstIndex(of: $0)! + 1] } ?? order[0], true)
        }
        let anchor = state.anchor(forInsertingAt: position, holder: holder, member: member, moves: moves)
        #expect(anchor.parent == expected.0 && anchor.leftSide == expected.1, "seed \(seed) step \(step)")
    }

    /// A hidden move destination without removals is shown by the counts: they give way to the
    /// walk for its member.
    @Test func aHiddenDestinationIsLeftToTheWalk() {
        var state = SequenceState()
        let ids = (1...3).map { OperationID(counter: $0, replica: replicas[0]) }
        state.insert(.json("a"), id: ids[0], parent: nil, leftSide: false)
        state.insert(.json("b"), id: ids[1], parent: ids[0], leftSide: false)
        state.insert(.json("c"), id: ids[2], parent: ids[1], leftSide: false)
        var moves = MoveStatus()
        moves.hiddenDestinations = [Placement(holder: holder, member: "items", id: ids[1])]
        #expect(!state.showsVisible(holder: holder, member: "items", moves: moves))
        #expect(state.showsVisible(holder: holder, member: "other", moves: moves))
        #expect(state.visibleCount(holder: holder, member: "items", moves: moves) == 2)
        #expect(state.visibleItems(in: 1..<2, holder: holder, member: "items", moves: moves) == [ids[2]])
        // Removed as well, it no longer shows either way: the counts serve again.
        _ = state.remove([Removal(target: ids[1], move: nil)])
        #expect(state.showsVisible(holder: holder, member: "items", moves: moves))
    }
}
