/// The operations of a local change as they are translated, with the places nodes left and
/// entered so that a node that did both becomes a move.
struct LocalChangeBuilder {
    let replica: ReplicaID
    let firstCounter: UInt64
    private(set) var nextCounter: UInt64
    private(set) var operations: [ChangeOperation] = []
    /// Removals of places holding a node: the operation's index and the removal's.
    private var left: [NodeID: [(operation: Int, removal: Int)]] = [:]
    /// Nodes whose register place was overwritten (a register keeps no removals).
    private var leftRegisters: Set<NodeID> = []
    private var entered: [NodeID: [Placement]] = [:]

    init(replica: ReplicaID, firstCounter: UInt64) {
        self.replica = replica
        self.firstCounter = firstCounter
        nextCounter = firstCounter
    }

    /// Appends an operation and returns its identity.
    mutating func append(_ operation: ChangeOperation) -> OperationID {
        let id = OperationID(counter: nextCounter, replica: replica)
        operations.append(operation)
        nextCounter += operation.counterSpan
        return id
    }

    /// Notes that removal `removal` of the last operation removed a place holding `node`.
    mutating func noteLeft(_ node: NodeID, removal: Int) {
        left[node, default: []].append((operations.count - 1, removal))
    }

    mutating func noteLeftRegister(_ node: NodeID) {
        leftRegisters.insert(node)
    }

    mutating func noteEntered(_ value: ReplicaValue, at placement: Placement) {
        if let node = value.node { entered[node, default: []].append(placement) }
    }

    /// The moves of the change: every node that left a place and entered another, to the last
    /// place it entered that still holds it. Returns each node and destination; `bind` ties
    /// the sources' removals to the move of identity `move` once it is appended.
    func moveCandidates(stillHeld: (Placement) -> Bool) -> [(node: NodeID, destination: Placement)] {
        entered.keys.sorted().compactMap { node in
            guard left[node] != nil || leftRegisters.contains(node),
                let destination = entered[node]!.last(where: stillHeld)
            else { return nil }
            return (node, destination)
        }
    }

    /// Makes the removals of places `node` left part of move `move`.
    mutating func bind(_ node: NodeID, to move: OperationID) {
        for (operation, removal) in left[node] ?? [] {
            operations[operation] = operations[operation].binding(removal: removal, to: move)
        }
    }
}

extension ChangeOperation {
    /// The same operation with its removal number `index` part of move `move`.
    fileprivate func binding(removal index: Int, to move: OperationID) -> ChangeOperation {
        func bound(_ removals: [Removal]) -> [Removal] {
            var removals = removals
            removals[index] = Removal(target: removals[index].target, move: move)
            return removals
        }
        switch self {
        case .delete(let node, let member, let items):
            return .delete(node: node, member: member, items: bound(items))
        case .put(let node, let member, let key, let value, let seen):
            return .put(node: node, member: member, key: key, value: value, seen: bound(seen))
        case .removeKey(let node, let member, let key, let seen):
            return .removeKey(node: node, member: member, key: key, seen: bound(seen))
        case .removeElement(let node, let member, let element, let seen):
            return .removeElement(node: node, member: member, element: element, seen: bound(seen))
        default:
            return self
        }
    }
}
