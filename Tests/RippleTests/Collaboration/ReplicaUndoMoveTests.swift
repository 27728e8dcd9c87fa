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

    /// How many arrays of the library (its shelves, any shelf's children) hold the shelf.
    static func arraysHolding(shelfID: Int, in library: Library) -> Int {
        let shelves = ReplicaFuzzing.shelves(of: library)
        return library.shelves.filter { $0.id == shelfID }.count
            + shelves.map { $0.children.filter { $0.id == shelfID }.count }.reduce(0, +)
    }
}
