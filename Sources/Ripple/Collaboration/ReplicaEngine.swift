/// A replica of a shared document as a pure data structure: it knows the conflict rules
/// (DESIGN.md "Collaboration") and nothing of the model classes. The mediator tells it its
/// committed local updates as visible operations, hands out and takes in change sets, and
/// applies the visible operations a merge returns.
///
/// Costs: `integrate` costs the changes it brings, not the document: it works in place,
/// noting in a ``ReplicaJournal`` what it overwrites (undone when the change set is refused, or
/// by the session when the model refuses the result), and each step looks only at every
/// replica's next waiting change; `recordLocal` likewise translates in place and puts back what
/// it overwrote. A sequence keeps its order with visible counts (``SequenceState``), so a
/// splice, local or merged, costs the items it touches times the log of the sequence's length,
/// and the journal notes a sequence's edits instead of copying it; whether its counts are the
/// visible ones is kept as the move status changes (``SequenceVisibilityCheck``: a move checks
/// its node's places and removals again, not every item moved out); a merge that changes the
/// move status splices the items moves can change (those its moves removed, the destinations
/// hidden or shown), and the move status's cycle check reads homes from the places it reaches
/// (``MoveTree``). Costs not yet met (issue 27 item 6): a sequence where moves decide what
/// shows (an item out only by moves that do not hold, a hidden destination) is walked whole;
/// the first edit of a node in a merge or local update copies that node's other member states;
/// a move that comes before others already integrated (concurrent moves) has the move status
/// computed again from every move (not every place);
/// tombstones (sequence items, entries, tags) are never dropped.
struct ReplicaEngine {
    let replica: ReplicaID
    /// The document's name, which every change set carries; a replica that began from a
    /// document's state without a replica state adds that state's fingerprint (see
    /// `ReplicaSession.seed`).
    var document: String
    let model: String
    /// For every class name, how each member merges (a member not listed is a register).
    let shapes: [String: [String: MemberShape]]
    var version = DocumentVersion()
    /// The greatest clock this replica has used or seen.
    var clock: UInt64 = 0
    /// Every change integrated, by replica, in sequence order (after those of `compacted`).
    var log: [ReplicaID: ReplicaLog] = [:]
    /// The changes the log no longer holds: those integrated before the state this replica
    /// was opened from (see `encodedState()`).
    var compacted = DocumentVersion()
    /// Changes that wait for their dependencies, by replica and sequence.
    var waiting: [ChangeKey: ReplicaChange] = [:]
    /// Every node, with every place that ever held it (removed ones included).
    var nodes = ReplicaNodes()
    var moves = MoveLog()
    /// Changed only by `refreshMoves()` and `restoreMoveStatus(_:)`, which bring the sequences'
    /// checks (``SequenceVisibilityCheck``) up to it.
    var moveStatus = MoveStatus()
    /// What changed since `moveStatus` was computed, for `refreshMoves()`: the places added to
    /// nodes made before (a home may have changed), and the nodes made since.
    var placedSinceMoves: [(node: NodeID, place: Placement)] = []
    var madeSinceMoves: Set<NodeID> = []
    /// How many times the move status was computed from every move: what tests count costs by.
    private(set) var moveStatusComputations = 0
    /// How many items the sequences' checks looked at (see ``SequenceVisibilityCheck``): what
    /// tests count a move's cost by.
    var sequenceItemsChecked = 0
    /// The document's root: it has no home, however many back references hold it (else a
    /// reference to the root would make every move under it a cycle).
    var root: NodeID?
    /// The internal operations of every genesis seed, in the order seeded (a snapshot keeps
    /// them: they are in no change).
    var genesisSeeds: [[ChangeOperation]] = []
    /// While `recordLocal` translates an update against this state: what it overwrote, put
    /// back before the change it built is applied.
    var translationJournal: ReplicaJournal?

    struct ChangeKey: Hashable, Comparable {
        let replica: ReplicaID
        let sequence: UInt64

        static func < (lhs: ChangeKey, rhs: ChangeKey) -> Bool {
            (lhs.replica, lhs.sequence) < (rhs.replica, rhs.sequence)
        }
    }

