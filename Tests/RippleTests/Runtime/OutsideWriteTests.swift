import Foundation
@_spi(RippleGenerated) @testable import Ripple
import Testing

/// A write outside updates to a node of a mediator's model reaches the runtime whoever watches
/// it: the next refresh delivers it and journals it (not undoable), so documents and saved state
/// keep it; a write to a node of no model stays a plain store.
@MainActor
@Suite struct OutsideWriteTests {
    @Test func aWriteOutsideUpdatesToANodeNobodyWatchesReachesTheDocumentsJournal() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ripple-outside-\(UUID().uuidString)").appendingPathComponent("library.ripple")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            let store = try DocumentStore<Library>(url: url)
            try store.mediator.update { $0.shelves = [Shelf(id: 0, title: "A"), Shelf(id: 1, title: "B")] }
            store.mediator.contracts = Contracts(.record)
            store.mediator.root.shelves[1].title = "Edited outside"   // as a SwiftUI binding writes
            store.mediator.root.shelves.append(Shelf(id: 2, title: "C"))
            #expect(store.mediator.violations.isEmpty, "nothing watches these members")
            store.mediator.refresh()
        }
        let reopened = try DocumentStore<Library>(url: url)
        #expect(reopened.mediator.root.shelves.map(\.title) == ["A", "Edited outside", "C"])
    }

    @Test func aWriteOutsideUpdatesToANodeNobodyWatchesIsUnsavedWorkAndPatched() async throws {
        let mediator = Mediator(root: makeLibrary())
        mediator.implicitUpdates = false
        var patches: [Patch] = []
        let stream = mediator.patches()
        mediator.root.shelves[0].title = "Edited outside"
        #expect(!mediator.hasUnsavedChanges, "not before the next refresh takes it in")
        mediator.refresh()
        #expect(mediator.hasUnsavedChanges)
        #expect(!mediator.history.canUndo, "made outside updates: never undone")
        for await patch in stream {
            patches.append(patch)
            break
        }
        #expect(patches.count == 1 && patches[0].operations.count == 1)
    }

    @Test func aNodeOfNoModelIsAPlainStoreAndANodeOfAModelReachesItsMediatorOnce() throws {
        let loose = Shelf(id: 9, title: "loose")
        let library = makeLibrary()
        #expect(!loose._rippleTracker._isWatched && !library._rippleTracker._isWatched)
        let mediator = Mediator(root: library)
        let shelf = library._shelves[0]
        #expect(shelf._rippleTracker._isWatched, "in the model: its writes outside updates reach the runtime")
        loose.title = "still loose"
        #expect(!loose._rippleTracker._isWatched && !loose._rippleMustJournal(Shelf.RippleKey.title))
        shelf.title = "once"
        #expect(!shelf._rippleMustJournal(Shelf.RippleKey.title), "noted with its first old value: later writes are plain stores")
        shelf.title = "twice"
        #expect(shelf._rippleMustJournal(Shelf.RippleKey.entries), "another member is noted on its own")
        mediator.refresh()
        #expect(shelf._rippleMustJournal(Shelf.RippleKey.title), "after an update, noted again")
        #expect(mediator.hasUnsavedChanges)
    }

    @Test func aNodeThatEnteredOutsideUpdatesIsInTheModelAfterTheRefreshThatTakesItIn() throws {
        let mediator = Mediator(root: makeLibrary())
        let shelf = Shelf(id: 7, title: "new")
        mediator.root.shelves.append(shelf)
        #expect(!mediator.core.membership.contains(shelf))
        mediator.refresh()
        #expect(mediator.core.membership.contains(shelf))
        mediator.root.shelves.removeLast()
        mediator.refresh()
        #expect(!mediator.core.membership.contains(shelf) && !shelf._rippleTracker._isWatched)
    }

    @Test func aWatchedWriteIsStillAViolationAndAWriteNobodyWatchesIsNone() throws {
        let library = makeLibrary()
        let mediator = Mediator(root: library)
        mediator.contracts = Contracts(.record)
        mediator.implicitUpdates = false
        let log = EventLog()
        let observer = mediator.observe("title", reads: [Library.scheme.shelves.title]) { _ in log.append("title") }
        mediator.refresh()
        _ = log.take()
        library.catalog.total = 3
        #expect(mediator.violations.isEmpty)
        library.shelves[0].title = "watched"
        library.shelves[0].title = "watched again"
        #expect(mediator.violations.map(\.kind) == [.writeOutsideUpdate, .writeOutsideUpdate], "each write of a watched member")
        mediator.refresh()
        #expect(log.take() == ["title"])
        _ = observer
    }

    @Test func aMediatorThatIsGoneLeavesNoMarkOnItsNodes() async throws {
        let library = makeLibrary()
        var mediator: Mediator<Library>? = Mediator(root: library)
        try mediator?.update { $0.notes.append(Note(id: 1, "n")) }
        let nodes: [any RippleNode] = [library, library._catalog, library._shelves[0], library._notes[0]]
        #expect(nodes.allSatisfy { $0._rippleTracker._isWatched && $0._rippleTracker.modelMemberships == 1 })
        mediator = nil
        // On the main actor's next turn, when it was released elsewhere.
        for _ in 0..<1_000 where nodes[0]._rippleTracker.modelMemberships != 0 { await Task.yield() }
        #expect(nodes.allSatisfy { $0._rippleTracker.modelMemberships == 0 && $0._rippleTracker.modelPlaces.owner == 0 })
        #expect(nodes.dropLast().allSatisfy { !$0._rippleTracker._isWatched }, "(the note keeps its parent links)")
    }
}
