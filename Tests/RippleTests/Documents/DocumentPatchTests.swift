import Foundation
import Ripple
import Testing

/// `mediator.patches()` and `replica.apply(_:)`: a replica opened from the same snapshot and fed
/// every patch stays equal to the original; a patch holds what changed and no more.
@MainActor
@Suite struct DocumentPatchTests {
    /// An original, a replica opened from its snapshot, and the patches of the original, taken
    /// as they come.
    @MainActor
    private final class Pair {
        let original: Mediator<Library>
        let replica: Mediator<Library>
        private(set) var patches: [Patch] = []

        init(_ library: Library = makeLibrary()) throws {
            original = Mediator(root: library)
            replica = try Mediator<Library>(opening: try original.snapshot())
            let stream = original.patches()
            Task { @MainActor [weak self] in
                for await patch in stream { self?.patches.append(patch) }
            }
        }

        /// Applies the patches received so far to the replica; returns them.
        @discardableResult
        func sync() async throws -> [Patch] {
            // The stream's task runs when this one yields: on a loaded machine that can take
            // more than a few turns.
            for _ in 0..<1_000 where patches.isEmpty { await Task.yield() }
            for _ in 0..<5 { await Task.yield() }
            let taken = patches
            patches.removeAll()
            for patch in taken { try replica.apply(patch) }
            return taken
        }

        func expectEqual(_ comment: Comment? = nil) throws {
            let same = try original.snapshot() == replica.snapshot()
            #expect(same, comment)
        }
    }

    @Test func aReplicaFedEveryPatchStaysEqual() async throws {
        let pair = try Pair()
        try pair.original.update(undoName: "Edit") { library in
            library.userID = 3
            library.shelves[0].title = "Poetry"
            library.shelves.append(Shelf(id: 9, title: "New"))
            library.shelves[1].entries.append("e")
            library.pinned = library.shelves[3]
            library.shelvesByKey["k"] = library.shelves[2]
            library.catalog.tags.insert("t")
            library.scores["s"] = 1
            library.notes.append(Note(id: 1, "n", replies: [Note(id: 2, "r")]))
        }
        try await pair.sync()
        try pair.expectEqual("after the update")
        try pair.original.update { library in
            library.shelves.swapAt(0, 3)
            library.shelves.remove(at: 1)
            library.shelvesByKey["k"] = nil
            library.archive = [library.shelves[0]]
        }
        try await pair.sync()
        try pair.expectEqual("after moves and removals")
        try pair.original.history.undo()
        try await pair.sync()
        try pair.expectEqual("after undo")
        try pair.original.history.undo()
        try await pair.sync()
        try pair.expectEqual("after the second undo")
        try pair.original.history.redo()
        try await pair.sync()
        try pair.expectEqual("after redo")
    }

    @Test func aRemoteChangeIsOneUpdateTaggedRemoteAndNotUndoable() async throws {
        let pair = try Pair()
        var tags: [[String?]] = []
        let observer = pair.replica.observe("user", reads: [Library.scheme.userID]) { _ in tags.append(pair.replica.firingTags) }
        pair.replica.refresh()
        try pair.original.update { $0.userID = 5 }
        try await pair.sync()
        #expect(tags.last == ["remote"] && pair.replica.root.userID == 5 && !pair.replica.history.canUndo)
        _ = observer
    }

    @Test func anAppendToALargeArrayMakesAPatchOfOneNode() async throws {
        // The whole array would take over 100 KB; one node takes under 1 KB.
        let library = makeLibrary(shelves: 5_000)
        let pair = try Pair(library)
        try pair.original.update { $0.shelves.append(Shelf(id: 5_000, title: "Appended")) }
        let patches = try await pair.sync()
        #expect(patches.count == 1)
        let encoded = try JSONEncoder().encode(patches[0])
        #expect(encoded.count < 1_024, "\(encoded.count) bytes: \(String(decoding: encoded, as: UTF8.self))")
        #expect(pair.replica.root.shelves.count == 5_001 && pair.replica.root.shelves.last?.title == "Appended")
    }

    @Test func aPatchForAnotherDocumentIsRefusedAndChangesNothing() async throws {
        let pair = try Pair()
        let stranger = Mediator(root: makeLibrary())
        try pair.original.update { $0.shelves[0].title = "Changed" }
        let patches = try await pair.sync()
        #expect(throws: DocumentError.self) { try stranger.apply(patches[0]) }
        #expect(stranger.root.shelves[0].title == "Shelf 0")
    }

    @Test func aNodeGivenASecondPlaceIsNamedNotSentAgain() async throws {
        // Sent whole, with its changes applied on top, it used to get them twice.
        let library = makeLibrary(shelves: 2)
        for index in 0..<1_000 { library.shelves[0].children.append(Shelf(id: index, title: "child \(index)")) }
        let pair = try Pair(library)
        try pair.original.update { library in
            library.pinned = library.shelves[0]
            library.archive = [library.shelves[1]]
            library.shelves[1].entries.append("e")
        }
        let patches = try await pair.sync()
        try pair.expectEqual()
        #expect(pair.replica.root.shelves[1].entries == ["e"])
        let encoded = try JSONEncoder().encode(patches)
        #expect(encoded.count < 1_024, "a node already in the document is named, not written with all it holds")
    }

    @Test func aNodePutBackAfterLeavingComesBackWhole() async throws {
        let pair = try Pair(makeLibrary(shelves: 3))
        try pair.original.update { library in library.shelves[2].children = [library.shelves[0]] }
        let removed = pair.original.root.shelves[2]
        try pair.original.update { $0.shelves.removeLast() }
        try await pair.sync()
        // Edited while out of the document: not the replica's business, until it comes back.
        try pair.original.update { _ in removed.title = "Edited outside" }
        try await pair.sync()
        try pair.original.update { $0.archive = [removed] }
        try await pair.sync()
        try pair.expectEqual()
        #expect(pair.replica.root.archive?.first?.title == "Edited outside")
        #expect(pair.replica.root.archive?.first?.children.first === pair.replica.root.shelves[0], "what it holds is the same node")
        try pair.original.history.undo()
        try pair.original.history.undo()
        try pair.original.history.undo()
        try await pair.sync()
        try pair.expectEqual("after undoing all three")
        try pair.original.history.redo()
        try pair.original.history.redo()
        try pair.original.history.redo()
        try await pair.sync()
        try pair.expectEqual("after redoing them")
    }
}
