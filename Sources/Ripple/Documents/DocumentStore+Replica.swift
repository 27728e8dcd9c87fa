/// A store's mediator as a replica: once it is one (from its first collaboration call on, or
/// from opening a replica's snapshot), the snapshot holds its replica state and identity, and
/// each journal record holds the changes an update made or merged (``ChangeSet/encoded``), not
/// a patch. Reopening merges them again over the snapshot, which skips those it holds: the
/// replica comes back with every change it acknowledged, and its identity.
extension DocumentStore: ReplicaChangeJournal {
    /// The mediator's replica, once it is one: the journal holds its changes then.
    var journaledReplica: ReplicaSession<Root>? {
        mediator.replicaSession as? ReplicaSession<Root>
    }

    func replicaDidStart() {
        // The changes journaled from now on build on the replica's state: a snapshot holds it
        // first. Inside an update's body it cannot be written: the update's own journaling does.
        do {
            try writeSnapshot()
        } catch DocumentError.updateInProgress {
            isBehind = true
        } catch {
            fallBehind(error)
        }
    }

    /// Records a local update's change (or journals a merge, whose changes went to the journal
    /// before the model took them) before the update commits; throws to roll the update back,
    /// with the change taken back.
    func holdChange(of patch: Patch, in replica: ReplicaSession<Root>) throws {
        guard !replica.isMerging else {
            // Nothing to append; a store behind writes a snapshot, which holds the merge.
            try holdRecord { nil }
            return
        }
        let recorded = try replica.recordBeforeCommit(patch)
        do {
            try holdRecord { recorded.changes.changes.isEmpty ? nil : Array(recorded.changes.encoded) }
        } catch {
            replica.takeBack(recorded)
            throw error
        }
    }

    /// Records and appends the change of what registrations wrote in the refresh after a local
    /// update (`rest`); nothing can be refused any more: a failure leaves the store behind.
    func journalRest(_ rest: Result<Patch, DocumentError>?, of replica: ReplicaSession<Root>) {
        switch rest {
        case .failure(let error):
            fallBehind(error)
        case .success(let patch) where !replica.isMerging:
            let recorded: ReplicaSession<Root>.RecordedChange
            do {
                recorded = try replica.recordBeforeCommit(patch)
            } catch {
                // The model has what the replica cannot: it refuses to go on rather than diverge.
                if replica.brokenBy == nil {
                    replica.brokenBy = error
                    mediator.core.reportFailure(error, origin: "collaboration", wasRolledBack: false)
                }
                return
            }
            guard !isBehind, !journal.needsReplacing, !recorded.changes.changes.isEmpty else { return }
            do {
                try appendRecord(Array(recorded.changes.encoded))
            } catch {
                fallBehind(error)
            }
        case .success, nil:
            break
        }
    }

    func holdMerged(_ changes: ChangeSet, changesModel: Bool) throws {
        mergeRecordStart = nil
        guard changesModel else {
            // The model stays as it is: the merge is journaled, or a snapshot holds it, now.
            try holdRecord { Array(changes.encoded) }
            return
        }
        // No snapshot before the model takes the merge (it would hold the replica's changes
        // without the model's): a store behind writes it once it has (`holdChange`, or
        // `mergeDidCommit`).
        guard !isBehind, !journal.needsReplacing else { return }
        guard journal.isInPlace() else {
            if durability == .immediate { isBehind = true } else { fallBehind(DocumentError.moved(path: journal.path)) }
            return
        }
        let start = journal.end
        do {
            try appendRecord(Array(changes.encoded))
        } catch {
            if durability == .immediate { throw error }
            fallBehind(error)
            return
        }
        mergeRecordStart = start
    }

    func retractMerged() {
        if let start = mergeRecordStart { journal.takeBack(to: start) }
        mergeRecordStart = nil
    }

    func mergeDidCommit() {
        mergeRecordStart = nil
        guard isBehind, durability == .immediate else { return }
        do { try writeSnapshot() } catch { fallBehind(error) }
    }

    func willServeChanges() throws {
        if isBehind || durability != .immediate { try sync() }
    }
}
