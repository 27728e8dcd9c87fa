import Foundation

extension Mediator where Root: DocumentRoot {
    /// The whole document as `Data`: every saved member of every node, each node once.
    ///
    /// ```swift
    /// let data = try mediator.snapshot()
    /// let copy = try Mediator<Library>(opening: data)
    /// ```
    ///
    /// Discardable and derived members are not saved. Take it between updates, for the state
    /// they committed.
    ///
    /// A snapshot opens with the same ``documentLimits`` as this mediator's: a document whose
    /// nodes nest deeper than their `maximumDepth` (which a mediator without a store or a replica
    /// may build) is refused here, rather than written into bytes that do not open. Raise
    /// ``documentLimits`` to take it, and give the same limits to whoever opens it.
    ///
    /// - Throws: What a member's `Encodable` conformance throws (a non-finite `Double`, say);
    ///   ``DocumentError/tooLarge(reason:)`` for a document deeper than ``documentLimits``;
    ///   ``DocumentError/updateInProgress`` inside an update's body, whose writes may still roll
    ///   back (observers and processors may take one: what they see has committed).
    /// - Complexity: O(n + s), where n is the number of nodes of the document and s the size of
    ///   their saved values: the whole document, each time. The first call on a mediator also
    ///   counts the nodes of the document once, O(n), to number its patches from then on.
    public func snapshot() throws -> Data {
        // Writes outside updates are part of the state once committed.
        core.commitImplicitUpdate()
        // From now on each update that changes the document is numbered, for replicas of it.
        _ = patchRecorder
        try checkDepth()
        return Data(try snapshotBytes())
    }

    /// Refuses a document deeper than ``documentLimits``, which would not open with them: by
    /// the depth the mediator follows when known, else by a walk.
    ///
    /// - Complexity: O(1) while the depth is known to be under the limit; else O(n).
    func checkDepth() throws {
        let limits = documentLimits
        if let bound = identities.depth.bound, bound <= limits.maximumDepth { return }
        guard identities.depth.judge(under: root, limits: limits) != nil else {
            throw DocumentError.tooLarge(reason: "the document's nodes " + limits.depthRefusal(allowance: identities.depth.allowance) + ", which would not open with these limits")
        }
    }

    /// Opens a document saved by ``snapshot()``: the same values, node identities and sharing.
    ///
    /// Each node is made with its class's `init()`, then given its saved members; discardable
    /// members keep their initial values, derived ones are computed again by processors on the
    /// first refresh. A document of an older version is migrated first (see ``DocumentRoot``).
    ///
    /// The data may come from anywhere: every number in it is checked before use, and a
    /// document larger or deeper than `limits` is refused.
    ///
    /// - Parameters:
    ///   - data: A snapshot.
    ///   - limits: How large and deep a document may be; ``DocumentLimits/default`` unless given.
    ///     They also judge the patches the mediator applies (``documentLimits``).
    /// - Throws: ``DocumentError``: not a document (garbage, cut short), another model, a newer
    ///   format or version, damaged (a version below 1, a number out of range), too large or
    ///   too deep; nothing is opened then.
    /// - Complexity: O(d), where d is the size of `data`: each node is made and given its saved
    ///   members once (a migration adds its own cost); then ``init(root:)`` walks the model once.
    public convenience init(opening data: Data, limits: DocumentLimits = .default) throws {
        let identities = DocumentIdentities()
        let root: Root = try openDocument([UInt8](data), identities: identities, limits: limits)
        self.init(root: root)
        self.identities = identities
        // A mediator opened from a document may follow another's patches, as long as it makes
        // no change of its own.
        watchForLocalChanges()
        // Opened from a collaborating replica's snapshot, it is a replica from the start: an
        // edit made before its first collaboration call is one of its changes too.
        if identities.openedReplica != nil, let broken = replica.brokenBy {
            // It could edit, and never send what it edits.
            throw DocumentError.damaged(reason: "its replica state does not match its nodes: \(describe(broken))")
        }
    }
}

extension Mediator where Root: DocumentRoot {
    /// The patches of the committed updates from now on, one per update that changed the
    /// document (undo and redo included), as an `AsyncStream`.
    ///
    /// ```swift
    /// for await patch in mediator.patches() {
    ///     try await connection.send(JSONEncoder().encode(patch))
    /// }
    /// // elsewhere, on a replica opened from the same snapshot:
    /// try replica.apply(patch)
    /// ```
    ///
    /// A patch holds what its update changed and no more; nodes are named by their numbers in
    /// the document, so a replica must start from this document (a ``snapshot()`` opened with
    /// ``init(opening:limits:)``, or a ``DocumentStore``). The stream ends when the mediator is gone.
    ///
    /// - Complexity: O(1) per call; the first call on a mediator counts the nodes of the document
    ///   once, O(n). Then each committed update that changes the document costs O(w + e) more,
    ///   where w is the number of saved members it writes and e the saved members of the nodes
    ///   it brings into the document or takes out of it; not the size of the document (a
    ///   collection written is compared with its old value by their common ends, O(c) for its c
    ///   elements).
    public func patches() -> AsyncStream<Patch> {
        let (stream, continuation) = AsyncStream<Patch>.makeStream()
        patchRecorder.sinks.append { continuation.yield($0) }
        core.onEnd.append { continuation.finish() }
        return stream
    }

