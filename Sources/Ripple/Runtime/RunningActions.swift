/// The actions of a mediator that have not finished, shown to registrations by a tracked node
/// (``ActivityState``). Each start, change of state, progress report and end costs the same
/// however many actions run: the node's counters change, not a copy of the list.
final class RunningActions {
    let activity = ActivityState()
    /// An update showing the activity is waiting for its turn: it shows whatever is true then.
    private var isShowing = false
    /// The list of unfinished actions changed since it was last shown.
    private var listChanged = false

    func start(_ action: Action) {
        activity.unfinished.append(action)
        listChanged = true
    }

    private var executingCount = 0

    /// Keeps the counts up with what changed in `action`.
    @MainActor
    func note(_ change: Action.Change, of action: Action) {
        switch change {
        case .executing:
            executingCount += 1
        case .progress(let old):
            activity.progressSum += (action.progress ?? 0) - (old ?? 0)
        case .finished(let wasExecuting):
            if wasExecuting { executingCount -= 1 }
            activity.progressSum -= action.progress ?? 0
            // Actions mostly finish in the order they started: the search is short.
            if let index = activity.unfinished.firstIndex(where: { $0 === action }) { activity.unfinished.remove(at: index) }
            listChanged = true
        }
    }

    /// Shows the unfinished actions in ``activity``, in an update of its own (after the running
    /// one, if any: an action started in an update that rolls back still runs, and is still
    /// shown). Several changes before that update runs are shown by it, once.
    @MainActor
    func show(through core: MediatorCore) {
        guard !isShowing else { return }
        isShowing = true
        core.updateSoon(origin: "activity") { [unowned self] in
            isShowing = false
            let count = activity.unfinished.count
            if listChanged { activity.revision &+= 1 }
            listChanged = false
            activity.executing = executingCount
            activity.progress = count == 0 ? 0 : max(0, activity.progressSum) / Double(count)
        }
    }
}
