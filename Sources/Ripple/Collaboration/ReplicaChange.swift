/// One committed update of one replica, as every replica integrates it.
struct ReplicaChange: Sendable, Equatable {
    /// The replica that made it.
    let replica: ReplicaID
    /// Its place among its replica's changes: 1, 2, 3...
    let sequence: UInt64
    /// How many of its own replica's changes it depends on (in a well-formed change, every one
    /// before it: its sequence less one).
    let ownDependency: UInt64
    /// What it depends on of the other replicas' changes. Kept apart from `ownDependency`, which
    /// differs from one change to the next, so that consecutive changes share one table: a
    /// change set's decoding then makes none per change.
    let otherDependencies: DocumentVersion
    /// The clock of its first operation that is not a `make` (a `make` carries its node's).
    let firstCounter: UInt64
    let operations: [ChangeOperation]

    init(
        replica: ReplicaID, sequence: UInt64, ownDependency: UInt64, otherDependencies: DocumentVersion,
        firstCounter: UInt64, operations: [ChangeOperation]
    ) {
        precondition(otherDependencies[replica] == 0, "a change's own dependency among the others'")
        self.init(
            replica: replica, sequence: sequence, ownDependency: ownDependency, othersWithoutOwn: otherDependencies,
            firstCounter: firstCounter, operations: operations)
    }

    /// A change whose `othersWithoutOwn` its caller made sure does not name `replica` (a
    /// decoder, which knows it without looking it up: once per change).
    init(
        replica: ReplicaID, sequence: UInt64, ownDependency: UInt64, othersWithoutOwn otherDependencies: DocumentVersion,
        firstCounter: UInt64, operations: [ChangeOperation]
    ) {
        self.replica = replica
        self.sequence = sequence
        self.ownDependency = ownDependency
        self.otherDependencies = otherDependencies
        self.firstCounter = firstCounter
        self.operations = operations
    }

    /// A change that depends on `dependencies` (its own replica's count among them).
    init(
        replica: ReplicaID, sequence: UInt64, dependencies: DocumentVersion, firstCounter: UInt64,
        operations: [ChangeOperation]
    ) {
        var others = DocumentVersion()
        // Copied only when another replica is named (a replica alone has nothing to copy).
        if dependencies.counts.contains(where: { $0.key != replica }) {
            others = dependencies
            others[replica] = 0
        }
        self.init(
            replica: replica, sequence: sequence, ownDependency: dependencies[replica], otherDependencies: others,
            firstCounter: firstCounter, operations: operations)
    }

    /// What its replica had integrated when it made it: it waits for all of it elsewhere.
    var dependencies: DocumentVersion {
        var all = otherDependencies
        all[replica] = ownDependency
        return all
    }

    /// Whether `version` includes everything it depends on.
    func isReady(given version: DocumentVersion) -> Bool {
        version[replica] >= ownDependency && version.includes(otherDependencies)
    }

    /// The clock of its last operation, or nil when its counters would overflow.
    var lastCounter: UInt64? {
        var total: UInt64 = 0
        for operation in operations {
            let (sum, overflow) = total.addingReportingOverflow(operation.counterSpan)
            guard !overflow else { return nil }
            total = sum
        }
        guard total > 0 else { return firstCounter }
        let (last, overflow) = firstCounter.addingReportingOverflow(total - 1)
        return overflow ? nil : last
    }
}

extension ReplicaChange {
    /// Its moves' back references: each write of a register of a node it moves that names
    /// the holder of that move's destination, with the move (in operation order).
    var backReferences: [(move: OperationID, write: Placement)] {
        guard operations.contains(where: { if case .move = $0 { true } else { false } }) else { return [] }
        var destinations: [NodeID: [(move: OperationID, holder: NodeID)]] = [:]
        var writes: [(write: Placement, value: NodeID)] = []
        var counter = firstCounter
        for operation in operations {
            let id = OperationID(counter: counter, replica: replica)
            switch operation {
            case .move(let node, let destination, _):
                destinations[node, default: []].append((id, destination.holder))
            case .write(let node, let member, let value):
                if let named = value.node { writes.append((Placement(holder: node, member: member, id: id), named)) }
            default:
                break
            }
            counter &+= operation.counterSpan
        }
        return writes.flatMap { write, named in
            (destinations[write.holder] ?? []).filter { $0.holder == named }.map { ($0.move, write) }
        }
    }
}
