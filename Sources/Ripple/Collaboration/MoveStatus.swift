/// Which moves hold and where they leave their nodes (Kleppmann et al. 2021): moves are
/// applied in id order; one whose destination's holder chain reaches its node is invalid
/// (no effect at all); among the valid moves of a node the greatest wins; the destinations of
/// all other moves are hidden.
struct MoveStatus: Equatable, Sendable {
    var validMoves: Set<OperationID> = []
    var hiddenDestinations: Set<Placement> = []

    /// Whether a removal holds: it is not part of a move, or part of a valid one.
    func holds(_ removal: Removal) -> Bool {
        removal.move.map { validMoves.contains($0) } ?? true
    }

    /// Whether a target is removed by any of `removals`.
    func removes(_ removals: [Removal]) -> Bool {
        removals.contains { holds($0) }
    }

    /// Computes the status of `moves` (by id: the node and destination) given each node's
    /// places outside moves (`placements`).
    static func compute(moves: [OperationID: ReplicaMove], placements: [NodeID: [Placement]], root: NodeID? = nil) -> MoveStatus {
        let destinations = Set(moves.values.map(\.destination))
        // A node's home outside moves: the holder of its earliest place that no move made.
        var parent: [NodeID: NodeID] = [:]
        for (node, places) in placements where node != root {
            if let home = places.filter({ !destinations.contains($0) }).min(by: { $0.id < $1.id }) {
                parent[node] = home.holder
            }
        }
        var status = MoveStatus()
        var valid: [NodeID: [OperationID]] = [:]
        for id in moves.keys.sorted() {
            let move = moves[id]!
            if reaches(move.node, from: move.destination.holder, parent: parent) {
                status.hiddenDestinations.insert(move.destination)
                continue
            }
            status.validMoves.insert(id)
            parent[move.node] = move.destination.holder
            valid[move.node, default: []].append(id)
        }
        // A valid move's destination is hidden by a greater valid move of the node that did
        // not see it (a concurrent one): concurrent moves leave the node in one place. A move
        // that saw it moved the node on by removing what it saw (its sources), and hides
        // nothing else: the replica that made it showed the node where it still left it.
        for ids in valid.values {
            for (index, id) in ids.enumerated() {
                let move = moves[id]!
                if ids[(index + 1)...].contains(where: { !moves[$0]!.saw(move) }) { status.hiddenDestinations.insert(move.destination) }
            }
        }
        return status
    }

    /// Whether `node` is `start` or one of its holders, following `parent` (which may loop
    /// through back references and shared nodes: a loop that misses `node` does not reach it).
    private static func reaches(_ node: NodeID, from start: NodeID, parent: [NodeID: NodeID]) -> Bool {
        var current: NodeID? = start
        var visited: Set<NodeID> = []
        while let step = current, visited.insert(step).inserted {
            if step == node { return true }
            current = parent[step]
        }
        return false
    }
}

/// A move of a node to a destination.
struct ReplicaMove: Equatable, Sendable {
    let node: NodeID
    let destination: Placement
    /// The members whose items, entries or tags it removed.
    var sources: Set<MemberKey>
    /// The change that made it: its replica and sequence, and what that change had seen.
    var change: (replica: ReplicaID, sequence: UInt64) = (.genesis, 0)
    var dependencies = DocumentVersion()

    /// Whether the change that made this move had integrated the one that made `other`.
    func saw(_ other: ReplicaMove) -> Bool {
        other.change.replica == change.replica ? other.change.sequence < change.sequence
            : dependencies[other.change.replica] >= other.change.sequence
    }

    static func == (lhs: ReplicaMove, rhs: ReplicaMove) -> Bool {
        lhs.node == rhs.node && lhs.destination == rhs.destination && lhs.sources == rhs.sources
            && lhs.change == rhs.change && lhs.dependencies == rhs.dependencies
    }
}
