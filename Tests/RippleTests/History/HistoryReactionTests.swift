import Ripple
import Testing

/// An update a registration queues while an undo or redo refreshes (a reaction to it) joins
/// that undo or redo: playing the step back reverts it too, redo is not lost, and the document
/// is unsaved, since it is in a state no step left.
@MainActor
@Suite struct HistoryReactionTests {
    /// A mediator whose observer of the user reacts to undo and redo by writing the catalog's total.
    private func reacting() -> (Mediator<Library>, Registration) {
        let mediator = Mediator(root: makeLibrary())
        let reaction = mediator.observe("react", reads: [Library.scheme.userID]) { library in
            guard mediator.firingTags.contains("undo") || mediator.firingTags.contains("redo") else { return }
            try? mediator.update(undoName: "React") { $0.catalog.total = library.userID + 100 }
        }
        mediator.refresh()
        return (mediator, reaction)
    }

    @Test func aReactionToUndoJoinsTheUndoAndRedoRevertsIt() throws {
        let (mediator, reaction) = reacting()
        let history = mediator.history
        try mediator.update(undoName: "Sign In") { $0.userID = 7 }
        mediator.markSaved()
        try history.undo()
        #expect(mediator.root.userID == 0 && mediator.root.catalog.total == 100, "the reaction ran")
        #expect(history.canRedo && history.redoName == "Sign In", "the reaction cleared no redo")
        #expect(!history.canUndo)
        #expect(mediator.hasUnsavedChanges)
        try history.redo()
        #expect(mediator.root.userID == 7)
        #expect(mediator.root.catalog.total == 107, "redo reverted the reaction to undo, then the redo's own reaction ran")
        #expect(mediator.hasUnsavedChanges, "the redo's reaction left a state no step left")
        try history.undo()
        #expect(mediator.root.userID == 0 && mediator.root.catalog.total == 100)
        try history.redo()
        try history.undo()
        try history.undo()
        #expect(!history.canUndo)
        withExtendedLifetime(reaction) {}
    }

    @Test func undoingTheReactionsStepBringsBackWhatWasThereBeforeIt() throws {
        let (mediator, reaction) = reacting()
        let history = mediator.history
        try mediator.update(undoName: "Sign In") { $0.userID = 7 }
        try history.undo()
        #expect(mediator.root.catalog.total == 100)
        try history.redo()
        #expect(mediator.root.userID == 7 && mediator.root.catalog.total == 107)
        try history.undo()
        #expect(mediator.root.userID == 0 && mediator.root.catalog.total == 100)
        withExtendedLifetime(reaction) {}
    }

    @Test func aReactionThatWritesWhatTheUndoRestoredIsUndoneToo() throws {
        let mediator = Mediator(root: makeLibrary())
        let reaction = mediator.observe("react", reads: [Library.scheme.userID]) { library in
            guard mediator.firingTags.contains("undo"), library.userID == 0 else { return }
            try? mediator.update { $0.userID = -1 }
        }
        mediator.refresh()
        let history = mediator.history
        try mediator.update { $0.userID = 7 }
        try history.undo()
        #expect(mediator.root.userID == -1)
        try history.redo()
        #expect(mediator.root.userID == 7, "redo brings back what the step made, past the reaction")
        try history.undo()
        #expect(mediator.root.userID == -1)
        withExtendedLifetime(reaction) {}
    }

    @Test func aReactionToAnOrdinaryUpdateIsAStepOfItsOwn() throws {
        let mediator = Mediator(root: makeLibrary())
        let reaction = mediator.observe("react", reads: [Library.scheme.userID]) { library in
            if library.userID == 7 { try? mediator.update(undoName: "React") { $0.catalog.total = 1 } }
        }
        mediator.refresh()
        try mediator.update(undoName: "Sign In") { $0.userID = 7 }
        #expect(mediator.history.undoName == "React")
        try mediator.history.undo()
        #expect(mediator.root.catalog.total == 0 && mediator.root.userID == 7)
        withExtendedLifetime(reaction) {}
    }

    @Test func withAnUndoManagerTheReactionJoinsTheManagersUndoToo() throws {
        let (mediator, reaction) = reacting()
        let history = mediator.history
        let manager = FakeUndoManager()
        manager.groupsByEvent = false
        history.drive(manager)
        try mediator.update(undoName: "Sign In") { $0.userID = 7 }
        manager.undo()
        #expect(mediator.root.userID == 0 && mediator.root.catalog.total == 100)
        #expect(manager.redoNames == ["Sign In"] && !manager.canUndo, "one redo group, nothing new to undo")
        #expect(history.canRedo && !history.canUndo)
        manager.redo()
        #expect(mediator.root.userID == 7 && mediator.root.catalog.total == 107)
        #expect(manager.undoNames == ["Sign In"] && !manager.canRedo)
        #expect(history.canUndo && !history.canRedo)
        withExtendedLifetime(reaction) {}
    }
}
