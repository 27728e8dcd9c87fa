@testable import Ripple
import Testing

/// An insert, append or removal of one node in a model's array, in an update, journals the
/// run it replaces rather than the old array: the array is edited in its own storage (no copy
/// of it), and undo, redo, rollback, watches and a later edit of the array in the same update
/// still see the array it replaced.
@MainActor
@Suite struct NodeArraySpliceTests {
    struct Failure: Error {}

    private let mediator: Mediator<Library>
    private let library: Library
    private let shelves: [Shelf]

    init() {
        library = makeLibrary(shelves: 5)
        library.shelves.reserveCapacity(64)
        library.shelves[0].children = (20..<25).map { Shelf(id: $0, title: "Child \($0)") }
        library.shelves[0].children.reserveCapacity(64)
        shelves = library._shelves
        mediator = Mediator(root: library)
    }

    private func bufferAddress(_ array: [Shelf]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    private func ids(_ array: [Shelf]) -> [Int] { array.map(\.id) }

    /// The shelves are the very objects of `expected`, in its order.
    private func holds(_ expected: [Shelf]) -> Bool {
        library.shelves.count == expected.count && zip(library.shelves, expected).allSatisfy { $0 === $1 }
    }

    // MARK: No copy of the array

    @Test func anInsertAnAppendAndARemovalEditTheArrayInItsOwnStorage() throws {
        // A shelf's children: no registration keeps a copy of them (the library's shelves are
        // read by `selectedShelf`, whose dependency keeps one, so that edits there copy).
        let shelf = library.shelves[0]
        let storage = bufferAddress(shelf._children)
        try mediator.update { $0.shelves[0].children.insert(Shelf(id: 10, title: "inserted"), at: 2) }
        try mediator.update { $0.shelves[0].children.append(Shelf(id: 11, title: "appended")) }
        try mediator.update { $0.shelves[0].children.remove(at: 0) }
        #expect(bufferAddress(shelf._children) == storage, "an edit copied the array")
        #expect(ids(shelf.children) == [21, 10, 22, 23, 24, 11])
        try mediator.history.undo()
        try mediator.history.undo()
        try mediator.history.undo()
        #expect(ids(shelf.children) == [20, 21, 22, 23, 24])
    }

    // MARK: History

    @Test func anInsertAnAppendAndARemovalAreUndoneAndRedone() throws {
        let inserted = Shelf(id: 10, title: "inserted")
        try mediator.update { $0.shelves.insert(inserted, at: 2) }
        let afterInsert = library.shelves
        try mediator.update { $0.shelves.append(Shelf(id: 11, title: "appended")) }
        let afterAppend = library.shelves
        try mediator.update { $0.shelves.remove(at: 0) }
        try mediator.history.undo()
        #expect(holds(afterAppend))
        try mediator.history.undo()
        #expect(holds(afterInsert))
        try mediator.history.undo()
        #expect(holds(shelves))
        try mediator.history.redo()
        #expect(holds(afterInsert))
        try mediator.history.redo()
        try mediator.history.redo()
        #expect(ids(library.shelves) == [1, 10, 2, 3, 4, 11])
    }

    @Test func twoEditsOfTheArrayInOneUpdateAreUndoneTogether() throws {
        try mediator.update { library in
            library.shelves.insert(Shelf(id: 10, title: "first"), at: 1)
            library.shelves.remove(at: 3)
            library.shelves.append(Shelf(id: 11, title: "last"))
        }
        #expect(ids(library.shelves) == [0, 10, 1, 3, 4, 11])
        try mediator.history.undo()
        #expect(holds(shelves))
    }

    @Test func anotherEditInTheSameAccessAfterAnInsertIsUndoneToo() throws {
        try mediator.update { $0.shelves.insertThenReverse(Shelf(id: 10, title: "inserted"), at: 1) }
        #expect(ids(library.shelves) == [4, 3, 2, 1, 10, 0])
        try mediator.history.undo()
        #expect(holds(shelves))
    }

    @Test func twoSplicesInOneAccessAreUndoneTogether() throws {
        try mediator.update { $0.shelves.insertTwice(Shelf(id: 10, title: "a"), Shelf(id: 11, title: "b")) }
        #expect(ids(library.shelves) == [11, 0, 1, 2, 3, 4, 10])
        try mediator.history.undo()
        #expect(holds(shelves))
    }

    @Test func anEditInANestedUpdateAfterAnInsertIsUndoneWithIt() throws {
        try mediator.update { library in
            library.shelves.insert(Shelf(id: 10, title: "inserted"), at: 0)
            try self.mediator.update { $0.shelves.remove(at: 5) }
        }
        #expect(ids(library.shelves) == [10, 0, 1, 2, 3])
        try mediator.history.undo()
        #expect(holds(shelves))
    }

    // MARK: Rollback

    @Test func anUpdateThatThrowsAfterAnInsertPutsTheArrayBack() throws {
        #expect(throws: Failure.self) {
            try mediator.update { library in
                library.shelves.insert(Shelf(id: 10, title: "inserted"), at: 2)
                throw Failure()
            }
        }
        #expect(holds(shelves))
        #expect(throws: Failure.self) {
            try mediator.update { library in
                library.shelves.remove(at: 1)
                library.shelves.append(Shelf(id: 11, title: "appended"))
                throw Failure()
            }
        }
        #expect(holds(shelves))
        #expect(!mediator.history.canUndo)
    }

    // MARK: Watches

    @Test func anInsertFiresTheReadersOfTheArrayAndOfItsNewNode() throws {
        let log = EventLog()
        let registrations = [
            mediator.observe("shelves", reads: [Library.scheme.shelves]) { _ in log.append("shelves") },
            mediator.observe("titles", reads: [Library.scheme.shelves.title]) { _ in log.append("titles") },
        ]
        mediator.refresh()
        _ = log.take()
        try mediator.update { $0.shelves.insert(Shelf(id: 10, title: "inserted"), at: 2) }
        #expect(log.take() == ["shelves", "titles"])
        try mediator.update { $0.shelves[2].title = "renamed" }
        #expect(log.take() == ["titles"])
        withExtendedLifetime(registrations) {}
    }

    @Test func anInsertOfANodeAlreadyThereAndItsRemovalChangeNothing() throws {
        try mediator.update { library in
            let first = library.shelves.remove(at: 0)
            library.shelves.insert(first, at: 0)
        }
        #expect(holds(shelves))
        #expect(!mediator.history.canUndo)
    }
}

extension Array where Element == Shelf {
    /// An insert, then an edit that takes no splice, in one access.
    fileprivate mutating func insertThenReverse(_ shelf: Shelf, at index: Int) {
        insert(shelf, at: index)
        reverse()
    }

    /// An append then an insert at the start, in one access.
    fileprivate mutating func insertTwice(_ last: Shelf, _ first: Shelf) {
        append(last)
        insert(first, at: 0)
    }
}
