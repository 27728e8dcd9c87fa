/// Keeping each sequence's ``SequenceVisibilityCheck`` up to the move status, so that whether
/// a sequence's counts serve costs nothing instead of every item moved out of it.
extension ReplicaEngine {
    /// Edits sequence `member` of `node` in place (see ``ReplicaNodes/editSequence(_:of:_:)``),
    /// then checks the items the edit touched under the move status.
    mutating func editSequence<R>(_ member: String, of node: NodeID, _ body: (inout SequenceState) throws -> R) rethrows -> R {
        let (key, moves) = (MemberKey(node: node, member: member), moveStatus)
        var checked = 0
        defer { sequenceItemsChecked += checked }
        return try nodes.editSequence(member, of: node) { sequence in
            sequence.beginCheckIfEmpty()
            defer { checked = sequence.settleCheck(of: key, moves: moves) }
            return try body(&sequence)
        }
    }

    /// Puts back `before`, the move status before the last refresh (or the status now, when
    /// there was none since), with the sequences' checks.
    mutating func restoreMoveStatus(_ before: MoveStatus) {
        let changed = moveStatus.nodesChanged(since: before)
        var restored = before
        restored.checkToken = moveStatus.checkToken
        moveStatus = restored
        settleSequenceChecks(changed: changed)
    }

    /// Brings the checks of the sequences a change of the move status concerns up to it: the
    /// items of the nodes `changed` names (their places, what their moves removed), whose moves
    /// alone hold, hide or remove otherwise; or, for nil (a status computed whole), every
    /// sequence a move names, checked whole. A sequence no move names has nothing that shows
    /// otherwise; one whose check held for no status is checked whole when next edited.
    mutating func settleSequenceChecks(changed: Set<NodeID>?) {
        let status = moveStatus
        guard let changed else {
            var hidden: [MemberKey: [OperationID]] = [:]
            for place in status.hiddenDestinations {
                hidden[MemberKey(node: place.holder, member: place.member), default: []].append(place.id)
            }
            var named: Set<MemberKey> = []
            for (_, move) in moves {
                named.insert(MemberKey(node: move.destination.holder, member: move.destination.member))
                named.formUnion(move.sources)
            }
            for key in named where nodes.sequence(key.member, of: key.node) != nil {
                sequenceItemsChecked += nodes.editSequence(key.member, of: key.node) {
                    $0.settleCheck(of: key, moves: status, hidden: hidden[key] ?? [])
                }
            }
            return
        }
        // A set by member: a move's destination is one of its node's places too.
        var items: [MemberKey: Set<OperationID>] = [:]
        for node in changed {
            for place in nodes.placements(of: node) {
                items[MemberKey(node: place.holder, member: place.member), default: []].insert(place.id)
            }
            for (id, move) in moves.moves(of: node) {
                items[MemberKey(node: move.destination.holder, member: move.destination.member), default: []].insert(move.destination.id)
                for source in move.sources {
                    guard let removed = nodes.sequence(source.member, of: source.node)?.itemsRemoved(by: id), !removed.isEmpty else { continue }
                    items[source, default: []].formUnion(removed)
                }
            }
        }
        for (key, ids) in items where nodes.sequence(key.member, of: key.node) != nil {
            sequenceItemsChecked += nodes.editSequence(key.member, of: key.node) {
                $0.settleCheck(of: key, moves: status, rechecking: Array(ids))
            }
        }
    }
}
