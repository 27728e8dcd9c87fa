@_spi(RippleGenerated) @testable import Ripple
import Testing

/// Random sequences of writes inside and outside updates, commits (on demand and at the end of
/// the main actor's turn), undo and redo, against a plain reference model: the model holds what
/// the reference holds after every step, and history has the reference's steps (implicit
/// updates writing one member coalesce while nothing else intervenes).
@MainActor
@Suite struct ImplicitUpdatePropertyTests {
    /// The members the run writes: three shelf titles and the catalog's total.
    private struct State: Equatable {
        var titles = ["Shelf 0", "Shelf 1", "Shelf 2"]
        var total = 0
    }

    /// What the reference's history keeps of a step: the states at its two ends.
    private struct Step {
        var before: State
        var after: State
    }

    /// The reference: the state, the committed state, the stacks, and the run of typing.
    private struct Reference {
        var state = State()
        var committed = State()
        var hasPending = false
        var undo: [Step] = []
        var redo: [Step] = []
        /// The member (0...2 a title, 3 the total) the top step's run of typing writes.
        var typing: Int?

        /// The members whose value differs between two states.
        static func changed(_ a: State, _ b: State) -> [Int] {
            (0..<3).filter { a.titles[$0] != b.titles[$0] } + (a.total != b.total ? [3] : [])
        }

        mutating func commit() {
            guard hasPending else { return }
            hasPending = false
            let changed = Self.changed(committed, state)
            let typing = self.typing
            self.typing = nil
            defer { committed = state }
            guard !changed.isEmpty else { return }
            if changed.count == 1, let typing, typing == changed[0], redo.isEmpty, !undo.isEmpty {
                undo[undo.count - 1].after = state
                self.typing = typing
                return
            }
            undo.append(Step(before: committed, after: state))
            redo.removeAll()
            if changed.count == 1 { self.typing = changed[0] }
        }

        mutating func update(_ change: (inout State) -> Void) {
            commit()
            typing = nil
            change(&state)
            if state != committed {
                undo.append(Step(before: committed, after: state))
                redo.removeAll()
            }
            committed = state
        }

        /// An undo or redo with nothing to replay is no update: a run of typing goes on.
        mutating func replay(undoing: Bool) {
            commit()
            if (undoing ? undo : redo).isEmpty { return }
            typing = nil
            if undoing, let step = undo.popLast() {
                state = step.before
                redo.append(step)
            } else if !undoing, let step = redo.popLast() {
                state = step.after
                undo.append(step)
            }
            committed = state
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func writesInsideAndOutsideUpdatesCommitsUndoAndRedoMatchAPlainModel(seed: UInt64) async throws {
        var random = SeededGenerator(state: seed)
        let mediator = Mediator(root: makeLibrary())
        mediator.contracts = Contracts(.record)
        let library = mediator.root
        let shelves = library.shelves
        var reference = Reference()
        var coalesced = 0
        let values = ["", "a", "ab", "abc", "b"]
        for step in 0..<400 {
            let value = values.randomElement(using: &random)!
            let index = Int.random(in: 0..<4, using: &random)
            let stepsBefore = reference.undo.count
            let op = Int.random(in: 0..<20, using: &random)
            switch op {
            case 0..<9:
                // A binding's write: mostly the same field, as typing is.
                let member = Int.random(in: 0..<3, using: &random) == 0 ? index : 0
                // A setter skips an equal value: nothing is pending then.
                if member < 3 {
                    shelves[member].title = value
                    reference.hasPending = reference.hasPending || reference.state.titles[member] != value
                    reference.state.titles[member] = value
                } else {
                    library.catalog.total = value.count
                    reference.hasPending = reference.hasPending || reference.state.total != value.count
                    reference.state.total = value.count
                }
            case 9..<12:
                mediator.commitImplicitUpdate()
                reference.commit()
            case 12..<15:
                for _ in 0..<1_000 where mediator.hasPendingImplicitUpdate { await Task.yield() }
                reference.commit()
            case 15, 16:
                try mediator.update { library in
                    if index < 3 { library.shelves[index].title = value } else { library.catalog.total = value.count }
                }
                reference.update { state in
                    if index < 3 { state.titles[index] = value } else { state.total = value.count }
                }
            case 17, 18:
                try mediator.history.undo()
                reference.replay(undoing: true)
            default:
                try mediator.history.redo()
                reference.replay(undoing: false)
            }
            if reference.undo.count == stepsBefore && reference.typing != nil && !reference.hasPending { coalesced += 1 }
            let state = State(titles: shelves.map(\._title), total: library.catalog._total)
            #expect(state == reference.state, "step \(step)")
            #expect(mediator.hasPendingImplicitUpdate == reference.hasPending, "step \(step)")
            #expect(mediator.history.undoSteps.count == reference.undo.count, "step \(step)")
            #expect(mediator.history.redoSteps.count == reference.redo.count, "step \(step)")
        }
        // Everything undone lands on each step's state, back to the start.
        mediator.commitImplicitUpdate()
        reference.commit()
        while let step = reference.undo.popLast() {
            try mediator.history.undo()
            #expect(State(titles: shelves.map(\._title), total: library.catalog._total) == step.before)
        }
        #expect(!mediator.history.canUndo && coalesced > 10)
        #expect(mediator.violations == [])
    }
}
