import Foundation
@testable import Ripple
import Testing

/// What a store or a replica writes, it reads back with the same limits: an update after which
/// the document nests deeper than its ``DocumentLimits`` is refused, judged by what it brings.
@MainActor
@Suite struct DocumentStoreDepthTests {
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-depth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func isTooLarge(_ error: any Error) -> Bool {
        if case .tooLarge = error as? DocumentError { return true }
        return false
    }

    /// A chain of `levels` shelves, each holding the next.
    private static func chain(_ levels: Int, from first: Int = 0) -> (top: Shelf, bottom: Shelf) {
        let top = Shelf(id: first, title: "\(first)")
        var bottom = top
        for index in first + 1..<first + levels {
            let next = Shelf(id: index, title: "\(index)")
            bottom.children = [next]
            bottom = next
        }
        return (top, bottom)
    }

    /// The nodes the depth checks visit for updates into a store of `count` shelves, reopened
    /// (the depth known from its file): a shelf appended with a child, a child given to a
    /// shelf, a shelf moved under another.
    private static func nodesVisited(intoStoreOf count: Int) throws -> Int {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("library.ripple")
        do {
            let store = try DocumentStore<Library>(url: url, durability: .onSave)
            try store.mediator.update { library in library.shelves = (0..<count).map { Shelf(id: $0, title: "\($0)") } }
            try store.save()
        }
        let store = try DocumentStore<Library>(url: url, durability: .onSave)
        let before = store.mediator.identities.depth.visited
        try store.mediator.update { library in
            let shelf = Shelf(id: -1, title: "new")
            shelf.children = [Shelf(id: -2, title: "below")]
            library.shelves.append(shelf)
        }
        try store.mediator.update { $0.shelves[5].children = [Shelf(id: -3, title: "child")] }
        try store.mediator.update { library in
            let moved = library.shelves.remove(at: 7)
            library.shelves[3].children.append(moved)
        }
        return store.mediator.identities.depth.visited - before
    }

    @Test func anUpdateIntoALargeStoreCostsWhatItBringsNotTheDocument() throws {
        let small = try Self.nodesVisited(intoStoreOf: 1_000)
        // A count, not a time: 20,000 shows it as well as 100,000 would, in a fifth of CI's time.
        let large = try Self.nodesVisited(intoStoreOf: 20_000)
        // The nodes that entered: two, then one; for the move, the shelf moved (it holds none).
        #expect(small == 4)
        #expect(large == small)
    }

    @Test func aMoveThatNestsTooDeepIsRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try DocumentStore<Library>(url: folder.appendingPathComponent("library.ripple"))
        let (first, second) = (Self.chain(600), Self.chain(600, from: 600))
        try store.mediator.update { $0.shelves = [first.top, second.top] }
        #expect {
            try store.mediator.update { library in
                library.shelves.remove(at: 1)
                first.bottom.children = [second.top]
            }
        } throws: { Self.isTooLarge($0) }
        #expect(store.mediator.root.shelves.count == 2 && first.bottom.children.isEmpty)
        // Under the limit, a move is made (measured: the bound after a move is too loose).
        try store.mediator.update { library in
            library.shelves.remove(at: 1)
            first.top.children.append(second.top)
        }
        #expect(store.mediator.root.shelves.count == 1 && first.top.children.count == 2)
    }

    /// A mediator opened from a snapshot and made deeper before it became a replica: the depth
    /// it knew when it opened no longer holds, and its next update is judged by a walk.
    @Test func aReplicaJudgesWhatWasBuiltBeforeItsFirstCollaborationCall() throws {
        let made = Mediator(root: Library())
        let opened = try Mediator<Library>(opening: try made.snapshot())
        let built = Self.chain(995)
        try opened.update { $0.shelves = [built.top] }
        _ = opened.replicaID
        #expect {
            try opened.update { _ in built.bottom.children = [Self.chain(10, from: 2_000).top] }
        } throws: { Self.isTooLarge($0) }
        #expect(built.bottom.children.isEmpty)
    }

    /// A mediator without a store or a replica builds what the app builds, and its snapshot
    /// takes the limits it is given.
    @Test func aPlainMediatorBuildsDeeperAndSnapshotsWithRaisedLimits() throws {
        let mediator = Mediator(root: Library())
        try mediator.update { $0.shelves = [Self.chain(1_200).top] }
        #expect { try mediator.snapshot() } throws: { Self.isTooLarge($0) }
        mediator.documentLimits.maximumDepth = 1_200
        let limits = DocumentLimits(maximumDepth: 1_200)
        let opened = try Mediator<Library>(opening: try mediator.snapshot(), limits: limits)
        #expect(opened.root.shelves.count == 1)
    }
}
