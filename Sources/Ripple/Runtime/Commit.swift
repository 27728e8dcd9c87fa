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
    /// Whether it is an implicit update (writes made outside updates on the main actor).
    var isImplicit = false

    /// The first entry of each member that `include` accepts, in order, from entry `start`: the
    /// value each member had before the update (or before entry `start`).
    func firstWrites(from start: Int = 0, where include: (borrowing JournalEntry) -> Bool) -> [JournalEntry] {
        journal.firstWrites(in: entries[start...], where: include)
    }

    /// Calls `body` with each of ``firstWrites(where:)``, without gathering them.
    func forEachFirstWrite(where include: (borrowing JournalEntry) -> Bool, _ body: (borrowing JournalEntry) -> Void) {
        journal.forEachFirstWrite(in: entries[...], where: include, body)
    }
}

/// What consumes committed updates.
@MainActor
protocol CommitRecorder: AnyObject {
    /// Keeps what it needs of `commit`. Tracked writes it makes (to a state node that
    /// registrations read) are delivered by the refresh that follows.
    func record(_ commit: Commit)
    /// The document whose nodes this recorder keeps (the serial their trackers' `documentOwner`
    /// holds), if any: a background write of one of them reaches this recorder's mediator,
    /// watched or not.
    var keptDocument: Int? { get }
}

/// What must hold a transaction's change before anything of it is delivered (a document
/// store's journal, through the recorder of patches), and may refuse it: the transaction then
/// rolls back and throws, as if it never ran. What registrations write in the refresh that
/// follows reaches the recorders only, once observers ran, when nothing can be refused.
@MainActor
protocol CommitGate: AnyObject {
    /// Takes what a transaction wrote, validated and not yet delivered; throws to roll it back.
    func prepare(_ entries: ArraySlice<JournalEntry>, of journal: Journal, tag: String?) throws
    /// The transaction that the last ``prepare(_:of:tag:)`` took was rolled back (this gate or a
    /// later one refused it). `reversal` holds the first write of each node member it wrote,
    /// with the value the transaction wrote as the old value: the model holds the value before
    /// it again.
    func abandon(_ reversal: [JournalEntry])
}

extension MediatorCore {
    /// Hands a transaction's validated writes (from `mark`) to the gates before anything is
    /// delivered; if one refuses, rolls the transaction back and rethrows its error.
    @MainActor
    func prepareCommit(from mark: Int, tag: String?) throws {
        isPreparingCommit = true
        defer { isPreparingCommit = false }
        var asked = 0
        do {
            for gate in gates {
                asked += 1
                try gate.prepare(journal[mark...], of: journal, tag: tag)
            }
        } catch {
            // What the transaction attached and detached is undone where it was followed: the
            // parent links and the gates' own counts.
            let written = journal.firstWrites(in: journal[mark...]) { type(of: $0.node)._rippleDescriptor.members[$0.member].isNode }
            let reversal = written.map { JournalEntry(node: $0.node, member: $0.member, old: $0.node._rippleValue(of: $0.member)) }
            journal.rollBack(to: mark)
            validator.follow(reversal[...])
            for gate in gates.prefix(asked).reversed() { gate.abandon(reversal) }
            lastTransactionWasRefused = true
            throw error
        }
    }
}
