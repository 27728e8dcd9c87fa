import Foundation
@testable import Ripple
import Testing

/// Two replicas, one shelf moved by both, then one replica undoes its move: the case of issue 27
/// item 2 pinned by example (the fuzzer finds it only now and then).
@MainActor
@Suite struct ReplicaUndoMoveTests {
    /// A moves shelf 0 under shelf 1; B, having received that, moves it under shelf 2; A, having
    /// received B's move, undoes its own. History restored the arrays it saw (shelf 0 back in the
    /// library's shelves) without taking the shelf from under shelf 2: it ended in two arrays.
    /// The undo leaves a node that was moved on since where it is.
    @Test func anUndoOfAMoveAfterAConcurrentMoveLeavesTheShelfInOnePlace() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        try a.update(undoName: "Move") { library in
            let shelf = library.shelves.removeFirst()
            library.shelves[0].children.append(shelf)
        }
        try b.merge(try a.changes(since: b.version))
        try b.update(undoName: "Move") { library in
            let shelf = library.shelves[0].children.removeFirst()
            library.shelves[1].children.append(shelf)
        }
        try a.merge(try b.changes(since: a.version))
        try a.history.undo()
        try b.merge(try a.changes(since: b.version))
        try a.merge(try b.changes(since: a.version))

        #expect(String(decoding: try a.snapshot(), as: UTF8.self) == String(decoding: try b.snapshot(), as: UTF8.self))
        #expect(Self.arraysHolding(shelfID: 0, in: a.root) == 1)
        #expect(a.root.shelves[1].children.map(\.id) == [0])
        // A redo of that undo moves nothing either; the document stays as it was.
        try a.history.redo()
        #expect(Self.arraysHolding(shelfID: 0, in: a.root) == 1)
    }

    /// A removes shelf 0 and sets the user in one step; B moves the shelf under shelf 1; A,
    /// having received B's move, undoes its step. B's move left the shelves, the member the undo
    /// would put the shelf back into: the shelf stays where B's move put it (putting it back too
    /// would leave it in two arrays), and the rest of the step is undone.
    @Test func anUndoOfARemovalAfterAConcurrentMoveLeavesTheShelfWhereTheMovePutIt() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        try a.update(undoName: "Remove") { library in
            library.shelves.removeFirst()
            library.userID = 7
        }
        try b.update { library in
            let shelf = library.shelves.removeFirst()
            library.shelves[0].children.append(shelf)
        }
        try a.merge(try b.changes(since: a.version))
        try a.history.undo()
        try b.merge(try a.changes(since: b.version))
        try a.merge(try b.changes(since: a.version))

        #expect(try a.snapshot() == (try b.snapshot()))
        #expect(a.root.userID == 0)
        #expect(a.root.shelves.map(\.id) == [1, 2])
        #expect(a.root.shelves[0].children.map(\.id) == [0])
        #expect(try a.replica.mismatches(in: a).isEmpty)
        #expect(try b.replica.mismatches(in: b).isEmpty)
    }

    /// The same with B moving the shelf within the shelves, to their end (seeds 339 and 379 of
    /// the shared-node fuzzer, shrunk): the shelf is in the shelves again when A undoes, and the
    /// undo put it back beside B's place, twice in one array. The undo leaves it where B's move
    /// put it, once.
    @Test func anUndoOfARemovalAfterAConcurrentReorderLeavesTheShelfThereOnce() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        try a.update(undoName: "Remove") { library in
            library.shelves.removeFirst()
            library.userID = 7
        }
        try b.update { library in library.shelves.append(library.shelves.removeFirst()) }
        try a.merge(try b.changes(since: a.version))
        #expect(a.root.shelves.map(\.id) == [1, 2, 0])
        try a.history.undo()
        try b.merge(try a.changes(since: b.version))
        try a.merge(try b.changes(since: a.version))

        #expect(try a.snapshot() == (try b.snapshot()))
        #expect(a.root.userID == 0)
        #expect(a.root.shelves.map(\.id) == [1, 2, 0])
        #expect(try a.replica.mismatches(in: a).isEmpty)
        #expect(try b.replica.mismatches(in: b).isEmpty)
        // A redo of that undo, which did not put the shelf back, does not take it out either.
        try a.history.redo()
        #expect(a.root.userID == 7)
        #expect(a.root.shelves.map(\.id) == [1, 2, 0])
    }

    /// Shelf 0 is in the shelves and under key "x". A removes it from the shelves; B moves it
    /// from key "x" to key "y"; A, having received that, undoes its removal. B's move is on
    /// the dictionary's track, not the shelves': the shelf comes back into the shelves.
    @Test func anUndoOfARemovalPutsBackAShelfMovedOnAnotherTrack() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        try a.update { $0.shelvesByKey["x"] = $0.shelves[0] }
        try b.merge(try a.changes(since: b.version))
        try a.update(undoName: "Remove") { library in library.shelves.removeFirst() }
        try b.update { library in library.shelvesByKey["y"] = library.shelvesByKey.removeValue(forKey: "x") }
        try a.merge(try b.changes(since: a.version))
        try a.history.undo()
        try b.merge(try a.changes(since: b.version))

        #expect(try a.snapshot() == (try b.snapshot()))
        #expect(a.root.shelves.map(\.id) == [0, 1, 2])
        #expect(a.root.shelvesByKey.mapValues(\.id) == ["y": 0])
        #expect(try a.replica.mismatches(in: a).isEmpty)
        #expect(try b.replica.mismatches(in: b).isEmpty)
    }

    /// A, in one step, puts shelf 2 under key "p" in place of shelf 0 and moves shelf 0 from
    /// "p" under shelf 1; B moves shelf 0 on, under shelf 2; A undoes. Shelf 0 stays where B
    /// put it, and key "p" keeps what it holds (the undo dropped the key, shelf 2 with it).
    @Test func anUndoThatKeepsAMovedShelfOutKeepsTheKeysCurrentValue() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        try a.update { $0.shelvesByKey["p"] = $0.shelves.removeFirst() }
        try b.merge(try a.changes(since: b.version))
        try a.update(undoName: "Move") { library in
            let shelf = library.shelvesByKey["p"]!
            library.shelvesByKey["p"] = library.shelves[1]
            library.shelves[0].children.append(shelf)
        }
        try b.merge(try a.changes(since: b.version))
        try b.update { library in
            let shelf = library.shelves[0].children.removeFirst()
            library.shelves[1].children.append(shelf)
        }
        try a.merge(try b.changes(since: a.version))
        try a.history.undo()
        try b.merge(try a.changes(since: b.version))

        #expect(try a.snapshot() == (try b.snapshot()))
        #expect(a.root.shelvesByKey.mapValues(\.id) == ["p": 2])
        #expect(Self.arraysHolding(shelfID: 0, in: a.root) == 1)
        #expect(a.root.shelves[1].children.map(\.id) == [0])
        #expect(try a.replica.mismatches(in: a).isEmpty)
        #expect(try b.replica.mismatches(in: b).isEmpty)
    }

    /// A adds an entry to shelf 0; B removes the shelf; A, having received that, undoes its
    /// entry (a write to a node outside its document: no patch tells its engine); B undoes its
    /// removal, and A receives that. The shelf came back into A's model without the entry its
    /// engine holds: the merge did not touch the entries again. A merge now sets every member
    /// of a node that comes back as the engine has it.
    @Test func aShelfThatComesBackShowsWhatTheEngineHolds() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        try a.update(undoName: "Add") { $0.shelves[0].entries.append("x") }
        try b.update(undoName: "Remove") { library in library.shelves.removeFirst() }
        try a.merge(try b.changes(since: a.version))
        try a.history.undo()
        try b.merge(try a.changes(since: b.version))
        try b.history.undo()
        try a.merge(try b.changes(since: a.version))
        try b.merge(try a.changes(since: b.version))

        #expect(try a.replica.mismatches(in: a).isEmpty)
        #expect(try b.replica.mismatches(in: b).isEmpty)
        #expect(try a.snapshot() == (try b.snapshot()))
        #expect(a.root.shelves.map(\.id) == [0, 1, 2])
    }

    /// How many arrays of the library (its shelves, any shelf's children) hold the shelf.
    static func arraysHolding(shelfID: Int, in library: Library) -> Int {
        let shelves = ReplicaFuzzing.shelves(of: library)
        return library.shelves.filter { $0.id == shelfID }.count
            + shelves.map { $0.children.filter { $0.id == shelfID }.count }.reduce(0, +)
    }
}
