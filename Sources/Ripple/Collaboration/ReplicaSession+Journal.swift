/// A replica whose store journals its changes (a ``DocumentStore``'s): each local update's
/// change is recorded while the update can still roll back, so that the store journals it
/// before anything of the update is delivered, and takes it back if it cannot.
extension ReplicaSession {
    /// A local update's change, recorded before the update commits.
    struct RecordedChange {
        /// The change, as the store journals it.
        let changes: ChangeSet
        /// The numbers of the nodes it gave identities.
        let brought: Set<UInt64>
        /// What recording it overwrote in the engine (nil: the update made no change).
        let undo: ReplicaEngine.MergeUndo?
    }

    /// Records `patch`, a local update's (or the part its refresh wrote), as a change of this
    /// replica now.
    ///
    /// - Throws: Why the replica cannot record it (it is broken by an earlier failure, or the
    ///   patch names what it does not know); nothing is recorded then.
    func recordBeforeCommit(_ patch: Patch) throws -> RecordedChange {
        if let brokenBy { throw brokenBy }
        let version = engine.version
        let (brought, undo) = try record(patch)
        return RecordedChange(changes: engine.changes(since: version), brought: brought, undo: undo)
    }

    /// Takes back a change that `recordBeforeCommit(_:)` recorded, whose update rolls back.
    func takeBack(_ recorded: RecordedChange) {
        takeBack(recorded.brought, recorded.undo)
    }
}
