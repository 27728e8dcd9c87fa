/// The compact form of operations and what they name. Operation identities are a replica
/// index and a counter; a counter is written as its difference from `base` (the change's first
/// counter, near which most of a change's counters lie) or, with `relativeCounters`, from the
/// counter written before; a genesis node's is written as is.
extension CompactWriter {
    mutating func operationID(_ id: OperationID, base: UInt64) {
        replica(id.replica)
        counter(of: id, base: base)
    }

    /// A value: a string index shifted left (JSON; with `valuesInline`, its length shifted left
    /// and its bytes), or a replica index shifted left plus one (a node) followed by its counter.
    mutating func value(_ value: ReplicaValue, base: UInt64) {
        switch value {
        case .json(let text) where integerValues && text.utf8.count <= 19:
            // With `integerValues`, a number (below 2^61 either way), zigzag encoded, is shifted
            // left twice with a 2; another JSON text's index (or its length, then its bytes,
            // with `valuesInline`) is shifted left twice; a node keeps its low bit.
            guard let number = Int64(text), number.magnitude < 1 << 61, String(number) == text else { fallthrough }
            varint(UInt64(bitPattern: (number << 1) ^ (number >> 63)) << 2 | 2)
        case .json(let text) where integerValues:
            if valuesInline {
                inlineText(text, shift: 2)
            } else {
                varint(UInt64(stringIndex(text)) << 2)
            }
        case .json(let text) where valuesInline:
            inlineText(text)
        case .json(let text):
            varint(UInt64(stringIndex(text)) << 1)
        case .node(let node):
            varint(UInt64(replicaIndex(node.made.replica)) << 1 | 1)
            counter(of: node.made, base: base)
        }
    }

    mutating func removals(_ removals: [Removal], base: UInt64) {
        varint(removals.count)
        for removal in removals {
            operationID(removal.target, base: base)
            bool(removal.move != nil)
            if let move = removal.move { operationID(move, base: base) }
        }
    }

    mutating func operation(_ operation: ChangeOperation, base: UInt64) {
        func member(_ node: NodeID, _ name: String) {
            operationID(node.made, base: base)
            string(name)
        }
        switch operation {
        case .make(let node, let type):
            byte(0)
            operationID(node.made, base: base)
            string(type)
        case .write(let node, let name, let value):
            byte(1)
            member(node, name)
            self.value(value, base: base)
        case .presence(let node, let name, let absent):
            byte(absent ? 3 : 2)
            member(node, name)
        case .insert(let node, let name, let parent, let leftSide, let values):
            byte(4 | (parent == nil ? 0 : 1) | (leftSide ? 2 : 0))
            member(node, name)
            if let parent { operationID(parent, base: base) }
            varint(values.count)
            for value in values { self.value(value, base: base) }
        case .delete(let node, let name, let items):
            byte(8)
            member(node, name)
            removals(items, base: base)
        case .put(let node, let name, let key, let value, let seen):
            byte(9)
            member(node, name)
            string(key)
            self.value(value, base: base)
            removals(seen, base: base)
        case .removeKey(let node, let name, let key, let seen):
            byte(10)
            member(node, name)
            string(key)
            removals(seen, base: base)
        case .add(let node, let name, let element):
            byte(11)
            member(node, name)
            value(element, base: base)
        case .removeElement(let node, let name, let element, let seen):
            byte(12)
            member(node, name)
            value(element, base: base)
            removals(seen, base: base)
        case .move(let node, let destination, let leftMembers):
            // 14 names members left without a removal; 13, a move that left none, reads as it always did.
            byte(leftMembers.isEmpty ? 13 : 14)
            operationID(node.made, base: base)
            member(destination.holder, destination.member)
            operationID(destination.id, base: base)
            guard !leftMembers.isEmpty else { return }
            varint(leftMembers.count)
            for register in leftMembers { member(register.node, register.member) }
        }
    }

