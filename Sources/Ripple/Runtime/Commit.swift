/// An outermost update that ended, as the recorders receive it: history now, a document's
/// journal file and patch streams next. A recorder keeps what it needs of it and knows nothing
/// else of the mediator.
struct Commit {
    /// Every write of the update and of its refresh that stayed (rolled-back ones are gone), in
    /// order: the old value of each member at its first write in each segment.
    let entries: [JournalEntry]
    /// The tag the update was made with.
    let tag: String?
    /// The name the update, or an update nested in it, gave its change.
    let undoName: String?
    /// Whether the update's own body committed (when it rolled back, the entries are those of
    /// what ran after it, such as the updates it queued).
    let bodyCommitted: Bool
    /// How many of the entries the body made; the others are its refresh's.
    let bodyEntryCount: Int
    /// The journal the entries come from, which finds first writes with the trackers' marks.
    unowned let journal: Journal

    /// The first entry of each member that `include` accepts, in order: the value each member
    /// had before the update.
    func firstWrites(where include: (borrowing JournalEntry) -> Bool) -> [JournalEntry] {
        journal.firstWrites(in: entries, where: include)
    }

    /// Calls `body` with each of ``firstWrites(where:)``, without gathering them.
    func forEachFirstWrite(where include: (borrowing JournalEntry) -> Bool, _ body: (borrowing JournalEntry) -> Void) {
        journal.forEachFirstWrite(in: entries, where: include, body)
    }
}

/// What consumes committed updates.
@MainActor
protocol CommitRecorder: AnyObject {
    /// Keeps what it needs of `commit`. Tracked writes it makes (to a state node that
    /// registrations read) are delivered by the refresh that follows.
    func record(_ commit: Commit)
}
