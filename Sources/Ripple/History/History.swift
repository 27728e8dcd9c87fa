/// The undo and redo stacks of a mediator, and its saved state.
///
/// Every outermost update that changes the document becomes one undo step: for each member
/// it wrote, what it takes to put the value before back. Discardable and derived members are
/// not recorded, writes made in ``withoutRecording(_:)`` are not either, and an update whose
/// writes cancelled out makes no step.
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
/// very same node objects. A step keeps what its update changed: for a collection edited in
/// place, the difference, never a copy of the collection or of the model.
///
/// A step that can no longer be applied (validation rejects the state it would bring back,
/// which can only happen when changes made without recording came in between) is dropped,
/// with the steps below it on its stack, which could only be reached through it: the undo
/// throws the error once, the document is unchanged, and the history goes on from there.
///
/// A history kept after its mediator is gone does nothing: ``undo()`` and ``redo()`` throw
/// ``RippleError/mediatorGone``.
@MainActor
public final class History {
    /// The mediator's side, weak: a history outliving its mediator finds nothing there.
    private weak var host: (any HistoryHost)?

    /// The history as a tracked node: registrations on it fire when ``canUndo``, ``canRedo``,
    /// ``undoName``, ``redoName`` or ``hasUnsavedChanges`` change.
    public let state = HistoryState()

    private(set) var undoSteps: [HistoryStep] = []
    private(set) var redoSteps: [HistoryStep] = []
    private var lastSerial = 0
    /// Document states: each committed change of saved members makes a new one, and undoing or
    /// redoing a step goes back to the state at its other end.
    private var lastStateID = 0
    private var stateID = 0
    private var savedID = 0
    /// ``markSaved()`` was called while an update ran: it saves that update when it commits.
    private var savesAtCommit = false
    /// Which stack the running update replays, if it is an undo or a redo.
    private var replaying: Replay?
    private enum Replay {
        case undo, redo

        var inverse: Replay { self == .undo ? .redo : .undo }
    }

    // A running group merges the steps of its updates into one.
    private var groupDepth = 0
    private var groupName: String?
    private var groupStepSerial: Int?

    // The undo manager it drives, if any.
    private var undoManager: (any UndoManaging)?
    /// The manager plays one of its actions because ``undo()`` or ``redo()`` asked it to.
    private var playsForHistory = false
    private var managerError: (any Error)?
    /// The step registered in the manager's open event group: with `groupsByEvent`, the next
    /// update of the same event joins it, so that one Edit > Undo undoes one step.
    private var eventStepSerial: Int?

