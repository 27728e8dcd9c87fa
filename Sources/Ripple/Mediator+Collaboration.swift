extension Mediator where Root: DocumentRoot {
    /// This mediator as a replica, made the first time the collaboration API is used.
    var replica: ReplicaSession<Root> {
        if let session = replicaSession as? ReplicaSession<Root> { return session }
        // A store's mediator takes the identity the store keeps, and the store journals its changes.
        let store = replicaChangeJournal
        let session = ReplicaSession(mediator: self, replica: store?.keptReplicaID ?? .random())
        replicaSession = session
        session.changeJournal = store
        store?.replicaDidStart()
        return session
    }

    /// The store that keeps this mediator's replica (a ``DocumentStore``), if any.
    private var replicaChangeJournal: (any ReplicaChangeJournal)? {
        core.recorders.lazy.compactMap { $0 as? PatchRecorder }.first?.journal as? any ReplicaChangeJournal
    }

    /// Begins collaborating as replica `id` (a shared store's, kept across reopenings).
    func startReplica(as id: ReplicaID) {
        replicaSession = ReplicaSession(mediator: self, replica: id)
    }

    /// This mediator's identity as a replica of its document.
    ///
    /// Every mediator of a document is a replica; its identity orders its concurrent changes
    /// against other replicas' (never by wall-clock time). A ``DocumentStore`` and a
    /// ``SharedFolderStore`` keep their mediator's identity across reopenings (a copy of a
    /// store's file opens as a new replica); any other mediator gets a new one, and so does a
    /// mediator opened from another's ``snapshot()``.
    public var replicaID: ReplicaID { replica.engine.replica }

    /// What this replica has of its document: every replica's changes it made or merged.
    ///
    /// Hand it to another replica's ``changes(since:)`` to get what this one lacks. It names
    /// its document: a replica of another document refuses it.
    public var version: DocumentVersion {
        let engine = replica.engine
        return DocumentVersion(engine.version, of: engine.document)
    }

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
    /// A ``DocumentStore`` whose durability waits makes its journal durable first: a change
    /// another replica holds is never one a crash could take from this one.
    ///
    /// - Throws: ``ReplicaError/otherDocument`` when `version` is another document's;
    ///   ``ReplicaError/historyCompacted`` when this replica no longer holds what `version` lacks;
    ///   ``DocumentError/tooLarge(reason:)`` when the document is deeper than ``documentLimits``
    ///   (a replica refuses updates past them: only one that began collaborating on a document
    ///   that deep holds one); a ``DocumentError`` when a store cannot make its changes durable.
    /// - Complexity: O(c) in the changes the holder of `version` lacks.
    public func changes(since version: DocumentVersion) throws -> ChangeSet {
        // A pending implicit update (a SwiftUI binding's write) is committed state's: it goes too.
        core.commitImplicitUpdate()
        let session = replica
        if let broken = session.brokenBy { throw broken }
        if let document = version.document, document != session.engine.document { throw ReplicaError.otherDocument }
        guard version.includes(session.engine.compacted) else { throw ReplicaError.historyCompacted }
        // The others would refuse the document these changes make (see `snapshot()`).
        try checkDepth()
        try session.changeJournal?.willServeChanges()
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
    /// - Throws: ``ReplicaError`` for another document's or model's change set, or one that is
    ///   not whole; what a member's `Decodable` conformance throws; a ``DocumentError`` when a
    ///   ``DocumentStore`` cannot journal the changes. Nothing is changed then.
    /// - Complexity: O(c) in the incoming changes, plus the update it runs.
    public func merge(_ changes: ChangeSet) throws {
        // A write pending when the merge comes commits first, as a change of this replica.
        core.commitImplicitUpdate()
        try replica.merge(changes, into: self)
    }
}
