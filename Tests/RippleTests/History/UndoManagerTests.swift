import Ripple
import Testing

/// `History.drive(_:)` against a fake that behaves like Foundation's `UndoManager`.
@MainActor
@Suite struct UndoManagerTests {
    /// A mediator whose history drives a fresh fake manager; `groupsByEvent` as given.
    private func makeDriven(groupsByEvent: Bool = false) -> (Mediator<Library>, FakeUndoManager) {
        let mediator = Mediator(root: makeLibrary())
        let manager = FakeUndoManager()
        manager.groupsByEvent = groupsByEvent
        mediator.history.drive(manager)
        return (mediator, manager)
    }

    /// An update in a group of the manager's, as an app without `groupsByEvent` makes one.
    private func grouped(_ manager: FakeUndoManager, _ body: () throws -> Void) rethrows {
        manager.beginUndoGrouping()
        defer { manager.endUndoGrouping() }
        try body()
    }

    @Test func theManagerShowsEveryStepWithItsNameAndPlaysThemBack() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update(undoName: "Before") { $0.catalog.total = 1 }
        let manager = FakeUndoManager()
        mediator.history.drive(manager)
        manager.endEvent()
        #expect(manager.undoNames == ["Before"])
        try mediator.update(undoName: "Rename") { $0.shelves[0].title = "Poetry" }
        manager.endEvent()
        try mediator.update { $0.selectedID = 2 }   // discardable: no step
        manager.endEvent()
        #expect(manager.undoNames == ["Before", "Rename"])
        manager.undo()
        #expect(mediator.root.shelves[0].title == "Shelf 0" && mediator.history.redoName == "Rename")
        #expect(manager.redoNames == ["Rename"] && manager.undoNames == ["Before"])
        manager.redo()
        #expect(mediator.root.shelves[0].title == "Poetry" && mediator.history.undoName == "Rename")
        #expect(manager.undoNames == ["Before", "Rename"] && manager.redoNames.isEmpty)
        #expect(manager.deadTargets == 0)
    }

    @Test func drivingTheSameManagerAgainChangesNothing() throws {
        // A document view calls `drive` each time it appears, with the window's one manager.
        let (mediator, manager) = makeDriven()
        try mediator.update(undoName: "Rename") { $0.shelves[0].title = "Poetry" }
        manager.endEvent()
        mediator.history.drive(manager)
        mediator.history.drive(manager)
        #expect(manager.undoNames == ["Rename"])
        manager.undo()
        #expect(mediator.root.shelves[0].title == "Shelf 0" && !manager.canUndo)
    }

    @Test func undoAndRedoOfTheHistoryGoThroughTheManager() throws {
        let (mediator, manager) = makeDriven()
        try grouped(manager) { try mediator.update(undoName: "One") { $0.userID = 1 } }
        try grouped(manager) { try mediator.update(undoName: "Two") { $0.userID = 2 } }
        try mediator.history.undo()
        #expect(mediator.root.userID == 1)
        #expect(manager.undoNames == ["One"] && manager.redoNames == ["Two"])
        try mediator.history.redo()
        #expect(mediator.root.userID == 2 && manager.undoNames == ["One", "Two"])
        try mediator.history.undo()
        try grouped(manager) { try mediator.update(undoName: "Three") { $0.userID = 3 } }
        #expect(manager.undoNames == ["One", "Three"] && manager.redoNames.isEmpty)
        mediator.history.clear()
        #expect(manager.undoNames.isEmpty && manager.registrationsOutsideGroups == 0)
    }

    @Test func everyActionKeepsItsTargetAliveAsLongAsItCanRun() throws {
        let (mediator, manager) = makeDriven(groupsByEvent: true)
        for value in 1...5 {
            try mediator.update { $0.userID = value }
            manager.endEvent()
        }
        for _ in 0..<5 { manager.undo() }
        for _ in 0..<5 { manager.redo() }
        #expect(mediator.root.userID == 5 && manager.deadTargets == 0)
    }

    @Test func anActionOutlivingItsMediatorDoesNothing() throws {
        let manager = FakeUndoManager()
        var mediator: Mediator<Library>? = Mediator(root: makeLibrary())
        mediator!.history.drive(manager)
        try mediator!.update { $0.userID = 1 }
        manager.endEvent()
        mediator = nil
        manager.undo()
        #expect(manager.deadTargets == 0)
    }

    @Test func driveAndClearRemoveOnlyRipplesOwnActions() throws {
        let manager = FakeUndoManager()
        let textField = TextFieldTarget()
        manager.register(target: textField) { textField.undos += 1 }
        manager.setActionName("Typing")
        manager.endEvent()
        let mediator = Mediator(root: makeLibrary())
        mediator.history.drive(manager)
        try mediator.update(undoName: "Count") { $0.userID = 1 }
        manager.endEvent()
        #expect(manager.undoNames == ["Typing", "Count"])
        mediator.history.clear()
        #expect(manager.undoNames == ["Typing"])
        try mediator.update(undoName: "Again") { $0.userID = 2 }
        manager.endEvent()
        let other = Mediator(root: makeLibrary())
        other.history.drive(manager)
        mediator.history.drive(FakeUndoManager())
        #expect(manager.undoNames == ["Typing"])
        manager.undo()
        #expect(textField.undos == 1)
    }

    @Test func eachActionPlaysItsOwnStepOrNothingWhenTheStepIsGone() throws {
        let (mediator, manager) = makeDriven()
        try grouped(manager) { try mediator.update(undoName: "One") { $0.userID = 1 } }
        try grouped(manager) { try mediator.update(undoName: "Two") { $0.userID = 2 } }
        // Steps dropped by the limit take their actions with them.
        mediator.history.limit = 1
        #expect(manager.undoNames == ["Two"] && manager.levelsOfUndo == 1)
        manager.undo()
        manager.undo()
        #expect(mediator.root.userID == 1 && !mediator.history.canUndo)
        #expect(manager.redoNames == ["Two"])
        manager.redo()
        #expect(mediator.root.userID == 2)
    }

    @Test func levelsOfUndoAndTheLimitAgree() throws {
        let mediator = Mediator(root: makeLibrary())
        let manager = FakeUndoManager()
        manager.levelsOfUndo = 3
        mediator.history.drive(manager)
        #expect(mediator.history.limit == 3)
        mediator.history.limit = 2
        #expect(manager.levelsOfUndo == 2)
        for value in 1...4 {
            try mediator.update { $0.userID = value }
            manager.endEvent()
        }
        #expect(manager.undoNames.count == 2)
        manager.undo()
        manager.undo()
        manager.undo()
        #expect(mediator.root.userID == 2 && !mediator.history.canUndo && !manager.canUndo)
    }

    @Test func oneEditUndoUndoesOneStepEvenWithGroupsByEvent() throws {
        let (mediator, manager) = makeDriven(groupsByEvent: true)
        try mediator.update(undoName: "Before") { $0.userID = 1 }
        manager.endEvent()
        // Two updates in one run-loop turn: one group of the manager, one step.
        try mediator.update(undoName: "Rename") { $0.shelves[0].title = "A" }
        try mediator.update(undoName: "Rename") { $0.catalog.total = 3 }
        manager.endEvent()
        #expect(manager.undoNames == ["Before", "Rename"] && mediator.history.undoName == "Rename")
        manager.undo()
        #expect(mediator.root.shelves[0].title == "Shelf 0" && mediator.root.catalog.total == 0)
        #expect(mediator.root.userID == 1 && mediator.history.undoName == "Before")
        manager.redo()
        #expect(mediator.root.shelves[0].title == "A" && mediator.root.catalog.total == 3)
        #expect(manager.deadTargets == 0)
    }

    @Test func aFailedUndoThroughTheManagerThrowsAndLeavesBothInStep() throws {
        let (mediator, slices) = try makeChart()
        let manager = FakeUndoManager()
        manager.groupsByEvent = false
        mediator.history.drive(manager)
        try grouped(manager) { try recordRebalanceThatCannotBeUndone(mediator, slices) }
        #expect(manager.undoNames.count == 2, "the chart's first step, then the rebalance")
        #expect(throws: Chart.Problem.totalIsNot100(110)) { try mediator.history.undo() }
        #expect(slices.map(\.percent) == [40, 30])
        // The step could not be undone: it is gone from both.
        #expect(!mediator.history.canUndo && !manager.canUndo && !manager.canRedo)
    }

    @Test func undoInsideAnUpdateIsRefusedOrPlayedRightAfter() throws {
        let (mediator, manager) = makeDriven()
        try grouped(manager) { try mediator.update(undoName: "One") { $0.userID = 1 } }
        try grouped(manager) { try mediator.update(undoName: "Two") { $0.userID = 2 } }
        var refusal: (any Error)?
        let observer = mediator.observe("undoer", reads: [Library.scheme.catalog.total]) { _ in
            do { try mediator.history.undo() } catch { refusal = error }
        }
        try mediator.history.withoutRecording { try mediator.update { $0.catalog.total = 1 } }
        #expect(refusal as? RippleError == .historyBusy(action: "undo()"))
        #expect(mediator.root.userID == 2)
        // Edit > Undo while an update runs plays the step right after that update.
        try mediator.history.withoutRecording {
            try mediator.update { _ in manager.undo() }
        }
        #expect(mediator.root.userID == 1 && mediator.history.redoName == "Two" && manager.redoNames == ["Two"])
        manager.redo()
        #expect(mediator.root.userID == 2 && manager.undoNames == ["One", "Two"])
        _ = observer
    }
}

/// Another target of the shared manager, as a text field is.
@MainActor
private final class TextFieldTarget {
    var undos = 0
}
