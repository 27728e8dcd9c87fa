/// What integrating changes overwrote in a replica engine, recorded on first touch, so a
/// refused change set (or one waiting change found malformed) is undone by restoring what it
/// touched instead of working on a copy of the whole engine (whose first writes would copy
/// the node, place and move tables: the document's size). The nodes as they were are also the
/// visible state before the call, for the visible operations a merge returns.
struct ReplicaJournal {
    /// Each touched node as it was (nil: it did not exist).
    private(set) var nodes: [NodeID: ReplicaNode?] = [:]
    /// How many places each touched node had (nil: none listed).
    private var placementCounts: [NodeID: Int?] = [:]
    private var addedMoves: [OperationID] = []
    private var logCounts: [ReplicaID: Int] = [:]
    private var version: DocumentVersion?
    private var clock: UInt64?
    /// How many nodes the call had made before the first change noted (nil: none noted).
    private(set) var madeCount: Int?

    /// Notes a node before an operation edits or makes it.
    mutating func noteNode(_ node: NodeID, in engine: ReplicaEngine) {
        if nodes.index(forKey: node) == nil { nodes[node] = .some(engine.nodes[node]) }
    }

    /// Notes a node's places before one is added.
    mutating func notePlacements(of node: NodeID, in engine: ReplicaEngine) {
        if placementCounts.index(forKey: node) == nil { placementCounts[node] = .some(engine.placements[node]?.count) }
    }

    mutating func noteAddedMove(_ id: OperationID) {
        addedMoves.append(id)
    }

    /// Notes what logging a change of `replica` overwrites, and how many nodes were made so far.
    mutating func noteChange(of replica: ReplicaID, in engine: ReplicaEngine, madeCount: Int) {
        if logCounts[replica] == nil { logCounts[replica] = engine.log[replica]?.count ?? 0 }
        if version == nil { version = engine.version }
        if clock == nil { clock = engine.clock }
        if self.madeCount == nil { self.madeCount = madeCount }
    }

    /// Puts back everything noted in the engine's tables (the caller forgets the nodes made
    /// after `madeCount`).
    func undo(_ engine: inout ReplicaEngine) {
        for (node, old) in nodes { engine.nodes[node] = old }
        for (node, count) in placementCounts {
            if let count { engine.placements[node]?.removeSubrange(count...) } else { engine.placements[node] = nil }
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
        placementCounts.merge(later.placementCounts) { earlier, _ in earlier }
        addedMoves += later.addedMoves
        logCounts.merge(later.logCounts) { earlier, _ in earlier }
        version = version ?? later.version
        clock = clock ?? later.clock
        madeCount = madeCount ?? later.madeCount
    }
}
