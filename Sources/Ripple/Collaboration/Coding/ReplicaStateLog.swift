/// The log of a replica's state (``ReplicaEngine/stateFormat``), which mostly repeats what its
/// tables hold: the change that made a node wrote its registers and inserted it, and while no
/// later write wins, the tables hold that write, its identity and its value. So an operation
/// the tables show is written as a reference to them: a node made as its identity (its type
/// is in the node list), a run of register writes as how many (each write's identity is its
/// counter, whose register the tables name), a run of items inserted as its sequence and how
/// many (the first item's identity is its counter; its parent, side and values are the
/// items'). The rest is
/// written as a change set writes it.
///
/// A reference's header is a number past an operation's kind: ``shownWrites`` and
/// ``shownInsert`` and then (a sequence and) a count, or ``shownMake`` plus the node's counter's difference from
/// the counter before (zigzag encoded, so a byte for the nodes of one update).
enum ShownOperation {
    /// A run of register writes that the tables show: their count follows.
    static let shownWrites: UInt64 = 15
    /// A run of sequence items that the tables show: their count follows.
    static let shownInsert: UInt64 = 16
    /// A node made, of the change's replica: the header less this is the difference.
    static let shownMake: UInt64 = 32
}

extension ReplicaStateWriter {
    /// The log's changes, each operation that `engine`'s tables show as a reference to them.
    mutating func log(_ changes: [ReplicaChange], shownBy engine: ReplicaEngine) {
        guard writesOnce else {
            writer.changes(changes)
            return
        }
        writer.changes(changes) { writer, change in
            writer.varint(change.operations.count)
            var counter = change.firstCounter
            var writes = 0  // a run of shown writes not yet written
            for operation in change.operations {
                let id = OperationID(counter: counter, replica: change.replica)
                counter &+= operation.counterSpan
                if engine.shows(operation, id: id) {
                    writes += 1
                    continue
                }
                if writes > 0 {
                    writer.varint(ShownOperation.shownWrites)
                    writer.varint(writes)
                    writes = 0
                }
                switch operation {
                case .make(let node, let type) where node.made.replica == change.replica && engine.nodes[node]?.type == type:
                    let difference = Int64(bitPattern: node.made.counter &- writer.lastCounter)
                    writer.varint(ShownOperation.shownMake + UInt64(bitPattern: (difference << 1) ^ (difference >> 63)))
                    writer.lastCounter = node.made.counter
                case .insert(let node, let member, let parent, let leftSide, let values)
                where engine.nodes[node]?.sequences[member]?.holds(values, from: id, parent: parent, leftSide: leftSide) ?? false:
                    writer.varint(ShownOperation.shownInsert)
                    writer.operationID(node.made, base: change.firstCounter)
                    writer.string(member)
                    writer.varint(values.count)
                default:
                    writer.operation(operation, base: change.firstCounter)
                }
            }
            if writes > 0 {
                writer.varint(ShownOperation.shownWrites)
                writer.varint(writes)
            }
        }
    }
}

extension ReplicaEngine {
    /// Whether `operation`, of identity `id`, is a register write that its register's winner is.
    fileprivate func shows(_ operation: ChangeOperation, id: OperationID) -> Bool {
        guard case .write(let node, let member, let value) = operation, id.replica != .genesis,
            let winner = nodes.register(member, of: node)?.winner
        else { return false }
        return winner.id == id && winner.value == value
    }
}

extension SequenceState {
    /// Whether it holds the run `values` inserted from identity `first` under `parent`: the first
    /// item there, each next one the right child of the one before, with those values.
    fileprivate func holds(_ values: [ReplicaValue], from first: OperationID, parent: OperationID?, leftSide: Bool) -> Bool {
        var (id, expected) = (first, (parent: parent, leftSide: leftSide))
        for value in values {
            guard let item = item(id), item.parent == expected.parent, item.leftSide == expected.leftSide, item.value == value
            else { return false }
            (id, expected) = (id.next, (parent: id, leftSide: false))
        }
        return !values.isEmpty
    }
}

