/// What a history needs of its mediator (whose core provides it).
@MainActor
protocol HistoryHost: AnyObject {
    /// Whether an update, a refresh or the end of one runs.
    var isBusy: Bool { get }
    /// The name of the step the running outermost update makes.
    var undoName: String? { get set }
    /// Whether the writes made now may be undone (false inside `withoutRecording`).
    var writesAreUndoable: Bool { get set }
    /// Whether the last update was rolled back because what must hold its change refused it
    /// (a document store that could not write it), rather than by its body or a validation.
    var lastTransactionWasRefused: Bool { get }
    /// Runs `body` as an outermost update tagged `tag`.
    func runUpdate(tag: String?, _ body: @MainActor () throws -> Void) throws
    /// Journals `old`, the value member `member` of `node` has before a replay writes it.
    func journalWrite(_ node: any RippleNode, _ member: Int, old: Any)
    /// Runs `body` once the running outermost update is over.
    func afterUpdate(_ body: @escaping @MainActor () -> Void)
    /// Hands a failure that no caller can receive to the mediator's failure handler.
    func reportFailure(_ error: any Error, origin: String?)
}