    init(replica: ReplicaID, document: String, model: String, shapes: [String: [String: MemberShape]]) {
        self.replica = replica
        self.document = document
        self.model = model
        self.shapes = shapes
        moveStatus.checkToken = MoveStatus.CheckToken()
    }

    /// The identity of a node this replica makes in the update it will record next.
    mutating func newNode() -> NodeID {
        clock += 1
        return NodeID(made: OperationID(counter: clock, replica: replica))
    }

    /// How a member of a node merges (a register for a node it does not know).
    func shape(of key: MemberKey) -> MemberShape {
        guard let slot = nodes.slot(of: key.node) else { return .register }
        return shape(ofType: nodes.type(at: slot), member: key.member)
    }

    /// How a member of a node of class `type` merges.
    func shape(ofType type: String, member: String) -> MemberShape {
        shapes[type]?[member] ?? .register
    }

    /// Everything this replica made or integrated that the holder of `version` lacks, each
    /// change after those it depends on (by clock: a change's clocks exceed its dependencies'),
    /// of those its log holds (all of them when `version` includes `compacted`).
    func changes(since version: DocumentVersion) -> ChangeSet {
        var changes: [ReplicaChange] = []
        for (replica, list) in log {
            let start = max(version[replica], compacted[replica]) - compacted[replica]
            if UInt64(list.count) > start { changes += list.changes(from: Int(start)) }
        }
        changes.sort { ($0.firstCounter, $0.replica) < ($1.firstCounter, $1.replica) }
        return ChangeSet(document: document, model: model, changes: changes)
    }

    /// Integrates another replica's changes (any subset, duplicated, out of order, batched) and
    /// returns the visible operations that take this replica's visible state, as it was before
    /// the call, to the merged one. Changes integrated already are skipped; changes whose
    /// predecessors are missing wait and are integrated by the call that brings what they
    /// need (one of those found malformed then is dropped alone: refusing the call for it would
    /// refuse every later one).
    ///
    /// - Throws: ``ReplicaEngineError``, with nothing changed, for another document's or
    ///   model's change set or a malformed one.
    mutating func integrate(_ changeSet: ChangeSet) throws -> [ReplicaOperation] {
        try integrateUndoably(changeSet).operations
    }

