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
    /// Whether what the tables show is written once (``ReplicaEngine/stateFormat``): the log
    /// refers to it (``log(_:shownBy:)``), an item without removals says so in its flags, and
    /// a node whose registers are named as the node's before (of its type) does not name them.
    let writesOnce: Bool
    /// The type and registers (their members, and whether each has a winner) of the node
    /// written before.
    private var previousRegisters: (type: String, layout: [RegisterLayout])?
    private var last: UInt64 = 0
    private var lastReplica = ReplicaID.genesis
    /// The counter of the last node a value named (current format: node values are written as
    /// differences from it, the next item of a run most often holding the next node made).
    private var lastNode: UInt64 = 0

    init(format: UInt8 = ReplicaEngine.stateFormat) {
        isCurrent = format != ReplicaEngine.formerStateFormat
        writesOnce = format == ReplicaEngine.stateFormat
        writer.integerValues = format == ReplicaEngine.stateFormat || format == ReplicaEngine.fullLogStateFormat
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
        var namesRegisters = true
        if isCurrent {
            // Most nodes hold registers alone: one number gives how many, and which kinds of
            // collection follow (only those are counted); and in the format that writes once,
            // whether the registers are named as the node's before.
            let kinds = UInt64((node.sequences.isEmpty ? 0 : 1) | (node.maps.isEmpty ? 0 : 2) | (node.sets.isEmpty ? 0 : 4))
            if writesOnce {
                let layout = node.registers.entries.map { RegisterLayout(member: $0.member, hasWinner: $0.state.winner != nil) }
                namesRegisters = previousRegisters.map { $0.type != node.type || $0.layout != layout } ?? true
                previousRegisters = (node.type, layout)
                writer.varint(namesRegisters ? UInt64(node.registers.count) << 4 | kinds : Self.sameRegistersFlag | kinds)
            } else {
                writer.varint(UInt64(node.registers.count) << 3 | kinds)
            }
        } else {
            writer.varint(node.registers.count)
        }
        for register in node.registers.entries {
            if namesRegisters && isCurrent {
                writer.varint(UInt64(writer.stringIndex(register.member)) << 1 | (register.state.winner == nil ? 0 : 1))
            } else if namesRegisters {
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
                let removed = writesOnce && !item.removals.isEmpty ? Self.removalsFlag : 0
                let flags: UInt8 = (item.parent == nil ? 0 : 1) | (item.leftSide ? 2 : 0) | removed
                if !isCurrent {
                    id(itemID)
                    writer.byte(flags)
                    if let parent = item.parent { id(parent) }
                } else if let previous, Self.continuesRun(itemID, item, after: previous) {
                    writer.byte(Self.runFlag | removed)
                    note(itemID)
                } else {
                    writer.byte(flags)
                    id(itemID)
                    if let parent = item.parent { id(parent) }
                }
                previous = itemID
                value(item.value)
                if !writesOnce || !item.removals.isEmpty { removals(item.removals) }
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
    /// An item's flag, when the state writes once, that its removals follow (most items have none).
    static let removalsFlag: UInt8 = 8
    /// A node's header's flag, when the state writes once, that its registers are named as the
    /// node's before: their count is not written (it is the flag's place).
    static let sameRegistersFlag: UInt64 = 8

    /// A register as a node's header may repeat it: its member, and whether it has a winner.
    struct RegisterLayout: Equatable {
        let member: String
        let hasWinner: Bool
    }

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
