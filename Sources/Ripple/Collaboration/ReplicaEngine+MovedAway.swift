/// What an undo asks before it puts a node back (see `History.Reverting`).
extension ReplicaEngine {
    /// Whether a move of `node` on the track of `member` holds it in another member now: the
    /// winning move of that track (see ``MoveStatus``) put it in a place that still holds it.
    /// Putting it back into `member` would leave it in two places of one track.
    func isMovedAway(_ node: NodeID, from member: MemberKey) -> Bool {
        let nodeMoves = moves.filter { $0.value.node == node }
        guard !nodeMoves.isEmpty else { return false }
        var tracks = MoveTracks()
        for move in nodeMoves.values { tracks.join(move) }
        let track = tracks.track(of: member)
        return nodeMoves.contains { id, move in
            let destination = MemberKey(node: move.destination.holder, member: move.destination.member)
            return destination != member && moveStatus.validMoves.contains(id)
                && !moveStatus.hiddenDestinations.contains(move.destination) && holds(move.destination)
                && tracks.track(of: move) == track
        }
    }

    /// Whether a move of `node` put it into `member`, where it is now: a valid move whose
    /// destination there is not hidden and still holds it.
    func isMovedInto(_ node: NodeID, _ member: MemberKey) -> Bool {
        moves.contains { id, move in
            move.node == node && move.destination.holder == member.node && move.destination.member == member.member
                && moveStatus.validMoves.contains(id) && !moveStatus.hiddenDestinations.contains(move.destination)
                && holds(move.destination)
        }
    }
}
