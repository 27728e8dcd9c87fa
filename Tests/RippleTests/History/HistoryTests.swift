import Ripple
import Testing

@MainActor
@Suite struct HistoryTests {
    struct Failure: Error, Equatable {}

    @Test func undoPutsBackWhatAnUpdateChangedAndRedoReappliesIt() throws {
        let mediator = Mediator(root: makeLibrary())
        let history = mediator.history
        #expect(!history.canUndo && !history.canRedo)
        try mediator.update(undoName: "Rename Shelf") { library in
            library.shelves[0].title = "Poetry"
            library.userID = 7
        }
        #expect(history.canUndo && !history.canRedo)
        #expect(history.undoName == "Rename Shelf")
        try history.undo()
        #expect(mediator.root.shelves[0].title == "Shelf 0" && mediator.root.userID == 0)
        #expect(!history.canUndo && history.canRedo)
        #expect(history.redoName == "Rename Shelf" && history.undoName == nil)
        try history.redo()
        #expect(mediator.root.shelves[0].title == "Poetry" && mediator.root.userID == 7)
        #expect(history.canUndo && !history.canRedo && history.undoName == "Rename Shelf")
    }

    @Test func undoBringsBackTheVeryNodeObjectsAfterReplacementsAndInPlaceEdits() throws {
        let library = makeLibrary()
        let mediator = Mediator(root: library)
        let shelves = library._shelves
        let catalog = library._catalog
        try mediator.update { library in
            library.shelves.remove(at: 1)
            library.shelves.append(Shelf(id: 9, title: "New"))
            library.shelves[0].entries.append("a")
            library.pinned = shelves[2]
            library.catalog = Catalog()
            library.shelvesByKey["k"] = shelves[0]
            library.settings.louder()
            library.scores["x", default: 0] += 1
        }
        let after = library._shelves
        let newCatalog = library._catalog
        try mediator.history.undo()
        #expect(library._shelves.count == 3 && zip(library._shelves, shelves).allSatisfy { $0 === $1 })
        #expect(library._catalog === catalog && library._pinned == nil && library._shelvesByKey.isEmpty)
        #expect(shelves[0]._entries == [] && library._settings == Settings() && library._scores == [:])
        try mediator.history.redo()
        #expect(library._shelves.count == 3 && zip(library._shelves, after).allSatisfy { $0 === $1 })
        #expect(library._catalog === newCatalog && library._pinned === shelves[2])
        #expect(shelves[0]._entries == ["a"] && library._settings.volume == 6 && library._scores == ["x": 1])
    }

