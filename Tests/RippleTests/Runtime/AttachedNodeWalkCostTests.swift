@testable import Ripple
import Testing

/// Validating an update that attached or moved a node walks what is new to the model below it,
/// and stops at the nodes the model held already: a moved figure, or a new one naming its group
/// and the library (back references that lead to the whole drawing), costs the same at 1,000
/// figures as at 20,000. The walk went through the whole drawing, on a plain mediator as on a
/// replica (breaker38's hire in an org chart, 3.2 s at 100,000 employees).
@MainActor
@Suite(.serialized) struct AttachedNodeWalkCostTests {
    typealias D = DrawingReplicas

    /// The nodes the validator walked below attached nodes, and those it examined, for a figure
    /// moved between two groups and for a new figure appended, on a plain mediator of a drawing
    /// of about `nodes` figures.
    static func costs(nodes: Int) throws -> [String: Int] {
        let library = Library()
        library.drawing = DrawingScaleProbeTests.drawing(nodes: nodes, library: library)
        let mediator = Mediator(root: library)
        let validator = mediator.core.validator
        var costs: [String: Int] = [:]
        func count(_ name: String, _ body: () throws -> Void) rethrows {
            let (walked, examined) = (validator.nodesWalkedBelowAttached, validator.nodesExamined)
            try body()
            costs[name + " walked"] = validator.nodesWalkedBelowAttached - walked
            costs[name + " examined"] = validator.nodesExamined - examined
        }
        try count("move") { try DocumentDepthPlacementTests.moveFigure(on: mediator, from: 4, to: 5) }
        #expect(D.group(mediator, 5).figures[1].group === D.group(mediator, 5))
        try count("new") {
            try mediator.update { library in
                let group = D.group(mediator, 6)
                let figure = Figure("new", z: 1)
                figure.group = group
                figure.library = library
                figure.paint = library.drawing!.paints[0]
                group.figures.append(figure)
            }
        }
        return costs
    }

    @Test func aMovedOrNewNodeIsValidatedWithoutAWalkOfTheModel() throws {
        let small = try Self.costs(nodes: 1_000)
        let large = try Self.costs(nodes: 20_000)
        // Nothing below the moved figure, which is examined with the two groups written; the
        // group, paint and library the new figure names, examined with it and the group written.
        #expect(small == ["move walked": 0, "move examined": 3, "new walked": 3, "new examined": 5])
        #expect(large == small, "\(small) at 1,000 figures, \(large) at 20,000")
    }

    @Test func newNodesBelowANewNodeAreValidatedAndTheModelsNodesItNamesAreNotWalked() throws {
        let library = makeLibrary()
        library.notes = [Note(id: 1, "one", replies: [Note(id: 2, "two")])]
        let mediator = Mediator(root: library)
        let old = library.notes[0]
        // A new note holding a note of the model and, below a new reply, an invalid one.
        let invalid = Note(id: 5, "")
        #expect(throws: Note.Problem.emptyText(id: 5)) {
            try mediator.update { library in
                library.notes.append(Note(id: 3, "three", replies: [old, Note(id: 4, "four", replies: [invalid])]))
            }
        }
        #expect(mediator.root.notes.map(\.id) == [1])
        // A new note below a note of the model, which a new note names: attached where it is written.
        #expect(throws: Note.Problem.emptyText(id: 5)) {
            try mediator.update { library in
                old.replies[0].replies.append(invalid)
                library.notes.append(Note(id: 3, "three", replies: [old]))
            }
        }
        #expect(old.replies[0].replies.isEmpty && mediator.root.notes.count == 1)
        invalid.text = "five"
        let walked = mediator.core.validator.nodesWalkedBelowAttached
        try mediator.update { library in library.notes.append(Note(id: 3, "three", replies: [old, invalid])) }
        // The new note's replies: the model's note, not walked below, and the new one.
        #expect(mediator.core.validator.nodesWalkedBelowAttached - walked == 2)
        #expect(throws: Note.Problem.emptyText(id: 5)) { try mediator.update { _ in invalid.text = "" } }
    }
}
