/// Reads what ``ReplicaStateWriter`` writes into an engine's tables, checking what the bytes
/// claim as integrating would (known nodes, member shapes, items under items that exist), so
/// that a damaged or hostile snapshot is refused, never a state that breaks later.
struct ReplicaStateReader {
    var reader: CompactReader
    /// Whether the tables are compacted (see ``ReplicaStateWriter``): all but the former format.
    let isCurrent: Bool
    /// Whether what the tables show is written once (see ``ReplicaStateWriter/writesOnce``).
    let writesOnce: Bool
    /// The type and registers of the node read before (see ``ReplicaStateWriter``).
    private var previousRegisters: (type: String, layout: [ReplicaStateWriter.RegisterLayout])?
    private var last: UInt64 = 0
    private var lastReplica = ReplicaID.genesis
    private var lastNode: UInt64 = 0
    /// The greatest clock read: the engine's clock goes on from it.
    private(set) var greatest: UInt64 = 0

    init(_ reader: CompactReader) {
        self.reader = reader
        self.reader.integerValues = reader.format == ReplicaEngine.stateFormat || reader.format == ReplicaEngine.fullLogStateFormat
        isCurrent = reader.format != ReplicaEngine.formerStateFormat
        writesOnce = reader.format == ReplicaEngine.stateFormat
    }

    mutating func id() throws -> OperationID {
        guard isCurrent else { return try note(try reader.operationID(base: last)) }
        let header = try reader.varint()
        guard header & 1 == 0 else {
            guard lastReplica != .genesis else { throw ReplicaError.malformed("an identity of the replica before, first") }
            let zigzag = header >> 1
            let difference = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
            return try note(OperationID(counter: last &+ UInt64(bitPattern: difference), replica: lastReplica))
        }
        let replica = try reader.replica(index: header >> 1)
        let counter = replica == .genesis ? try reader.varint() : try reader.delta(from: last)
        return try note(OperationID(counter: counter, replica: replica))
    }

    /// Takes `id` as the identity read before, checking its clock.
    private mutating func note(_ id: OperationID) throws -> OperationID {
        if id.replica != .genesis { (last, lastReplica) = (id.counter, id.replica) }
        guard id.counter <= ReplicaEngine.maximumClock else { throw ReplicaError.malformed("a clock out of range") }
        greatest = max(greatest, id.counter)
        return id
    }

    mutating func value(known nodes: ReplicaNodes) throws -> ReplicaValue {
        let value = try reader.value(base: isCurrent ? lastNode : last)
        if isCurrent, let node = value.node, node.made.replica != .genesis { lastNode = node.made.counter }
        if let node = value.node, node.made.replica != .genesis, !nodes.contains(node) {
            throw ReplicaError.malformed("a value naming unknown node \(node)")
        }
        return value
    }

    mutating func removals() throws -> [Removal] {
        let removals = try reader.removals(base: last)
        for removal in removals {
            greatest = max(greatest, removal.target.counter, removal.move?.counter ?? 0)
        }
        return removals
    }

    mutating func presence() throws -> Presence {
        var presence = Presence()
        let id = try id()
        presence.write(absent: try reader.bool(), id: id)
        return presence
    }

    /// A sequence item's identity and place, and whether its removals follow; `previous` the
    /// item read before it in its sequence.
    private mutating func item(after previous: OperationID?) throws -> (
        OperationID, parent: OperationID?, leftSide: Bool, removed: Bool
    ) {
        guard isCurrent else {
            let item = try id()
            let flags = try reader.byte()
            guard flags < 4 else { throw ReplicaError.malformed("an item's flags out of range") }
            return (item, flags & 1 == 1 ? try id() : nil, flags & 2 == 2, true)
        }
        var flags = try reader.byte()
        var removed = true
        if writesOnce {
            removed = flags & ReplicaStateWriter.removalsFlag != 0
            flags &= ~ReplicaStateWriter.removalsFlag
        }
        if flags == ReplicaStateWriter.runFlag, let previous {
            return (try note(previous.next), previous, false, removed)
        }
        guard flags < 4 else { throw ReplicaError.malformed("an item's flags out of range") }
        let item = try id()
        return (item, flags & 1 == 1 ? try id() : nil, flags & 2 == 2, removed)
    }

