@testable import Ripple
import Testing

/// What a transaction puts into the model is validated: a node newly attached in any shape
/// of node member, with the validating nodes below it, and its ancestors; finding them costs
/// what was written, never the size of the model.
@MainActor
@Suite struct AttachedNodeValidationTests {
    @Test func aNodeAttachedInAnyShapeIsValidated() throws {
        let mediator = Mediator(root: makeLibrary())
        #expect(throws: Note.Problem.emptyText(id: 1)) { try mediator.update { $0.notes.append(Note(id: 1, "")) } }
        #expect(mediator.root.notes.isEmpty)
        try mediator.update { $0.notes.append(Note(id: 2, "kept")) }
        #expect(throws: Note.Problem.emptyText(id: 3)) { try mediator.update { $0.notes[0] = Note(id: 3, "") } }
        #expect(mediator.root.notes.map(\.id) == [2])
        #expect(throws: Note.Problem.emptyText(id: 4)) { try mediator.update { $0.featuredNote = Note(id: 4, "") } }
        #expect(mediator.root.featuredNote == nil)
        #expect(throws: Note.Problem.emptyText(id: 5)) { try mediator.update { $0.notesByKey["k"] = Note(id: 5, "") } }
        #expect(mediator.root.notesByKey.isEmpty)
        #expect(throws: Note.Problem.emptyText(id: 6)) {
            try mediator.update { library in
                try library.notes.merge(
                    [NoteValue(id: 2, text: "kept"), NoteValue(id: 6, text: "")],
                    make: { Note(id: $0.id, $0.text) }, update: { note, value in note.text = value.text })
            }
        }
        #expect(mediator.root.notes.map(\.id) == [2])
    }

    @Test func theValidatingNodesBelowAnAttachedNodeAreValidated() throws {
        let mediator = Mediator(root: makeLibrary())
        let deep = Note(id: 1, "top", replies: [Note(id: 2, "reply", replies: [Note(id: 3, "")])])
        #expect(throws: Note.Problem.emptyText(id: 3)) { try mediator.update { $0.notes.append(deep) } }
        #expect(mediator.root.notes.isEmpty)
    }

    @Test func aValidNodeAttachedStaysAndItsLaterWritesAreValidatedWithItsAncestors() throws {
        let mediator = Mediator(root: makeLibrary())
        let reply = Note(id: 2, "reply")
        try mediator.update { $0.notes.append(Note(id: 1, "top", replies: [reply])) }
        #expect(throws: Note.Problem.emptyText(id: 2)) { try mediator.update { _ in reply.text = "" } }
        #expect(reply.text == "reply")
    }

    @Test func aChainLinkedInOneUpdateIsWalkedOnceNotOncePerLink() throws {
        let mediator = Mediator(root: makeLibrary())
        let validator = mediator.core.validator
        let chain = (0..<300).map { Note(id: $0, "note") }
        let walked = validator.nodesWalkedBelowAttached
        try mediator.update { library in
            for index in 0..<(chain.count - 1) { chain[index].replies = [chain[index + 1]] }
            library.notes.append(chain[0])
        }
        // Once per link it would be 300 * 299 / 2 = 44,850.
        #expect(validator.nodesWalkedBelowAttached - walked <= chain.count)
        #expect(throws: Note.Problem.emptyText(id: 299)) { try mediator.update { _ in chain[299].text = "" } }
    }

    /// A folder tree made level by level in one update (each folder appended to the one
    /// above): linking it walks each folder once. It walked the whole tree below each appended
    /// folder, the square of the depth (9.5 s for 1,000 levels in a debug build).
    @Test func aChainMadeLevelByLevelInOneUpdateIsLinkedOnce() throws {
        let mediator = Mediator(root: MusicReplicas.makeLibrary())
        let validator = mediator.core.validator
        let examined = validator.nodesExamined
        try mediator.update { MusicFileProbeTests.nest($0, depth: 300) }
        // Once per level it would be about 300 * 301 / 2 = 45,150.
        #expect(validator.nodesExamined - examined <= 3 * 300, "\(validator.nodesExamined - examined) nodes examined")
    }

    @Test func findingWhatToValidateCostsWhatWasWrittenNotTheModel() throws {
        let library = makeLibrary()
        library.notes = (0..<5_000).map { Note(id: $0, "note", replies: [Note(id: -$0, "reply")]) }
        let mediator = Mediator(root: library)
        let validator = mediator.core.validator
        try mediator.update { $0.notes[10].replies[0].text = "first" }
        let examined = validator.nodesExamined
        try mediator.update { $0.notes[20].replies[0].text = "second" }
        // The reply (written), then it, its note and the library (climbed): not the 10,000 notes.
        #expect(validator.nodesExamined - examined <= 4)
        #expect(throws: Note.Problem.emptyText(id: -30)) { try mediator.update { $0.notes[30].replies[0].text = "" } }
        let moved = validator.nodesExamined
        try mediator.update { library in library.notes[40].replies.append(library.notes[41].replies.removeFirst()) }
        #expect(validator.nodesExamined - moved <= 8)
        // The moved reply's ancestors are its new ones.
        #expect(throws: Note.Problem.emptyText(id: 40)) {
            try mediator.update { library in
                library.notes[40].text = ""
                library.notes[40].replies[1].text = "edited"
            }
        }
    }

    @Test func theParentLinksAreMadeWithTheMediatorSoTheFirstEditCostsWhatALaterOneCosts() throws {
        let library = makeLibrary()
        library.notes = (0..<5_000).map { Note(id: $0, "note", replies: [Note(id: -$0, "reply")]) }
        let mediator = Mediator(root: library)
        let validator = mediator.core.validator
        #expect(validator.linksAreBuilt && validator.nodesLinkedAtStart >= 10_000)
        #expect(validator.nodesExamined == 0)
        try mediator.update { $0.notes[10].replies[0].text = "first" }
        // The reply (written), then it, its note and the library (climbed): not the 10,000 notes.
        #expect(validator.nodesExamined <= 4)
        #expect(validator.nodesLinkedAtStart < 10_100, "the shelves, which nothing validates, are not walked")
    }

    @Test func aStructuralWriteOutsideUpdatesIsNoViolationAndTheLinksFollowIt() throws {
        let library = makeLibrary()
        library.notes = [Note(id: 1, "one")]
        let mediator = Mediator(root: library)
        mediator.contracts = Contracts(.record)
        let reply = Note(id: 2, "reply")
        library.notes[0].replies.append(reply)              // outside any update, watched by no one
        #expect(mediator.violations.isEmpty, "nothing watches it")
        mediator.refresh()
        // The reply's parent is known: writing it validates its note.
        #expect(throws: Note.Problem.emptyText(id: 1)) {
            try mediator.update { library in
                library.notes[0].text = ""
                reply.text = "edited"
            }
        }
        let examined = mediator.core.validator.nodesExamined
        try mediator.update { _ in reply.text = "edited" }
        #expect(mediator.core.validator.nodesExamined - examined <= 4, "its ancestors, found through the links")
    }

    @Test func updatesThatWriteNothingBelowAValidatingClassNeverWalkTheModel() throws {
        // Specimens, not shelves: a shelf may hold a library (a back reference to the root, in
        // the document tests), below which charts validate.
        let library = makeLibrary()
        library.specimens = (0..<5_000).map { _ in Specimen() }
        let mediator = Mediator(root: library)
        for index in 0..<100 { try mediator.update { $0.specimens[index].text = "t\(index)" } }
        try mediator.update { $0.catalog.total = 9 }
        #expect(mediator.core.validator.nodesExamined <= 101 * 2)
        #expect(mediator.core.validator.nodesLinkedAtStart < 100, "the specimens, which nothing validates, are not walked")
    }

    @Test func manyActionsCostWhatTheyChangeNotTheModelEach() async throws {
        let library = makeLibrary()
        library.notes = (0..<2_000).map { Note(id: $0, "note") }
        let mediator = Mediator(root: library)
        var actions: [Action] = []
        for index in 0..<200 { actions.append(mediator.run("a\(index)") { _ in { _ in } }) }
        for action in actions { _ = await action.finished }
        #expect(mediator.core.validator.nodesExamined <= 200 * 3 * 2)
        #expect(mediator.activity.actions.isEmpty)
    }
}