    /// `integrate(_:)`, with what it overwrote: a caller that cannot apply the operations
    /// puts the engine back with `undo(_:)` instead of keeping a copy of it (whose first
    /// writes would copy the document's tables).
    mutating func integrateUndoably(_ changeSet: ChangeSet) throws -> (operations: [ReplicaOperation], undo: MergeUndo) {
        guard changeSet.document == document else {
            throw ReplicaEngineError.otherDocument(expected: document, found: changeSet.document)
        }
        guard changeSet.model == model else {
            throw ReplicaEngineError.otherModel(expected: model, found: changeSet.model)
        }
        // By index: iterating would copy each change (retaining its tables) once more.
        for index in changeSet.changes.indices { try Self.checkRanges(changeSet.changes[index]) }
        var undo = MergeUndo(moves: moveStatus.detached)
        var effects = ChangeEffects(journal: ReplicaJournal())
        var run: ReplicaRun?
        // The last dependencies on other replicas found integrated (the version only grows).
        var othersIncluded = DocumentVersion()
        // Taken out once: read through the change set, it was copied (its tables retained) per change.
        let received = changeSet.received
        do {
            // A change whose predecessors are all here is integrated at once (the common case:
            // a change set in order); the others wait, and are integrated once they are ready.
            for index in changeSet.changes.indices {
                let change = changeSet.changes[index]
                // The run of another replica ends first: this change may depend on it.
                if let open = run, open.replica != change.replica { end(&run) }
                // No lookup of its replica's count within a run: `checkRanges` made its own
                // dependency its sequence less one, so the next change is ready once its others are.
                let integrated = run?.sequence ?? version[change.replica]
                guard change.sequence > integrated else { continue }
                let key = ChangeKey(replica: change.replica, sequence: change.sequence)
                if !waiting.isEmpty, let waitingIndex = waiting.index(forKey: key) {
                    // The same change waits: it is integrated below, once ready.
                    guard waiting.values[waitingIndex] != change else { continue }
                    // Another change claims its key (damaged or forged, or this one is): the one
                    // that waited gives way, so that it cannot block this replica's changes for
                    // ever; it is put back if this call fails.
                    undo.integratedWaiting.append((key, waiting.remove(at: waitingIndex).value))
                }
                if change.sequence == integrated + 1,
                    change.otherDependencies.isSameSingleEntry(as: othersIncluded)
                        || version.includes(change.otherDependencies)
                {
                    othersIncluded = change.otherDependencies
                    if run == nil { begin(&run, of: change.replica, effects: &effects) }
                    try apply(change, in: &run!, effects: &effects, received: received?.run(of: index, in: changeSet.changes))
                } else {
                    waiting[key] = change
                    undo.addedWaiting.append(key)
                }
            }
            end(&run)
            if !waiting.isEmpty {
                let incoming = Set(changeSet.changes.map { ChangeKey(replica: $0.replica, sequence: $0.sequence) })
                try integrateReady(incoming: incoming, effects: &effects, integrated: &undo.integratedWaiting)
            }
        } catch {
            // The run's count and log go back first: undoing truncates the log.
            end(&run)
            undo.journal = effects.journal ?? ReplicaJournal()
            self.undo(undo)
            throw error
        }
        undo.journal = effects.journal ?? ReplicaJournal()
        if effects.placementsChanged {
            refreshMoves()
            effects.touched.formUnion(membersOfChangedMoves(since: undo.moves))
        }
        let operations = visibleOperations(before: undo.journal, moves: undo.moves, effects: effects)
        return (operations, undo)
    }

    /// What an `integrateUndoably(_:)` call overwrote, for `undo(_:)`.
    struct MergeUndo {
        /// The move status before (detached from the sequences' checks).
        let moves: MoveStatus
        /// The changes the call added to `waiting`.
        var addedWaiting: [ChangeKey] = []
        /// The changes it took from `waiting`, in order: integrated, or given way to another
        /// change of their key.
        var integratedWaiting: [(key: ChangeKey, change: ReplicaChange)] = []
        var journal = ReplicaJournal()
    }

    /// Puts back everything an `integrateUndoably(_:)` call changed, when what it returned
    /// could not be applied: the engine is as it was before the call.
    mutating func undo(_ merge: MergeUndo) {
        merge.journal.undo(&self)
        // Latest first: a key taken twice (a waiting change that gave way, then the one that
        // took its place) gets back what it held before the call.
        for (key, change) in merge.integratedWaiting.reversed() { waiting[key] = change }
        for key in merge.addedWaiting { waiting[key] = nil }
        restoreMoveStatus(merge.moves)
    }

    /// Integrates the waiting changes that are ready, each after those it needs, in key order
    /// among the ready ones. Only a replica's next change can be ready, so each step looks at
    /// one change per replica, not at every waiting one.
    private mutating func integrateReady(
        incoming: Set<ChangeKey>, effects: inout ChangeEffects, integrated: inout [(key: ChangeKey, change: ReplicaChange)]
    ) throws {
        let replicas = Set(waiting.keys.map(\.replica))
        while let key = nextReady(among: replicas) {
            let change = waiting.removeValue(forKey: key)!
            integrated.append((key, change))
            guard !incoming.contains(key) else {
                try apply(change, effects: &effects)
                continue
            }
            // A change that waited came with an earlier call: refusing this call for it would
            // refuse every later one too. A malformed one is undone and dropped alone.
            let callJournal = effects.journal
            effects.journal = ReplicaJournal()
            do {
                try apply(change, effects: &effects)
                let attempt = effects.journal!
                effects.journal = callJournal
                effects.journal?.absorb(attempt)
            } catch {
                let attempt = effects.journal!
                effects.journal = callJournal
                attempt.undo(&self)
                if let madeCount = attempt.madeCount { effects.made.removeSubrange(madeCount...) }
            }
        }
    }

