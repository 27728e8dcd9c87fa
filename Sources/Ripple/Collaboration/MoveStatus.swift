/// Which moves hold and where they leave their nodes (Kleppmann et al. 2021): moves are
/// applied in id order; one whose destination's holder chain reaches its node is invalid
/// (no effect at all); among the valid moves of a node the greatest wins; the destinations of
/// all other moves are hidden. A valid move takes its node from wherever it is: the places an
/// earlier move of the node left are gone if that move or any later one of the node is valid.
struct MoveStatus: Equatable, Sendable {
    var validMoves: Set<OperationID> = []
    /// Moves whose removals hold: those at or before their node's winning move.
    var removingMoves: Set<OperationID> = []
    var hiddenDestinations: Set<Placement> = []
    /// Every placed node's holder once the valid moves are applied (the cycle check's tree);
    /// nil while there are no moves (the homes alone, which ``homes(placements:destinations:root:)``
    /// gives on demand: building them costs every place of the document, which a merge or an
    /// update without moves should not pay).
    var parents: [NodeID: NodeID]?

    /// Whether a removal holds: it is not part of a move, or part of a move that removes.
    func holds(_ removal: Removal) -> Bool {
        removal.move.map { removingMoves.contains($0) } ?? true
    }

    /// Whether a target is removed by any of `removals`.
    func removes(_ removals: [Removal]) -> Bool {
        removals.contains { holds($0) }
    }

    /// Computes the status of `moves` (by id: the node and destination) given each node's
    /// places outside moves (`placements`).
    static func compute(moves: [OperationID: ReplicaMove], placements: [NodeID: [Placement]], root: NodeID? = nil) -> MoveStatus {
        guard !moves.isEmpty else { return MoveStatus() }
        var parent = homes(placements: placements, destinations: Set(moves.values.map(\.destination)), root: root)
        var status = MoveStatus()
        var winner: [NodeID: OperationID] = [:]
        for id in moves.keys.sorted() {
            let move = moves[id]!
            if reaches(move.node, from: move.destination.holder, parent: parent) { continue }
            status.validMoves.insert(id)
            parent[move.node] = move.destination.holder
            winner[move.node] = id
        }
        status.parents = parent
        for (id, move) in moves {
            if winner[move.node] != id { status.hiddenDestinations.insert(move.destination) }
            if let latest = winner[move.node], latest >= id { status.removingMoves.insert(id) }
        }
        return status
    }

    /// Each placed node's home outside moves: the holder of its earliest place that no move made.
    static func homes(placements: [NodeID: [Placement]], destinations: Set<Placement>, root: NodeID?) -> [NodeID: NodeID] {
        var parent: [NodeID: NodeID] = [:]
        for (node, places) in placements where node != root {
            if let home = places.filter({ !destinations.contains($0) }).min(by: { $0.id < $1.id }) {
                parent[node] = home.holder
            }
        }
        return parent
    }

    /// Whether `node` is `start` or one of its holders, following `parent` (which may loop
    /// through back references and shared nodes: a loop that misses `node` does not reach it).
    static func reaches(_ node: NodeID, from start: NodeID, parent: [NodeID: NodeID]) -> Bool {
        var current: NodeID? = start
        var visited: Set<NodeID> = []
        while let step = current, visited.insert(step).inserted {
            if step == node { return true }
            current = parent[step]
        }
        return false
    }
}
