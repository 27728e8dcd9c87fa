/// One undo or redo step: the members an outermost update (or a group of them) changed, each
/// with what it takes to put back the value it had before.
///
/// Applying a step puts the old values back, newest change first; the update that does so is
/// recorded as the step on the other stack. A step keeps what its update changed: a value, or
/// for a collection edited in place the difference (an append keeps the appended element and
/// its position), never a copy of the model or of a whole collection.
struct HistoryStep {
    /// One member changed by the step.
    struct Change {
        let node: any RippleNode
        let member: Int
        let before: Before

        /// The value before, whole (with the value after, to tell whether something changed the
        /// member since) or as the edit that brings it back.
        enum Before {
            case value(Any, after: Any)
            case edit(any MemberEdit)
        }

        /// The change recorded from a journal entry, whose `old` is the value before and whose
        /// member holds `current` now: an edit when that is smaller than the old value.
        init(_ entry: borrowing JournalEntry, current: Any, edits: inout MemberEdits) {
            node = entry.node
            member = entry.member
            if let splice = entry.splice, !splice.isMade, let edit = splice.edit(current: current) {
                before = .edit(edit)
            } else if edits.mayEdit(current),
                let edit = edits.edit(
                    from: current, revertingTo: entry.old,
                    ofNodeMember: type(of: entry.node)._rippleDescriptor.members[entry.member].isNode)
            {
                before = .edit(edit)
            } else {
                before = .value(entry.old, after: current)
            }
        }

        /// The value the member had before the change, computed from its value `current` now;
        /// `nil` when an edit no longer fits it.
        func valueBefore(_ current: Any) -> Any? {
            switch before {
            case .value(let value, _): value
            case .edit(let edit): edit.revert(current)
            }
        }

        /// The nodes the step put into the member (of a node member).
        var insertedNodes: [ObjectIdentifier] {
            switch before {
            case .value(let value, let after): NodeChanges(from: value, to: after).attached.map(ObjectIdentifier.init)
            case .edit(let edit): edit.insertedNodes
            }
        }

        /// Whether the member holds nodes.
        var isNodeMember: Bool {
            type(of: node)._rippleDescriptor.members[member].isNode
        }

        /// Whether the member, holding `current`, was changed since the step where the step
        /// cannot see (without recording): an undo then leaves the newer value. Values that are
        /// not `Equatable` cannot tell, and are put back.
        func wasOverwritten(_ current: Any) -> Bool {
            guard case .value(_, let after) = before else { return false }
            let canCompare = node._rippleIsCurrent(member, current)
            return canCompare && !node._rippleIsCurrent(member, after)
        }
    }

    /// Identifies the step while it moves between the stacks: an undo manager's action plays
    /// the step with its serial, or nothing.
    let serial: Int
    /// The document states before and after the step, for the saved state.
    var before: Int
    var after: Int
    var name: String?
    /// In the order they were made; applied newest first.
    var changes: [Change]
    /// On a replica, its logical clock when the step's changes were last recorded (by the
    /// update, or by the undo or redo that moved the step): this replica's moves up to it are
    /// what the step's changes were taken from, not moves that keep its nodes away since.
    var movesMark: UInt64?
    /// What an undo manager holds the step's actions by: alive as long as they can run.
    let target = UndoTarget()
}

/// The object an undo manager's actions for one step are registered with: a manager keeps only
/// an unowned reference to its targets, so each action keeps its own alive, and removing the
/// actions of one target removes those of one step and nothing else.
final class UndoTarget: Sendable {}
