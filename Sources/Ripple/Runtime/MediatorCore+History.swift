extension MediatorCore {
    /// The changes of the journal that history records: per member, the first old value journaled
    /// in the whole outermost update, for members recorded (not discardable, derived, nor written in
    /// `withoutRecording`) whose value now differs from it.
    ///
    /// Costs one pass over the journal: what was written, not the size of the model. The
    /// entries kept are moved, not copied: the journal is handed over (the update is over) and
    /// starts again empty, with the same capacity.
    func recordedChanges() -> [HistoryStep.Change] {
        var changes = journal
        journal = []
        journal.reserveCapacity(changes.count)
        // A fresh segment only to mark members met, with the journal's own per-node bitsets.
        beginSegment()
        defer { beginSegment() }
        changes.removeAll { entry in
            !(entry.isRecorded && type(of: entry.node)._rippleDescriptor.records(entry.member)
                && isFirstInSegment(entry.node._rippleTracker, entry.member)
                && !entry.node._rippleIsCurrent(entry.member, entry.old))
        }
        return changes
    }

    /// Puts the `before` value of every change back, journaling the value it replaces, so that
    /// this runs as an ordinary update body: validated, rolled back if that fails, delivered.
    func apply(_ changes: [HistoryStep.Change]) {
        for change in changes.reversed() where !change.node._rippleIsCurrent(change.member, change.old) {
            record(change.node, change.member, old: change.node._rippleValue(of: change.member))
            change.node._rippleRestore(change.member, change.old)
        }
    }

    /// Whether an update or a refresh is running on this mediator.
    var isBusy: Bool { updateDepth > 0 || isRefreshing }
}
