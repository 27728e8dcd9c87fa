/// The undo and redo stacks of a mediator, and its saved state.
///
/// Every outermost update that changes the document becomes one undo step: for each member
/// it wrote, the value before. Discardable and derived members are not recorded, writes made
/// in ``withoutRecording(_:)`` are not either, and an update whose writes cancelled out makes
/// no step.
///
/// ```swift
/// try mediator.update(undoName: "Rename Shelf") { library in library.shelves[0].title = "Poetry" }
/// mediator.history.undoName          // "Rename Shelf"
/// try mediator.history.undo()        // the title is back, observers refreshed
/// try mediator.history.redo()
/// ```
///
/// Undo and redo are updates themselves: they run the usual transaction (validation, and
/// rollback if it fails), refresh the registrations whose reads changed, and record the
/// inverse step on the other stack. Node replacements and collection edits come back with the
/// very same node objects. A step keeps what its update changed, never a copy of the model.
@MainActor
public final class History {
    /// Not retained: the core owns this history, and only the core and the mediator (which owns
    /// the core) hold it strongly (an undo manager holds it weakly), so while it lives its core does.
    unowned(unsafe) let core: MediatorCore

    /// The history as a tracked node: registrations on it fire when ``canUndo``, ``canRedo``,
    /// ``undoName``, ``redoName`` or ``hasUnsavedChanges`` change.
    public let state = HistoryState()

    private var undoSteps: [HistoryStep] = []
    private var redoSteps: [HistoryStep] = []
    /// The last step id handed out; ids name document states for the saved state.
    private var lastID = 0
    /// The document state when no step is left to undo.
    private var baseID = 0
    private var savedID = 0
    /// Which stack the running update replays, if it is an undo or a redo.
    private var replaying: Replay?
    private enum Replay { case undo, redo }
    // A running group merges the steps of its updates into one.
    private var groupDepth = 0
    private var groupName: String?
    private var groupStepID: Int?
    private var groupMembers: Set<WatchPoint> = []
    // The undo manager it drives, if any.
    private var undoManager: (any UndoManaging)?
    /// The manager is playing one of its actions back.
    private var managerIsPlaying = false
    private var managerError: (any Error)?

    init(core: MediatorCore) {
        self.core = core
    }

    // MARK: Stacks

    /// Whether there is a step to undo.
    public var canUndo: Bool { !undoSteps.isEmpty }

    /// Whether there is a step to redo.
    public var canRedo: Bool { !redoSteps.isEmpty }

    /// The name of the step ``undo()`` would undo, when it was given one.
    public var undoName: String? { undoSteps.last?.name }

    /// The name of the step ``redo()`` would redo, when it was given one.
    public var redoName: String? { redoSteps.last?.name }

    /// How many undo steps are kept (100 by default); beyond it the oldest are dropped.
    public var limit = 100 {
        didSet {
            limit = max(0, limit)
            trim()
        }
    }

    /// Whether updates are recorded (on by default). Switching it off forgets every step;
    /// while it is off, nothing is recorded and ``hasUnsavedChanges`` does not change.
    public var isEnabled = true {
        didSet {
            if !isEnabled { forgetSteps() }
        }
    }

    /// Undoes the last step, as an update: the members it changed get their old values back
    /// (the very same node objects for node members), validation runs, registrations refresh,
    /// and the step moves to the redo stack. Does nothing when there is nothing to undo.
    ///
    /// - Throws: ``RippleError/historyBusy(action:)`` when called while an update, a refresh or
    ///   a ``group(_:_:)`` runs; what a validation throws (then nothing changed).
    public func undo() throws {
        try play(.undo)
    }

    /// Redoes the last undone step, as an update; see ``undo()``.
    ///
    /// - Throws: ``RippleError/historyBusy(action:)`` when called while an update, a refresh or
    ///   a ``group(_:_:)`` runs; what a validation throws (then nothing changed).
    public func redo() throws {
        try play(.redo)
    }

    /// Forgets every undo and redo step; the document and its saved state stay as they are.
    ///
    /// - Throws: What refreshing the registrations on ``state`` throws.
    public func clear() throws {
        forgetSteps()
        undoManager?.removeAllActions()
        try publishOutsideUpdates()
    }

