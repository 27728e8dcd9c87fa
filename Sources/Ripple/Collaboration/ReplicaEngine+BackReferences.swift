/// Applying a local change so that its replica shows what its model shows.
extension ReplicaEngine {
    /// Applies the change `builder` built. A move of it that changes what a void back reference
    /// shows (see ``MoveStatus/voidedBackReferences``: a later move of a node whose back
    /// reference names the holder of an earlier winner) would change a register the update did
    /// not write, which the model, never told, would still show as it was: the change then
    /// writes each such register as it was shown, so that every replica shows what the model does.
    mutating func applyLocal(_ builder: inout LocalChangeBuilder) -> MergeUndo? {
        let movesBefore = moveStatus.detached
        var effects = ChangeEffects(journal: ReplicaJournal())
        for attempt in 0..<2 {
            let change = ReplicaChange(
                replica: replica, sequence: version[replica] + 1, dependencies: version,
                firstCounter: builder.firstCounter, operations: builder.operations)
            effects = ChangeEffects(journal: ReplicaJournal())
            do {
                try apply(change, effects: &effects)
            } catch {
                effects.journal?.undo(&self)
                restoreMoveStatus(movesBefore)
                assertionFailure("a local change this replica built does not apply: \(error)")
                return nil
            }
            if effects.placementsChanged { refreshMoves() }
            let changed = attempt == 0 ? backReferencesChanged(since: movesBefore) : []
            guard !changed.isEmpty else { break }
            effects.journal?.undo(&self)
            restoreMoveStatus(movesBefore)
            for (write, shown) in changed {
                _ = builder.append(.write(node: write.holder, member: write.member, value: shown))
            }
        }
        return MergeUndo(moves: movesBefore, journal: effects.journal ?? ReplicaJournal())
    }

    /// The back references whose shown value the move status changed since `before` though
    /// their write still wins, each with what it showed then.
    private func backReferencesChanged(since before: MoveStatus) -> [(write: Placement, shown: ReplicaValue)] {
        guard before.voidedBackReferences != moveStatus.voidedBackReferences else { return [] }
        let writes = Set(before.voidedBackReferences.keys).union(moveStatus.voidedBackReferences.keys)
        return writes.sorted().compactMap { write in
            guard let register = nodes.register(write.member, of: write.holder), register.winner?.id == write.id,
                let shown = register.visible(holder: write.holder, member: write.member, moves: before),
                shown != register.visible(holder: write.holder, member: write.member, moves: moveStatus)
            else { return nil }
            return (write, shown)
        }
    }
}
