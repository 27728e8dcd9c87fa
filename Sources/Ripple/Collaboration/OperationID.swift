/// The identity of one operation of a change: a logical (Lamport) clock and the replica that
/// made it. Operations are ordered by clock, then by replica: the order in which concurrent
/// writes win (the greater wins).
struct OperationID: Hashable, Comparable, Sendable {
    /// The logical clock: greater than that of every operation its replica had seen.
    var counter: UInt64
    var replica: ReplicaID

    static func < (lhs: OperationID, rhs: OperationID) -> Bool {
        (lhs.counter, lhs.replica) < (rhs.counter, rhs.replica)
    }
}

/// A node's identity across replicas: that of the operation that made it. The nodes a
/// document held before it was shared (its root among them) are the genesis replica's, with
/// their numbers in the document as clocks, which every replica opened from it shares.
struct NodeID: Hashable, Comparable, Sendable {
    let made: OperationID

    /// The node numbered `number` in the document before it was shared.
    static func genesis(_ number: UInt64) -> NodeID {
        NodeID(made: OperationID(counter: number, replica: .genesis))
    }

    static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.made < rhs.made }
}
