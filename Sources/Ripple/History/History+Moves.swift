/// Undoing a move that something else moved on since.
///
/// A step that took a node from one place and put it in another moved it. Undone in order, the
/// node is where the step put it, and the undo takes it from there and puts it back. But a
/// change made without recording (a merge of another replica's changes, above all) may have
/// moved the node on since: the undo cannot take it from where the step put it, and putting it
/// back would leave it in two places (or bring back a node another replica deleted). The undo
/// then leaves that node where it is, as it leaves a value that was overwritten since; the
/// rest of the step is undone. A redo of that undo, which did not move the node, does not
/// move it either.
extension History {
    /// The nodes the step moved that its undo would put back without taking them from where
    /// the step put them.
    static func nodesMovedAwaySince(_ changes: [HistoryStep.Change]) -> Set<ObjectIdentifier> {
        var putIn: Set<ObjectIdentifier> = []
        var putBack: Set<ObjectIdentifier> = []
        var takenOut: Set<ObjectIdentifier> = []
        for change in changes where change.isNodeMember {
            putIn.formUnion(change.insertedNodes)
            let current = change.node._rippleValue(of: change.member)
            guard !change.wasOverwritten(current), let before = change.valueBefore(current) else { continue }
            let undone = NodeChanges(from: current, to: before)
            putBack.formUnion(undone.attached.lazy.map(ObjectIdentifier.init))
            takenOut.formUnion(undone.detached.lazy.map(ObjectIdentifier.init))
        }
        guard !putIn.isEmpty, !putBack.isEmpty else { return [] }
        return putBack.intersection(putIn).subtracting(takenOut)
    }

    /// `before` without the nodes of `movedAway` that `current` does not hold (those it holds
    /// stay); nil to leave a member holding one node as it is.
    static func keepingOut(_ movedAway: Set<ObjectIdentifier>, of before: Any, current: Any) -> Any? {
        if let collection = before as? any NodeCollection {
            var held: Set<ObjectIdentifier> = []
            (current as? any NodeCollection)?.forEachNode { held.insert(ObjectIdentifier($0)) }
            return collection.removingNodes(movedAway.subtracting(held))
        }
        if let node = before as? any RippleNode, movedAway.contains(ObjectIdentifier(node)) { return nil }
        return before
    }
}
