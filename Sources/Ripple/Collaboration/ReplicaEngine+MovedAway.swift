/// What an undo asks before it puts a node back (see `History.Reverting`).
extension ReplicaEngine {
    /// Whether a move of `node` on the track of `member` holds it in another member now: the
    /// winning move of that track (see ``MoveStatus``) put it in a place that still holds it.
    /// Putting it back into `member` would leave it in two places of one track. This replica's
    /// moves up to its clock `mark` are the history's own (see `HistoryStep.movesMark`) and do
    /// not count.
    func isMovedAway(_ node: NodeID, from member: MemberKey, since mark: UInt64? = nil) -> Bool {
        let nodeMoves = moves.moves(of: node)
        guard !nodeMoves.isEmpty else { return false }
        var tracks = MoveTracks()
        for (_, move) in nodeMoves { tracks.join(move) }
        let track = tracks.track(of: member)
        return nodeMoves.contains { id, move in
            if let mark, id.replica == replica, id.counter <= mark { return false }
            let destination = MemberKey(node: move.destination.holder, member: move.destination.member)
            return destination != member && moveStatus.validMoves.contains(id)
                && !moveStatus.hiddenDestinations.contains(move.destination) && holds(move.destination)
                && tracks.track(of: move) == track
        }
    }

    /// How many visible items of sequence `member` precede the item that last put `node` there
    /// (removed or not): where the ordered-collection rule places the node now, wherever its
    /// neighbours went. Nil when `member` never held it.
    func visibleIndex(ofLastPlaceOf node: NodeID, in member: MemberKey) -> Int? {
        guard let place = nodes.placements(of: node).last(where: { $0.holder == member.node && $0.member == member.member }),
            let sequence = nodes[member.node]?.sequences[member.member], sequence.contains(place.id)
        else { return nil }
        if sequence.showsVisible(holder: member.node, member: member.member, moves: moveStatus) {
            return sequence.visibleIndex(of: place.id)
        }
        var count = 0
        for id in sequence.order() {
            if id == place.id { return count }
            if sequence.isVisible(id, holder: member.node, member: member.member, moves: moveStatus) { count += 1 }
        }
        return nil
    }

    /// Whether a move of `node` put it into `member`, where it is now: a valid move whose
    /// destination there is not hidden and still holds it.
    func isMovedInto(_ node: NodeID, _ member: MemberKey) -> Bool {
        moves.moves(of: node).contains { id, move in
            move.destination.holder == member.node && move.destination.member == member.member
                && moveStatus.validMoves.contains(id) && !moveStatus.hiddenDestinations.contains(move.destination)
                && holds(move.destination)
        }
    }
}

/// What a local update asks before it records a move.
extension ReplicaEngine {
    /// Whether `move`, a local move of `node` (the latest of all, so the winner of its track),
    /// would hide a place of `node` that shows it now in a member the update did not take it
    /// from, or under a key of a dictionary it did not take it from (`placesLeft`, the places the
    /// update removed: a dictionary may hold the node under several keys): another move's
    /// destination on the track the move joins (tracks join through the members moves name, see
    /// ``MoveStatus``). Recorded, the move would take the node from a place where the update left
    /// it, on every replica but this one.
    func hidesKeptPlace(of node: NodeID, moving move: ReplicaMove, placesLeft: Set<OperationID>) -> Bool {
        let nodeMoves = moves.moves(of: node)
        guard !nodeMoves.isEmpty else { return false }
        var tracks = MoveTracks()
        for (_, other) in nodeMoves { tracks.join(other) }
        tracks.join(move)
        let track = tracks.track(of: move)
        return nodeMoves.contains { _, other in
            let member = MemberKey(node: other.destination.holder, member: other.destination.member)
            let isTakenFrom = move.sources.contains(member) && (shape(of: member) != .map || placesLeft.contains(other.destination.id))
            return other.destination != move.destination && !isTakenFrom
                && !moveStatus.hiddenDestinations.contains(other.destination) && holds(other.destination)
                && tracks.track(of: other) == track
        }
    }
}
