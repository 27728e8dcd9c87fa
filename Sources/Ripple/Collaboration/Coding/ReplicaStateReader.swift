/// Reads what ``ReplicaStateWriter`` writes into an engine's tables, checking what the bytes
/// claim as integrating would (known nodes, member shapes, items under items that exist), so
/// that a damaged or hostile snapshot is refused, never a state that breaks later.
struct ReplicaStateReader {
    var reader: CompactReader
    private var last: UInt64 = 0
    /// The greatest clock read: the engine's clock goes on from it.
    private(set) var greatest: UInt64 = 0

    init(_ reader: CompactReader) {
        self.reader = reader
    }

    mutating func id() throws -> OperationID {
        let id = try reader.operationID(base: last)
        if id.replica != .genesis { last = id.counter }
        guard id.counter <= ReplicaEngine.maximumClock else { throw ReplicaError.malformed("a clock out of range") }
        greatest = max(greatest, id.counter)
        return id
    }

    mutating func value(known nodes: [NodeID: ReplicaNode]) throws -> ReplicaValue {
        let value = try reader.value(base: last)
        if let node = value.node, node.made.replica != .genesis, nodes[node] == nil {
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

    /// Reads the members of node `id` of `type`, whose shapes say how each merges.
    mutating func node(
        _ id: NodeID, type: String, shapes: [String: MemberShape], known nodes: [NodeID: ReplicaNode]
    ) throws -> ReplicaNode {
        var node = ReplicaNode(type: type)
        func member(_ shape: MemberShape) throws -> String {
            let name = try reader.string()
            guard (shapes[name] ?? .register) == shape else {
                throw ReplicaError.malformed("member \(name) of \(id) is not a \(shape)")
            }
            return name
        }
        for _ in 0..<(try reader.count()) {
            let name = try member(.register)
            var register = RegisterState()
            if try reader.bool() {
                let write = try self.id()
                register.write(try value(known: nodes), id: write)
            }
            node.registers.set(register, member: name)
        }
        for _ in 0..<(try reader.count()) {
            let name = try member(.sequence)
            var sequence = SequenceState()
            sequence.presence = try presence()
            for _ in 0..<(try reader.count()) {
                let item = try self.id()
                let flags = try reader.byte()
                guard flags < 4 else { throw ReplicaError.malformed("an item's flags out of range") }
                let parent = flags & 1 == 1 ? try self.id() : nil
                guard sequence.accepts(item, parent: parent, leftSide: flags & 2 == 2) else {
                    throw ReplicaError.malformed("an item of \(name) under an unknown item or twice")
                }
                sequence.insert(try value(known: nodes), id: item, parent: parent, leftSide: flags & 2 == 2)
                guard sequence.remove(try removals()) else { throw ReplicaError.malformed("a removal of another item") }
            }
            node.sequences[name] = sequence
        }
        for _ in 0..<(try reader.count()) {
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
        for _ in 0..<(try reader.count()) {
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