    /// Runs `body`, whose updates make one undo step named `name`.
    ///
    /// ```swift
    /// try mediator.history.group("Import") {
    ///     for shelf in imported { try mediator.update { $0.shelves.append(shelf) } }
    /// }
    /// ```
    ///
    /// Groups nest: the outermost one names the step. A member changed by several updates
    /// keeps its value before the first; one changed and changed back makes no change.
    ///
    /// - Throws: What `body` throws (the updates that succeeded before stay, as one step), or
    ///   what refreshing the registrations on ``state`` throws.
    public func group<Value>(_ name: String, _ body: () throws -> Value) throws -> Value {
        groupDepth += 1
        if groupDepth == 1 { groupName = name }
        let outcome = Result { try body() }
        groupDepth -= 1
        if groupDepth == 0 {
            endGroup()
            do {
                try publishOutsideUpdates()
            } catch {
                // The body's own error, if any, is the one to report.
                _ = try outcome.get()
                throw error
            }
        }
        return try outcome.get()
    }

    /// Runs `body` without recording its writes: they are never undone and do not make the
    /// document unsaved (a sync from a server, say).
    ///
    /// Call it inside an update or around one. A member that the same update also changes
    /// where it records is undone to its value before the recorded write.
    public func withoutRecording<Result>(_ body: () throws -> Result) rethrows -> Result {
        let wasRecording = core.recordsHistory
        core.recordsHistory = false
        // A new segment, so that the next writes of members already journaled are journaled
        // again with the flag of where they happen.
        if core.isBusy { core.beginSegment() }
        defer {
            core.recordsHistory = wasRecording
            if core.isBusy { core.beginSegment() }
        }
        return try body()
    }

    // MARK: Saved state

    /// Whether recorded changes were made since ``markSaved()``: undoing or redoing back to
    /// the saved point makes it `false` again.
    public var hasUnsavedChanges: Bool { position != savedID }

    /// Marks the document as it stands now as saved.
    ///
    /// - Throws: What refreshing the registrations on ``state`` throws.
    public func markSaved() throws {
        savedID = position
        try publishOutsideUpdates()
    }

    /// The document state reached: that of the last step to undo.
    private var position: Int { undoSteps.last?.id ?? baseID }

    // MARK: Recording

    /// Records the journal of the outermost update that just refreshed; returns whether
    /// ``state`` must be published.
    func commit() -> Bool {
        // An undo or redo moves its step even if it changed nothing (its changes were already
        // undone by writes made without recording).
        guard isEnabled, replaying != nil || !core.journal.isEmpty else { return stateIsStale }
        let changes = core.recordedChanges()
        switch replaying {
        case .undo:
            let step = undoSteps.removeLast()
            redoSteps.append(HistoryStep(id: step.id, name: step.name, changes: changes))
        case .redo:
            let step = redoSteps.removeLast()
            undoSteps.append(HistoryStep(id: step.id, name: step.name, changes: changes))
        case nil:
            if !changes.isEmpty { record(changes, name: core.undoName) }
        }
        return stateIsStale
    }

    /// Pushes a new step, or merges it into the step of the running group.
    private func record(_ changes: [HistoryStep.Change], name: String?) {
        redoSteps.removeAll()
        lastID += 1
        if groupDepth > 0, let id = groupStepID, undoSteps.last?.id == id {
            // A new id: the document is in a new state, whatever was saved in between.
            undoSteps[undoSteps.count - 1].id = lastID
            for change in changes where groupMembers.insert(WatchPoint(change.node._rippleTracker, change.member)).inserted {
                undoSteps[undoSteps.count - 1].changes.append(change)
            }
        } else {
            let name = groupDepth > 0 ? groupName : name
            undoSteps.append(HistoryStep(id: lastID, name: name, changes: changes))
            registerManagerAction(.undo, name: name)
            if groupDepth > 0 {
                groupMembers = Set(changes.map { WatchPoint($0.node._rippleTracker, $0.member) })
            }
        }
        if groupDepth > 0 { groupStepID = lastID }
        trim()
    }

    /// Drops the changes of the group's step that cancelled out, and the step if none is left.
    private func endGroup() {
        defer {
            groupStepID = nil
            groupName = nil
            groupMembers.removeAll()
        }
        guard let id = groupStepID, undoSteps.last?.id == id else { return }
        undoSteps[undoSteps.count - 1].changes.removeAll { $0.node._rippleIsCurrent($0.member, $0.old) }
        if undoSteps[undoSteps.count - 1].changes.isEmpty { undoSteps.removeLast() }
    }

