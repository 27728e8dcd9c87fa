extension Mediator {
    /// Runs `work` off the main actor and applies the change it returns in one update.
    ///
    /// - Parameters:
    ///   - name: Names the action (``Action/name``).
    ///   - tag: The tag of the update that applies the change (see ``firingTags``).
    ///   - undoName: Names the undo step the change makes in ``history``.
    ///   - work: The background work: it may `await`, should check
    ///     ``Action/Context/checkCancellation()`` now and then, and returns the change to make,
    ///     which runs on the main actor as the body of one ``update(undoName:tag:_:)``.
    /// - Returns: The action, already started; keep it to cancel it, or to await its end.
    @discardableResult
    public func run(
        _ name: String, tag: String? = nil, undoName: String? = nil,
        _ work: @escaping @Sendable (Action.Context) async throws -> @Sendable @MainActor (Root) throws -> Void
    ) -> Action {
        let action = Action(name: name)
        core.actions.start(action)
        action.didChange = { [weak self] action, change in
            guard let self else { return }
            core.actions.note(change, of: action)
            core.actions.show(through: core)
        }
        core.actions.show(through: core)
        action.start(work) { [weak self] change in
            guard let self else { throw ActionError.mediatorGone }
            let core = self.core
            var writes = 0
            try update(undoName: undoName, tag: tag) { root in
                let mark = core.journal.count
                try change(root)
                // Each member once: a member written in several segments is journaled in each.
                var counted: Set<NodeMember> = []
                writes = core.journal[mark...].count { entry in
                    counted.insert(NodeMember(entry.node._rippleTracker, entry.member)).inserted
                        && !entry.isCurrent
                }
            }
            return writes
        }
        return action
    }

    /// The actions of this mediator that have not finished, as a tracked node that
    /// registrations observe with ``observe(_:on:reads:_:)``; see ``ActivityState``.
    public var activity: ActivityState { core.actions.activity }
}
