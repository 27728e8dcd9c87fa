/// What a call did to one sequence, noted by a ``ReplicaJournal`` instead of a copy of the
/// sequence: enough to take it back, and to tell which items showed before the call.
struct SequenceEdits {
    /// Whether the sequence had a state before.
    let existed: Bool
    /// Its presence before.
    let presence: Presence
    /// The items inserted, in the order inserted.
    private(set) var inserted: [OperationID] = []
    private var insertedSet: Set<OperationID> = []
    /// How many removals each item that got more had before.
    private(set) var removalCounts: [OperationID: Int] = [:]

    init(before sequence: SequenceState?) {
        existed = sequence != nil
        presence = sequence?.presence ?? Presence()
    }

    mutating func noteInserted(_ id: OperationID) {
        inserted.append(id)
        insertedSet.insert(id)
    }

    /// Notes that item `id` had `count` removals, unless noted already.
    mutating func noteRemovals(of id: OperationID, count: Int) {
        if removalCounts[id] == nil { removalCounts[id] = count }
    }

    /// The items whose visibility the call may have changed (when the move status did not
    /// change): those it inserted or removed.
    var touchedItems: Set<OperationID> {
        insertedSet.union(removalCounts.keys)
    }

    /// Whether item `id` of `sequence` (as it is now) was visible before the call, under the
    /// move status before it.
    func wasVisible(
        _ id: OperationID, in sequence: SequenceState, holder: NodeID, member: String, moves: MoveStatus
    ) -> Bool {
        guard existed, let item = sequence.item(id), !insertedSet.contains(id) else { return false }
        let removals = item.removals.prefix(removalCounts[id] ?? item.removals.count)
        return !moves.removes(Array(removals))
            && (moves.hiddenDestinations.isEmpty
                || !moves.hiddenDestinations.contains(Placement(holder: holder, member: member, id: id)))
    }

    /// Takes the edits back from `sequence`: latest insertion first, then the removals.
    func undo(_ sequence: inout SequenceState) {
        for id in inserted.reversed() { sequence.takeBack(id) }
        for (id, count) in removalCounts where sequence.contains(id) {
            sequence.takeBackRemovals(of: id, keeping: count)
        }
        sequence.presence = presence
    }

    /// These edits, then `later`'s (of a later part of the same call).
    func followed(by later: SequenceEdits) -> SequenceEdits {
        var combined = self
        combined.inserted += later.inserted
        combined.insertedSet.formUnion(later.insertedSet)
        combined.removalCounts.merge(later.removalCounts) { earlier, _ in earlier }
        return combined
    }
}
