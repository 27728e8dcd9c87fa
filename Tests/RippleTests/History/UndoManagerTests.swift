import Ripple
import Testing

/// An undo manager that behaves like Foundation's `UndoManager` for what `History` uses
/// (Foundation on Linux has none).
@MainActor
private final class FakeUndoManager: UndoManaging {
    struct Action {
        var name = ""
        let run: @MainActor () -> Void
    }

    var undoActions: [Action] = []
    var redoActions: [Action] = []
    private var isUndoing = false
    private var isRedoing = false

    var undoActionName: String? { undoActions.last?.name }
    var redoActionName: String? { redoActions.last?.name }

    func registerRippleUndo(_ action: @escaping @MainActor () -> Void) {
        if isUndoing {
            redoActions.append(Action(run: action))
        } else {
            undoActions.append(Action(run: action))
            if !isRedoing { redoActions.removeAll() }
        }
    }

    func setActionName(_ actionName: String) {
        if isUndoing {
            redoActions[redoActions.count - 1].name = actionName
        } else {
            undoActions[undoActions.count - 1].name = actionName
        }
    }

    func removeAllActions() {
        undoActions.removeAll()
        redoActions.removeAll()
    }

    func undo() {
        guard let action = undoActions.popLast() else { return }
        isUndoing = true
        action.run()
        isUndoing = false
    }

    func redo() {
        guard let action = redoActions.popLast() else { return }
        isRedoing = true
        action.run()
        isRedoing = false
    }
}

@MainActor
@Suite struct UndoManagerTests {
    @Test func theManagerShowsEveryStepWithItsNameAndPlaysThemBack() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update(undoName: "Before") { $0.catalog.total = 1 }
        let manager = FakeUndoManager()
        mediator.history.drive(manager)
        #expect(manager.undoActionName == "Before")
        try mediator.update(undoName: "Rename") { $0.shelves[0].title = "Poetry" }
        try mediator.update { $0.selectedID = 2 }
        #expect(manager.undoActions.map(\.name) == ["Before", "Rename"])
        manager.undo()
        #expect(mediator.root.shelves[0].title == "Shelf 0" && mediator.history.redoName == "Rename")
        #expect(manager.redoActionName == "Rename" && manager.undoActionName == "Before")
        manager.redo()
        #expect(mediator.root.shelves[0].title == "Poetry" && mediator.history.undoName == "Rename")
        #expect(manager.undoActions.map(\.name) == ["Before", "Rename"] && manager.redoActions.isEmpty)
    }

    @Test func undoAndRedoOfTheHistoryGoThroughTheManager() throws {
        let mediator = Mediator(root: makeLibrary())
        let manager = FakeUndoManager()
        mediator.history.drive(manager)
        try mediator.update(undoName: "One") { $0.userID = 1 }
        try mediator.update(undoName: "Two") { $0.userID = 2 }
        try mediator.history.undo()
        #expect(mediator.root.userID == 1)
        #expect(manager.undoActions.map(\.name) == ["One"] && manager.redoActions.map(\.name) == ["Two"])
        try mediator.history.redo()
        #expect(mediator.root.userID == 2 && manager.undoActions.map(\.name) == ["One", "Two"])
        try mediator.history.undo()
        try mediator.update(undoName: "Three") { $0.userID = 3 }
        #expect(manager.undoActions.map(\.name) == ["One", "Three"] && manager.redoActions.isEmpty)
        try mediator.history.clear()
        #expect(manager.undoActions.isEmpty)
    }

    @Test func aFailedUndoThroughTheManagerThrowsAndKeepsTheStep() throws {
        let (mediator, slices) = try makeChart()
        let manager = FakeUndoManager()
        mediator.history.drive(manager)
        try recordRebalanceThatCannotBeUndone(mediator, slices)
        #expect(throws: Chart.Problem.totalIsNot100(130)) { try mediator.history.undo() }
        #expect(slices.map(\.percent) == [40, 30] && mediator.history.undoName == "Rebalance")
    }
}