    private func trim() {
        guard undoSteps.count > limit else { return }
        let dropped = undoSteps.count - limit
        baseID = undoSteps[dropped - 1].id
        undoSteps.removeFirst(dropped)
    }

    private func forgetSteps() {
        baseID = position
        undoSteps.removeAll()
        redoSteps.removeAll()
    }

    /// Undoes or redoes: through the undo manager when one is driven, so that it stays in step.
    private func play(_ direction: Replay) throws {
        guard !core.isBusy, groupDepth == 0, replaying == nil else {
            throw RippleError.historyBusy(action: direction == .undo ? "undo()" : "redo()")
        }
        guard let undoManager, !managerIsPlaying else { return try replay(direction) }
        guard direction == .undo ? canUndo : canRedo else { return }
        managerError = nil
        if direction == .undo { undoManager.undo() } else { undoManager.redo() }
        if let error = managerError {
            managerError = nil
            throw error
        }
    }

    private func replay(_ direction: Replay) throws {
        guard let step = direction == .undo ? undoSteps.last : redoSteps.last else { return }
        replaying = direction
        defer { replaying = nil }
        let core = self.core
        // Undo and redo are updates tagged "undo" and "redo" (see `Mediator.firingTags`).
        try core.outermostUpdate(tag: direction == .undo ? "undo" : "redo") { core.apply(step.changes) }
    }

    // MARK: Undo manager

    /// Mirrors the steps in `manager`: one action per undo step, named like it, whose playing
    /// back undoes or redoes the step here.
    ///
    /// ```swift
    /// mediator.history.drive(undoManager)   // Foundation's UndoManager, on Apple platforms
    /// ```
    ///
    /// From then on ``undo()`` and ``redo()`` go through the manager, and ``clear()`` clears
    /// it too. The manager's own actions that are not Ripple's stay in its stacks. Steps that
    /// ``limit`` drops leave their action in the manager; playing it then does nothing.
    public func drive(_ manager: some UndoManaging) {
        undoManager = manager
        manager.removeAllActions()
        for step in undoSteps { registerManagerAction(.undo, name: step.name) }
    }

    /// Registers the action that plays `direction` back.
    private func registerManagerAction(_ direction: Replay, name: String?) {
        guard let undoManager else { return }
        undoManager.registerRippleUndo { [weak self] in self?.managerPlays(direction, name: name) }
        if let name { undoManager.setActionName(name) }
    }

    /// The manager plays an action: replay the step, and register the way back.
    private func managerPlays(_ direction: Replay, name: String?) {
        managerIsPlaying = true
        defer { managerIsPlaying = false }
        do {
            try replay(direction)
            registerManagerAction(direction == .undo ? .redo : .undo, name: name)
        } catch {
            // The step stays where it was; the manager has played its action and lost it.
            managerError = error
        }
    }

    // MARK: Publishing the state

    /// Whether ``state`` shows something else than the stacks.
    private var stateIsStale: Bool {
        state._canUndo != canUndo || state._canRedo != canRedo || state._undoName != undoName
            || state._redoName != redoName || state._hasUnsavedChanges != hasUnsavedChanges
    }

    /// Writes the stacks into ``state``: tracked inside the running update when registrations
    /// watch it, straight into storage when nobody does (no refresh is then needed).
    func publishState(tracked: Bool = true) {
        if tracked {
            state.canUndo = canUndo
            state.canRedo = canRedo
            state.undoName = undoName
            state.redoName = redoName
            state.hasUnsavedChanges = hasUnsavedChanges
        } else {
            state._canUndo = canUndo
            state._canRedo = canRedo
            state._undoName = undoName
            state._redoName = redoName
            state._hasUnsavedChanges = hasUnsavedChanges
        }
    }

    /// Publishes ``state`` when it is stale: at the end of the running update, or now in an
    /// update of its own.
    private func publishOutsideUpdates() throws {
        guard stateIsStale, !core.isBusy else { return }
        guard state.tracker._isWatched else { return publishState(tracked: false) }
        try core.outermostUpdate {}
    }
}
