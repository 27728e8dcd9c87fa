/// Applying changes to the merge state: the one path for local and remote changes, which
/// checks everything a change names (hostile input never corrupts the state).
extension ReplicaEngine {
    /// Applies a change whose predecessors are integrated and logs it (`received`: where it lies
    /// in the bytes it was merged from, if it was).
    mutating func apply(_ change: ReplicaChange, effects: inout ChangeEffects, received: ReceivedRun? = nil) throws {
        effects.journal?.noteChange(of: change.replica, log: log, version: version, clock: clock, madeCount: effects.made.count)
        try applyOperations(of: change, effects: &effects)
        version[change.replica] = change.sequence
        log[change.replica, default: ReplicaLog()].append(change, received: received)
    }

    /// Applies a change of `run`'s replica whose predecessors are integrated, and logs it in
    /// the run (noted when the run began).
    mutating func apply(
        _ change: ReplicaChange, in run: inout ReplicaRun, effects: inout ChangeEffects, received: ReceivedRun?
    ) throws {
        try applyOperations(of: change, effects: &effects)
        run.sequence = change.sequence
        run.log.append(change, received: received)
    }

    /// Begins a run of `replica`'s changes: its count and log are taken out of `version` and
    /// `log` until ``end(_:)``, so that its changes cost no lookup of the replica in them.
    mutating func begin(_ run: inout ReplicaRun?, of replica: ReplicaID, effects: inout ChangeEffects) {
        end(&run)
        effects.journal?.noteChange(of: replica, log: log, version: version, clock: clock, madeCount: effects.made.count)
        let held = log.removeValue(forKey: replica)
        run = ReplicaRun(replica: replica, sequence: version[replica], log: held ?? ReplicaLog(), hadLog: held != nil)
    }

    /// Puts a run's count and log back (nothing for no run).
    mutating func end(_ run: inout ReplicaRun?) {
        guard let ended = run.take() else { return }
        version[ended.replica] = ended.sequence
        if ended.hadLog || ended.log.count > 0 { log[ended.replica] = ended.log }
    }

    /// A change's operations, and the clock they reach.
    private mutating func applyOperations(of change: ReplicaChange, effects: inout ChangeEffects) throws {
        var counter = change.firstCounter
        var sourcesByMove: [OperationID: Set<MemberKey>] = [:]
        var movesOfChange: Set<OperationID> = []
        var greatest = change.lastCounter ?? change.firstCounter
        if change.operations.count >= Self.reservingOperations { reserveNodes(for: change) }
        for operation in change.operations {
            let id = OperationID(counter: counter, replica: change.replica)
            try apply(operation, id: id, effects: &effects)
            switch operation {
            case .make(let node, _):
                greatest = max(greatest, node.made.counter)
            case .move:
                movesOfChange.insert(id)
            default:
                break
            }
            for (move, member) in operation.moveSources { sourcesByMove[move, default: []].insert(member) }
            counter &+= operation.counterSpan
        }
        guard sourcesByMove.keys.allSatisfy(movesOfChange.contains) else {
            throw ReplicaEngineError.malformed("a removal names a move its change does not make")
        }
        for (move, sources) in sourcesByMove { moves[move]!.sources.formUnion(sources) }
        if !movesOfChange.isEmpty {
            for (move, write) in change.backReferences { moves[move]!.backReferences.append(write) }
        }
        // A change's clocks follow everything its replica had seen, which is integrated here
        // before it: clocks that leap far past this replica's are forged, and following them
        // would take this replica's own clocks past what the others accept.
        guard greatest <= clock &+ Self.maximumClockLeap else {
            throw ReplicaEngineError.malformed("clocks of change \(change.sequence) of \(change.replica) leap past what it builds on")
        }
        clock = max(clock, greatest)
    }

    /// How many operations a change holds before its nodes and registers are counted and made
    /// room for at once.
    static let reservingOperations = 1_024

