@testable import Ripple
import Testing

/// A node moved along a model's array in one update (`insert(removeLast(), at:)`, or a
/// `remove(at:)` and an `insert(_:at:)`) journals the two runs, a removal and an insertion,
/// rather than the array: the array is edited in its own storage, its patch holds the moved
/// node alone, and undo, redo and rollback put it back.
@MainActor
@Suite struct NodeArrayMoveTests {
    struct Failure: Error {}

    private let mediator: Mediator<Library>
    private let library: Library
    private let shelf: Shelf
    /// The children's identities (holding the array itself would make every edit copy it).
    private let children: [ObjectIdentifier]

    init() {
        library = makeLibrary(shelves: 2)
        shelf = library.shelves[0]
        shelf.children = (100..<400).map { Shelf(id: $0, title: "Child \($0)") }
        shelf.children.reserveCapacity(512)
        children = shelf._children.map(ObjectIdentifier.init)
        mediator = Mediator(root: library)
    }

    private func bufferAddress(_ array: [Shelf]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    private func holds(_ expected: [ObjectIdentifier]) -> Bool {
        shelf.children.map(ObjectIdentifier.init) == expected
    }

    /// The children with the last one moved to `index`.
    private func moved(to index: Int) -> [ObjectIdentifier] {
        var expected = Array(children.dropLast())
        expected.insert(children.last!, at: index)
        return expected
    }

    @Test func aMoveOfTheLastNodeEditsTheArrayInItsOwnStorage() throws {
        let storage = bufferAddress(shelf._children)
        try mediator.update { $0.shelves[0].children.insert($0.shelves[0].children.removeLast(), at: 10) }
        #expect(bufferAddress(shelf._children) == storage, "the move copied the array")
        #expect(holds(moved(to: 10)))
    }

    @Test func aMoveIsUndoneAndRedone() throws {
        try mediator.update { library in
            let children = library.shelves[0].children
            library.shelves[0].children.insert(library.shelves[0].children.remove(at: children.count - 1), at: 10)
        }
        #expect(holds(moved(to: 10)))
        try mediator.history.undo()
        #expect(holds(children))
        try mediator.history.redo()
        #expect(holds(moved(to: 10)))
    }

    @Test func aMoveAlongALongArrayPatchesTheMovedNodeAlone() throws {
        var patches: [Patch] = []
        mediator.patchRecorder.sinks.append { patches.append($0) }
        let follower = try Mediator<Library>(opening: try mediator.snapshot())
        try mediator.update { $0.shelves[0].children.insert($0.shelves[0].children.removeLast(), at: 10) }
        #expect(patches.count == 1)
        let splices = patches.first?.operations.compactMap { operation -> (Int, Int, String)? in
            guard case .splice(_, "children", let at, let removing, let inserting) = operation else { return nil }
            return (at, removing, inserting.json)
        }
        #expect(splices?.map(\.0) == [299, 10])
        #expect(splices?.map(\.1) == [1, 0])
        #expect(splices?.last?.2.contains(",") == false, "one node inserted")
        try follower.apply(patches[0])
        #expect(try follower.snapshot() == mediator.snapshot())
    }

    @Test func aFollowerAppliesAMoveWithoutWalkingTheDocument() throws {
        var patches: [Patch] = []
        mediator.patchRecorder.sinks.append { patches.append($0) }
        let follower = try Mediator<Library>(opening: try mediator.snapshot())
        try mediator.update { $0.shelves[0].children.insert($0.shelves[0].children.removeLast(), at: 10) }
        // A bound above the depth a walk finds: the node leaves the array and enters it again,
        // as deep as it was, so the bound stays.
        let bound = try #require(DocumentDepth.measure(under: follower.root, limit: 1_000)) + 3
        follower.identities.depth.bound = bound
        try follower.apply(try #require(patches.first))
        #expect(follower.identities.depth.bound == bound, "a walk measured the document again")
    }

    @Test func aMoveThatPutsTheNodeBackChangesNothing() throws {
        try mediator.update { library in
            let last = library.shelves[0].children.removeLast()
            library.shelves[0].children.insert(last, at: 10)
            library.shelves[0].children.append(library.shelves[0].children.remove(at: 10))
        }
        #expect(holds(children))
        #expect(!mediator.history.canUndo)
    }

    @Test func anUpdateThatThrowsAfterAMovePutsTheArrayBack() throws {
        #expect(throws: Failure.self) {
            try mediator.update { library in
                library.shelves[0].children.insert(library.shelves[0].children.removeLast(), at: 10)
                library.shelves[0].children.insert(library.shelves[0].children.remove(at: 5), at: 200)
                throw Failure()
            }
        }
        #expect(holds(children))
    }

    @Test func aMoveThenAnotherEditOfTheArrayIsUndoneTogether() throws {
        try mediator.update { library in
            library.shelves[0].children.insert(library.shelves[0].children.removeLast(), at: 10)
            library.shelves[0].children.reverse()
        }
        #expect(holds(Array(moved(to: 10).reversed())))
        try mediator.history.undo()
        #expect(holds(children))
    }

    @Test func manyMovesInOneUpdateAreUndoneTogether() throws {
        try mediator.update { library in
            for index in 0..<12 { library.shelves[0].children.insert(library.shelves[0].children.removeLast(), at: index * 20) }
        }
        #expect(!holds(children))
        try mediator.history.undo()
        #expect(holds(children))
        try mediator.history.redo()
        try mediator.history.undo()
        #expect(holds(children))
    }
}
