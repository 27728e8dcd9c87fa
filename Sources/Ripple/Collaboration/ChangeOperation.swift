/// One operation of a change, as replicas exchange it: the merge-level form of a
/// ``ReplicaOperation``, naming the items, entries and tags it saw so that every replica
/// applies it alike whatever else it has integrated.
enum ChangeOperation: Sendable, Equatable {
    /// A node made (its identity is its own clock; it uses no counter of the change).
    case make(node: NodeID, type: String)
    /// A register written.
    case write(node: NodeID, member: String, value: ReplicaValue)
    /// An optional collection made `nil` (`absent`) or present again.
    case presence(node: NodeID, member: String, absent: Bool)
    /// A run of sequence items inserted (Fugue): the first is a child of `parent` (nil: the
    /// sequence's start) on its left or right side, each next one the right child of the one
    /// before. The items' identities are the operation's consecutive counters.
    case insert(node: NodeID, member: String, parent: OperationID?, leftSide: Bool, values: [ReplicaValue])
    /// Sequence items removed.
    case delete(node: NodeID, member: String, items: [Removal])
    /// A dictionary key set, removing the entries it saw.
    case put(node: NodeID, member: String, key: String, value: ReplicaValue, seen: [Removal])
    /// A dictionary key removed: the entries it saw.
    case removeKey(node: NodeID, member: String, key: String, seen: [Removal])
    /// A set element inserted: a new tag.
    case add(node: NodeID, member: String, element: ReplicaValue)
    /// A set element removed: the tags it saw.
    case removeElement(node: NodeID, member: String, element: ReplicaValue, seen: [Removal])
    /// A node moved: it left the places whose removals name this operation and the members
    /// `leftMembers`, which keep no removal of it (a register overwritten in the same change; the
    /// member a node held nowhere returns to, which it left earlier), and entered `destination`,
    /// made earlier in the same change.
    case move(node: NodeID, destination: Placement, leftMembers: [MemberKey] = [])

    /// How many counters the operation uses.
    var counterSpan: UInt64 {
        switch self {
        case .make: 0
        case .insert(_, _, _, _, let values): UInt64(values.count)
        default: 1
        }
    }
}
