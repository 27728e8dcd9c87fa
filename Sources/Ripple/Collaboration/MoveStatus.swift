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

    /// Set on its engine's status only (never on one kept from before, or made by hand): the
    /// engine's sequences keep a ``SequenceVisibilityCheck`` for the status that carries it,
    /// brought up to each change of the status (`ReplicaEngine.settleSequenceChecks(changed:)`).
    var checkToken: CheckToken?

    /// What names an engine's statuses to the checks of its sequences (by identity).
    final class CheckToken: Sendable {}

    /// This status without its engine's token: one kept to compare with or to put back, whose
    /// sequences' checks no longer hold for it.
    var detached: MoveStatus {
        var copy = self
        copy.checkToken = nil
        return copy
    }

    /// The moves it covers: how many, the latest, and the log's count of removals then.
    private var covered = Coverage()
    /// When it extended another status (see `extended(by:nodes:placed:)`): what that one
    /// covered, and the nodes whose moves it settled again (the others' are as they were).
    private var extendedFrom: (base: Coverage, settled: Set<NodeID>)?

    private struct Coverage: Equatable {
        var count = 0
        var latest: OperationID?
        var removals = 0
    }

    static func == (lhs: MoveStatus, rhs: MoveStatus) -> Bool {
        lhs.validMoves == rhs.validMoves && lhs.removingMoves == rhs.removingMoves
            && lhs.hiddenDestinations == rhs.hiddenDestinations && lhs.voidedBackReferences == rhs.voidedBackReferences
            && lhs.tree == rhs.tree
    }

    /// Computes the status of `moves` (by id: the node and destination) given each node's
    /// places outside moves (those `nodes` holds).
    static func compute(
        moves: MoveLog, nodes: ReplicaNodes, root: NodeID? = nil, shapes: [String: [String: MemberShape]] = [:]
    ) -> MoveStatus {
        var status = MoveStatus()
        status.tree = MoveTree(destinations: Set(moves.values.map(\.destination)), root: root, shapes: shapes)
        status.apply(moves.ordered[...], of: moves, nodes: nodes)
        return status
    }

    /// This status with the moves `moves` gained since it was computed, or nil when it must be
    /// computed again: when a move was taken out or came before the latest it covers (Kleppmann's
    /// undo and redo of the later moves, done whole), or when a place added since (`placed`,
    /// with its node) may have changed the home of a node a move's cycle check walked through.
    /// Else the moves before are as valid as they were, and only the nodes of the new moves
    /// change: this costs the new moves and the moves of their nodes, not every move.
    func extended(by moves: MoveLog, nodes: ReplicaNodes, placed: [(node: NodeID, place: Placement)]) -> MoveStatus? {
        guard covered.count > 0, moves.removals == covered.removals else { return nil }
        let new = moves.ids(after: covered.latest)
        guard covered.count + new.count == moves.count else { return nil }
        if new.isEmpty && placed.isEmpty {
            var same = self
            same.extendedFrom = (covered, [])
            return same
        }
        let destinations = Set(new.lazy.map { moves[$0]!.destination })
        let added = Set(placed.lazy.map(\.place))
        // A move's place added before this status was computed was a home the moves before
        // it may have walked through.
        guard destinations.isSubset(of: added) else { return nil }
        for (node, place) in placed where !destinations.contains(place) {
            if tree.home(of: node, in: nodes, excluding: added) != tree.home(of: node, in: nodes, excluding: destinations) {
                return nil
            }
        }
        var status = self
        status.tree.destinations.formUnion(destinations)
        status.extendedFrom = (covered, status.apply(new, of: moves, nodes: nodes))
        return status
    }

    /// The nodes whose moves may hold, hide or remove otherwise than in `old`: those this status
    /// settled again when it extended `old`, or nil (any node) when it did not.
    func nodesChanged(since old: MoveStatus) -> Set<NodeID>? {
        guard let extendedFrom, extendedFrom.base == old.covered else { return nil }
        return extendedFrom.settled
    }

    /// Applies the moves `ids` (ascending, later than every move applied before) to the cycle
    /// check's tree, then settles the nodes they move; returns those nodes.
    @discardableResult
    private mutating func apply(_ ids: ArraySlice<OperationID>, of moves: MoveLog, nodes: ReplicaNodes) -> Set<NodeID> {
        var moved: Set<NodeID> = []
        for id in ids {
            let move = moves[id]!
            moved.insert(move.node)
            if tree.reaches(move.node, from: move.destination.holder, in: nodes) { continue }
            validMoves.insert(id)
            tree.moved[move.node] = move.destination.holder
        }
        for node in moved { settle(node, moves: moves, nodes: nodes) }
        covered = Coverage(count: moves.count, latest: moves.ordered.last, removals: moves.removals)
        return moved
    }

    /// Decides, for every move of `node`, whether it wins its track, hides its destination and
    /// removes, and what its back references show: all of it depends on that node's moves only.
    private mutating func settle(_ node: NodeID, moves: MoveLog, nodes: ReplicaNodes) {
        let nodeMoves = moves.moves(of: node)
        var tracks = MoveTracks()
        for (_, move) in nodeMoves { tracks.join(move) }
        var winner: [MemberKey: OperationID] = [:]
        for (id, move) in nodeMoves where validMoves.contains(id) {
            let track = tracks.track(of: move)
            if winner[track].map({ $0 < id }) ?? true { winner[track] = id }
        }
        var backReferences: [(id: OperationID, latest: OperationID?)] = []
        for (id, move) in nodeMoves {
            let latest = winner[tracks.track(of: move)]
            if latest != id { hiddenDestinations.insert(move.destination) } else { hiddenDestinations.remove(move.destination) }
            if let latest, latest >= id { removingMoves.insert(id) } else { removingMoves.remove(id) }
            if !move.backReferences.isEmpty { backReferences.append((id, latest)) }
        }
        voidBackReferences(backReferences, of: moves, nodes: nodes)
    }

    /// Voids the back references of the moves that do not win (`latest`: their track's winner),
    /// but those another of their moves that wins wrote too; in id order, so that a write of
    /// two moves that both lose shows alike everywhere.
    private mutating func voidBackReferences(
        _ backReferences: [(id: OperationID, latest: OperationID?)], of moves: MoveLog, nodes: ReplicaNodes
    ) {
        guard !backReferences.isEmpty else { return }
        var standing: Set<Placement> = []
        for (id, _) in backReferences {
            for write in moves[id]!.backReferences { voidedBackReferences[write] = nil }
        }
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
}
