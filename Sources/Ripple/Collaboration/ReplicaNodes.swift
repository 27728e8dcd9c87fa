/// Every node a replica knows, by identity: its class and its members' merge states.
///
/// A table of columns indexed by slot rather than a dictionary of nodes: a dictionary keeps
/// about 2.6 buckets a node, each as wide as a whole node (80 bytes), where the columns hold
/// one entry a node and the index from identities to slots 20 bytes a bucket. A node's class is
/// a number into the classes named, and its collections (most nodes hold registers alone) are
/// in a column of their own that only the nodes holding one reach.
///
/// Reads and writes go through ``subscript(_:)`` as they would through a dictionary; a write
/// in place (`nodes[id]!.sequences[member]!.insert(...)`) takes the node's tables out of their
/// columns for the edit and puts them back, so that they stay uniquely held and are not copied.
struct ReplicaNodes: Sendable {
    /// Each node's slot.
    private var slots: [NodeID: Int32] = [:]
    /// By slot.
    private(set) var ids: [NodeID] = []
    /// By slot: the index of its class in `typeNames`.
    private var types: [UInt32] = []
    /// By slot.
    private var registers: [RegisterTable] = []
    /// By slot: the index of its collections in `collections`, or -1 where it has none.
    private var collectionSlots: [Int32] = []
    private var collections: [Collections] = []
    private var typeNames: [String] = []
    private var typeNumbers: [String: UInt32] = [:]

    /// A node's collections' merge states, by member name.
    private struct Collections: Sendable {
        var sequences: [String: SequenceState] = [:]
        var maps: [String: MapState] = [:]
        var sets: [String: SetState] = [:]

        var isEmpty: Bool { sequences.isEmpty && maps.isEmpty && sets.isEmpty }
    }

    var count: Int { ids.count }

    var isEmpty: Bool { ids.isEmpty }

    /// Every node's identity, in no particular order.
    var keys: [NodeID] { ids }

    /// Every node, in the order of `keys`.
    var values: [ReplicaNode] { ids.indices.map(node(at:)) }

    /// The slot of node `id`, for the reads and writes by slot below (valid until a node is
    /// added or removed).
    func slot(of id: NodeID) -> Int? {
        slots[id].map(Int.init)
    }

    /// The class of the node at `slot`.
    func type(at slot: Int) -> String {
        typeNames[Int(types[slot])]
    }

    /// Writes `value` to member `member`'s register of the node at `slot`.
    mutating func writeRegister(_ value: ReplicaValue, id: OperationID, member: String, at slot: Int) {
        registers[slot].write(value, id: id, member: member)
    }

    subscript(id: NodeID) -> ReplicaNode? {
        get { slots[id].map { node(at: Int($0)) } }
        set {
            guard let newValue else { return remove(id) }
            if let slot = slots[id] { store(newValue, at: Int(slot)) } else { append(newValue, id: id) }
        }
        _modify {
            var node = take(id)
            defer { self[id] = node }
            yield &node
        }
    }

    /// Sets node `id`, returning the node it replaced.
    @discardableResult
    mutating func updateValue(_ node: ReplicaNode, forKey id: NodeID) -> ReplicaNode? {
        let old = self[id]
        self[id] = node
        return old
    }

    private func node(at slot: Int) -> ReplicaNode {
        var node = ReplicaNode(type: type(at: slot))
        node.registers = registers[slot]
        let collectionSlot = collectionSlots[slot]
        if collectionSlot >= 0 {
            let held = collections[Int(collectionSlot)]
            (node.sequences, node.maps, node.sets) = (held.sequences, held.maps, held.sets)
        }
        return node
    }

    /// Node `id` with its tables moved out of their columns (left empty until it is stored back).
    private mutating func take(_ id: NodeID) -> ReplicaNode? {
        guard let slot = slots[id].map(Int.init) else { return nil }
        var node = ReplicaNode(type: type(at: slot))
        swap(&node.registers, &registers[slot])
        let collectionSlot = collectionSlots[slot]
        if collectionSlot >= 0 {
            var held = Collections()
            swap(&held, &collections[Int(collectionSlot)])
            (node.sequences, node.maps, node.sets) = (held.sequences, held.maps, held.sets)
        }
        return node
    }

    private mutating func store(_ node: ReplicaNode, at slot: Int) {
        if node.type != type(at: slot) { types[slot] = typeNumber(of: node.type) }
        registers[slot] = node.registers
        let held = Collections(sequences: node.sequences, maps: node.maps, sets: node.sets)
        let collectionSlot = collectionSlots[slot]
        if collectionSlot >= 0 {
            collections[Int(collectionSlot)] = held
        } else if !held.isEmpty {
            collectionSlots[slot] = Int32(collections.count)
            collections.append(held)
        }
    }

    private mutating func append(_ node: ReplicaNode, id: NodeID) {
        let slot = ids.count
        slots[id] = Int32(slot)
        ids.append(id)
        types.append(typeNumber(of: node.type))
        registers.append(RegisterTable())
        collectionSlots.append(-1)
        store(node, at: slot)
    }

    /// Removes node `id`, moving the last node into its slot.
    private mutating func remove(_ id: NodeID) {
        guard let slot = slots.removeValue(forKey: id).map(Int.init) else { return }
        // Its collections' entry stays, empty: nodes are removed only when a change that made
        // them is undone, rarely.
        if collectionSlots[slot] >= 0 { collections[Int(collectionSlots[slot])] = Collections() }
        let last = ids.count - 1
        if slot != last {
            ids[slot] = ids[last]
            types[slot] = types[last]
            registers[slot] = registers[last]
            collectionSlots[slot] = collectionSlots[last]
            slots[ids[slot]] = Int32(slot)
        }
        ids.removeLast()
        types.removeLast()
        registers.removeLast()
        collectionSlots.removeLast()
    }

    private mutating func typeNumber(of type: String) -> UInt32 {
        if let number = typeNumbers[type] { return number }
        // Classes named are at most the nodes, far fewer than 2^32.
        let number = UInt32(typeNames.count)
        typeNames.append(type)
        typeNumbers[type] = number
        return number
    }
}

extension ReplicaNodes: Sequence {
    func makeIterator() -> some IteratorProtocol<(key: NodeID, value: ReplicaNode)> {
        ids.indices.lazy.map { (key: ids[$0], value: node(at: $0)) }.makeIterator()
    }
}

extension ReplicaNodes: Equatable {
    /// The same nodes with the same states, whatever their slots.
    static func == (lhs: ReplicaNodes, rhs: ReplicaNodes) -> Bool {
        lhs.count == rhs.count && lhs.ids.allSatisfy { lhs[$0] == rhs[$0] }
    }
}
