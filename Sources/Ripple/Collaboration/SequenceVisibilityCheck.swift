/// Which items of a ``SequenceState`` show otherwise than its order shows them, under its
/// engine's move status: an item out only by moves that do not hold (shown as removed, yet
/// visible), a hidden move destination without removals (shown, yet not visible). While there
/// are none, the order's counts are the visible ones.
///
/// Finding them again costs every item ever moved out of the sequence (and every hidden
/// destination), which a long session of moves in one array made the cost of each move. The
/// engine keeps them instead (see `ReplicaEngine.settleSequenceChecks(changed:)`): an edit notes
/// the items it touched (`pending`), checked right after it, and a change of the move status
/// checks again the items of the nodes whose moves it settled again, or every item moved out
/// of the sequences moves name when the status was computed whole.
struct SequenceVisibilityCheck: Sendable {
    /// The member the check is for, and the status (by its engine's token) it holds for: nil for
    /// a check begun on a sequence without items, which holds for any status once `pending` is
    /// checked.
    var key: MemberKey?
    var token: MoveStatus.CheckToken?
    /// The items that show otherwise, once `pending` is checked (a few more, past a change of
    /// the status that could not name them all, leave the counts aside: never fewer).
    var differing: Set<OperationID> = []
    /// The items edited since the check was last brought up to its status.
    var pending: Set<OperationID> = []

    /// Notes whether item `id` shows otherwise.
    mutating func recheck(_ id: OperationID, _ isDiffering: Bool) {
        if isDiffering { differing.insert(id) } else { differing.remove(id) }
    }

    /// Whether it holds, without items to check, for member `key` under `moves`.
    func holds(for key: MemberKey, moves: MoveStatus) -> Bool {
        guard pending.isEmpty, let token = moves.checkToken else { return false }
        return self.key == key && self.token === token
    }

    /// Whether it can be brought up to `moves` for member `key` by checking the items that
    /// changed: it held for the status before, the engine's, for that member.
    func continues(for key: MemberKey, moves: MoveStatus) -> Bool {
        guard let token = moves.checkToken else { return false }
        return self.key == nil || (self.key == key && self.token === token)
    }
}