    /// Makes room for the nodes `change` makes and the registers it writes of them, so that a
    /// change that makes many nodes leaves the node table as long as it needs.
    private mutating func reserveNodes(for change: ReplicaChange) {
        // The nodes a change makes carry their own clocks, mostly one run of them.
        var made = 0
        var madeClocks: ClosedRange<UInt64>?
        for case .make(let node, _) in change.operations where node.made.replica == change.replica {
            made += 1
            let clock = node.made.counter
            madeClocks = madeClocks.map { min($0.lowerBound, clock)...max($0.upperBound, clock) } ?? clock...clock
        }
        guard let madeClocks else { return }
        // Writes to the nodes it makes add registers; others mostly overwrite.
        let written = change.operations.count {
            guard case .write(let node, _, _) = $0 else { return false }
            return node.made.replica == change.replica && madeClocks.contains(node.made.counter)
        }
        nodes.reserve(nodes: made, registers: written)
    }

    /// Applies one operation of identity `id` (a `make` carries its own).
    mutating func apply(_ operation: ChangeOperation, id: OperationID, effects: inout ChangeEffects) throws {
        if let node = operation.editedNode { effects.journal?.noteNode(node, in: nodes) }
        switch operation {
        case .make(let node, let type):
            guard node.made.replica == id.replica, node.made.counter <= Self.maximumClock, !nodes.contains(node) else {
                throw ReplicaEngineError.malformed("node \(node) made twice or by another replica")
            }
            if nodes.placements(of: node).isEmpty { madeSinceMoves.insert(node) }
            nodes[node] = ReplicaNode(type: type)
            effects.made.append(node)
        case .write(let node, let member, let value):
            // Written where the check found it: one lookup of the node per write.
            let slot = try nodeSlot(node, member, shape: .register, value: value, effects: &effects)
            nodes.writeRegister(value, id: id, member: member, at: slot)
            place(value, at: Placement(holder: node, member: member, id: id), effects: &effects)
            // Not added to `touched` (a lookup per write): the journal noted the node, and
            // `visibleOperations` compares every register of the nodes it noted.
        case .presence(let node, let member, let absent):
            let key = MemberKey(node: node, member: member)
            try requireNode(node)
            switch shape(of: key) {
            case .register: throw ReplicaEngineError.malformed("\(member) is not a collection")
            case .sequence:
                effects.journal?.noteSequence(key, in: nodes)
                nodes.editSequence(member, of: node) { $0.presence.write(absent: absent, id: id) }
            case .map: nodes.editMap(member, of: node) { $0.presence.write(absent: absent, id: id) }
            case .set: nodes.editSet(member, of: node) { $0.presence.write(absent: absent, id: id) }
            }
            effects.touched.insert(key)
        case .insert(let node, let member, let parent, let leftSide, let values):
            try insert(
                values, node: node, member: member, parent: parent, leftSide: leftSide, first: id, effects: &effects)
        case .delete(let node, let member, let items):
            let key = try memberKey(node, member, shape: .sequence, effects: &effects)
            effects.journal?.noteSequence(key, in: nodes)
            effects.journal?.noteRemovals(items, of: key, in: nodes)
            guard editSequence(member, of: node, { $0.remove(items) }) else {
                throw ReplicaEngineError.malformed("a removal of an unknown item of \(member)")
            }
            effects.touched.insert(key)
        case .put(let node, let member, let key, let value, let seen):
            let memberKey = try memberKey(node, member, shape: .map, value: value, effects: &effects)
            guard nodes.map(member, of: node)?.accepts(id, key: key, removing: seen) ?? seen.isEmpty else {
                throw ReplicaEngineError.malformed("a set of key \(key) of \(member) naming unknown entries")
            }
            // Edited in place: a copy of the map would make the edit copy it whole.
            nodes.editMap(member, of: node) { $0.put(value, key: key, id: id, removing: seen) }
            place(value, at: Placement(holder: node, member: member, id: id), effects: &effects)
            effects.touched.insert(memberKey)
        case .removeKey(let node, let member, let key, let seen):
            let memberKey = try memberKey(node, member, shape: .map, effects: &effects)
            guard nodes.editMap(member, of: node, { $0.remove(seen, key: key) }) else {
                throw ReplicaEngineError.malformed("a removal of key \(key) of \(member) naming unknown entries")
            }
            effects.touched.insert(memberKey)
        case .add(let node, let member, let element):
            let key = try memberKey(node, member, shape: .set, value: element, effects: &effects)
            guard !(nodes.set(member, of: node)?.contains(id, element: element) ?? false) else {
                throw ReplicaEngineError.malformed("a tag added twice to \(member)")
            }
            nodes.editSet(member, of: node) { $0.add(element, id: id) }
            place(element, at: Placement(holder: node, member: member, id: id), effects: &effects)
            effects.touched.insert(key)
        case .removeElement(let node, let member, let element, let seen):
            let key = try memberKey(node, member, shape: .set, effects: &effects)
            guard nodes.editSet(member, of: node, { $0.remove(seen, element: element) }) else {
                throw ReplicaEngineError.malformed("a removal of an unknown tag of \(member)")
            }
            effects.touched.insert(key)
        case .move(let node, let destination, let leftMembers):
            guard moves[id] == nil, nodes.placements(of: node).contains(destination) else {
                throw ReplicaEngineError.malformed("a move of \(node) to a place that does not hold it")
            }
            guard leftMembers.allSatisfy({ nodes.contains($0.node) }) else {
                throw ReplicaEngineError.malformed("a move of \(node) from a member of an unknown node")
            }
            moves[id] = ReplicaMove(node: node, destination: destination, sources: Set(leftMembers))
            effects.journal?.noteAddedMove(id)
            effects.placementsChanged = true
        }
    }