    /// Applies a patch of the document this mediator holds (made by ``patches()`` of another
    /// mediator of it), as one update tagged `"remote"`, which is not recorded for undo.
    ///
    /// This mediator follows that one: until concurrent editing exists, a mediator that
    /// committed changes of its own to the document since it was opened (in an update not
    /// tagged `"remote"`, undo and redo included) refuses patches, as does a patch that names a
    /// node this document no longer holds (one alive only in history, say): applied, either
    /// would make the document a mix of both. The patch may come from anywhere: every number in
    /// it is checked, and one larger or deeper than ``documentLimits`` is refused.
    ///
    /// - Throws: ``DocumentError/patchDoesNotApply(reason:)`` when it names what this document
    ///   does not hold, does not follow the last patch applied, or this mediator made changes of
    ///   its own; ``DocumentError/tooLarge(reason:)``; what a validation throws. Nothing is
    ///   changed then: not the model, its numbering, the patch count nor the history.
    /// - Complexity: O(p) in the size of the patch, plus the update it runs (see
    ///   ``update(undoName:tag:_:)``); not the size of the document, except where its depth must
    ///   be measured again, O(n) for its n nodes: a patch that moves nodes the document held, or
    ///   brings nodes while the depth is unknown (a mediator not opened from a document). The
    ///   first patch applied also counts the nodes and indexes them by number, O(n) once.
    public func apply(_ patch: Patch) throws {
        let identities = self.identities
        guard patch.document == identities.document else {
            throw DocumentError.patchDoesNotApply(reason: "it was made for another document")
        }
        guard !identities.hasLocalChanges else {
            throw DocumentError.patchDoesNotApply(
                reason: "this mediator made changes of its own since it was opened, and follows no other's patches")
        }
        guard patch.sequence == identities.sequence &+ 1 else {
            throw DocumentError.patchDoesNotApply(
                reason: patch.sequence <= identities.sequence
                    ? "it is patch \(patch.sequence), and this document has had \(identities.sequence) already"
                    : "patches \(identities.sequence + 1) to \(patch.sequence &- 1) did not come before it")
        }
        // Which nodes are in the document: counted from now on (once), for the nodes named.
        let serial = patchRecorder.documentSerial
        try apply([patch], documentSerial: serial)
        identities.sequence = patch.sequence
    }

    /// Replays a store's journal over the document it follows: every patch, in order, as one
    /// update tagged `"remote"`, not recorded for undo (one validation and one refresh).
    ///
    /// - Throws: ``DocumentError/damaged(reason:)`` for a patch of another document, or one that
    ///   a validation refuses; what ``apply(_:)`` throws; nothing is changed then.
    func replay(_ patches: [Patch]) throws {
        let document = identities.document
        if let index = patches.firstIndex(where: { $0.document != document }) {
            throw DocumentError.damaged(reason: "journal record \(index + 1) is a patch of another document")
        }
        do {
            try apply(patches, documentSerial: nil)
        } catch let error as DocumentError {
            throw error
        } catch {
            // Every record committed once: one that a validation refuses is not what the store wrote.
            throw DocumentError.damaged(reason: "the journal holds an update the model refuses: \(describe(error))")
        }
    }

    /// Applies `patches` as one update; on failure, puts the numbers back and lets the nodes
    /// they brought go holders first. A merge's (`isMerge`) are not refused for how deep they
    /// nest the document together with it.
    func apply(_ patches: [Patch], documentSerial: Int?, isMerge: Bool = false) throws {
        let identities = self.identities
        let numbers = identities.numbers
        let application = PatchApplication(root: root, identities: identities, documentSerial: documentSerial, isMerge: isMerge)
        // Judged for this update alone (a journal replayed before any recorder judges commits).
        defer {
            identities.depth.isJudged = false
            identities.depth.isMergeToJudge = false
        }
        do {
            try history.withoutRecording {
                try update(tag: "remote") { _ in
                    for patch in patches { try application.apply(patch) }
                    try application.finish()
                }
            }
        } catch {
            identities.numbers = numbers
            application.releaseBrought()
            // A value of the wrong type for its member is a patch of another document.
            throw error is DecodingError ? DocumentError.patchDoesNotApply(reason: describe(error)) : error
        }
    }

    /// How large and deep the patches this mediator applies may make the document: those it
    /// was opened with (``init(opening:limits:)``), or ``DocumentLimits/default``.
    public var documentLimits: DocumentLimits {
        get { identities.limits ?? .default }
        set { identities.limits = newValue }
    }

    /// The recorder of patches, made and attached the first time it is needed.
    var patchRecorder: PatchRecorder {
        if let recorder = core.recorders.lazy.compactMap({ $0 as? PatchRecorder }).first { return recorder }
        let recorder = PatchRecorder(root: root, identities: identities)
        // The depth known when the document opened no longer holds after edits nobody followed.
        if identities.hasLocalChanges { identities.depth.bound = nil }
        recorder.failureSinks.append { [weak core] error in
            core?.reportFailure(error, origin: error == .storeClosed ? "document store" : "patches", wasRolledBack: false)
        }
        // Before history, so that a store's `markSaved()` counts for the update it journals.
        core.recorders.insert(recorder, at: 0)
        core.gates.append(recorder)
        watchForLocalChanges()
        return recorder
    }
}
