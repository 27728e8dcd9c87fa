/// Every node a replica knows, by identity: its class, its members' merge states and every
/// place that ever held it (removed ones included).
///
/// A table of columns indexed by slot rather than a dictionary of nodes and one of places: a
/// dictionary keeps about 2.6 buckets a node, each as wide as its key and value (a node's 80
/// bytes), where the columns hold one entry a node and the index from identities to slots (a
/// ``SequenceSlotIndex``, which reads the identities from `ids`) about ten bytes. A node's class
/// is a number into the classes named, and its collections (most nodes hold registers alone)
/// are in a column of their own that only the nodes holding one reach. Registers and places
/// are flat columns shared by every node (``RegisterColumns``, ``PlacementColumn``), not an
/// array per node.
///
/// Whole nodes are read and written through ``subscript(_:)`` as they would be through a
/// dictionary (a write in place takes the node's collections out of their column for the edit
/// and puts them back, its registers read out and written back). One member is read or edited
/// in place, without the node's other states: a register through ``register(_:of:)`` and
/// ``writeRegister(_:id:member:at:)``, a collection through ``sequence(_:of:)`` and
/// ``editSequence(_:of:_:)`` (and the map and set forms). A merge or an update edits one
/// member at a time: reading the whole node for each edit cost a copy of its registers, and an
/// update that put n nodes into a dictionary cost n times the node.
struct ReplicaNodes: Sendable {
    /// Each node's slot.
    private var slots = SequenceSlotIndex()
    /// By slot.
    private(set) var ids: [NodeID] = []
    /// By slot: the index of its class in `typeNames`.
    private var types: [UInt32] = []
    /// By slot, in flat columns.
    private var registers = RegisterColumns()
    /// By slot: every place that ever held the node (removed ones included), in a flat column.
    private var places = PlacementColumn()
    /// The places of nodes it does not hold (a change may name a genesis node that no
    /// document held; a node made by a change that is undone leaves its places here).
    private var placesOfUnknown: [NodeID: [Placement]] = [:]
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

    /// Makes room for `count` more nodes holding `registers` more registers, at once (a change
    /// that makes many nodes), so that the columns are as long as they need rather than up to
    /// twice that.
    mutating func reserve(nodes count: Int, registers registerCount: Int) {
        if ids.count + count > ids.capacity {
            let capacity = Swift.max(ids.count + count, 2 * ids.capacity)
            ids.reserveCapacity(capacity)
            types.reserveCapacity(capacity)
            collectionSlots.reserveCapacity(capacity)
        }
        registers.reserve(nodes: count, registers: registerCount)
    }

    /// Lets go of the room past the nodes (a replica read whole from a state, whose columns
    /// grew node by node, up to twice as long).
    mutating func trimCapacity() {
        ids = ids.trimmed()
        types = types.trimmed()
        collectionSlots = collectionSlots.trimmed()
        registers.trimCapacity()
    }

    /// The slot of node `id`, for the reads and writes by slot below (valid until a node is
    /// added or removed).
    func slot(of id: NodeID) -> Int? {
        slots.slot(of: id.made, in: ids).map(Int.init)
    }

    /// The class of the node at `slot`.
    func type(at slot: Int) -> String {
        typeNames[Int(types[slot])]
    }

    /// The members of the registers of the node at `slot`.
    func registerMembers(at slot: Int) -> [String] {
        var members: [String] = []
        members.reserveCapacity(registers.count(at: slot))
        registers.forEach(at: slot) { member, _ in members.append(member) }
        return members
    }

    /// Member `member`'s register of node `id`, read in place (nil: no such node or register).
    func register(_ member: String, of id: NodeID) -> RegisterState? {
        slot(of: id).flatMap { registers.register(member, at: $0) }
    }

    /// Calls `body` with every register of every node, in no particular order.
    func forEachRegister(_ body: (NodeID, String, RegisterState) -> Void) {
        for slot in ids.indices { registers.forEach(at: slot) { body(ids[slot], $0, $1) } }
    }

    /// Whether node `id` is here (without reading it).
    func contains(_ id: NodeID) -> Bool { slot(of: id) != nil }

    /// Member `member`'s array of node `id`, read in place (nil: no such node or array).
    func sequence(_ member: String, of id: NodeID) -> SequenceState? {
        collections(of: id)?.sequences[member]
    }

    /// Member `member`'s dictionary of node `id`, read in place.
    func map(_ member: String, of id: NodeID) -> MapState? {
        collections(of: id)?.maps[member]
    }

    /// Member `member`'s set of node `id`, read in place.
    func set(_ member: String, of id: NodeID) -> SetState? {
        collections(of: id)?.sets[member]
    }

    /// Edits member `member`'s array of node `id` in place (an empty one where it has none),
    /// without reading or writing the node's other states, as the editing of a merge does.
    /// Node `id` must be here.
    mutating func editSequence<R>(_ member: String, of id: NodeID, _ body: (inout SequenceState) throws -> R) rethrows -> R {
        try body(&collections[collectionIndex(of: id)].sequences[member, default: SequenceState()])
    }

