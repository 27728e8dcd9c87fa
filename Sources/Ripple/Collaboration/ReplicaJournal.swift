/// What integrating changes overwrote in a replica engine, recorded on first touch, so a
/// refused change set (or one waiting change found malformed) is undone by restoring what it
/// touched instead of working on a copy of the whole engine (whose first writes would copy
/// the node, place and move tables: the document's size). The nodes as they were are also the
/// visible state before the call, for the visible operations a merge returns.
///
/// A node is noted without its sequences, whose edits are noted instead (``SequenceEdits``):
/// a copy of a long sequence's state, kept while the engine edits it, would make that edit
/// copy every item.
struct ReplicaJournal {
    /// Each touched node as it was, without its sequences (nil: it did not exist).
    private(set) var nodes: [NodeID: ReplicaNode?] = [:]
    /// Nodes `nodes` holds, checked first (see ``NodeIdentitySet``); one absorbed from a later
    /// journal may be missing, and is found in `nodes`.
    private var noted = NodeIdentitySet()
    /// What the call did to each sequence it edited.
    private(set) var sequences: [MemberKey: SequenceEdits] = [:]
    /// How many places each touched node had.
    private var placementCounts: [NodeID: Int] = [:]
    private var addedMoves: [OperationID] = []
    private var logCounts: [ReplicaID: Int] = [:]
    /// The replica of the last change noted: its count is noted (most changes in a row are one replica's).
    private var lastNotedReplica: ReplicaID?
    private var version: DocumentVersion?
    private var clock: UInt64?
    /// How many nodes the call had made before the first change noted (nil: none noted).
    private(set) var madeCount: Int?

    // Each note takes the engine's table it reads, not the engine: an engine passed from
    // within its own mutating method is copied, every table of it retained and released,
    // once per operation.

    /// Notes a node of `engineNodes` before an operation edits or makes it.
    mutating func noteNode(_ node: NodeID, in engineNodes: ReplicaNodes) {
        guard noted.insert(node), nodes.index(forKey: node) == nil else { return }
        nodes[node] = .some(
            engineNodes[node].map {
                var stripped = $0
                stripped.sequences = [:]
                return stripped
            })
    }

    /// Notes a sequence before an operation edits it (its node noted already).
    mutating func noteSequence(_ key: MemberKey, in engineNodes: ReplicaNodes) {
        guard sequences.index(forKey: key) == nil else { return }
        sequences[key] = SequenceEdits(before: engineNodes[key.node]?.sequences[key.member])
    }

    /// Notes an item inserted into a sequence noted already.
    mutating func noteInserted(_ id: OperationID, into key: MemberKey) {
        sequences[key]?.noteInserted(id)
    }

    /// Notes removals about to be added to items of a sequence noted already.
    mutating func noteRemovals(_ removals: [Removal], of key: MemberKey, in engineNodes: ReplicaNodes) {
        guard let sequence = engineNodes[key.node]?.sequences[key.member] else { return }
        for removal in removals {
            guard let item = sequence.item(removal.target) else { continue }
            sequences[key]?.noteRemovals(of: removal.target, count: item.removals.count)
        }
    }

    /// Notes a node's places before one is added.
    mutating func notePlacements(of node: NodeID, in engineNodes: ReplicaNodes) {
        if placementCounts.index(forKey: node) == nil { placementCounts[node] = engineNodes.placements(of: node).count }
    }

    mutating func noteAddedMove(_ id: OperationID) {
        addedMoves.append(id)
    }

    /// Notes what logging a change of `replica` overwrites (in the engine's `log`, `version`
    /// and `clock`), and how many nodes were made so far.
    mutating func noteChange(
        of replica: ReplicaID, log: [ReplicaID: ReplicaLog], version: DocumentVersion, clock: UInt64, madeCount: Int
    ) {
        if lastNotedReplica != replica {
            if logCounts[replica] == nil { logCounts[replica] = log[replica]?.count ?? 0 }
            lastNotedReplica = replica
        }
        if self.version == nil { self.version = version }
        if self.clock == nil { self.clock = clock }
        if self.madeCount == nil { self.madeCount = madeCount }
    }

    /// Puts back everything noted in the engine's tables (the caller forgets the nodes made
    /// after `madeCount`).
    func undo(_ engine: inout ReplicaEngine) {
        for (key, edits) in sequences where engine.nodes[key.node]?.sequences[key.member] != nil {
            if edits.existed {
                engine.editSequence(key.member, of: key.node) { edits.undo(&$0) }
            } else {
                engine.nodes[key.node]!.sequences[key.member] = nil
            }
        }
        for (node, old) in nodes {
            guard var old else {
                engine.nodes[node] = nil
                continue
            }
            // The sequences stay (put back above): reassigned, not copied.
            old.sequences = engine.nodes[node]?.sequences ?? [:]
            engine.nodes[node] = old
        }
        for (node, count) in placementCounts {
            engine.nodes.keepPlacements(of: node, count: count)
        }
        for id in addedMoves { engine.moves[id] = nil }
        for (replica, count) in logCounts {
            if count == 0 { engine.log[replica] = nil } else { engine.log[replica]?.truncate(to: count) }
        }
        if let version { engine.version = version }
        if let clock { engine.clock = clock }
    }

    /// Takes in a later journal of the same call (what it noted first stays as this noted it).
    mutating func absorb(_ later: ReplicaJournal) {
        nodes.merge(later.nodes) { earlier, _ in earlier }
        sequences.merge(later.sequences) { earlier, later in earlier.followed(by: later) }
        placementCounts.merge(later.placementCounts) { earlier, _ in earlier }
        addedMoves += later.addedMoves
        logCounts.merge(later.logCounts) { earlier, _ in earlier }
        version = version ?? later.version
        clock = clock ?? later.clock
        madeCount = madeCount ?? later.madeCount
    }
}
