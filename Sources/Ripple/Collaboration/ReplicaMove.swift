/// A move of a node to a destination.
struct ReplicaMove: Equatable, Sendable {
    let node: NodeID
    let destination: Placement
    /// The members whose items, entries or tags it removed.
    var sources: Set<MemberKey>
}
