extension Mediator {
    /// Whether a write outside any update, on the main actor, opens an *implicit update* (on by
    /// default): how SwiftUI edits a model, as `TextField(text: $task.title)` with
    /// `@Bindable var task` calls the generated setter directly.
    ///
    /// The writes of one main-actor turn commit together at its end, before the next event, as
    /// one update like any other: validated (rolled back and reported to ``failureHandler`` if
    /// invalid), recorded in ``history``, journaled and patched by a document store, refreshed.
    /// Consecutive implicit updates that write the same member of the same node make one undo
    /// step, as typing in a text field does; any other update, or a write of another member,
    /// ends the run. ``update(undoName:tag:_:)``, ``refresh()``, ``snapshot()``, a store's
    /// `save()` and `sync()`, and ``History/undo()`` or ``History/redo()`` commit a pending
    /// implicit update first; ``commitImplicitUpdate()`` does it on demand.
    ///
    /// Switched off, a write outside updates is kept for the next refresh (delivered, saved,
    /// never undone), and is a contract violation (``Contracts/writeOutsideUpdate``) when a
    /// registration or an Observation reader watches the member written. A write made off the
    /// main thread is never an implicit update.
    ///
    /// ```swift
    /// mediator.implicitUpdates = false   // every edit goes through update { }
    /// ```
    public var implicitUpdates: Bool {
        get { core.implicit.isEnabled }
        set {
            // Writes already taken keep their meaning: they commit now.
            if !newValue { core.commitImplicitUpdate() }
            core.implicit.isEnabled = newValue
        }
    }

    /// Commits the pending implicit update now, rather than at the end of the main actor's turn;
    /// does nothing when none is pending, or while an update or refresh runs (it then commits
    /// once they are over).
    ///
    /// If the update would leave the model invalid, its writes are rolled back and
    /// ``failureHandler`` hears of it (as `"implicit update"`).
    ///
    /// - Complexity: That of an update making the pending writes.
    public func commitImplicitUpdate() {
        core.commitImplicitUpdate()
    }

    /// Whether writes made outside updates wait to commit as an implicit update.
    public var hasPendingImplicitUpdate: Bool { !core.implicit.pending.isEmpty }
}