    /// Edits member `member`'s dictionary of node `id` in place (see ``editSequence(_:of:_:)``).
    mutating func editMap<R>(_ member: String, of id: NodeID, _ body: (inout MapState) throws -> R) rethrows -> R {
        try body(&collections[collectionIndex(of: id)].maps[member, default: MapState()])
    }

    /// Edits member `member`'s set of node `id` in place (see ``editSequence(_:of:_:)``).
    mutating func editSet<R>(_ member: String, of id: NodeID, _ body: (inout SetState) throws -> R) rethrows -> R {
        try body(&collections[collectionIndex(of: id)].sets[member, default: SetState()])
    }

    /// The index of node `id`'s collections in `collections`, made where it has none.
    private mutating func collectionIndex(of id: NodeID) -> Int {
        let slot = slot(of: id)!
        if collectionSlots[slot] < 0 {
            collectionSlots[slot] = Int32(collections.count)
            collections.append(Collections())
        }
        return Int(collectionSlots[slot])
    }

    private func collections(of id: NodeID) -> Collections? {
        guard let slot = slot(of: id), collectionSlots[slot] >= 0 else { return nil }
        return collections[Int(collectionSlots[slot])]
    }

    /// Writes `value` to member `member`'s register of the node at `slot`.
    mutating func writeRegister(_ value: ReplicaValue, id: OperationID, member: String, at slot: Int) {
        registers.write(value, id: id, member: member, at: slot)
    }

    /// Every place that ever held node `id` (removed ones included), in the order added.
    func placements(of id: NodeID) -> PlacementColumn.Places {
        if let slot = slot(of: id) { return places[slot] }
        return PlacementColumn.Places(placesOfUnknown.isEmpty ? [] : placesOfUnknown[id] ?? [])
    }

    mutating func addPlacement(_ placement: Placement, of id: NodeID) {
        if let slot = slot(of: id) { places.append(placement, at: slot) } else { placesOfUnknown[id, default: []].append(placement) }
    }

    /// Keeps the first `count` places of node `id`.
    mutating func keepPlacements(of id: NodeID, count: Int) {
        if let slot = slot(of: id) {
            places.keep(count, at: slot)
        } else if count == 0 {
            placesOfUnknown[id] = nil
        } else {
            placesOfUnknown[id]?.removeSubrange(count...)
        }
    }

    mutating func setPlacements(_ placements: [Placement], of id: NodeID) {
        if let slot = slot(of: id) { places.set(placements, at: slot) } else { placesOfUnknown[id] = placements.isEmpty ? nil : placements }
    }

    /// Calls `body` with every node that has places, and its places, in no particular order.
    func forEachPlaced(_ body: (NodeID, PlacementColumn.Places) -> Void) {
        for slot in ids.indices where !places[slot].isEmpty { body(ids[slot], places[slot]) }
        for (id, placements) in placesOfUnknown { body(id, PlacementColumn.Places(placements)) }
    }

    subscript(id: NodeID) -> ReplicaNode? {
        get { slot(of: id).map(node(at:)) }
        set {
            guard let newValue else { return remove(id) }
            if let slot = slot(of: id) { store(newValue, at: slot) } else { append(newValue, id: id) }
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
        node.registers = registers.table(at: slot)
        let collectionSlot = collectionSlots[slot]
        if collectionSlot >= 0 {
            let held = collections[Int(collectionSlot)]
            (node.sequences, node.maps, node.sets) = (held.sequences, held.maps, held.sets)
        }
        return node
    }

    /// Node `id` with its tables moved out of their columns (left empty until it is stored back).
    private mutating func take(_ id: NodeID) -> ReplicaNode? {
        guard let slot = slot(of: id) else { return nil }
        var node = ReplicaNode(type: type(at: slot))
        node.registers = registers.table(at: slot)
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
        registers.set(node.registers, at: slot)
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
        ids.append(id)
        slots.insert(Int32(slot), in: ids)
        types.append(typeNumber(of: node.type))
        registers.append()
        places.append(placesOfUnknown.isEmpty ? [] : placesOfUnknown.removeValue(forKey: id) ?? [])
        collectionSlots.append(-1)
        store(node, at: slot)
    }

    /// Removes node `id`, moving the last node into its slot.
    private mutating func remove(_ id: NodeID) {
        guard let slot = slots.remove(id.made, in: ids).map(Int.init) else { return }
        // Its collections' entry stays, empty: nodes are removed only when a change that made
        // them is undone, rarely.
        if collectionSlots[slot] >= 0 { collections[Int(collectionSlots[slot])] = Collections() }
        if !places[slot].isEmpty { placesOfUnknown[id] = Array(places[slot]) }
        let last = ids.count - 1
        if slot != last {
            _ = slots.remove(ids[last].made, in: ids)
            ids[slot] = ids[last]
            types[slot] = types[last]
            collectionSlots[slot] = collectionSlots[last]
        }
        ids.removeLast()
        if slot != last { slots.insert(Int32(slot), in: ids) }
        types.removeLast()
        registers.remove(at: slot)
        places.remove(at: slot)
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

extension [NodeID]: SlotIdentities {
    func id(_ slot: Int32) -> OperationID { self[Int(slot)].made }
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
