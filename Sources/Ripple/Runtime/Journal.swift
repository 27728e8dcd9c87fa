/// The old value of a member, journaled at its first write in a segment.
struct JournalEntry {
    let node: any RippleNode
    let member: Int
    let old: Any
    /// Whether history may undo this write (false inside `History.withoutRecording`).
    var isUndoable = true
}

/// What an outermost update wrote: for each member, the value it had before its first write in
/// each segment (a segment starts with the update, each nested update, each registration that
/// fires, and whatever must journal members again).
///
/// The generated setters ask whether a member was journaled in the current segment through
/// bits in its node's tracker (members below 64) and `AccessorRouting.journalEpoch`, without a call: a
/// member written twice in a segment costs one journal entry.
final class Journal {
    private(set) var entries: [JournalEntry] = []
    private(set) var epoch: UInt64 = 0
    private var journaledHigh: Set<NodeMember> = []
    /// Whether the writes journaled now may be undone (false inside `History.withoutRecording`).
    var writesAreUndoable = true

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    subscript(range: PartialRangeFrom<Int>) -> ArraySlice<JournalEntry> { entries[range] }
    subscript(range: Range<Int>) -> ArraySlice<JournalEntry> { entries[range] }

    /// Starts a segment: the next write of every member is journaled again.
    func beginSegment() {
        epoch = AccessorRouting.newEpoch()
        AccessorRouting.journalEpoch = epoch
        if !journaledHigh.isEmpty { journaledHigh.removeAll(keepingCapacity: true) }
    }

    /// Whether this is the first time the segment meets member `member` of the tracker's node;
    /// marks it met.
    @inline(__always)
    func isFirstInSegment(_ tracker: Tracker, _ member: Int) -> Bool {
        if member < 64 {
            if tracker.journalEpoch != epoch {
                tracker.journalEpoch = epoch
                tracker.journaledMembers = 0
            }
            let bit: UInt64 = 1 << UInt64(member)
            if tracker.journaledMembers & bit != 0 { return false }
            tracker.journaledMembers |= bit
            return true
        }
        return journaledHigh.insert(NodeMember(tracker, member)).inserted
    }

    func append(_ node: any RippleNode, _ member: Int, old: Any, isUndoable: Bool? = nil) {
        entries.append(JournalEntry(node: node, member: member, old: old, isUndoable: isUndoable ?? writesAreUndoable))
    }

    /// Puts back every value journaled since `mark`, newest first, and forgets them.
    func rollBack(to mark: Int) {
        let wasRecording = AccessorRouting.isRecording
        AccessorRouting.isRecording = false
        for entry in entries[mark...].reversed() { entry.node._rippleRestore(entry.member, entry.old) }
        entries.removeSubrange(mark...)
        AccessorRouting.isRecording = wasRecording
        beginSegment()
    }

    /// Hands the entries over (the update is over) and starts again empty, with the same capacity.
    func takeEntries() -> [JournalEntry] {
        let taken = entries
        entries = []
        entries.reserveCapacity(taken.count)
        return taken
    }

    func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }

    /// The first of `entries` for each member that `include` accepts, in order. Costs one pass,
    /// with the trackers' own marks (a segment of its own), no hashing.
    func firstWrites(in entries: ArraySlice<JournalEntry>, where include: (borrowing JournalEntry) -> Bool) -> [JournalEntry] {
        var firsts: [JournalEntry] = []
        forEachFirstWrite(in: entries, where: include) { firsts.append(copy $0) }
        return firsts
    }

    /// Calls `body` with the first of `entries` for each member that `include` accepts, in
    /// order, without gathering them. The entries are lent, not copied (a copy retains the node
    /// and copies the value: about a third of what recording a write costs).
    func forEachFirstWrite(
        in entries: ArraySlice<JournalEntry>, where include: (borrowing JournalEntry) -> Bool, _ body: (borrowing JournalEntry) -> Void
    ) {
        beginSegment()
        defer { beginSegment() }
        for index in entries.indices
        where include(entries[index]) && isFirstInSegment(entries[index].node._rippleTracker, entries[index].member) {
            body(entries[index])
        }
    }
}
