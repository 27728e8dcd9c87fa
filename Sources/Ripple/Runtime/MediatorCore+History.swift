extension MediatorCore {
    /// What the journal of the outermost update that just ended changed, for history: per
    /// member, the first old value journaled where history records, for recorded members
    /// (saved members: not discardable, derived nor written in `withoutRecording`) whose value
    /// now differs from it; and whether saved members also changed where it does not record.
    ///
    /// Costs one pass over the journal: what was written, not the size of the model. A
    /// collection edited in place is kept as its difference from the old value.
    func committedChanges() -> (recorded: [HistoryStep.Change], changesUnrecorded: Bool) {
        guard !journal.isEmpty else { return ([], false) }
        // A fresh segment only to mark members met, with the journal's own per-node bitsets.
        beginSegment()
        defer { beginSegment() }
        var recorded: [HistoryStep.Change] = []
        var changesUnrecorded = false
        for entry in journal where type(of: entry.node)._rippleDescriptor.records(entry.member) {
            if entry.isRecorded {
                guard isFirstInSegment(entry.node._rippleTracker, entry.member) else { continue }
                if !entry.node._rippleIsCurrent(entry.member, entry.old) {
                    recorded.append(HistoryStep.Change(entry, current: entry.node._rippleValue(of: entry.member)))
                }
            } else if !changesUnrecorded {
                changesUnrecorded = !entry.node._rippleIsCurrent(entry.member, entry.old)
            }
        }
        return (recorded, changesUnrecorded)
    }

    /// Puts back the value every change had before, newest change first, journaling the value
    /// it replaces, so that this runs as an ordinary update body: validated, rolled back if
    /// that fails, delivered.
    ///
    /// - Throws: ``RippleError/stepNoLongerApplies`` when a collection's recorded difference no
    ///   longer fits its value (changes made without recording moved it).
    func apply(_ changes: [HistoryStep.Change]) throws {
        for change in changes.reversed() {
            let current = change.node._rippleValue(of: change.member)
            guard let before = change.valueBefore(current) else { throw RippleError.stepNoLongerApplies }
            guard !change.node._rippleIsCurrent(change.member, before) else { continue }
            record(change.node, change.member, old: current)
            change.node._rippleRestore(change.member, before)
        }
    }
}
