/// Where a node is held: a sequence item, a register write, a dictionary entry or a set tag
/// (by its identity) of a member of a node.
struct Placement: Sendable, Hashable, Comparable {
    let holder: NodeID
    let member: String
    let id: OperationID

    static func < (lhs: Placement, rhs: Placement) -> Bool {
        (lhs.holder, lhs.member, lhs.id) < (rhs.holder, rhs.member, rhs.id)
    }
}
