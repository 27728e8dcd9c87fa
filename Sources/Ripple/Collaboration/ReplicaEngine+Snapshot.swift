import Foundation

/// The engine's state for snapshots: its merge tables (every node's members' merge states, the
/// places that held nodes, the moves, the root, the version and the changes that wait) and its
/// log, in the compact form of ``ReplicaStateWriter``. Decoding fills the tables without
/// integrating any change, and takes the log back as it was.
///
/// The log stays because a replica reopened from its snapshot must still send what it made
/// before: an app that saves its document and quits before the others heard of its last edits
/// would otherwise lose them (Loro's default snapshot keeps its history for the same reason).
/// A state may hold a log that starts later (``compacted``): ``changes(since:)`` then cannot
/// serve an older version. Replicas that have the same changes encode the same bytes (no
/// replica identity, everything sorted).
extension ReplicaEngine {
    /// The first byte of an encoded state: its format. In this one the log's counters are
    /// relative (see ``CompactWriter/relativeCounters``), integers are numbers (see
    /// ``CompactWriter/integerValues``), and what the tables hold is written once (see
    /// ``ReplicaStateWriter/writesOnce``): the log refers to it.
    static let stateFormat: UInt8 = 0xE5
    /// The format before, whose log holds every operation in full: still read (snapshots hold
    /// it), written only for the tests that read it.
    static let fullLogStateFormat: UInt8 = 0xE4
    /// The format before, whose integers are JSON texts in the string table: still read
    /// (snapshots hold it), written only for the tests that read it.
    static let previousStateFormat: UInt8 = 0xE3
    /// The format before that, whose tables are not compacted (see ``ReplicaStateWriter``) and
    /// whose log's counters are relative to their change's first counter: still read, written
    /// only for the tests that read it.
    static let formerStateFormat: UInt8 = 0xE2

    /// The state as bytes, for a snapshot (in `format`: ``stateFormat``, or one of the formats
    /// before for the tests that read those).
    func encodedState(format: UInt8 = stateFormat) throws -> Data {
        var state = ReplicaStateWriter(format: format)
        state.writer.string(document)
        state.writer.string(model)
        state.writer.bool(root != nil)
        if let root { state.id(root.made) }
        let sortedNodes = nodes.sorted { $0.key < $1.key }
        state.writer.varint(sortedNodes.count)
        for (id, node) in sortedNodes {
            state.id(id.made)
            state.writer.string(node.type)
        }
        for (_, node) in sortedNodes { state.node(node) }
        // The current format leaves out the places the node states show (see `shownPlacements()`).
        let shown = state.isCurrent ? shownPlacements() : [:]
        let sortedPlacements = placements.compactMap { node, places -> (NodeID, [Placement])? in
            guard let shown = shown[node] else { return (node, places) }
            let unshown = places.filter { !shown.contains($0) }
            return unshown.isEmpty ? nil : (node, unshown)
        }
        .sorted { $0.0 < $1.0 }
        state.writer.varint(sortedPlacements.count)
        for (node, places) in sortedPlacements {
            state.id(node.made)
            state.writer.varint(places.count)
            for place in places.sorted() { placement(place, into: &state) }
        }
        state.writer.varint(moves.count)
        for (id, move) in moves.sorted(by: { $0.key < $1.key }) {
            state.id(id)
            state.id(move.node.made)
            placement(move.destination, into: &state)
            state.writer.varint(move.sources.count)
            for source in move.sources.sorted() {
                state.id(source.node.made)
                state.writer.string(source.member)
            }
        }
        state.writer.version(version)
        state.writer.changes(waiting.keys.sorted().map { waiting[$0]! })
        state.writer.version(compacted)
        state.writer.relativeCounters = format != Self.formerStateFormat
        state.log(changes(since: compacted).changes, shownBy: self)
        return state.writer.bytes(format: format)
    }

    /// The places the node states show: every sequence item, dictionary entry and set tag that
    /// holds a node (none is ever dropped) and every register's winning write that holds one.
    /// Only a register's overwritten writes are places they do not show.
    private func shownPlacements() -> [NodeID: Set<Placement>] {
        var shown: [NodeID: Set<Placement>] = [:]
        func show(_ value: ReplicaValue, _ holder: NodeID, _ member: String, _ id: OperationID) {
            if let node = value.node { shown[node, default: []].insert(Placement(holder: holder, member: member, id: id)) }
        }
        for (holder, node) in nodes {
            for register in node.registers.entries {
                if let (id, value) = register.state.winner { show(value, holder, register.member, id) }
            }
            for (member, sequence) in node.sequences {
                sequence.forEachItem { id, item in show(item.value, holder, member, id) }
            }
            for (member, map) in node.maps {
                for entry in map.entries.values.joined() { show(entry.value, holder, member, entry.id) }
            }
            for (member, set) in node.sets {
                for (element, tags) in set.tags { for tag in tags { show(element, holder, member, tag.id) } }
            }
        }
        return shown
    }

    private func placement(_ place: Placement, into state: inout ReplicaStateWriter) {
        state.id(place.holder.made)
        state.writer.string(place.member)
        state.id(place.id)
    }

