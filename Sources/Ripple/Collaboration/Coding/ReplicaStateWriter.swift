/// Writes a replica engine's merge tables (not its history) in the compact form: every node
/// with its members' merge states, the places that held nodes, the moves, the version and the
/// changes that wait. Everything is sorted, so that replicas that have the same changes write
/// the same bytes whatever order they integrated them in. Operation identities are written as
/// differences from the one written before (items of a run, writes of one update are
/// consecutive: one byte each).
struct ReplicaStateWriter {
    var writer = CompactWriter()
    private var last: UInt64 = 0

    mutating func id(_ id: OperationID) {
        writer.operationID(id, base: last)
        if id.replica != .genesis { last = id.counter }
    }

    mutating func value(_ value: ReplicaValue) {
        writer.value(value, base: last)
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
        writer.varint(node.registers.count)
        for register in node.registers.entries {
            writer.string(register.member)
            writer.bool(register.state.winner != nil)
            if let (id, value) = register.state.winner {
                self.id(id)
                self.value(value)
            }
        }
        writer.varint(node.sequences.count)
        for (member, sequence) in node.sequences.sorted(by: { $0.key < $1.key }) {
            writer.string(member)
            presence(sequence.presence)
            let items = sequence.itemsParentsFirst()
            writer.varint(items.count)
            for (itemID, item) in items {
                id(itemID)
                writer.byte((item.parent == nil ? 0 : 1) | (item.leftSide ? 2 : 0))
                if let parent = item.parent { id(parent) }
                value(item.value)
                removals(item.removals)
            }
        }
        writer.varint(node.maps.count)
        for (member, map) in node.maps.sorted(by: { $0.key < $1.key }) {
            writer.string(member)
            presence(map.presence)
            writer.varint(map.entries.count)
            for (key, entries) in map.entries.sorted(by: { $0.key < $1.key }) {
                writer.string(key)
                writer.varint(entries.count)
                for entry in entries.sorted(by: { $0.id < $1.id }) {
                    id(entry.id)
                    value(entry.value)
                    removals(entry.removals)
                }
            }
        }
        writer.varint(node.sets.count)
        for (member, set) in node.sets.sorted(by: { $0.key < $1.key }) {
            writer.string(member)
            presence(set.presence)
            writer.varint(set.tags.count)
            for (element, tags) in set.tags.sorted(by: { ReplicaValue.precedes($0.key, $1.key) }) {
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

extension SequenceState {
    /// Every item with its identity, each after its parent (by depth, then identity), the order
    /// in which decoding inserts them again.
    func itemsParentsFirst() -> [(OperationID, Item)] {
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
