/// A store that keeps its mediator's replica across reopenings: its identity, and every change
/// it made or merged, journaled before the update that made or merged it commits (a
/// ``DocumentStore``'s).
///
/// A local update's change is journaled through ``PatchJournal/hold(_:)``, where the store asks
/// the replica for it; a merge's changes through ``holdMerged(_:changesModel:)``, before the
/// model takes them, since a merge may change the replica without changing the model (changes
/// that wait).
@MainActor
protocol ReplicaChangeJournal: PatchJournal {
    /// The identity the mediator's replica takes: the one the store keeps.
    var keptReplicaID: ReplicaID { get }
    /// The mediator became a replica: the store writes a snapshot with its state at once (the
    /// changes journaled from now on build on it).
    func replicaDidStart()
    /// Journals `changes`, those of a change set being merged that the replica did not hold,
    /// before the model takes them (if `changesModel`: some are visible); throws to refuse the
    /// merge (nothing is changed then).
    func holdMerged(_ changes: ChangeSet, changesModel: Bool) throws
    /// The model refused the merge whose changes ``holdMerged(_:changesModel:)`` journaled
    /// last: they go.
    func retractMerged()
    /// The model took the merge: a store that could not journal its changes writes a snapshot.
    func mergeDidCommit()
    /// The replica is about to hand its changes to another: they are made durable first, so
    /// that no change another replica holds can be lost here, and its number given again.
    func willServeChanges() throws
}
