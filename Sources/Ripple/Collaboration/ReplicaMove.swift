/// A move of a node to a destination.
struct ReplicaMove: Equatable, Sendable {
    let node: NodeID
    let destination: Placement
    /// The members whose items, entries or tags it removed.
    var sources: Set<MemberKey>
    /// The writes of its change that name its destination's holder in a register of its node
    /// (a folder's `parent`, a figure's `group`): its back references, which stand or fall
    /// with it (see ``MoveStatus/voidedBackReferences``).
    var backReferences: [Placement] = []
}
