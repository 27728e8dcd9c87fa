/// Ripple's side of the collaboration rows.
enum CollaborationRows {
    /// Ripple's figures for `workload`, measured as `crdt_bench.py`'s header says for Loro and
    /// Yrs (a replica's `merge` of one change set holding the writes, `changes(since:)` of one
    /// write, the snapshot and memory of a shared document), or nil until they are measured: the
    /// table then shows "to come" and the goals are skipped.
    ///
    /// To fill in once replicas merge: build the document of `workload.nodes` nodes, replay
    /// `workload.drawWrites(count: workload.writes, seed: workload.seed)` on one replica, and
    /// time the other's `merge` of its `changes(since:)`; and so on for the other figures.
    @MainActor
    static func ripple(_ workload: CollaborationWorkload) throws -> CollaborationFigures? {
        nil
    }
}