    /// The registers of node `id` of `type` whose header is `header`, read with their winners:
    /// named in the bytes, or (in the format that writes once) as the node's before.
    private mutating func registers(
        of id: NodeID, type: String, header: UInt64, shapes: [String: MemberShape], known nodes: ReplicaNodes
    ) throws -> RegisterTable {
        var layout: [ReplicaStateWriter.RegisterLayout] = []
        if writesOnce, header & ReplicaStateWriter.sameRegistersFlag != 0 {
            guard header >> 4 == 0, let previous = previousRegisters, previous.type == type else {
                throw ReplicaError.malformed("node \(id)'s registers named as those of a node before of another type")
            }
            layout = previous.layout
        }
        let named = layout.isEmpty ? try reader.checkedCount(isCurrent ? header >> (writesOnce ? 4 : 3) : header) : 0
        var registers = RegisterTable()
        for index in 0..<(layout.count + named) {
            if index >= layout.count, isCurrent {
                let member = try reader.varint()
                layout.append(.init(member: try reader.string(index: member >> 1), hasWinner: member & 1 == 1))
            } else if index >= layout.count {
                let name = try reader.string()
                layout.append(.init(member: name, hasWinner: try reader.bool()))
            }
            let register = layout[index]
            guard (shapes[register.member] ?? .register) == .register else {
                throw ReplicaError.malformed("member \(register.member) of \(id) is not a register")
            }
            var state = RegisterState()
            if register.hasWinner {
                let write = try self.id()
                state.write(try value(known: nodes), id: write)
            }
            registers.set(state, member: register.member)
        }
        if writesOnce { previousRegisters = (type, layout) }
        return registers
    }

    /// Reads the members of node `id` of `type`, whose shapes say how each merges.
    mutating func node(
        _ id: NodeID, type: String, shapes: [String: MemberShape], known nodes: ReplicaNodes
    ) throws -> ReplicaNode {
        var node = ReplicaNode(type: type)
        func member(_ shape: MemberShape) throws -> String {
            let name = try reader.string()
            guard (shapes[name] ?? .register) == shape else {
                throw ReplicaError.malformed("member \(name) of \(id) is not a \(shape)")
            }
            return name
        }
        // The current format counts the registers and says which kinds of collection follow.
        let header = try reader.varint()
        let kinds = isCurrent ? header & 7 : 7
        node.registers = try registers(of: id, type: type, header: header, shapes: shapes, known: nodes)
        for _ in 0..<(kinds & 1 == 0 ? 0 : try reader.count()) {
            let name = try member(.sequence)
            var sequence = SequenceState()
            sequence.presence = try presence()
            var previous: OperationID?
            for _ in 0..<(try reader.count()) {
                let (item, parent, leftSide, removed) = try self.item(after: previous)
                guard sequence.accepts(item, parent: parent, leftSide: leftSide) else {
                    throw ReplicaError.malformed("an item of \(name) under an unknown item or twice")
                }
                previous = item
                sequence.insert(try value(known: nodes), id: item, parent: parent, leftSide: leftSide)
                if removed, !sequence.remove(try removals()) { throw ReplicaError.malformed("a removal of another item") }
            }
            sequence.trimCapacity()
            node.sequences[name] = sequence
        }
        for _ in 0..<(kinds & 2 == 0 ? 0 : try reader.count()) {
            let name = try member(.map)
            var map = MapState()
            map.presence = try presence()
            for _ in 0..<(try reader.count()) {
                let key = try reader.string()
                for _ in 0..<(try reader.count()) {
                    let entry = try self.id()
                    guard !map.contains(entry, key: key) else { throw ReplicaError.malformed("an entry twice") }
                    map.put(try value(known: nodes), key: key, id: entry)
                    guard map.remove(try removals(), key: key) else { throw ReplicaError.malformed("a removal of another entry") }
                }
            }
            node.maps[name] = map
        }
        for _ in 0..<(kinds & 4 == 0 ? 0 : try reader.count()) {
            let name = try member(.set)
            var set = SetState()
            set.presence = try presence()
            for _ in 0..<(try reader.count()) {
                let element = try value(known: nodes)
                for _ in 0..<(try reader.count()) {
                    let tag = try self.id()
                    guard !set.contains(tag, element: element) else { throw ReplicaError.malformed("a tag twice") }
                    set.add(element, id: tag)
                    guard set.remove(try removals(), element: element) else { throw ReplicaError.malformed("a removal of another tag") }
                }
            }
            node.sets[name] = set
        }
        return node
    }
}
