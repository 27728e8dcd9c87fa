/// A register's writes: the visible value is that of the greatest write that is not the hidden
/// destination of a move (last writer wins).
struct RegisterState: Equatable, Sendable {
    /// Writes by ascending id; those below the greatest write of a plain value are dropped,
    /// since only node values can be hidden.
    private(set) var writes: [(id: OperationID, value: ReplicaValue)] = []

    static func == (lhs: RegisterState, rhs: RegisterState) -> Bool {
        lhs.writes.elementsEqual(rhs.writes) { $0.id == $1.id && $0.value == $1.value }
    }

    func contains(_ id: OperationID) -> Bool { writes.contains { $0.id == id } }

    mutating func write(_ value: ReplicaValue, id: OperationID) {
        let index = writes.firstIndex { $0.id > id } ?? writes.endIndex
        writes.insert((id, value), at: index)
        if let lastPlain = writes.lastIndex(where: { $0.value.node == nil }), lastPlain > 0 {
            writes.removeFirst(lastPlain)
        }
    }

    func visible(holder: NodeID, member: String, moves: MoveStatus) -> ReplicaValue? {
        writes.last { !moves.hiddenDestinations.contains(Placement(holder: holder, member: member, id: $0.id)) }?
            .value
    }
}

/// Whether an optional collection is `nil`: a register of its own.
struct Presence: Equatable, Sendable {
    var id = OperationID(counter: 0, replica: .genesis)
    var absent = false

    mutating func write(absent: Bool, id: OperationID) {
        guard id > self.id else { return }
        self.id = id
        self.absent = absent
    }
}
