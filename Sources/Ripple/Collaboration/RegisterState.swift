/// A register: the greatest write wins (last writer wins). A write that put a node there by a
/// move that lost shows `null`: the node went elsewhere, and an older value brought back
/// could be a node that left for another place. A move's back reference whose move does not
/// hold shows where the node is instead (see ``MoveStatus/voidedBackReferences``).
struct RegisterState: Equatable, Sendable {
    private(set) var winner: (id: OperationID, value: ReplicaValue)?

    static func == (lhs: RegisterState, rhs: RegisterState) -> Bool {
        lhs.winner?.id == rhs.winner?.id && lhs.winner?.value == rhs.winner?.value
    }

    mutating func write(_ value: ReplicaValue, id: OperationID) {
        if winner.map({ id > $0.id }) ?? true { winner = (id, value) }
    }

    func visible(holder: NodeID, member: String, moves: MoveStatus) -> ReplicaValue? {
        guard let (id, value) = winner else { return nil }
        if !moves.voidedBackReferences.isEmpty,
            let shown = moves.voidedBackReferences[Placement(holder: holder, member: member, id: id)]
        {
            return shown
        }
        let hidden = moves.hiddenDestinations.contains(Placement(holder: holder, member: member, id: id))
        return hidden ? .json("null") : value
    }
}
