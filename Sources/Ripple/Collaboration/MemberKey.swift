/// A member of a node.
struct MemberKey: Hashable, Sendable, Comparable {
    let node: NodeID
    let member: String

    static func < (lhs: MemberKey, rhs: MemberKey) -> Bool { (lhs.node, lhs.member) < (rhs.node, rhs.member) }
}
