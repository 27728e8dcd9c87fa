extension Mediator where Root: DocumentRoot {
    /// This mediator as a replica, made the first time the collaboration API is used.
    var replica: ReplicaSession<Root> {
        if let session = replicaSession as? ReplicaSession<Root> { return session }
        let session = ReplicaSession(mediator: self, replica: .random())
        replicaSession = session
        return session
    }

    /// Begins collaborating as replica `id` (a shared store's, kept across reopenings).
    func startReplica(as id: ReplicaID) {
        replicaSession = ReplicaSession(mediator: self, replica: id)
    }

    /// This mediator's identity as a replica of its document.
    ///
    /// Every mediator of a document is a replica; its identity orders its concurrent changes
    /// against other replicas' (never by wall-clock time). A ``SharedFolderStore`` keeps its
    /// mediator's identity across reopenings; any other mediator gets a new one.
    public var replicaID: ReplicaID { replica.engine.replica }

    /// What this replica has of its document: every replica's changes it made or merged.
    ///
    /// Hand it to another replica's ``changes(since:)`` to get what this one lacks.
    public var version: DocumentVersion { replica.engine.version }

    /// Everything this replica made or merged that the holder of `version` lacks.
    ///
    /// A replica opened from a snapshot holds every change the snapshot's replica held, so it
    /// still sends what was made before the snapshot was taken.
    ///
    /// ```swift
    /// let missing = try mac.changes(since: iPad.version)
    /// try iPad.merge(missing)
    /// ```
    ///
    /// - Complexity: O(c) in the changes the holder of `version` lacks.
    public func changes(since version: DocumentVersion) throws -> ChangeSet {
        try checkCanCollaborate()
        // A pending implicit update (a SwiftUI binding's write) is committed state's: it goes too.
        core.commitImplicitUpdate()
        let session = replica
        if let broken = session.brokenBy { throw broken }
        guard version.includes(session.engine.compacted) else { throw ReplicaError.historyCompacted }
        return session.engine.changes(since: version)
    }

    /// Integrates another replica's changes of this document, as one update tagged `"remote"`
    /// that is never recorded for undo.
    ///
    /// Merging is idempotent and order-free: change sets may arrive duplicated, late, batched
    /// or out of order; changes whose predecessors have not arrived wait for them. Conflicts
    /// follow the rules of <doc:EditingTogether>. A merge is never refused by `validate()`:
    /// nodes that fail it afterwards are reported to the ``failureHandler`` as
    /// ``InvalidAfterMerge``.
    ///
    /// - Throws: ``ReplicaError`` for another document's or model's change set, one that is not
    ///   whole, or a mediator of a ``DocumentStore`` that is not shared; what a member's
    ///   `Decodable` conformance throws. Nothing is changed then.
    /// - Complexity: O(c) in the incoming changes, plus the update it runs.
    public func merge(_ changes: ChangeSet) throws {
        try checkCanCollaborate()
        // A write pending when the merge comes commits first, as a change of this replica.
        core.commitImplicitUpdate()
        try replica.merge(changes, into: self)
    }

    /// A `DocumentStore`'s journal keeps patches, which cannot bring a replica's changes back on reopening:
    /// such a mediator refuses to collaborate rather than lose what it merged.
    private func checkCanCollaborate() throws {
        if let recorder = core.recorders.lazy.compactMap({ $0 as? PatchRecorder }).first, recorder.journal != nil, !(recorder.journal is any ReplicaChangeJournal) {
            throw ReplicaError.storeIsNotShared
        }
    }
}
