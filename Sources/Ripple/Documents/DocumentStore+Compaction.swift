extension DocumentStore {
    /// Compacts the document now: writes a new snapshot holding every update, and empties the
    /// journal, as ``save()`` does, holding the main actor only while it reads the model's values.
    ///
    /// The values are read on the main actor; those whose types are `Sendable` are encoded on
    /// another thread, with the snapshot and the new journal written there, and both renamed into
    /// place back on the main actor. Updates made meanwhile go on being journaled; the new
    /// journal carries them. The store compacts by itself by its ``compaction`` policy; call this
    /// to do it at a moment of your choosing. A compaction already under way is awaited instead.
    /// It does not mark the document saved where ``durability`` waits for ``save()``.
    ///
    /// A store whose mediator is a replica writes the snapshot on the main actor (its replica
    /// state is taken with the nodes, numbered alike).
    ///
    /// - Throws: ``DocumentError``: the file system refused (a full disk), a value cannot be
    ///   encoded, the document was moved or replaced while open, or an update's body is running
    ///   (``DocumentError/updateInProgress``). The snapshot and the journal are then as they were,
    ///   and no file is left beside them. `CancellationError` when the store closes first.
    public func compact() async throws {
        if compactsOnMainActor {
            try writeSnapshot()
            return
        }
        try await startCompaction(reportsFailure: false).wait()
    }

    /// Whether a compaction writes the snapshot on the main actor: the journal lacks an update
    /// (only a snapshot written now brings it back), or the mediator is a replica (its state is
    /// taken with the nodes, numbered alike).
    var compactsOnMainActor: Bool {
        isBehind || journal.needsReplacing || journaledReplica != nil
    }

    /// Starts a compaction when the policy says the journal is due for one, once the main actor
    /// is free (this runs as an update commits).
    func compactIfDue() {
        guard compactionRun == nil, !compactionIsScheduled, !isBehind, !journal.needsReplacing else { return }
        let size = journal.end - journal.recordsStart
        guard size >= compactionRetrySize, compaction.isDue(journalBytes: size, snapshotBytes: snapshotSize) else { return }
        compactionIsScheduled = true
        Task { [weak self] in
            guard let self else { return }
            compactionIsScheduled = false
            guard compactionRun == nil, !isBehind, !journal.needsReplacing else { return }
            do {
                if journaledReplica != nil {
                    try writeSnapshot()
                    compactionRetrySize = 0
                } else {
                    try startCompaction(reportsFailure: true)
                }
            } catch {
                compactionFailed(error, reports: true)
            }
        }
    }

    /// Takes the model's values and starts writing them off the main actor (or returns the
    /// compaction in flight: one writer of the files beside the document at a time).
    @discardableResult
    func startCompaction(reportsFailure: Bool) throws -> CompactionRun {
        if let compactionRun { return compactionRun }
        let next = generation + 1
        let captured = try mediator.captureDocument(extra: SnapshotMark.headerMembers(generation: next))
        let run = CompactionRun(generation: next, journalEnd: journal.end, document: document, journalPath: journal.path, reportsFailure: reportsFailure)
        compactionRun = run
        run.start(captured, base: captured.header.sequence) { [weak self] in
            Task { @MainActor in self?.finishCompaction(run) }
        }
        return run
    }

    /// Renames the files `run` wrote into place, on the main actor, after copying into the new
    /// journal the updates journaled meanwhile.
    func finishCompaction(_ run: CompactionRun) {
        guard compactionRun === run else { return }
        compactionRun = nil
        do {
            try install(run)
            compactionRetrySize = 0
            run.end(.success(()))
        } catch {
            compactionFailed(error, reports: run.reportsFailure)
            run.end(.failure(error))
        }
    }

    /// The steps of a compaction on the main actor. Each failure leaves a document that opens to
    /// every update: before the snapshot's rename, the files as they were; after it, the old
    /// journal beside the new snapshot (its updates the snapshot lacks are replayed).
    private func install(_ run: CompactionRun) throws {
        let files: (written: WrittenFile, size: Int, replacement: JournalFile.Replacement)
        let markOffset = SnapshotMark.offset(of: Root.self, generation: run.generation)
        var carries = false
        do {
            files = try run.result().get()
            // The journal lacks an update (a write failed): the next snapshot holds everything.
            guard !isBehind, !journal.needsReplacing, run.generation == generation + 1 else { throw CancellationError() }
            try document.checkInPlace()
            var replacement = files.replacement
            try JournalFile.extend(&replacement, of: journal.path, files: document.files, from: journal.descriptor, upTo: journal.end)
            run.keep(replacement)
            // Updates journaled meanwhile go on after the new snapshot: it is marked before it
            // is the document.
            carries = replacement.end > replacement.recordsStart
            if carries { try document.mark(files.written, at: markOffset) }
            try document.install(files.written, syncingFolder: false)
            run.snapshotInstalled()
        } catch {
            run.discardFiles()
            throw error
        }
        generation = run.generation
        snapshotSize = files.size
        self.markOffset = markOffset
        snapshotIsMarked = carries
        do {
            // The new snapshot's name is durable before the new journal's can be: a journal of it
            // beside the old snapshot would not open.
            try document.syncFolder()
        } catch {
            run.discardFiles()
            throw error
        }
        // On failure the old journal goes on, valid beside the new snapshot.
        try journal.adopt(run.takeReplacement())
    }

    /// A compaction that failed: tried again once the journal has grown as much again, and
    /// reported to the failure handler when it started by itself (nothing is lost: the journal
    /// holds every update).
    private func compactionFailed(_ error: any Error, reports: Bool) {
        compactionRetrySize = 2 * (journal.end - journal.recordsStart)
        guard reports, !(error is CancellationError) else { return }
        mediator.core.reportFailure(error, origin: "document store", wasRolledBack: false)
    }

    /// Stops the compaction in flight and removes its files: a snapshot is about to be written
    /// (which holds everything it would have), or the store closes.
    ///
    /// - Returns: The run stopped, to be ended with the outcome of what replaces it.
    @discardableResult
    func cancelCompaction() -> CompactionRun? {
        guard let run = compactionRun else { return nil }
        compactionRun = nil
        run.cancelAndWait()
        run.discardFiles()
        return run
    }
}
