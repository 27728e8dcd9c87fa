import Foundation
@testable import Ripple
import Testing

/// The move rule of today's change, probed on shapes the suite's examples do not hold: an undo of
/// a removal made after a concurrent move arrived, and a shelf both moved and shared.
@MainActor
@Suite struct MoveRuleProbeTests {
    /// Exchanges everything both ways and checks what any two replicas must hold afterwards.
    private func exchange(_ a: Mediator<Library>, _ b: Mediator<Library>) throws {
        try b.merge(try a.changes(since: b.version))
        try a.merge(try b.changes(since: a.version))
    }

    /// Both replicas hold the same document, which agrees with their merge state, and shelf 0
    /// is in one array at most.
    private func expectConverged(_ a: Mediator<Library>, _ b: Mediator<Library>) throws {
        #expect(String(decoding: try a.snapshot(), as: UTF8.self) == String(decoding: try b.snapshot(), as: UTF8.self))
        expectOnePlace(a)
        #expect(try a.replica.mismatches(in: a).isEmpty)
        #expect(try b.replica.mismatches(in: b).isEmpty)
    }

    private func expectOnePlace(_ a: Mediator<Library>) {
        #expect(ReplicaUndoMoveTests.arraysHolding(shelfID: 0, in: a.root) <= 1)
    }

    /// Both replicas hold the same document, which agrees with their merge state.
    private func expectSame(_ a: Mediator<Library>, _ b: Mediator<Library>) throws {
        #expect(try a.snapshot() == (try b.snapshot()))
        #expect(try a.replica.mismatches(in: a).isEmpty)
        #expect(try b.replica.mismatches(in: b).isEmpty)
    }

    /// A removes shelf 0; B moves it under shelf 1; A merges B's move (the shelf is under shelf
    /// 1 now) and only then undoes its removal. The undo put the shelf back into the library's
    /// shelves as a plain placement beside B's move: two arrays, on both replicas. B's move left
    /// the shelves, so the undo leaves the shelf where that move put it (as an undo of a move
    /// does), and so do a redo and a second undo.
    @Test func anUndoOfARemovalAfterAConcurrentMoveArrivedLeavesOnePlace() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        try a.update(undoName: "Remove") { library in library.shelves.removeFirst() }
        try b.update { library in
            let shelf = library.shelves.removeFirst()
            library.shelves[0].children.append(shelf)
        }
        try exchange(a, b)
        try a.history.undo()
        try exchange(a, b)
        try expectSame(a, b)
        expectOnePlace(a)
        expectUnderShelfOne(a)
        try a.history.redo()
        try exchange(a, b)
        try expectSame(a, b)
        expectOnePlace(a)
        expectUnderShelfOne(a)
        try a.history.undo()
        try exchange(a, b)
        try expectSame(a, b)
        expectOnePlace(a)
        expectUnderShelfOne(a)
    }

    /// Shelf 0 is where B's move put it, under shelf 1, and nowhere else.
    private func expectUnderShelfOne(_ a: Mediator<Library>) {
        #expect(a.root.shelves.map(\.id) == [1, 2])
        #expect(a.root.shelves[0].children.map(\.id) == [0])
    }

    /// Shelf 0 is also pinned and keyed; A moves it from the shelves into a key, B moves it
    /// under shelf 1, then B undoes its move after A's arrived. The pin and the keys are
    /// shares, not places moves name: they stay, and the shelf is in one array at most.
    @Test func concurrentMovesOfASharedShelfThenAnUndoLeaveOnePlace() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        try a.update { library in
            library.pinned = library.shelves[0]
            library.shelvesByKey["old"] = library.shelves[0]
        }
        try exchange(a, b)
        try a.update { library in
            let shelf = library.shelves.removeFirst()
            library.shelvesByKey["new"] = shelf
        }
        try b.update(undoName: "Move") { library in
            let shelf = library.shelves.removeFirst()
            library.shelves[0].children.append(shelf)
        }
        try exchange(a, b)
        try expectConverged(a, b)
        #expect(a.root.pinned?.id == 0)
        try b.history.undo()
        try exchange(a, b)
        try expectConverged(a, b)
        #expect(a.root.pinned?.id == 0)
        try b.history.redo()
        try exchange(a, b)
        try expectConverged(a, b)
    }
    /// Shelf 0 in the shelves and under key "x". A moves it from "x" to "y"; B at once moves it
    /// from the shelves under shelf 1, and then from "x" to "z". The key moves compete (the
    /// later wins), the array move is apart: the shelf ends under shelf 1 and under one key.
    @Test func keyMovesAndAnArrayMoveOfOneShelfEachKeepTheirOwnTrack() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        try a.update { $0.shelvesByKey["x"] = $0.shelves[0] }
        try exchange(a, b)
        try a.update { library in
            library.shelvesByKey["y"] = library.shelvesByKey.removeValue(forKey: "x")
        }
        try b.update { library in
            let shelf = library.shelves.removeFirst()
            library.shelves[0].children.append(shelf)
        }
        try b.update { library in
            library.shelvesByKey["z"] = library.shelvesByKey.removeValue(forKey: "x")
        }
        try exchange(a, b)
        try expectSame(a, b)
        expectOnePlace(a)
        #expect(a.root.shelves.map(\.id) == [1, 2])
        #expect(a.root.shelves[0].children.map(\.id) == [0])
        #expect(a.root.shelvesByKey.count == 1)
        #expect(a.root.shelvesByKey.values.map(\.id) == [0])
    }
    /// The optional array `archive` is nil; A moves shelf 0 into it, B at once moves shelf 1
    /// into it. Each move took a shelf out of the shelves: both shelves must be somewhere
    /// after the merge (moves never lose a node), the same on both replicas.
    @Test func concurrentMovesIntoAnEmptyOptionalArrayLoseNoShelf() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        try a.update { library in library.archive = [library.shelves.removeFirst()] }
        try b.update { library in library.archive = [library.shelves.remove(at: 1)] }
        try exchange(a, b)
        try expectSame(a, b)
        let held = a.root.shelves.map(\.id) + (a.root.archive ?? []).map(\.id)
        #expect(held.sorted() == [0, 1, 2])
    }
}
