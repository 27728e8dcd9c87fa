extension DocumentStore {
    /// When a ``DocumentStore`` compacts its document by itself: writes a new snapshot and
    /// empties the journal, as ``DocumentStore/save()`` does, without holding the main actor
    /// while it encodes and writes.
    ///
    /// The journal grows by each update until a snapshot is written; opening the document reads
    /// the snapshot, then replays the journal. A compaction keeps opening about as fast as
    /// reading the snapshot alone.
    public enum Compaction: Sendable, Hashable {
        /// When the journal's updates take more than an eighth of the snapshot's bytes (and at
        /// least 64 KiB): replaying a journal of small updates costs up to about six times reading
        /// a snapshot of the same size, so at this limit opening costs less than twice the
        /// snapshot alone.
        case automatic
        /// When the journal's updates take more than `bytes` bytes.
        case whenJournalExceeds(bytes: Int)
        /// Never by itself: only ``DocumentStore/save()`` and ``DocumentStore/compact()`` write a
        /// snapshot.
        case manual

        /// The fewest bytes of updates ``automatic`` lets the journal hold: a small document is
        /// not rewritten after each of its updates.
        static var automaticFloor: Int { 64 * 1_024 }

        /// The bytes of updates ``automatic`` lets the journal hold beside a snapshot of
        /// `snapshotBytes` bytes.
        @_spi(Benchmarks) public static func automaticLimit(snapshotBytes: Int) -> Int {
            max(snapshotBytes / 8, automaticFloor)
        }

        /// Whether a journal holding `journalBytes` bytes of updates, beside a snapshot of
        /// `snapshotBytes` bytes, is due for a compaction.
        func isDue(journalBytes: Int, snapshotBytes: Int) -> Bool {
            switch self {
            case .automatic: journalBytes > Self.automaticLimit(snapshotBytes: snapshotBytes)
            case .whenJournalExceeds(let bytes): journalBytes > max(bytes, 0)
            case .manual: false
            }
        }
    }
}
