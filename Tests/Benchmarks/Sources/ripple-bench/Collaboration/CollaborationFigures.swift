/// One library's figures in the collaboration rows (Ripple's, Loro's or Yrs's), as
/// `crdt_bench.py` prints them for Loro and Yrs; its header says what each measures.
struct CollaborationFigures: Codable {
    /// The library's version, when it says.
    var version: String?
    /// How many writes the merge held.
    var mergeWrites: Int
    /// The best of 5 imports of one update holding `mergeWrites` writes by another replica.
    var mergeSeconds: Double
    /// For Ripple: the best of 5 merges of that update decoded beforehand (nil for Loro and
    /// Yrs, whose import decodes as it merges).
    var mergeAloneSeconds: Double?
    /// That update's size.
    var mergeUpdateBytes: Int
    /// The mean size of one property write exported on its own.
    var bytesPerChange: Double
    /// The encoded full state of a document of that many nodes (the key), 3 properties each.
    var snapshotBytes: [String: Int]
    /// What a document of that many nodes costs in memory, as the replica that made it holds
    /// it; nil where not measured.
    var memoryBytes: [String: Int?]
    /// The same for a replica that opened it from its snapshot (Loro decodes lazily).
    var memoryAfterImportBytes: [String: Int?]?
    /// For Ripple: the snapshot of the same document by a mediator that does not collaborate
    /// (no clocks, positions or log), the baseline of the 1.5x goal; nil for Loro and Yrs.
    var plainSnapshotBytes: [String: Int]?
    /// For Ripple: the same document in memory without collaborating; nil for Loro and Yrs.
    var plainMemoryBytes: [String: Int?]?
}

/// What `crdt_bench.py` prints: the workload it replayed and each library's figures.
struct CRDTReport: Codable {
    var workload: CollaborationWorkload
    var runs: Int
    /// The same content as compact JSON, by node count: a size without CRDT metadata.
    var jsonBytes: [String: Int]
    var loro: CollaborationFigures?
    var yrs: CollaborationFigures?
    /// The libraries that could not be imported, and why.
    var missing: [String]
}
