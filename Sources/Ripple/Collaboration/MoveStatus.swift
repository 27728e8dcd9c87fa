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
    /// The back references (see ``ReplicaMove/backReferences``) of moves that do not win their
    /// track (void, or beaten by a later move) and of no move that does, with what each shows
    /// instead: the holder of the track's winning move, or where the cycle check's tree holds
    /// the node, when it is of the class the write named. A node's `parent` then names the node
    /// that holds it, on every replica.
    var voidedBackReferences: [Placement: ReplicaValue] = [:]
    /// The cycle check's tree once the valid moves are applied: the holders they gave, over
    /// the homes, which it reads from the places when asked (building every node's home would
    /// cost every place of the document on each refresh).
    var tree = MoveTree()

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
    static func compute(
        moves: [OperationID: ReplicaMove], nodes: ReplicaNodes, root: NodeID? = nil, shapes: [String: [String: MemberShape]] = [:]
    ) -> MoveStatus {
        guard !moves.isEmpty else { return MoveStatus() }
        var status = MoveStatus()
        status.tree = MoveTree(destinations: Set(moves.values.map(\.destination)), root: root, shapes: shapes)
        for id in moves.keys.sorted() {
            let move = moves[id]!
            if status.tree.reaches(move.node, from: move.destination.holder, in: nodes) { continue }
            status.validMoves.insert(id)
            status.tree.moved[move.node] = move.destination.holder
        }
        var tracks: [NodeID: MoveTracks] = [:]
        for move in moves.values { tracks[move.node, default: MoveTracks()].join(move) }
        var winner: [TrackKey: OperationID] = [:]
        for id in status.validMoves {
            let move = moves[id]!
            let track = TrackKey(node: move.node, track: tracks[move.node]!.track(of: move))
            if winner[track].map({ $0 < id }) ?? true { winner[track] = id }
        }
        var backReferences: [(id: OperationID, latest: OperationID?)] = []
        for (id, move) in moves {
            let latest = winner[TrackKey(node: move.node, track: tracks[move.node]!.track(of: move))]
            if latest != id { status.hiddenDestinations.insert(move.destination) }
            if let latest, latest >= id { status.removingMoves.insert(id) }
            if !move.backReferences.isEmpty { backReferences.append((id, latest)) }
        }
        status.voidBackReferences(backReferences, of: moves, nodes: nodes)
        return status
    }

    /// Voids the back references of the moves that do not win (`latest`: their track's winner),
    /// but those another of their moves that wins wrote too; in id order, so that a write of
    /// two moves that both lose shows alike everywhere.
    private mutating func voidBackReferences(
        _ backReferences: [(id: OperationID, latest: OperationID?)], of moves: [OperationID: ReplicaMove], nodes: ReplicaNodes
    ) {
        guard !backReferences.isEmpty else { return }
        var standing: Set<Placement> = []
        for (id, latest) in backReferences.sorted(by: { $0.id < $1.id }) {
            let move = moves[id]!
            guard latest != id else {
                standing.formUnion(move.backReferences)
                continue
            }
            let holder = latest.map { moves[$0]!.destination.holder } ?? tree.parent(of: move.node, in: nodes)
            // A holder of another class than the one written (a layer holding a top group whose
            // `parent` names groups) is no value the register can take: the write stands.
            guard let holder, Self.type(of: holder, in: nodes) == Self.type(of: move.destination.holder, in: nodes) else { continue }
            for write in move.backReferences { voidedBackReferences[write] = .node(holder) }
        }
        for write in standing { voidedBackReferences[write] = nil }
    }

    private static func type(of node: NodeID, in nodes: ReplicaNodes) -> String? {
        nodes.slot(of: node).map { nodes.type(at: $0) }
    }

    /// A node's track, by the member that names it.
    private struct TrackKey: Hashable {
        let node: NodeID
        let track: MemberKey
    }
}