extension ReplicaStateReader {
    /// The log's changes (after the tables, whose `nodes` its references name).
    mutating func log(shownBy nodes: ReplicaNodes) throws -> [ReplicaChange] {
        guard writesOnce else { return try reader.changes() }
        var shown = ShownLogReader(nodes: nodes)
        return try reader.changes { reader, replica, firstCounter in
            try shown.operations(&reader, replica: replica, firstCounter: firstCounter)
        }
    }
}

/// Reads the log of a state whose tables are read: what they show, looked up by identity. A
/// table entry may be named once (each register's winner is taken from the index, and no more
/// items than the tables hold), so the log read is never larger than its bytes and the tables.
struct ShownLogReader {
    private let nodes: ReplicaNodes
    /// Each register's winner's identity, and its node and member: made at the first run of writes.
    private var writes: [OperationID: MemberKey]?
    /// How many more items the log's references may name.
    private var itemsLeft: Int

    init(nodes: ReplicaNodes) {
        self.nodes = nodes
        itemsLeft = nodes.values.reduce(0) { total, node in node.sequences.values.reduce(total) { $0 + $1.itemCount } }
    }

    /// A change's operations, its replica `replica` and first counter `firstCounter`.
    mutating func operations(_ reader: inout CompactReader, replica: ReplicaID, firstCounter: UInt64) throws -> [ChangeOperation] {
        // A count of references, not of bytes: each of the loop's steps reads a byte at least,
        // and what a reference adds is bounded by the tables.
        let count = try reader.varint()
        var operations: [ChangeOperation] = []
        var counter = firstCounter
        while operations.count < count {
            let header = try reader.varint()
            switch header {
            case ..<ShownOperation.shownWrites:
                operations.append(try reader.operation(tag: UInt8(header), base: firstCounter))
            case ShownOperation.shownWrites:
                let run = try reader.varint()
                guard run > 0, run <= count - UInt64(operations.count) else { throw ReplicaError.malformed("a run of writes past its change") }
                for _ in 0..<run {
                    operations.append(try write(OperationID(counter: counter, replica: replica)))
                    counter &+= 1
                }
                continue
            case ShownOperation.shownInsert:
                let (node, member) = (try reader.node(base: firstCounter), try reader.string())
                let first = OperationID(counter: counter, replica: replica)
                operations.append(try insert(first, count: try reader.varint(), node: node, member: member))
            case ShownOperation.shownMake...:
                let zigzag = header - ShownOperation.shownMake
                reader.lastCounter &+= UInt64(bitPattern: Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
                let node = NodeID(made: OperationID(counter: reader.lastCounter, replica: replica))
                guard let type = nodes[node]?.type else { throw ReplicaError.malformed("a make of \(node), which the state lacks") }
                operations.append(.make(node: node, type: type))
            default:
                throw ReplicaError.malformed("an operation of unknown kind \(header)")
            }
            counter &+= operations.last!.counterSpan
        }
        return operations
    }

    private mutating func write(_ id: OperationID) throws -> ChangeOperation {
        if writes == nil {
            var index: [OperationID: MemberKey] = [:]
            nodes.forEachRegister { node, member, state in
                if let winner = state.winner, winner.id.replica != .genesis {
                    index[winner.id] = MemberKey(node: node, member: member)
                }
            }
            writes = index
        }
        guard let key = writes?.removeValue(forKey: id), let winner = nodes.register(key.member, of: key.node)?.winner else {
            throw ReplicaError.malformed("a write \(id) that the state does not show")
        }
        return .write(node: key.node, member: key.member, value: winner.value)
    }

    private mutating func insert(_ first: OperationID, count: UInt64, node: NodeID, member: String) throws -> ChangeOperation {
        guard count > 0, count <= UInt64(itemsLeft), let sequence = nodes[node]?.sequences[member], let item = sequence.item(first) else {
            throw ReplicaError.malformed("a run of items the state does not hold")
        }
        itemsLeft -= Int(count)
        var values = [item.value]
        var id = first
        for _ in 1..<count {
            let next = id.next
            guard let following = sequence.item(next), following.parent == id, !following.leftSide else {
                throw ReplicaError.malformed("a run of items the state does not hold")
            }
            values.append(following.value)
            id = next
        }
        return .insert(node: node, member: member, parent: item.parent, leftSide: item.leftSide, values: values)
    }
}