    @Test func discardableDerivedAndCancelledOutWritesMakeNoStep() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update { library in
            library.selectedID = 1
            library.selectedCount = 4
        }
        try mediator.update { library in
            library.userID = 3
            library.userID = 0
            library.shelves.append(Shelf(id: 5, title: "x"))
            library.shelves.removeLast()
        }
        #expect(!mediator.history.canUndo)
        #expect(!mediator.hasUnsavedChanges)
        // A member recorded alongside discardable ones: only it is undone.
        try mediator.update { library in
            library.userID = 1
            library.selectedID = 2
        }
        try mediator.history.undo()
        #expect(mediator.root.userID == 0 && mediator.root.selectedID == 2)
    }

    @Test func aThrowingUpdateRecordsNothing() throws {
        let mediator = Mediator(root: makeLibrary())
        #expect(throws: Failure()) {
            try mediator.update(undoName: "Fail") { library in
                library.userID = 1
                throw Failure()
            }
        }
        #expect(!mediator.history.canUndo && !mediator.hasUnsavedChanges)
    }

    @Test func writesOfTheRefreshBelongToTheStepAndProcessorsRecomputeOnUndo() throws {
        let mediator = Mediator(root: makeLibrary())
        let count = try mediator.process(
            "count", reads: [Library.scheme.shelves], writes: [Library.scheme.selectedCount]
        ) { library in library.selectedCount = library.shelves.count }
        let mirror = mediator.coordinate("mirror", reads: [Library.scheme.userID]) { library in
            library.catalog.total = library.userID * 10
        }
        mediator.refresh()
        try mediator.update { library in
            library.userID = 2
            library.shelves.removeLast()
        }
        #expect(mediator.root.catalog.total == 20 && mediator.root.selectedCount == 2)
        try mediator.history.undo()
        #expect(mediator.root.catalog.total == 0 && mediator.root.userID == 0)
        #expect(mediator.root.selectedCount == 3, "the processor ran again; its member is not recorded")
        #expect(!mediator.history.canUndo)
        _ = (count, mirror)
    }

    @Test func aNewStepClearsRedo() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update(undoName: "One") { $0.userID = 1 }
        try mediator.update(undoName: "Two") { $0.userID = 2 }
        try mediator.history.undo()
        #expect(mediator.history.redoName == "Two")
        try mediator.update(undoName: "Three") { $0.catalog.total = 3 }
        #expect(!mediator.history.canRedo && mediator.history.undoName == "Three")
        try mediator.history.undo()
        try mediator.history.undo()
        #expect(mediator.root.userID == 0 && mediator.root.catalog.total == 0 && !mediator.history.canUndo)
    }

    @Test func nestedUpdatesMakeOneStepNamedByTheOutermostName() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update { library in
            library.userID = 1
            try mediator.update(undoName: "Inner") { $0.catalog.total = 2 }
        }
        #expect(mediator.history.undoName == "Inner")
        try mediator.history.undo()
        #expect(mediator.root.userID == 0 && mediator.root.catalog.total == 0 && !mediator.history.canUndo)
    }

    @Test func aGroupMergesItsUpdatesIntoOneNamedStep() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update(undoName: "Before") { $0.userID = 1 }
        try mediator.history.group("Import") {
            try mediator.update(undoName: "ignored") { $0.userID = 2 }
            try mediator.update { $0.shelves.append(Shelf(id: 7, title: "7")) }
            try mediator.update { $0.userID = 3 }
        }
        #expect(mediator.history.undoName == "Import")
        try mediator.history.undo()
        #expect(mediator.root.userID == 1 && mediator.root.shelves.count == 3)
        #expect(mediator.history.undoName == "Before")
        try mediator.history.redo()
        #expect(mediator.root.userID == 3 && mediator.root.shelves.count == 4)
        // A group whose changes cancel out makes no step.
        try mediator.history.group("Nothing") {
            try mediator.update { $0.catalog.total = 5 }
            try mediator.update { $0.catalog.total = 0 }
        }
        #expect(mediator.history.undoName == "Import")
    }

    @Test func writesWithoutRecordingAreNeverUndone() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update { library in
            library.userID = 1
            mediator.history.withoutRecording { library.catalog.total = 9 }
        }
        try mediator.history.withoutRecording {
            try mediator.update { $0.shelves[0].title = "Synced" }
        }
        try mediator.history.undo()
        #expect(mediator.root.userID == 0 && mediator.root.catalog.total == 9)
        #expect(mediator.root.shelves[0].title == "Synced" && !mediator.history.canUndo)
        try mediator.update { library in
            mediator.history.withoutRecording { library.userID = 4 }
            library.userID = 5
        }
        try mediator.history.undo()
        #expect(mediator.root.userID == 4, "undone to the value before the recorded write")
    }

    @Test func theLimitDropsTheOldestSteps() throws {
        let mediator = Mediator(root: makeLibrary())
        mediator.history.limit = 2
        for value in 1...4 { try mediator.update(undoName: "\(value)") { $0.userID = value } }
        try mediator.history.undo()
        try mediator.history.undo()
        #expect(!mediator.history.canUndo && mediator.root.userID == 2)
    }

    @Test func clearForgetsEveryStepAndKeepsTheSavedState() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update { $0.userID = 1 }
        try mediator.update { $0.userID = 2 }
        try mediator.history.undo()
        mediator.history.clear()
        #expect(!mediator.history.canUndo && !mediator.history.canRedo && mediator.hasUnsavedChanges)
        mediator.markSaved()
        mediator.history.clear()
        #expect(!mediator.hasUnsavedChanges)
    }

    @Test func undoWhileAnUpdateOrARefreshRunsThrowsAndChangesNothing() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update { $0.userID = 1 }
        #expect(throws: RippleError.historyBusy(action: "undo()")) {
            try mediator.update { _ in try mediator.history.undo() }
        }
        var thrown: (any Error)?
        let observer = mediator.observe("undoer", reads: [Library.scheme.catalog.total]) { _ in
            do { try mediator.history.redo() } catch { thrown = error }
        }
        try mediator.update { $0.catalog.total = 1 }
        #expect(thrown as? RippleError == .historyBusy(action: "redo()"))
        #expect(mediator.root.userID == 1 && mediator.root.catalog.total == 1)
        try mediator.history.undo()
        #expect(mediator.root.catalog.total == 0 && mediator.root.userID == 1)
        _ = observer
    }

    @Test func historySwitchedOffRecordsNothing() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update { $0.userID = 1 }
        mediator.history.isEnabled = false
        #expect(!mediator.history.canUndo)
        try mediator.update { $0.userID = 2 }
        #expect(!mediator.history.canUndo)
    }

    // MARK: Saved state

    @Test func undoingAndRedoingBackToTheSavedPointMakesTheDocumentSaved() throws {
        let mediator = Mediator(root: makeLibrary())
        #expect(!mediator.hasUnsavedChanges)
        try mediator.update { $0.userID = 1 }
        #expect(mediator.hasUnsavedChanges)
        mediator.markSaved()
        #expect(!mediator.hasUnsavedChanges)
        try mediator.update { $0.userID = 2 }
        #expect(mediator.hasUnsavedChanges)
        try mediator.history.undo()
        #expect(!mediator.hasUnsavedChanges)
        try mediator.history.undo()
        #expect(mediator.hasUnsavedChanges)
        try mediator.history.redo()
        #expect(!mediator.hasUnsavedChanges)
        try mediator.update { $0.selectedID = 3 }
        #expect(!mediator.hasUnsavedChanges, "discardable writes never make the document unsaved")
        // A new step after undoing past the saved point leaves it unreachable.
        try mediator.history.undo()
        try mediator.update { $0.catalog.total = 1 }
        try mediator.history.undo()
        #expect(mediator.hasUnsavedChanges)
    }

    @Test func aStepDroppedByTheLimitKeepsTheDocumentUnsaved() throws {
        let mediator = Mediator(root: makeLibrary())
        mediator.history.limit = 1
        try mediator.update { $0.userID = 1 }
        try mediator.update { $0.userID = 2 }
        try mediator.history.undo()
        #expect(mediator.hasUnsavedChanges && mediator.root.userID == 1)
    }

    // MARK: Observable state

    @Test func registrationsOnTheHistoryStateFireWhenItChanges() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let state = mediator.history.state
        let menu = mediator.observe(
            "menu", on: state,
            reads: [HistoryState.scheme.canUndo, HistoryState.scheme.undoName, HistoryState.scheme.canRedo]
        ) { state in
            log.append("undo \(state.canUndo) \(state.undoName ?? "-") redo \(state.canRedo)")
        }
        let title = mediator.observe("title", on: state, reads: [HistoryState.scheme.hasUnsavedChanges]) { state in
            log.append(state.hasUnsavedChanges ? "edited" : "saved")
        }
        mediator.refresh()
        #expect(log.take() == ["undo false - redo false", "saved"])
        try mediator.update(undoName: "One") { $0.userID = 1 }
        #expect(log.take() == ["undo true One redo false", "edited"])
        try mediator.update { $0.selectedID = 1 }
        #expect(log.take() == [])
        try mediator.update(undoName: "Two") { $0.userID = 2 }
        #expect(log.take() == ["undo true Two redo false"])
        mediator.markSaved()
        #expect(log.take() == ["saved"])
        try mediator.history.undo()
        #expect(log.take() == ["undo true One redo true", "edited"])
        try mediator.history.redo()
        #expect(log.take() == ["undo true Two redo false", "saved"])
        mediator.history.clear()
        #expect(log.take() == ["undo false - redo false"])
        #expect(mediator.violations == [])
        _ = (menu, title)
    }

    // MARK: Lifetime, names, saved state

    @Test func aHistoryKeptAfterItsMediatorIsGoneDoesNothing() throws {
        var mediator: Mediator<Library>? = Mediator(root: makeLibrary())
        try mediator!.update { $0.userID = 1 }
        let history = mediator!.history
        mediator = nil
        #expect(throws: RippleError.mediatorGone) { try history.undo() }
        #expect(throws: RippleError.mediatorGone) { try history.redo() }
        history.clear()
        history.markSaved()
        history.group("Nothing") {}
        history.withoutRecording {}
        #expect(!history.canUndo && !history.hasUnsavedChanges)
    }

    @Test func aNestedUpdateThatRollsBackLeavesNoNameOnTheStep() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update { library in
            library.userID = 1
            try? mediator.update(undoName: "Failed") { library in
                library.catalog.total = 1
                throw Failure()
            }
        }
        #expect(mediator.history.canUndo && mediator.history.undoName == nil)
        try mediator.update { library in
            try? mediator.update(undoName: "Failed") { _ in throw Failure() }
            try mediator.update(undoName: "Kept") { $0.userID = 2 }
        }
        #expect(mediator.history.undoName == "Kept")
    }

    @Test func aGroupInsideAnUpdateNamesItsStep() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update { library in
            mediator.history.group("Import") { library.userID = 1 }
        }
        #expect(mediator.history.undoName == "Import")
        try mediator.update(undoName: "Outer") { library in
            mediator.history.group("Inner") { library.userID = 2 }
        }
        #expect(mediator.history.undoName == "Outer", "the update's own name comes first")
    }

    @Test func markSavedFromAnObserverOrAHookSavesThatUpdate() throws {
        let mediator = Mediator(root: makeLibrary())
        let saver = mediator.observe("autosave", reads: [Library.scheme.userID]) { _ in mediator.markSaved() }
        mediator.refresh()
        try mediator.update { $0.userID = 1 }
        #expect(!mediator.hasUnsavedChanges)
        try mediator.history.undo()
        #expect(!mediator.hasUnsavedChanges, "the observer saved the undo too")
        saver.cancel()
        let ledger = Ledger()
        try mediator.update { library in
            library.catalog.total = 3
            ledger.balance = 1
        }
        #expect(mediator.hasUnsavedChanges)
        let hooked = AutosavingLedger(mediator)
        try mediator.update { _ in hooked.balance = 2 }
        #expect(!mediator.hasUnsavedChanges, "did-commit saved the update that called it")
    }

    @Test func savedMembersWrittenWithoutRecordingOrWithHistoryOffMakeTheDocumentUnsaved() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.history.withoutRecording { try mediator.update { $0.userID = 1 } }
        #expect(mediator.hasUnsavedChanges && !mediator.history.canUndo)
        mediator.markSaved()
        mediator.history.isEnabled = false
        try mediator.update { $0.catalog.total = 2 }
        #expect(mediator.hasUnsavedChanges)
        mediator.markSaved()
        try mediator.update { $0.selectedID = 4 }
        #expect(!mediator.hasUnsavedChanges, "discardable writes still do not")
    }
}

/// A ledger that marks its mediator saved when a transaction that wrote it commits.
@MainActor
private final class AutosavingLedger {
    let ledger = Ledger()
    let mediator: Mediator<Library>

    init(_ mediator: Mediator<Library>) {
        self.mediator = mediator
    }

    var balance: Int {
        get { ledger.balance }
        set {
            ledger.onCommit = { [mediator] in mediator.markSaved() }
            ledger.balance = newValue
        }
    }
}

