import Ripple
import Testing

/// The Transactions project's pie chart: `Chart.validate()` wants every slice in (0, 100] and
/// all of them to make exactly 100 percent (or no slice at all); `Slice.validate()` wants a label.
@MainActor
@Suite struct ValidationTests {
    @Test func aWriteToAChildValidatesItsAncestorsAndRollsBackWhenOneFails() throws {
        let (mediator, slices) = try makeChart()
        #expect(throws: Chart.Problem.totalIsNot100(110)) {
            try mediator.update { _ in slices[1].percent = 50 }
        }
        #expect(slices[1].percent == 40)
        try mediator.update { _ in
            slices[0].percent = 50
            slices[1].percent = 50
        }
        #expect(slices.map(\.percent) == [50, 50])
    }

    @Test func parentsAreValidatedBeforeChildren() throws {
        let (mediator, slices) = try makeChart()
        // Both are wrong: the chart, validated first, reports.
        #expect(throws: Chart.Problem.sliceOutOfRange("")) {
            try mediator.update { _ in
                slices[0].label = ""
                slices[0].percent = 0
            }
        }
        // Only the slice is wrong.
        #expect(throws: Chart.Problem.unlabeledSlice) {
            try mediator.update { _ in slices[0].label = "" }
        }
        #expect(slices.map(\.percent) == [60, 40] && slices[0].label == "A")
    }

    @Test func slicesComeAndGoAsLongAsTheyMake100() throws {
        let (mediator, slices) = try makeChart()
        #expect(throws: Chart.Problem.totalIsNot100(70)) {
            try mediator.update { library in
                library.chart.slices.removeFirst()
                library.chart.slices.append(Slice("C", 30))
            }
        }
        #expect(mediator.root.chart.slices.count == 2 && mediator.root.chart.slices[0] === slices[0])
        try mediator.update { $0.chart.slices = [] }
        try mediator.update { $0.chart.slices.append(Slice("All", 100)) }
        #expect(throws: Chart.Problem.sliceOutOfRange("Big")) {
            try mediator.update { $0.chart.slices = [Slice("Big", 150), Slice("Debt", -50)] }
        }
    }

    @Test func aWrittenNodeOffTheModelIsStillValidated() throws {
        let (mediator, _) = try makeChart()
        let detached = Slice("Off", 10)
        #expect(throws: Chart.Problem.unlabeledSlice) {
            try mediator.update { _ in detached.label = "" }
        }
        #expect(detached.label == "Off")
    }

    @Test func anUndoThatFailsValidationRollsBackAndDropsTheStepsItHides() throws {
        let (mediator, slices) = try makeChart()
        try recordRebalanceThatCannotBeUndone(mediator, slices)
        let before = mediator.root.chart.slices
        // A's 40, set without recording, stays; B goes back to 40: 110 percent.
        #expect(throws: Chart.Problem.totalIsNot100(110)) { try mediator.history.undo() }
        #expect(mediator.root.chart.slices.map(\.percent) == [40, 30, 30])
        #expect(zip(mediator.root.chart.slices, before).allSatisfy { $0 === $1 })
        // The history does not stay blocked on a step it can never undo.
        #expect(!mediator.history.canUndo && !mediator.history.canRedo)
        try mediator.update(undoName: "Next") { _ in slices[0].label = "First" }
        try mediator.history.undo()
        #expect(slices[0].label == "A" && mediator.history.redoName == "Next")
    }
}