    private mutating func insert(
        _ values: [ReplicaValue], node: NodeID, member: String, parent: OperationID?, leftSide: Bool,
        first: OperationID, effects: inout ChangeEffects
    ) throws {
        let key = try memberKey(node, member, shape: .sequence, effects: &effects)
        for value in values { try requireKnown(value) }
        guard !values.isEmpty else { throw ReplicaEngineError.malformed("an empty insert into \(member)") }
        // Checked whole first, then inserted in place: a sequence taken out to insert into
        // would be copied whole by its first insert.
        let ids = (0..<UInt64(values.count)).map { OperationID(counter: first.counter + $0, replica: first.replica) }
        guard sequenceAccepts(ids, node: node, member: member, parent: parent, leftSide: leftSide) else { throw ReplicaEngineError.malformed("an insert into \(member) at an unknown place or twice") }
        effects.journal?.noteSequence(key, in: nodes)
        nodes.editSequence(member, of: node) { $0.reserve(values.count) }
        var anchor = (parent: parent, leftSide: leftSide)
        for (id, value) in zip(ids, values) {
            editSequence(member, of: node) { $0.insert(value, id: id, parent: anchor.parent, leftSide: anchor.leftSide) }
            effects.journal?.noteInserted(id, into: key)
            place(value, at: Placement(holder: node, member: member, id: id), effects: &effects)
            anchor = (id, false)
        }
        effects.touched.insert(key)
    }

    /// Whether a run of new items `ids` may go under `parent` (scoped: a copy of the sequence
    /// alive while it is edited would make the edit copy it).
    private func sequenceAccepts(
        _ ids: [OperationID], node: NodeID, member: String, parent: OperationID?, leftSide: Bool
    ) -> Bool {
        let sequence = nodes.sequence(member, of: node) ?? SequenceState()
        return sequence.accepts(ids[0], parent: parent, leftSide: leftSide) && !ids.contains { sequence.contains($0) }
    }

