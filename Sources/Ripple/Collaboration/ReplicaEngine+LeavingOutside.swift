/// What a local update leaves where the model does not show it (see `recordLocal`).
extension ReplicaEngine {
    /// Takes each node the update put into an array out of the arrays of the same member of
    /// other holders of the same class that still hold it and that the model keeps out of the
    /// document (`isOutside`): a scene filed in Act I while Act II, which held it, is removed.
    /// The model does not show Act II, nor edit it (it keeps its scenes, out of sight), yet a
    /// concurrent move of Act II outlives the removal (the move's place is one the removal did
    /// not see) and brings it back, still holding the scene, which then shows in two acts. Left
    /// by the update, the place makes the filing a move between the acts, on the track of a
    /// concurrent move of the scene among them. Arrays only: a dictionary or a set may hold a
    /// node in several places on purpose, and a register is no place but a reference.
    mutating func leaveArraysOutside(_ builder: inout LocalChangeBuilder, isOutside: (NodeID) -> Bool) {
        for (node, entered) in builder.membersEntered(ofShape: .sequence, shape: { shape(of: $0) }) where !isOutside(entered.node) {
            guard let type = nodes.slot(of: entered.node).map({ nodes.type(at: $0) }) else { continue }
            let outside = nodes.placements(of: node).filter { place in
                place.member == entered.member && place.holder != entered.node
                    && nodes.slot(of: place.holder).map({ nodes.type(at: $0) }) == type
                    && holds(place) && !moveStatus.hiddenDestinations.contains(place) && isOutside(place.holder)
            }
            for place in outside {
                let removal = Removal(target: place.id, move: nil)
                guard emit(.delete(node: place.holder, member: place.member, items: [removal]), into: &builder) != nil else { continue }
                builder.noteLeft(node, removal: 0, place: place.id, member: MemberKey(node: place.holder, member: place.member))
            }
        }
    }
}
