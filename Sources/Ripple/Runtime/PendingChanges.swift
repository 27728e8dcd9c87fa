/// The changes under one registration since it last fired: for each member written, the value
/// it had when the registration last saw it.
///
/// Whether the registration fires is judged from this when its turn comes (and when it is
/// resumed), not when the writes happen: a member that a coordinator or processor put back
/// in the meantime counts as unchanged.
struct PendingChanges {
    /// One entry per member, in the order of their first change.
    private(set) var entries: [JournalEntry] = []
    /// The members of ``entries``, kept only once they are too many to search one by one.
    private var members: Set<NodeMember> = []
    /// Whether a member was changed again after its first pending change: only then may it be
    /// back to what the registration saw.
    private var isRewritten = false
    private static let searchLimit = 8

    var isEmpty: Bool { entries.isEmpty }

    /// Adds the change in `entry`, a change that the delivery found real, unless a change of
    /// the same member is already pending: the first one holds the value the registration saw.
    mutating func add(_ entry: JournalEntry) {
        if entries.count < Self.searchLimit {
            for pending in entries where pending.member == entry.member && pending.node === entry.node {
                isRewritten = true
                return
            }
        } else {
            if members.isEmpty {
                for pending in entries { members.insert(NodeMember(pending.node._rippleTracker, pending.member)) }
            }
            guard members.insert(NodeMember(entry.node._rippleTracker, entry.member)).inserted else {
                isRewritten = true
                return
            }
        }
        entries.append(entry)
    }

    /// Whether some member now differs from what the registration saw: another value (by
    /// `==`, or always for types that are not `Equatable`), or other node objects.
    ///
    /// Each change was real when it was delivered, and every later change of the same member
    /// is delivered too; so while no member was changed again, every one still differs, and
    /// only a rewritten member sends this back to the values.
    var differs: Bool {
        guard isRewritten else { return !entries.isEmpty }
        return entries.contains { !$0.isCurrent }
    }

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        members.removeAll()
        isRewritten = false
    }
}