    /// The least key among the replicas' next changes that are waiting and ready (their
    /// predecessors all integrated).
    private func nextReady(among replicas: Set<ReplicaID>) -> ChangeKey? {
        // Once per change integrated: no array, no copy of a waiting change.
        var least: ChangeKey?
        for replica in replicas {
            let key = ChangeKey(replica: replica, sequence: version[replica] + 1)
            guard least.map({ key < $0 }) ?? true, let index = waiting.index(forKey: key),
                waiting.values[index].isReady(given: version)
            else { continue }
            least = key
        }
        return least
    }

    /// The greatest clock a change may use: far beyond any real history, and far enough below
    /// `UInt64.max` that this replica's own clocks, which follow it, never overflow.
    static let maximumClock: UInt64 = 1 << 62

    /// How far a change's clocks may run ahead of the clock of the replica that integrates it
    /// (whose clock already covers everything the change builds on): a change of more
    /// operations than any real one. A forged change at ``maximumClock`` would otherwise make
    /// the receiver's next change one the others refuse; forging a way up costs 2^30 changes.
    static let maximumClockLeap: UInt64 = 1 << 32

    /// Checks what a change says of itself before it waits: numbers in range.
    static func checkRanges(_ change: ReplicaChange) throws {
        guard change.replica != .genesis else { throw ReplicaEngineError.malformed("a change of replica 0") }
        guard change.sequence >= 1, change.ownDependency == change.sequence - 1 else {
            throw ReplicaEngineError.malformed("change \(change.sequence) of \(change.replica) out of sequence")
        }
        guard change.firstCounter >= 1, let last = change.lastCounter, last <= maximumClock else {
            throw ReplicaEngineError.malformed("clocks of change \(change.sequence) of \(change.replica) out of range")
        }
    }

    /// Recomputes which moves hold after places or moves changed.
    /// Brings `moveStatus` up to the moves and places: extended by the moves added since when
    /// they are the latest (a local move always is), else computed again from every move.
    /// The sequences' checks follow it (see `settleSequenceChecks(changed:)`).
    mutating func refreshMoves() {
        let old = moveStatus
        if let extended = moveStatus.extended(by: moves, nodes: nodes, placed: placedSinceMoves) {
            moveStatus = extended
        } else {
            moveStatus = MoveStatus.compute(moves: moves, nodes: nodes, root: root, shapes: shapes)
            moveStatus.checkToken = old.checkToken
            moveStatusComputations += 1
        }
        placedSinceMoves = []
        madeSinceMoves = []
        settleSequenceChecks(changed: moveStatus.nodesChanged(since: old))
    }

    /// Every node that has places, with them (a copy, for tests).
    var placements: [NodeID: [Placement]] {
        var placements: [NodeID: [Placement]] = [:]
        nodes.forEachPlaced { placements[$0] = Array($1) }
        return placements
    }

    /// The members whose visible content a change of move status since `old` may change.
    private func membersOfChangedMoves(since old: MoveStatus) -> Set<MemberKey> {
        var members: Set<MemberKey> = []
        let changed: [(id: OperationID, move: ReplicaMove)] =
            moveStatus.nodesChanged(since: old).map { $0.flatMap { moves.moves(of: $0) } } ?? moves.map { ($0.key, $0.value) }
        for (id, move) in changed
        where old.removingMoves.contains(id) != moveStatus.removingMoves.contains(id)
            || old.hiddenDestinations.contains(move.destination)
                != moveStatus.hiddenDestinations.contains(move.destination)
        {
            members.insert(MemberKey(node: move.destination.holder, member: move.destination.member))
            members.formUnion(move.sources)
        }
        for (write, shown) in old.voidedBackReferences where moveStatus.voidedBackReferences[write] != shown {
            members.insert(MemberKey(node: write.holder, member: write.member))
        }
        for write in moveStatus.voidedBackReferences.keys where old.voidedBackReferences[write] == nil {
            members.insert(MemberKey(node: write.holder, member: write.member))
        }
        return members
    }
}