    /// Rebuilds a replica of identity `replica` from `encodedState()`'s bytes, without
    /// integrating any change (this costs the state's size, not the document's history).
    ///
    /// - Throws: ``ReplicaError/malformed(_:)`` or ``ReplicaEngineError/malformed(_:)`` for bytes
    ///   that are not such a state.
    init(decoding data: Data, replica: ReplicaID, shapes: [String: [String: MemberShape]]) throws {
        var state = ReplicaStateReader(
            try CompactReader(
                data, formats: [Self.stateFormat, Self.fullLogStateFormat, Self.previousStateFormat, Self.formerStateFormat],
                what: "a replica state"))
        self.init(replica: replica, document: try state.reader.string(), model: try state.reader.string(), shapes: shapes)
        root = try state.reader.bool() ? NodeID(made: try state.id()) : nil
        var order: [(NodeID, String)] = []
        for _ in 0..<(try state.reader.count()) {
            let id = NodeID(made: try state.id())
            let type = try state.reader.string()
            guard nodes.updateValue(ReplicaNode(type: type), forKey: id) == nil else {
                throw ReplicaError.malformed("node \(id) twice")
            }
            order.append((id, type))
        }
        for (id, type) in order {
            nodes[id] = try state.node(id, type: type, shapes: shapes[type] ?? [:], known: nodes)
        }
        nodes.trimCapacity()
        // The current format holds only the places the node states do not show.
        let shown = state.isCurrent ? shownPlacements() : [:]
        for (node, places) in shown { nodes.setPlacements(places.sorted(), of: node) }
        var unshown: Set<NodeID> = []
        for _ in 0..<(try state.reader.count()) {
            let node = NodeID(made: try state.id())
            var places: [Placement] = []
            for _ in 0..<(try state.reader.count()) { places.append(try placement(from: &state)) }
            guard state.isCurrent else {
                nodes.setPlacements(places, of: node)
                continue
            }
            guard unshown.insert(node).inserted, !places.contains(where: { shown[node]?.contains($0) ?? false }) else {
                throw ReplicaError.malformed("a place of \(node) written twice")
            }
            nodes.setPlacements((nodes.placements(of: node) + places).sorted(), of: node)
        }
        for _ in 0..<(try state.reader.count()) {
            let id = try state.id()
            let node = NodeID(made: try state.id())
            let destination = try placement(from: &state)
            guard moves[id] == nil, nodes.placements(of: node).contains(destination) else {
                throw ReplicaError.malformed("a move of \(node) to a place that does not hold it")
            }
            var sources: Set<MemberKey> = []
            for _ in 0..<(try state.reader.count()) {
                let source = MemberKey(node: NodeID(made: try state.id()), member: try state.reader.string())
                guard nodes.contains(source.node) else { throw ReplicaError.malformed("a move from an unknown node") }
                sources.insert(source)
            }
            moves[id] = ReplicaMove(node: node, destination: destination, sources: sources)
        }
        version = try state.reader.version()
        let waiting = try state.reader.changes()
        compacted = try state.reader.version()
        state.reader.relativeCounters = state.reader.format != Self.formerStateFormat
        let logged = try state.log(shownBy: nodes)
        try state.reader.finish()
        try takeLog(logged)
        // A move's back references are in no table: its change in the log names them.
        for change in logged {
            for (move, write) in change.backReferences where moves[move] != nil { moves[move]!.backReferences.append(write) }
        }
        for change in waiting {
            try Self.checkRanges(change)
            guard change.sequence > version[change.replica] else { continue }
            self.waiting[ChangeKey(replica: change.replica, sequence: change.sequence)] = change
        }
        // A change that only removes leaves no clock in the tables: its log entry has it.
        clock = log.values.reduce(state.greatest) { max($0, $1.greatestCounter) }
        refreshMoves()
    }

    /// Takes back a state's log: each replica's changes from just after ``compacted`` to what
    /// the version holds, in sequence order.
    private mutating func takeLog(_ changes: [ReplicaChange]) throws {
        guard version.includes(compacted) else { throw ReplicaError.malformed("a log that starts after the version") }
        for change in changes {
            try Self.checkRanges(change)
            let expected = compacted[change.replica] + UInt64(log[change.replica]?.count ?? 0) + 1
            guard change.sequence == expected, change.sequence <= version[change.replica] else {
                throw ReplicaError.malformed("change \(change.sequence) of \(change.replica) out of place in the log")
            }
            log[change.replica, default: ReplicaLog()].append(change)
        }
        for (replica, sequence) in version.counts where sequence != compacted[replica] + UInt64(log[replica]?.count ?? 0) {
            throw ReplicaError.malformed("the log lacks changes of \(replica)")
        }
    }

    private func placement(from state: inout ReplicaStateReader) throws -> Placement {
        let holder = NodeID(made: try state.id())
        guard nodes.contains(holder) else { throw ReplicaError.malformed("a place in unknown node \(holder)") }
        return Placement(holder: holder, member: try state.reader.string(), id: try state.id())
    }
}
