import Foundation
@_spi(RippleGenerated) @testable import Ripple
import Testing

/// Writes outside updates on the main actor (a SwiftUI binding's) open an implicit update: the
/// writes of one main-actor turn commit together at its end, as an update like any other.
@MainActor
@Suite struct ImplicitUpdateTests {
    /// Lets the main actor finish its turn: the scheduled commit runs.
    private func endOfTurn(_ mediator: Mediator<Library>) async {
        for _ in 0..<1_000 where mediator.hasPendingImplicitUpdate { await Task.yield() }
    }

    @Test func aBindingsWriteToANodeNobodyWatchesIsJournaledAndUndoableAtTheEndOfTheTurn() async throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ripple-implicit-\(UUID().uuidString)").appendingPathComponent("library.ripple")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            let store = try DocumentStore<Library>(url: url)
            let mediator = store.mediator
            try mediator.update { $0.shelves = [Shelf(id: 0, title: "A"), Shelf(id: 1, title: "B")] }
            mediator.contracts = Contracts(.record)
            mediator.root.shelves[1].title = "Edited"   // as `TextField(text: $shelf.title)` writes
            #expect(mediator.hasPendingImplicitUpdate && mediator.history.undoSteps.count == 1)
            await endOfTurn(mediator)
            #expect(!mediator.hasPendingImplicitUpdate && mediator.violations.isEmpty)
            #expect(mediator.history.undoSteps.count == 2, "one undo step of its own")
            try mediator.history.undo()
            #expect(mediator.root.shelves[1].title == "B")
            try mediator.history.redo()
        }
        let reopened = try DocumentStore<Library>(url: url)
        #expect(reopened.mediator.root.shelves.map(\.title) == ["A", "Edited"], "journaled")
    }

    /// What `$shelf.title` of `@Bindable var shelf` hands a text field: a get and a set through
    /// a reference-writable key path (the seam `.ci/apple/Usage.swift` type-checks with SwiftUI).
    private struct KeyPathBinding<Node: AnyObject, Value> {
        let node: Node
        let keyPath: ReferenceWritableKeyPath<Node, Value>
        var wrappedValue: Value {
            get { node[keyPath: keyPath] }
            nonmutating set { node[keyPath: keyPath] = newValue }
        }
    }

    @Test func keystrokesThroughAKeyPathBindingAreOneUndoStep() async throws {
        let mediator = Mediator(root: makeLibrary())
        let field = KeyPathBinding(node: mediator.root.shelves[2], keyPath: \Shelf.title)
        for keystroke in "Done" {
            field.wrappedValue = (field.wrappedValue == "Shelf 2" ? "" : field.wrappedValue) + String(keystroke)
            await endOfTurn(mediator)
        }
        #expect(field.wrappedValue == "Done" && mediator.history.undoSteps.count == 1)
        try mediator.history.undo()
        #expect(field.wrappedValue == "Shelf 2")
    }

    @Test func theWritesOfOneTurnAreOneUpdateThatRefreshesTheRegistrations() async throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let observer = mediator.observe("titles", reads: [Library.scheme.shelves.title]) { library in
            log.append(library.shelves.map(\.title).joined(separator: ","))
        }
        mediator.refresh()
        _ = log.take()
        mediator.root.shelves[0].title = "x"
        mediator.root.shelves[1].title = "y"
        mediator.root.catalog.total = 3
        #expect(log.take() == [] && mediator.violations == [], "a watched member: no violation, it is an implicit update")
        await endOfTurn(mediator)
        #expect(log.take() == ["x,y,Shelf 2"], "fired once for the turn")
        try mediator.history.undo()
        #expect(mediator.root.shelves.map(\.title) == ["Shelf 0", "Shelf 1", "Shelf 2"] && mediator.root.catalog.total == 0)
        _ = observer
    }

    @Test func typingInOneFieldIsOneUndoStepUntilAnotherUpdateOrMember() async throws {
        let mediator = Mediator(root: makeLibrary())
        let shelf = mediator.root.shelves[0]
        for text in ["H", "He", "Hel", "Hell", "Hello"] {
            shelf.title = text
            await endOfTurn(mediator)
        }
        #expect(mediator.history.undoSteps.count == 1, "the keystrokes coalesce")
        shelf.entries.append("note")   // another member of the same node
        await endOfTurn(mediator)
        shelf.title = "Hello!"
        await endOfTurn(mediator)
        try mediator.update { $0.catalog.total = 1 }   // any other update ends the run too
        shelf.title = "Hello!!"
        await endOfTurn(mediator)
        #expect(mediator.history.undoSteps.count == 5)
        try mediator.history.undo()
        #expect(shelf.title == "Hello!")
        for _ in 0..<3 { try mediator.history.undo() }
        #expect(shelf.title == "Hello" && shelf.entries == [])
        try mediator.history.undo()
        #expect(shelf.title == "Shelf 0" && !mediator.history.canUndo)
        try mediator.history.redo()
        #expect(shelf.title == "Hello")
    }

    @Test func anInvalidImplicitUpdateRollsBackAndIsReported() async throws {
        let (mediator, slices) = try makeChart()
        var failures: [UpdateFailure] = []
        mediator.failureHandler = { failures.append($0) }
        slices[0].percent = 70   // 70 + 40 is not 100
        #expect(slices[0].percent == 70, "the setter stored it")
        await endOfTurn(mediator)
        #expect(slices[0].percent == 60, "rolled back")
        #expect(failures.count == 1 && failures[0].origin == "implicit update" && failures[0].wasRolledBack)
        #expect(failures[0].error as? Chart.Problem == .totalIsNot100(110))
        #expect(mediator.history.undoSteps.count == 1, "no step")
    }

    @Test func updateRefreshSnapshotAndUndoCommitAPendingImplicitUpdateFirst() throws {
        let mediator = Mediator(root: makeLibrary())
        let shelf = mediator.root.shelves[0]
        shelf.title = "typed"
        try mediator.update { $0.catalog.total = 1 }
        #expect(mediator.history.undoSteps.count == 2, "the implicit update's step, then the update's")
        try mediator.history.undo()
        #expect(shelf.title == "typed" && mediator.root.catalog.total == 0)

        shelf.title = "typed again"
        mediator.refresh()
        #expect(!mediator.hasPendingImplicitUpdate && mediator.history.undoName == nil && mediator.history.canUndo)

        shelf.title = "before a snapshot"
        let data = try mediator.snapshot()
        #expect(!mediator.hasPendingImplicitUpdate)
        #expect(try Mediator<Library>(opening: data).root.shelves[0].title == "before a snapshot")

        let other = mediator.root.shelves[1]
        other.title = "undone"
        try mediator.history.undo()
        #expect(other.title == "Shelf 1" && shelf.title == "before a snapshot", "the typing is what undo undoes")

        shelf.title = "on demand"
        mediator.commitImplicitUpdate()
        #expect(!mediator.hasPendingImplicitUpdate && mediator.hasUnsavedChanges)
    }

    @Test func aStoresSaveAndSyncCommitAPendingImplicitUpdateFirst() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ripple-implicit-\(UUID().uuidString)").appendingPathComponent("library.ripple")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            let store = try DocumentStore<Library>(url: url)
            try store.mediator.update { $0.shelves = [Shelf(id: 0, title: "A")] }
            store.mediator.root.shelves[0].title = "synced"
            try store.sync()
            #expect(!store.mediator.hasPendingImplicitUpdate)
            store.mediator.root.shelves[0].title = "saved"
            try store.save()
            #expect(!store.mediator.hasPendingImplicitUpdate && !store.mediator.hasUnsavedChanges)
            #expect(store.mediator.history.undoSteps.count == 2, "the two writes of one field coalesce")
        }
        #expect(try DocumentStore<Library>(url: url).mediator.root.shelves[0].title == "saved")
    }

    @Test func withImplicitUpdatesOffOnlyAWriteOfAWatchedMemberIsAViolation() throws {
        let mediator = Mediator(root: makeLibrary())
        mediator.contracts = Contracts(.record)
        mediator.implicitUpdates = false
        let observer = mediator.observe("titles", reads: [Library.scheme.shelves.title]) { _ in }
        mediator.refresh()
        let shelf = mediator.root.shelves[0]
        shelf.entries.append("nobody reads entries")
        mediator.root.userID = 4   // a member of the root, which the path passes through
        #expect(mediator.violations == [], "the rule is per member, not per node or class")
        shelf.title = "read by the observer"
        #expect(mediator.violations == [ContractViolation(kind: .writeOutsideUpdate, registration: nil, path: "Shelf.title")])
        #expect(!mediator.hasPendingImplicitUpdate)
        mediator.refresh()
        #expect(!mediator.history.canUndo, "kept for the refresh, never undone")
        _ = observer
    }

    @Test func aWriteOffTheMainActorIsStillAViolation() throws {
        let mediator = Mediator(root: makeLibrary())
        mediator.contracts = Contracts(.record)
        let observer = mediator.observe("total", reads: [Library.scheme.catalog.total]) { _ in }
        mediator.refresh()
        nonisolated(unsafe) let catalog = mediator.root.catalog
        // The main actor waits (it runs nothing else meanwhile, no other test's update).
        let done = DispatchSemaphore(value: 0)
        Thread {
            catalog.total = 9
            done.signal()
        }.start()
        done.wait()
        #expect(mediator.violations == [ContractViolation(kind: .writeOutsideUpdate, registration: nil, path: "Catalog.total")])
        #expect(!mediator.hasPendingImplicitUpdate)
        _ = observer
    }

    @Test func aRegistrationReleasedBeforeItsFirstRefreshIsReportedByName() throws {
        let mediator = Mediator(root: makeLibrary())
        mediator.contracts = Contracts(.record)
        _ = mediator.observe("forgotten", reads: [Library.scheme.userID]) { _ in }
        mediator.refresh()   // which would have fired it
        #expect(mediator.violations == [ContractViolation(kind: .releasedBeforeFirstRefresh, registration: "forgotten", path: "")])
        #expect(mediator.violations[0].description == "'forgotten': released before its first refresh (keep the Registration it returned)")
        // Kept, fired, then released: its owner is done with it.
        var kept: Registration? = mediator.observe("kept", reads: [Library.scheme.userID]) { _ in }
        mediator.refresh()
        kept = nil
        // Kept through an update that rolled back (no refresh yet): not discarded either.
        var waiting: Registration? = mediator.observe("waiting", reads: [Library.scheme.userID]) { _ in }
        try? mediator.update { _ in throw CancellationError() }
        waiting = nil
        #expect(mediator.violations.count == 1)
        _ = (kept, waiting)
    }

    @Test func implicitUpdatesSwitchedOffCommitWhatIsPending() throws {
        let mediator = Mediator(root: makeLibrary())
        mediator.root.shelves[0].title = "pending"
        mediator.implicitUpdates = false
        #expect(!mediator.hasPendingImplicitUpdate && mediator.history.canUndo)
    }
}
