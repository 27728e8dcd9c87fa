extension DocumentStore {
    /// When a ``DocumentStore`` compacts its document by itself: writes a new snapshot and
    /// empties the journal, as ``DocumentStore/save()`` does, without holding the main actor
    /// while it encodes and writes.
    ///
    /// The journal grows by each update until a snapshot is written; opening the document reads
    /// the snapshot, then replays the journal. A compaction keeps opening about as fast as
    /// reading the snapshot alone.
    public enum Compaction: Sendable, Hashable {
        /// When the journal's updates take more bytes than the snapshot (and at least 64 KiB):
        /// the journal never costs opening more than the snapshot does.
        case automatic
        /// When the journal's updates take more than `bytes` bytes.
        case whenJournalExceeds(bytes: Int)
        /// Never by itself: only ``DocumentStore/save()`` and ``DocumentStore/compact()`` write a
        /// snapshot.
        case manual

        /// The fewest bytes of updates ``automatic`` lets the journal hold: a small document is
        /// not rewritten after each of its updates.
        static var automaticFloor: Int { 64 * 1_024 }

        /// Whether a journal holding `journalBytes` bytes of updates, beside a snapshot of
        /// `snapshotBytes` bytes, is due for a compaction.
        func isDue(journalBytes: Int, snapshotBytes: Int) -> Bool {
            switch self {
            case .automatic: journalBytes > max(snapshotBytes, Self.automaticFloor)
            case .whenJournalExceeds(let bytes): journalBytes > max(bytes, 0)
            case .manual: false
            }
        }
    }
}
