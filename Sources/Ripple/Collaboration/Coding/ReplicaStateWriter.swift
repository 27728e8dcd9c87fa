/// Writes a replica engine's merge tables (not its history) in the compact form: every node
/// with its members' merge states, the places that held nodes, the moves, the version and the
/// changes that wait. Everything is sorted, so that replicas that have the same changes write
/// the same bytes whatever order they integrated them in. Operation identities are written as
/// differences from the one written before (items of a run, writes of one update are
/// consecutive: one byte each); in the current format (``ReplicaEngine/stateFormat``) an
/// identity of the replica of the one before leaves its replica out, and an item that
/// continues a run (the right child of the item before, with the next counter) is a flag alone.
struct ReplicaStateWriter {
    var writer = CompactWriter()
    /// Whether it writes compacted tables (``ReplicaEngine/stateFormat`` and the format
    /// before it), or the former format (for the tests that read it).
    let isCurrent: Bool
    private var last: UInt64 = 0
    private var lastReplica = ReplicaID.genesis
    /// The counter of the last node a value named (current format: node values are written as
    /// differences from it, the next item of a run most often holding the next node made).
    private var lastNode: UInt64 = 0

    init(format: UInt8 = ReplicaEngine.stateFormat) {
        isCurrent = format != ReplicaEngine.formerStateFormat
        writer.integerValues = format == ReplicaEngine.stateFormat
    }

    mutating func id(_ id: OperationID) {
        defer { note(id) }
        guard isCurrent else {
            writer.operationID(id, base: last)
            return
        }
        if id.replica != .genesis, id.replica == lastReplica {
            // The difference, zigzag encoded, and a flag: counters stay below 2^62 (the engine
            // refuses greater ones), so nothing is shifted out.
            let difference = Int64(bitPattern: id.counter &- last)
            writer.varint(UInt64(bitPattern: (difference << 1) ^ (difference >> 63)) &<< 1 | 1)
        } else {
            writer.varint(UInt64(writer.replicaIndex(id.replica)) << 1)
            if id.replica == .genesis { writer.varint(id.counter) } else { writer.delta(id.counter, from: last) }
        }
    }

    /// Takes `id` as the identity written before (the next ones are differences from it).
    private mutating func note(_ id: OperationID) {
        if id.replica != .genesis { (last, lastReplica) = (id.counter, id.replica) }
    }

    mutating func value(_ value: ReplicaValue) {
        guard isCurrent, let node = value.node else {
            writer.value(value, base: last)
            return
        }
        writer.value(value, base: lastNode)
        if node.made.replica != .genesis { lastNode = node.made.counter }
    }

    mutating func removals(_ removals: [Removal]) {
        let none = OperationID(counter: 0, replica: .genesis)  // no move is the genesis'
        writer.removals(removals.sorted { ($0.target, $0.move ?? none) < ($1.target, $1.move ?? none) }, base: last)
    }

    mutating func presence(_ presence: Presence) {
        id(presence.id)
        writer.bool(presence.absent)
    }

    mutating func node(_ node: ReplicaNode) {
        if isCurrent {
            // Most nodes hold registers alone: one number gives how many, and which kinds of
            // collection follow (only those are counted).
            let kinds = (node.sequences.isEmpty ? 0 : 1) | (node.maps.isEmpty ? 0 : 2) | (node.sets.isEmpty ? 0 : 4)
            writer.varint(UInt64(node.registers.count) << 3 | UInt64(kinds))
        } else {
            writer.varint(node.registers.count)
        }
        for register in node.registers.entries {
            if isCurrent {
                writer.varint(UInt64(writer.stringIndex(register.member)) << 1 | (register.state.winner == nil ? 0 : 1))
            } else {
                writer.string(register.member)
                writer.bool(register.state.winner != nil)
            }
            if let (id, value) = register.state.winner {
                self.id(id)
                self.value(value)
            }
        }
        if !isCurrent || !node.sequences.isEmpty { writer.varint(node.sequences.count) }
        for (member, sequence) in node.sequences.sorted(by: { $0.key < $1.key }) {
            writer.string(member)
            presence(sequence.presence)
            let items = sequence.itemsParentsFirst()
            writer.varint(items.count)
            var previous: OperationID?
            for (itemID, item) in items {
                let flags: UInt8 = (item.parent == nil ? 0 : 1) | (item.leftSide ? 2 : 0)
                if !isCurrent {
                    id(itemID)
                    writer.byte(flags)
                    if let parent = item.parent { id(parent) }
                } else if let previous, Self.continuesRun(itemID, item, after: previous) {
                    writer.byte(Self.runFlag)
                    note(itemID)
                } else {
                    writer.byte(flags)
                    id(itemID)
                    if let parent = item.parent { id(parent) }
                }
                previous = itemID
                value(item.value)
                removals(item.removals)
            }
        }
        if !isCurrent || !node.maps.isEmpty { writer.varint(node.maps.count) }
        for (member, map) in node.maps.sorted(by: { $0.key < $1.key }) {
            writer.string(member)
            presence(map.presence)
            let spellings = map.spellings()
            writer.varint(spellings.count)
            for (key, entries) in spellings {
                writer.string(key)
                writer.varint(entries.count)
                for entry in entries.sorted(by: { $0.id < $1.id }) {
                    id(entry.id)
                    value(entry.value)
                    removals(entry.removals)
                }
            }
        }
        if !isCurrent || !node.sets.isEmpty { writer.varint(node.sets.count) }
        for (member, set) in node.sets.sorted(by: { $0.key < $1.key }) {
            writer.string(member)
            presence(set.presence)
            let spellings = set.spellings()
            writer.varint(spellings.count)
            for (element, tags) in spellings {
                value(element)
                writer.varint(tags.count)
                for tag in tags.sorted(by: { $0.id < $1.id }) {
                    id(tag.id)
                    removals(tag.removals)
                }
            }
        }
    }
}

extension ReplicaStateWriter {
    /// An item's flags when it continues a run: its identity and parent are implied.
    static let runFlag: UInt8 = 4

    /// Whether `item` of identity `id` continues the run of the item `previous` written before
    /// it: its right child, with the next counter of the same replica.
    static func continuesRun(_ id: OperationID, _ item: SequenceState.Item, after previous: OperationID) -> Bool {
        item.parent == previous && !item.leftSide && id == previous.next
    }
}

extension OperationID {
    /// The identity after this one in its replica (the next item of a run).
    var next: OperationID { OperationID(counter: counter &+ 1, replica: replica) }
}

extension SequenceState {
    /// Every item with its identity, each after its parent (by depth, then identity), the order
    /// in which decoding inserts them again.
    func itemsParentsFirst() -> [(OperationID, Item)] {
        var items: [OperationID: Item] = [:]
        items.reserveCapacity(itemCount)
        forEachItem { items[$0] = $1 }
        var depth: [OperationID: Int] = [:]
        for start in items.keys where depth[start] == nil {
            var chain: [OperationID] = []
            var current: OperationID? = start
            while let id = current, depth[id] == nil {
                chain.append(id)
                current = items[id]?.parent
            }
            var level = current.flatMap { depth[$0] } ?? -1
            for id in chain.reversed() {
                level += 1
                depth[id] = level
            }
        }
        return items.sorted { (depth[$0.key]!, $0.key) < (depth[$1.key]!, $1.key) }.map { ($0.key, $0.value) }
    }
}
