/// Which moves hold and where they leave their nodes (Kleppmann et al. 2021): moves are
/// applied in id order; one whose destination's holder chain reaches its node is invalid
/// (no effect at all). A move concerns only the places it names, since a node may be held in
/// several places on purpose (an array and a reference): the members a node's moves left and
/// entered form *tracks* (two moves are on one track when they name a member in common, or
/// through a third), and on each track the greatest valid move wins: the destinations of the
/// track's other moves are hidden, and the places left by the moves up to the winner are gone.
/// A move on another track (a dictionary entry re-keyed, say) leaves this one as it is.
struct MoveStatus: Equatable, Sendable {
    var validMoves: Set<OperationID> = []
    /// Moves whose removals hold: those at or before the winning move of their track.
    var removingMoves: Set<OperationID> = []
    var hiddenDestinations: Set<Placement> = []
    /// Every placed node's holder once the valid moves are applied (the cycle check's tree);
    /// nil while there are no moves (the homes alone, which ``homes(nodes:destinations:root:)``
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
    /// places outside moves (those `nodes` holds).
    static func compute(moves: [OperationID: ReplicaMove], nodes: ReplicaNodes, root: NodeID? = nil) -> MoveStatus {
        guard !moves.isEmpty else { return MoveStatus() }
        var parent = homes(nodes: nodes, destinations: Set(moves.values.map(\.destination)), root: root)
        var status = MoveStatus()
        for id in moves.keys.sorted() {
            let move = moves[id]!
            if reaches(move.node, from: move.destination.holder, parent: parent) { continue }
            status.validMoves.insert(id)
            parent[move.node] = move.destination.holder
        }
        status.parents = parent
        var tracks: [NodeID: MoveTracks] = [:]
        for move in moves.values { tracks[move.node, default: MoveTracks()].join(move) }
        var winner: [TrackKey: OperationID] = [:]
        for id in status.validMoves {
            let move = moves[id]!
            let track = TrackKey(node: move.node, track: tracks[move.node]!.track(of: move))
            if winner[track].map({ $0 < id }) ?? true { winner[track] = id }
        }
        for (id, move) in moves {
            let latest = winner[TrackKey(node: move.node, track: tracks[move.node]!.track(of: move))]
            if latest != id { status.hiddenDestinations.insert(move.destination) }
            if let latest, latest >= id { status.removingMoves.insert(id) }
        }
        return status
    }

    /// A node's track, by the member that names it.
    private struct TrackKey: Hashable {
        let node: NodeID
        let track: MemberKey
    }

    /// Each placed node's home outside moves: the holder of its earliest place that no move made.
    static func homes(nodes: ReplicaNodes, destinations: Set<Placement>, root: NodeID?) -> [NodeID: NodeID] {
        var parent: [NodeID: NodeID] = [:]
        nodes.forEachPlaced { node, places in
            guard node != root else { return }
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