    init(host: any HistoryHost) {
        self.host = host
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

    /// How many undo steps are kept (100 by default); beyond it the oldest are dropped. A driven
    /// undo manager gets the same `levelsOfUndo`.
    public var limit = 100 {
        didSet {
            limit = max(0, limit)
            if limit > 0 { undoManager?.levelsOfUndo = limit }
            trim()
        }
    }

    /// Whether updates are recorded (on by default). Switching it off forgets every step; while
    /// it is off nothing is recorded, but changes of saved members still make the document unsaved.
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
    ///   a ``group(_:_:)`` runs; ``RippleError/mediatorGone`` when the mediator is gone; what a
    ///   validation throws (then nothing changed, and the step is dropped with those below it).
    public func undo() throws {
        try play(.undo)
    }

    /// Redoes the last undone step, as an update; see ``undo()``.
    ///
    /// - Throws: As ``undo()``.
    public func redo() throws {
        try play(.redo)
    }

    /// Forgets every undo and redo step; the document and its saved state stay as they are.
    public func clear() {
        forgetSteps()
        publishOutsideUpdates()
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
    /// comes back to its value before the first; one changed and changed back makes no change.
    /// Inside an update, whose writes are one step anyway, a group names that step (unless the
    /// update or an enclosing group named it).
    ///
    /// - Throws: What `body` throws; the updates that succeeded before stay, as one step.
    public func group<Value>(_ name: String, _ body: () throws -> Value) rethrows -> Value {
        if let host, host.isBusy {
            let previous = host.undoName
            if previous == nil { host.undoName = name }
            do {
                return try body()
            } catch {
                host.undoName = previous
                throw error
            }
        }
        groupDepth += 1
        if groupDepth == 1 { groupName = name }
        defer {
            groupDepth -= 1
            if groupDepth == 0 {
                endGroup()
                publishOutsideUpdates()
            }
        }
        return try body()
    }

    /// Runs `body` without recording its writes: they are never undone (a sync from a server,
    /// say). They still make the document unsaved when they change saved members.
    ///
    /// Call it inside an update or around one. A member that the same update also changes
    /// where it records is undone to its value before the recorded write.
    public func withoutRecording<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let host else { return try body() }
        let wasUndoable = host.writesAreUndoable
        host.writesAreUndoable = false
        defer { host.writesAreUndoable = wasUndoable }
        return try body()
    }

    // MARK: Saved state

    /// Whether saved members changed since ``markSaved()``: undoing or redoing back to the saved
    /// point makes it `false` again.
    public var hasUnsavedChanges: Bool { stateID != savedID }

    /// Marks the document as it stands now as saved. Called from a registration or a hook of an
    /// update, it saves that update (with its refresh) once it commits.
    public func markSaved() {
        if let host, host.isBusy {
            savesAtCommit = true
            return
        }
        savedID = stateID
        publishOutsideUpdates()
    }

    private func newState() -> Int {
        lastStateID += 1
        return lastStateID
    }

    // MARK: Recording

    /// Records an outermost update that ended: per member, the value before its first write
    /// where history records (saved members, outside ``withoutRecording(_:)``) if it still
    /// differs; and whether saved members also changed where it does not record. Costs one pass
    /// over what was written.
    func record(_ commit: Commit) {
        defer { publishState() }
        var changes: [HistoryStep.Change] = []
        commit.forEachFirstWrite(where: { $0.isUndoable && Self.isSaved($0) }) { entry in
            if !entry.node._rippleIsCurrent(entry.member, entry.old) {
                changes.append(HistoryStep.Change(entry, current: entry.node._rippleValue(of: entry.member)))
            }
        }
        let changesUnrecorded = commit.entries.contains { entry in
            !entry.isUndoable && Self.isSaved(entry) && !entry.node._rippleIsCurrent(entry.member, entry.old)
        }
        record(changes, changesUnrecorded: changesUnrecorded, replayed: commit.bodyCommitted, undoName: commit.undoName)
        if savesAtCommit {
            savesAtCommit = false
            savedID = stateID
        }
    }

    /// Whether the entry's member is saved state (not discardable nor derived).
    private static func isSaved(_ entry: JournalEntry) -> Bool {
        type(of: entry.node)._rippleDescriptor.records(entry.member)
    }

    private func record(_ changes: [HistoryStep.Change], changesUnrecorded: Bool, replayed: Bool, undoName: String?) {
        if replayed, let replaying {
            // An undo or redo moves its step even if it changed nothing (its changes were
            // already undone by writes made without recording).
            var step = replaying == .undo ? undoSteps.removeLast() : redoSteps.removeLast()
            let (from, to) = replaying == .undo ? (step.after, step.before) : (step.before, step.after)
            stateID = stateID == from && !changesUnrecorded ? to : newState()
            step.changes = changes
            if replaying == .undo { redoSteps.append(step) } else { undoSteps.append(step) }
            return
        }
        if isEnabled, !changes.isEmpty {
            push(changes, name: undoName)
        } else if changesUnrecorded || !changes.isEmpty {
            stateID = newState()
        }
    }

    /// Pushes a new step, or merges it into the step of the running group or manager event.
    private func push(_ changes: [HistoryStep.Change], name: String?) {
        let before = stateID
        stateID = newState()
        redoSteps.removeAll()
        if let serial = groupStepSerial ?? eventStepSerial, let last = undoSteps.indices.last, undoSteps[last].serial == serial {
            undoSteps[last].changes.append(contentsOf: changes)
            undoSteps[last].after = stateID
            if groupDepth == 0, let name {
                // The manager's group takes the name set last; so does its step.
                undoSteps[last].name = name
                undoManager?.setActionName(name)
            }
        } else {
            lastSerial += 1
            let step = HistoryStep(
                serial: lastSerial, before: before, after: stateID, name: groupDepth > 0 ? groupName : name, changes: changes)
            undoSteps.append(step)
            registerManagerAction(.undo, for: step)
            if groupDepth > 0 { groupStepSerial = step.serial }
            if let undoManager, undoManager.groupsByEvent { eventStepSerial = step.serial }
        }
        trim()
    }

    /// Drops the changes of the group's step that cancelled out, and the step if none is left.
    private func endGroup() {
        defer {
            groupStepSerial = nil
            groupName = nil
        }
        guard let serial = groupStepSerial, let last = undoSteps.indices.last, undoSteps[last].serial == serial else { return }
        var step = undoSteps[last]
        var changesOfMember: [WatchPoint: [Int]] = [:]
        for (index, change) in step.changes.enumerated() {
            changesOfMember[WatchPoint(change.node._rippleTracker, change.member), default: []].append(index)
        }
        var cancelled: Set<Int> = []
        for indices in changesOfMember.values {
            let first = step.changes[indices[0]]
            var value: Any? = first.node._rippleValue(of: first.member)
            for index in indices.reversed() { value = value.flatMap(step.changes[index].valueBefore) }
            if let value, first.node._rippleIsCurrent(first.member, value) { cancelled.formUnion(indices) }
        }
        guard !cancelled.isEmpty else { return }
        step.changes = step.changes.enumerated().filter { !cancelled.contains($0.offset) }.map(\.element)
        if step.changes.isEmpty {
            undoSteps.removeLast()
            undoManager?.removeAllActions(withTarget: step.target)
            if stateID == step.after { stateID = step.before }
        } else {
            undoSteps[last] = step
        }
    }

    private func trim() {
        guard undoSteps.count > limit else { return }
        let dropped = undoSteps.prefix(undoSteps.count - limit)
        for step in dropped { undoManager?.removeAllActions(withTarget: step.target) }
        undoSteps.removeFirst(dropped.count)
    }

    private func forgetSteps() {
        for step in undoSteps + redoSteps { undoManager?.removeAllActions(withTarget: step.target) }
        undoSteps.removeAll()
        redoSteps.removeAll()
        eventStepSerial = nil
    }

    // MARK: Undo and redo

    private func topStep(_ direction: Replay) -> HistoryStep? {
        direction == .undo ? undoSteps.last : redoSteps.last
    }

    /// Undoes or redoes: through the undo manager when one is driven, so that it stays in step.
    private func play(_ direction: Replay) throws {
        guard let host else { throw RippleError.mediatorGone }
        guard !host.isBusy, groupDepth == 0, replaying == nil else {
            throw RippleError.historyBusy(action: direction == .undo ? "undo()" : "redo()")
        }
        guard let step = topStep(direction) else { return }
        guard let undoManager, direction == .undo ? undoManager.canUndo : undoManager.canRedo else {
            return try replay(step, direction, host: host)
        }
        managerError = nil
        playsForHistory = true
        defer { playsForHistory = false }
        if direction == .undo { undoManager.undo() } else { undoManager.redo() }
        if let error = managerError {
            managerError = nil
            throw error
        }
    }

    /// Applies `step`, the top of its stack, as an update; drops it and the steps below it if
    /// it no longer applies.
    private func replay(_ step: HistoryStep, _ direction: Replay, host: any HistoryHost) throws {
        replaying = direction
        // A replay is recorded, whatever context asked for it.
        let wasUndoable = host.writesAreUndoable
        host.writesAreUndoable = true
        defer {
            replaying = nil
            host.writesAreUndoable = wasUndoable
        }
        do {
            // Undo and redo are updates tagged "undo" and "redo" (see `Mediator.firingTags`).
            try host.runUpdate(tag: direction == .undo ? "undo" : "redo") { try Self.apply(step.changes, through: host) }
        } catch {
            let dropped = direction == .undo ? undoSteps : redoSteps
            for step in dropped { undoManager?.removeAllActions(withTarget: step.target) }
            if direction == .undo { undoSteps.removeAll() } else { redoSteps.removeAll() }
            publishOutsideUpdates()
            throw error
        }
    }

    // MARK: Undo manager

    /// Mirrors the steps in `manager`: one action per undo step, named like it, whose playing
    /// back undoes or redoes that very step here (or nothing, if the step is gone).
    ///
    /// ```swift
    /// mediator.history.drive(undoManager)   // Foundation's UndoManager, on Apple platforms
    /// ```
    ///
    /// From then on ``undo()`` and ``redo()`` go through the manager (they play its top group,
    /// which may hold other actions than Ripple's, such as a text field's typing), and the
    /// manager's `levelsOfUndo` follows ``limit`` (the smaller of the two when both are set).
    /// Ripple removes only its own actions from the manager (when steps are dropped, on
    /// ``clear()``, when driving another manager). With `groupsByEvent`, the updates of one
    /// run-loop turn make one step, as they make one group of the manager: one Edit > Undo
    /// undoes one step. Edit > Undo chosen while an update runs plays its step right after it.
    public func drive(_ manager: some UndoManaging) {
        if let previous = undoManager {
            for step in undoSteps + redoSteps { previous.removeAllActions(withTarget: step.target) }
        }
        undoManager = manager
        eventStepSerial = nil
        if manager.levelsOfUndo > 0 { limit = min(limit, manager.levelsOfUndo) }
        if limit > 0 { manager.levelsOfUndo = limit }
        for step in undoSteps { registerManagerAction(.undo, for: step) }
        manager.rippleObserveGroupClosing { [weak self, weak manager] in
            guard let self, let manager, self.undoManager === manager, manager.groupingLevel == 0 else { return }
            self.eventStepSerial = nil
        }
    }

    /// Registers the action that plays `step` in `direction`.
    private func registerManagerAction(_ direction: Replay, for step: HistoryStep) {
        guard let undoManager else { return }
        let serial = step.serial
        let target = step.target
        // The manager keeps the target unowned: the action keeps it alive.
        undoManager.registerRippleAction(withTarget: target) { [weak self] in
            withExtendedLifetime(target) { self?.managerPlays(direction, serial: serial) }
        }
        if let name = step.name { undoManager.setActionName(name) }
    }

    /// The manager plays an action: replay its step if it is still the one to play, and register
    /// the way back.
    private func managerPlays(_ direction: Replay, serial: Int) {
        guard let host, let step = topStep(direction), step.serial == serial else { return }
        registerManagerAction(direction.inverse, for: step)
        if host.isBusy || replaying != nil {
            // Edit > Undo while an update runs: the step plays right after it.
            host.afterUpdate { [weak self] in self?.replayLater(direction, serial: serial) }
            return
        }
        do {
            try replay(step, direction, host: host)
        } catch {
            if playsForHistory { managerError = error } else { host.reportFailure(error, origin: "undo manager") }
        }
    }

    private func replayLater(_ direction: Replay, serial: Int) {
        guard let host, let step = topStep(direction), step.serial == serial else { return }
        do {
            try replay(step, direction, host: host)
        } catch {
            host.reportFailure(error, origin: "undo manager")
        }
    }

    /// Puts back the value every change had before, newest change first, journaling the value
    /// it replaces, so that this runs as an ordinary update body: validated, rolled back if
    /// that fails, delivered.
    ///
    /// - Throws: ``RippleError/stepNoLongerApplies`` when a collection's recorded difference no
    ///   longer fits its value (changes made without recording moved it).
    private static func apply(_ changes: [HistoryStep.Change], through host: any HistoryHost) throws {
        for change in changes.reversed() {
            let current = change.node._rippleValue(of: change.member)
            guard let before = change.valueBefore(current) else { throw RippleError.stepNoLongerApplies }
            guard !change.node._rippleIsCurrent(change.member, before) else { continue }
            host.journalWrite(change.node, change.member, old: current)
            change.node._rippleRestore(change.member, before)
        }
    }

    // MARK: Publishing the state

    /// Whether ``state`` shows something else than the stacks.
    private var stateIsStale: Bool {
        state._canUndo != canUndo || state._canRedo != canRedo || state._undoName != undoName
            || state._redoName != redoName || state._hasUnsavedChanges != hasUnsavedChanges
    }

    /// Writes the stacks into ``state``, when they changed: tracked, for the refresh that follows
    /// to deliver, when registrations watch it; straight into storage when nobody does.
    private func publishState() {
        guard stateIsStale else { return }
        if state.tracker._isWatched {
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
    private func publishOutsideUpdates() {
        guard stateIsStale else { return }
        guard let host, state.tracker._isWatched else { return publishState() }
        if !host.isBusy { try? host.runUpdate(tag: nil) {} }
    }
}

extension History: CommitRecorder {}

/// What a history needs of its mediator (whose core provides it).
@MainActor
protocol HistoryHost: AnyObject {
    /// Whether an update, a refresh or the end of one runs.
    var isBusy: Bool { get }
    /// The name of the step the running outermost update makes.
    var undoName: String? { get set }
    /// Whether the writes made now may be undone (false inside `withoutRecording`).
    var writesAreUndoable: Bool { get set }
    /// Runs `body` as an outermost update tagged `tag`.
    func runUpdate(tag: String?, _ body: @MainActor () throws -> Void) throws
    /// Journals `old`, the value member `member` of `node` has before a replay writes it.
    func journalWrite(_ node: any RippleNode, _ member: Int, old: Any)
    /// Runs `body` once the running outermost update is over.
    func afterUpdate(_ body: @escaping @MainActor () -> Void)
    /// Hands a failure that no caller can receive to the mediator's failure handler.
    func reportFailure(_ error: any Error, origin: String?)
}