    private mutating func counter(of id: OperationID, base: UInt64) {
        if id.replica == .genesis {
            varint(id.counter)
        } else if relativeCounters {
            delta(id.counter, from: lastCounter)
            lastCounter = id.counter
        } else {
            delta(id.counter, from: base)
        }
    }
}

extension CompactReader {
    mutating func operationID(base: UInt64) throws -> OperationID {
        let replica = try replica()
        return OperationID(counter: try counter(of: replica, base: base), replica: replica)
    }

    mutating func node(base: UInt64) throws -> NodeID {
        NodeID(made: try operationID(base: base))
    }

    mutating func value(base: UInt64) throws -> ReplicaValue {
        let header = try varint()
        if integerValues, header & 1 == 0 {
            guard header & 2 == 2 else {
                return .json(valuesInline ? try inlineString(length: header >> 2) : try string(index: header >> 2))
            }
            let zigzag = header >> 2
            return .json(String(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)))
        }
        guard header & 1 == 1 else {
            return .json(valuesInline ? try inlineString(length: header >> 1) : try string(index: header >> 1))
        }
        let replica = try replica(index: header >> 1)
        return .node(NodeID(made: OperationID(counter: try counter(of: replica, base: base), replica: replica)))
    }

    mutating func removals(base: UInt64) throws -> [Removal] {
        var removals: [Removal] = []
        for _ in 0..<(try count()) {
            let target = try operationID(base: base)
            removals.append(Removal(target: target, move: try bool() ? try operationID(base: base) : nil))
        }
        return removals
    }

    mutating func operation(base: UInt64) throws -> ChangeOperation {
        try operation(tag: try byte(), base: base)
    }

    /// The operation whose kind `tag` was read.
    mutating func operation(tag: UInt8, base: UInt64) throws -> ChangeOperation {
        switch tag {
        case 0:
            return .make(node: try node(base: base), type: try string())
        case 1:
            return .write(node: try node(base: base), member: try string(), value: try value(base: base))
        case 2, 3:
            return .presence(node: try node(base: base), member: try string(), absent: tag == 3)
        case 4...7:
            let (node, member) = (try node(base: base), try string())
            let parent = tag & 1 == 1 ? try operationID(base: base) : nil
            var values: [ReplicaValue] = []
            for _ in 0..<(try count()) { values.append(try value(base: base)) }
            return .insert(node: node, member: member, parent: parent, leftSide: tag & 2 == 2, values: values)
        case 8:
            return .delete(node: try node(base: base), member: try string(), items: try removals(base: base))
        case 9:
            let (node, member, key) = (try node(base: base), try string(), try string())
            return .put(node: node, member: member, key: key, value: try value(base: base), seen: try removals(base: base))
        case 10:
            let (node, member, key) = (try node(base: base), try string(), try string())
            return .removeKey(node: node, member: member, key: key, seen: try removals(base: base))
        case 11:
            return .add(node: try node(base: base), member: try string(), element: try value(base: base))
        case 12:
            let (node, member) = (try node(base: base), try string())
            return .removeElement(
                node: node, member: member, element: try value(base: base), seen: try removals(base: base))
        case 13, 14:
            let (node, holder, member) = (try node(base: base), try node(base: base), try string())
            let destination = Placement(holder: holder, member: member, id: try operationID(base: base))
            var leftMembers: [MemberKey] = []
            if tag == 14 {
                for _ in 0..<(try count()) {
                    leftMembers.append(MemberKey(node: try self.node(base: base), member: try string()))
                }
            }
            return .move(node: node, destination: destination, leftMembers: leftMembers)
        default:
            throw ReplicaError.malformed("an operation of unknown kind \(tag)")
        }
    }

    private mutating func counter(of replica: ReplicaID, base: UInt64) throws -> UInt64 {
        if replica == .genesis { return try varint() }
        guard relativeCounters else { return try delta(from: base) }
        lastCounter = try delta(from: lastCounter)
        return lastCounter
    }
}
