/// The actions of a mediator that have not finished, and the tracked node that shows them to
/// registrations (``ActivityState``).
final class RunningActions {
    let activity = ActivityState()
    private(set) var unfinished: [Action] = []

    func start(_ action: Action) {
        unfinished.append(action)
    }

    func finish(_ action: Action) {
        unfinished.removeAll { $0 === action }
    }

    /// Shows the unfinished actions in ``activity``, in an update of its own (after the running
    /// one, if any: an action started in an update that rolls back still runs, and is still shown).
    @MainActor
    func show(through core: MediatorCore) {
        core.updateSoon(origin: "activity") { [unowned self] in
            let actions = unfinished
            activity.actions = actions
            activity.executing = actions.count { $0.state == .executing }
            activity.progress = actions.isEmpty ? 0 : actions.reduce(0) { $0 + ($1.progress ?? 0) } / Double(actions.count)
        }
    }
}
