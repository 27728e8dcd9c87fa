@testable import Ripple
import Testing

/// Undo and redo of collections edited in place, element by element: what a breaker found
/// undone silently (the step used up, nothing changed), kept as tests.
@MainActor
@Suite struct HistoryEditTests {
    private let mediator = Mediator(root: makeLibrary())
    private let palette = Palette()

    private func update(_ name: String? = nil, _ body: @escaping (Palette) -> Void) throws {
        try mediator.update(undoName: name) { _ in body(palette) }
    }

    private func updateWithoutRecording(_ body: @escaping (Palette) -> Void) throws {
        try mediator.update { _ in mediator.history.withoutRecording { body(palette) } }
    }

    // MARK: Elements that are not equal to themselves

    @Test func anArrayHoldingNaNIsUndoneAndRedone() throws {
        try update { $0.samples = [.nan, 1] }
        try mediator.history.undo()
        #expect(palette.samples.isEmpty)
        try mediator.history.redo()
        #expect(palette.samples.count == 2 && palette.samples[0].isNaN)
    }

    @Test func anEditNextToNaNIsUndone() throws {
        try update { $0.samples = [1, .nan, 3] }
        try update { $0.samples[2] = 4 }
        try mediator.history.undo()
        #expect(palette.samples.count == 3 && palette.samples[1].isNaN && palette.samples[2] == 3)
    }

    @Test func aStepWhoseBeforeHeldNaNIsRedone() throws {
        try update { $0.samples = [.nan] }
        try update { $0.samples = [] }
        try mediator.history.undo()
        #expect(palette.samples.count == 1 && palette.samples[0].isNaN)
        try mediator.history.redo()
        #expect(palette.samples.isEmpty)
    }

    @Test func aNaNInsertedIntoASetIsUndone() throws {
        try update { $0.sampleSet = [1] }
        try update { $0.sampleSet.insert(.nan) }
        try mediator.history.undo()
        #expect(palette.sampleSet == [1])
        try mediator.history.undo()
        #expect(palette.sampleSet.isEmpty)
    }

    // MARK: Keys changed without recording

    @Test func aKeyAddedWithoutRecordingStaysAndTheOtherKeysAreUndone() throws {
        try update { $0.scores["a"] = 1 }
        try updateWithoutRecording { $0.scores["c"] = 9 }
        try mediator.history.undo()
        #expect(palette.scores == ["c": 9])
    }

    @Test func aKeyChangedWithoutRecordingKeepsItsValueThroughEveryUndo() throws {
        try update {
            $0.scores["a"] = 1
            $0.scores["b"] = 1
        }
        try update {
            $0.scores["a"] = 2
            $0.scores["b"] = 2
        }
        try updateWithoutRecording { $0.scores["a"] = 9 }
        try mediator.history.undo()
        #expect(palette.scores == ["a": 9, "b": 1])
        try mediator.history.undo()
        #expect(palette.scores == ["a": 9])
    }

    @Test func anElementInsertedWithoutRecordingStaysAndTheOthersAreUndone() throws {
        try update { $0.tags.insert("a") }
        try updateWithoutRecording { $0.tags.insert("c") }
        try mediator.history.undo()
        #expect(palette.tags == ["c"])
    }

    @Test func aNodeUnderAKeyIsDetachedByTheUndoWhateverOtherKeysDid() throws {
        let first = Swatch()
        try update { $0.swatches["a"] = first }
        try updateWithoutRecording { $0.swatches["c"] = Swatch() }
        try mediator.history.undo()
        #expect(palette.swatches["a"] == nil && palette.swatches["c"] != nil)
        try mediator.history.redo()
        #expect(palette.swatches["a"] === first)
    }

    @Test func anOptionalDictionaryIsUndoneKeyByKeyToo() throws {
        try update { $0.maybeMap = [:] }
        try update { $0.maybeMap?["a"] = [1] }
        try updateWithoutRecording { $0.maybeMap?["c"] = [9] }
        try mediator.history.undo()
        #expect(palette.maybeMap == ["c": [9]])
    }

    // MARK: Objects compared by ==

    @Test func anEqualButDistinctObjectDoesNotBlockTheUndoOfEarlierSteps() throws {
        try update { $0.shades = [Shade(level: 1)] }
        try update { $0.shades.append(Shade(level: 2)) }
        let steps = mediator.history.undoSteps.count
        try update { $0.shades[0] = Shade(level: 1) }   // == the one there: no change
        #expect(mediator.history.undoSteps.count == steps)
        try mediator.history.undo()
        #expect(palette.shades == [Shade(level: 1)])
        try mediator.history.undo()
        #expect(palette.shades.isEmpty)
    }

    @Test func aSwapOfEqualObjectsDoesNotBlockTheUndo() throws {
        try update { $0.shades.append(Shade(level: 0)) }
        try update { $0.shades.append(Shade(level: 0)) }
        try update { $0.shades.swapAt(0, 1) }
        try mediator.history.undo()
        try mediator.history.undo()
        #expect(palette.shades.isEmpty)
    }

    // MARK: Groups

    @Test func aGroupWhoseChangesCancelOutKeepsTheRedoStack() throws {
        try update("count") { $0.count = 1 }
        try mediator.history.undo()
        try mediator.history.group("cancel out") {
            try update { $0.count = 5 }
            try update { $0.count = 0 }
        }
        #expect(!mediator.history.canUndo)
        #expect(mediator.history.canRedo && mediator.history.redoName == "count")
        try mediator.history.redo()
        #expect(palette.count == 1)
    }

    @Test func aGroupThatChangesSomethingClearsTheRedoStack() throws {
        try update("count") { $0.count = 1 }
        try mediator.history.undo()
        try mediator.history.group("five") { try update { $0.count = 5 } }
        #expect(mediator.history.undoName == "five" && !mediator.history.canRedo)
        try mediator.history.undo()
        #expect(palette.count == 0)
    }
}
