/// The old value of a member, journaled at its first write in a segment.
struct JournalEntry {
    let node: any RippleNode
    let member: Int
    /// The old value, or the ``ArraySplice`` that an in-place edit of a node array journaled.
    let recorded: Any
    /// Whether history may undo this write (false inside `History.withoutRecording`).
    var isUndoable = true

    init(node: any RippleNode, member: Int, old: Any, isUndoable: Bool = true) {
        self.node = node
        self.member = member
        recorded = old
        self.isUndoable = isUndoable
    }

    /// The ``ArraySplice`` journaled, if any. Asked of the recorded value's type first: an
    /// `as?` from `Any` to a class bridges an array to an `NSArray` on Linux to find out (about
    /// 800 instructions an element), which made each commit cost the node arrays it wrote.
    var splice: ArraySplice? {
        type(of: recorded) is ArraySplice.Type ? recorded as? ArraySplice : nil
    }

    /// The old value, whole: a splice makes its old array from the member's value (once).
    var old: Any {
        guard let splice else { return recorded }
        return splice.old(after: node._rippleValue(of: member))
    }

    /// Whether the member holds its old value again.
    var isCurrent: Bool {
        guard let splice, !splice.isMade else { return node._rippleIsCurrent(member, old) }
        return splice.leavesUnchanged(node._rippleValue(of: member))
    }
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
    /// The splices journaled in this update whose old arrays are not made yet.
    private(set) var splices: [ArraySplice] = []
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

    /// Journals the splice an in-place edit of a node array made, in place of the old array.
    /// The member's bit stays clear, so that a later write of it comes to
    /// ``settleSplice(of:_:before:)``.
    func append(_ node: any RippleNode, _ member: Int, splice: ArraySplice) {
        splice.isUndoable = writesAreUndoable
        entries.append(JournalEntry(node: node, member: member, old: splice, isUndoable: writesAreUndoable))
        splices.append(splice)
    }

    /// The splice of member `member` of `node` that waits for its old array, if any: an
    /// in-place edit of the member journals a splice of its own only when there is none.
    func waitingSplice(of node: any RippleNode, _ member: Int) -> ArraySplice? {
        splices.isEmpty ? nil : splices.first { $0.holder == ObjectIdentifier(node) && $0.member == member }
    }

    /// Before a write of member `member` of `node`, which holds `current`: makes the old array of
    /// a splice journaled for the member, from the value the write changes. Returns whether the
    /// splice is of this segment, where it is the member's first old value.
    func settleSplice(of node: any RippleNode, _ member: Int, before current: Any) -> Bool {
        guard let index = splices.firstIndex(where: { $0.holder == ObjectIdentifier(node) && $0.member == member }) else {
            return false
        }
        let splice = splices.remove(at: index)
        _ = splice.old(after: current)
        return splice.epoch == epoch
    }

    /// At the end of an update: makes the old arrays of the splices still held (by a
    /// registration's pending changes), while their members hold what the edits left.
    func settleSplices() {
        for index in splices.indices where !isKnownUniquelyReferenced(&splices[index]) {
            _ = splices[index].old(after: splices[index].node._rippleValue(of: splices[index].member))
        }
        splices.removeAll()
    }

    /// Puts back every value journaled since `mark`, newest first, and forgets them.
    func rollBack(to mark: Int) {
        let wasRecording = AccessorRouting.isRecording
        AccessorRouting.isRecording = false
        for entry in entries[mark...].reversed() { entry.node._rippleRestore(entry.member, entry.old) }
        if !splices.isEmpty {
            let rolledBack = Set(entries[mark...].compactMap { $0.splice.map(ObjectIdentifier.init) })
            splices.removeAll { rolledBack.contains(ObjectIdentifier($0)) }
        }
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
