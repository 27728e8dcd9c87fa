// Typing in a text field: each keystroke is an implicit update (see `ImplicitUpdate`), and
// consecutive ones that write the same member of the same node make one undo step, as a text
// field's own undo does. Any other update, or a write of another member, ends the run; other
// replicas' changes merged in between do not, unless they write the member being typed.

extension History {
    /// Merges `changes`, an implicit update's, into the step on top when they change the one
    /// member that `typing`, the run of typing going on, changed; returns whether it did.
    func coalesce(_ changes: [HistoryStep.Change], into typing: (serial: Int, member: NodeMember)?) -> Bool {
        guard let typing, groupDepth == 0, redoSteps.isEmpty, let last = undoSteps.indices.last,
            undoSteps[last].serial == typing.serial, Self.onlyMember(of: changes) == typing.member
        else { return false }
        var step = undoSteps[last]
        // One value before the whole run, and the value after its last keystroke; an edit (of a
        // collection) keeps each change, played back newest first.
        if step.changes.count == 1, case .value(let before, _) = step.changes[0].before, changes.count == 1,
            case .value(_, let after) = changes[0].before
        {
            step.changes[0] = HistoryStep.Change(node: step.changes[0].node, member: step.changes[0].member, before: .value(before, after: after))
        } else {
            step.changes += changes
        }
        stateID = newState()
        step.after = stateID
        undoSteps[last] = step
        return true
    }

    /// Notes the step on top as a run of typing when `changes`, just recorded, were an implicit
    /// update's writes of one member.
    func noteTyping(_ changes: [HistoryStep.Change], isImplicit: Bool) {
        guard isImplicit, groupDepth == 0, let step = undoSteps.last, let member = Self.onlyMember(of: changes),
            Self.onlyMember(of: step.changes) == member
        else { return }
        typing = (step.serial, member)
    }

    /// The member all of `changes` change, if they change one only.
    private static func onlyMember(of changes: [HistoryStep.Change]) -> NodeMember? {
        guard let first = changes.first else { return nil }
        let member = NodeMember(first.node._rippleTracker, first.member)
        for change in changes.dropFirst() where NodeMember(change.node._rippleTracker, change.member) != member { return nil }
        return member
    }
}

extension HistoryStep.Change {
    /// A change of member `member` of `node` brought back by `before`.
    init(node: any RippleNode, member: Int, before: Before) {
        self.node = node
        self.member = member
        self.before = before
    }
}
