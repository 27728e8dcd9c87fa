/// One undo or redo step: the members an outermost update (or a group of them) changed, each
/// with the value it had before.
///
/// Applying a step puts the `before` values back; the update that does so is recorded as the
/// step on the other stack. Only what was written is kept: a step costs what its update
/// changed, never the size of the model.
struct HistoryStep {
    /// One member changed by the step: the journal entry of its first write, moved from the
    /// journal into the step, whose `old` is the value before the step (a value, or the very
    /// same node objects).
    typealias Change = JournalEntry

    /// Identifies the document state the step leads to, for the saved state.
    var id: Int
    var name: String?
    var changes: [Change]
}