    /// The member an operation of `shape` edits, checking its node, shape and value.
    private func memberKey(
        _ node: NodeID, _ member: String, shape: MemberShape, value: ReplicaValue? = nil, effects: inout ChangeEffects
    ) throws -> MemberKey {
        _ = try nodeSlot(node, member, shape: shape, value: value, effects: &effects)
        return MemberKey(node: node, member: member)
    }

    /// The slot of the node an operation of `shape` edits in `nodes`, checking its node, shape
    /// and value.
    private func nodeSlot(
        _ node: NodeID, _ member: String, shape: MemberShape, value: ReplicaValue?, effects: inout ChangeEffects
    ) throws -> Int {
        // One lookup, and the node's type read in place (a copy of the node would retain its tables).
        guard let slot = nodes.slot(of: node) else { throw ReplicaEngineError.malformed("an edit of unknown node \(node)") }
        guard memberShape(ofType: nodes.type(at: slot), member: member, effects: &effects) == shape else {
            throw ReplicaEngineError.malformed("member \(member) of \(node) is not a \(shape)")
        }
        if let value { try requireKnown(value) }
        return slot
    }

    /// `shape(ofType:member:)`, with the class's shapes looked up once per run of edits of its
    /// nodes (and no lookup of the member for a class of registers alone).
    private func memberShape(ofType type: String, member: String, effects: inout ChangeEffects) -> MemberShape {
        if effects.classShapes?.type != type { effects.classShapes = (type, shapes[type] ?? [:]) }
        guard let classShapes = effects.classShapes?.shapes, !classShapes.isEmpty else { return .register }
        return classShapes[member] ?? .register
    }

    private func requireNode(_ node: NodeID) throws {
        guard nodes.slot(of: node) != nil else { throw ReplicaEngineError.malformed("an edit of unknown node \(node)") }
    }

    /// A node value must name a node made already (or one the document held before sharing).
    private func requireKnown(_ value: ReplicaValue) throws {
        if let node = value.node, node.made.replica != .genesis { try requireNode(node) }
    }

    private mutating func place(_ value: ReplicaValue, at placement: Placement, effects: inout ChangeEffects) {
        guard let node = value.node else { return }
        effects.journal?.notePlacements(of: node, in: nodes)
        nodes.addPlacement(placement, of: node)
        if !madeSinceMoves.contains(node) { placedSinceMoves.append((node, placement)) }
        effects.placementsChanged = true
    }
}

extension ChangeOperation {
    /// The node whose state it makes or edits (nil for a move: it adds to the move table).
    var editedNode: NodeID? {
        switch self {
        case .make(let node, _), .write(let node, _, _), .presence(let node, _, _), .insert(let node, _, _, _, _),
            .delete(let node, _, _), .put(let node, _, _, _, _), .removeKey(let node, _, _, _), .add(let node, _, _),
            .removeElement(let node, _, _, _):
            return node
        case .move:
            return nil
        }
    }

    /// The moves its removals are part of, with the member they remove from.
    var moveSources: [(OperationID, MemberKey)] {
        let (node, member, removals): (NodeID, String, [Removal])
        switch self {
        case .delete(let n, let m, let items): (node, member, removals) = (n, m, items)
        case .put(let n, let m, _, _, let seen): (node, member, removals) = (n, m, seen)
        case .removeKey(let n, let m, _, let seen): (node, member, removals) = (n, m, seen)
        case .removeElement(let n, let m, _, let seen): (node, member, removals) = (n, m, seen)
        default: return []
        }
        return removals.compactMap { removal in removal.move.map { ($0, MemberKey(node: node, member: member)) } }
    }
}

/// Consecutive changes of one replica that a merge integrates: the replica's count and log,
/// held out of the engine's `version` and `log` meanwhile (see ``ReplicaEngine/begin(_:of:effects:)``).
struct ReplicaRun {
    let replica: ReplicaID
    var sequence: UInt64
    var log: ReplicaLog
    /// Whether `log` was in the engine's (it goes back then, even empty).
    let hadLog: Bool
}
