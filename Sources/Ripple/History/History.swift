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
    private(set) weak var host: (any HistoryHost)?

    /// The history as a tracked node: registrations on it fire when ``canUndo``, ``canRedo``,
    /// ``undoName``, ``redoName`` or ``hasUnsavedChanges`` change.
    public let state = HistoryState()

    var undoSteps: [HistoryStep] = []
    var redoSteps: [HistoryStep] = []
    var lastSerial = 0
    /// Document states: each committed change of saved members makes a new one, and undoing or
    /// redoing a step goes back to the state at its other end.
    var lastStateID = 0
    var stateID = 0
    var savedID = 0
    /// ``markSaved()`` was called while an update ran: it saves that update when it commits.
    var savesAtCommit = false
    /// Which stack the running update replays, if it is an undo or a redo.
    var replaying: Replay?
    /// The serial of the step being replayed.
    var replayingSerial: Int?
    /// The replay's own update is recorded: what commits after it, before the replay returns,
    /// is an update its refresh queued, which joins the replayed step.
    var replayIsRecorded = false
    enum Replay {
        case undo, redo

        var inverse: Replay { self == .undo ? .redo : .undo }
    }

    // A running group merges the steps of its updates into one.
    var groupDepth = 0
    var groupName: String?
    var groupStepSerial: Int?

    // The undo manager it drives, if any.
    var undoManager: (any UndoManaging)?
    /// The manager plays one of its actions because ``undo()`` or ``redo()`` asked it to.
    var playsForHistory = false
    var managerError: (any Error)?
    /// The step registered in the manager's open event group: with `groupsByEvent`, the next
    /// update of the same event joins it, so that one Edit > Undo undoes one step.
    var eventStepSerial: Int?
    /// The step on top made by implicit updates that wrote one member only, and that member:
    /// the next such update writing it joins the step (see `coalesce(_:)`).
    var typing: (serial: Int, member: NodeMember)?

    /// The replica whose merges move nodes, if the mediator collaborates: an undo asks it
    /// whether a node it puts back was moved away since (see `Reverting`).
    weak var concurrentMoves: (any ConcurrentMoves)?

    init(host: any HistoryHost) {
        self.host = host
    }

    // MARK: Stacks

    /// Whether there is a step to undo.
    public var canUndo: Bool { host != nil && !undoSteps.isEmpty }

    /// Whether there is a step to redo.
    public var canRedo: Bool { host != nil && !redoSteps.isEmpty }

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
    /// - Complexity: O(m + f), where m is the number of members the step changed and f the
    ///   registrations watching them, as an update making those writes; a collection gets its
    ///   difference back in a copy of itself, O(c) for its c elements. Not the size of the model
    ///   nor of the history.
    public func undo() throws {
        try play(.undo)
    }

    /// Redoes the last undone step, as an update; see ``undo()``.
    ///
    /// - Throws: As ``undo()``.
    /// - Complexity: As ``undo()``.
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

    /// The disk no longer holds the saved state (a document store's write failed): no state is
    /// saved until the next ``markSaved()``, not even the one marked last.
    func markUnsaved() {
        savedID = -1
        savesAtCommit = false
        publishOutsideUpdates()
    }

    func newState() -> Int {
        lastStateID += 1
        return lastStateID
    }

    // MARK: Undo and redo

    func topStep(_ direction: Replay) -> HistoryStep? {
        direction == .undo ? undoSteps.last : redoSteps.last
    }

    /// Undoes or redoes: through the undo manager when one is driven, so that it stays in step.
    private func play(_ direction: Replay) throws {
        guard let host else { throw RippleError.mediatorGone }
        guard !host.isBusy, groupDepth == 0, replaying == nil else {
            throw RippleError.historyBusy(action: direction == .undo ? "undo()" : "redo()")
        }
        // Typing not yet committed is the step to undo.
        host.commitImplicitUpdate()
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
    func replay(_ step: HistoryStep, _ direction: Replay, host: any HistoryHost) throws {
        replaying = direction
        replayingSerial = step.serial
        replayIsRecorded = false
        // A replay is recorded, whatever context asked for it.
        let wasUndoable = host.writesAreUndoable
        host.writesAreUndoable = true
        defer {
            replaying = nil
            replayingSerial = nil
            replayIsRecorded = false
            host.writesAreUndoable = wasUndoable
        }
        do {
            // Undo and redo are updates tagged "undo" and "redo" (see `Mediator.firingTags`).
            try host.runUpdate(tag: direction == .undo ? "undo" : "redo") {
                Self.apply(step.changes, through: host, moves: concurrentMoves.map { ($0, step.movesMark) })
            }
        } catch {
            // A gate refused the change (the disk is full): nothing changed, and the step stays.
            if host.lastTransactionWasRefused { throw error }
            // Validation rejects the state it would bring back: the step goes, and the steps
            // below it, which could only be reached through it.
            let stack = direction == .undo ? undoSteps : redoSteps
            let count = (stack.lastIndex { $0.serial == step.serial } ?? stack.count - 1) + 1
            for dropped in stack.prefix(count) { undoManager?.removeAllActions(withTarget: dropped.target) }
            if direction == .undo { undoSteps.removeFirst(count) } else { redoSteps.removeFirst(count) }
            publishOutsideUpdates()
            throw error
        }
    }

    /// Puts back the value every change had before, newest change first, journaling the value
    /// it replaces, so that this runs as an ordinary update body: validated, rolled back if
    /// that fails, delivered. A member changed since without recording (a value that is no
    /// longer what the step left, a collection edit that no longer fits) keeps its newer value.
    static func apply(
        _ changes: [HistoryStep.Change], through host: any HistoryHost, moves: (replica: any ConcurrentMoves, mark: UInt64?)?
    ) {
        let reverting = Reverting(changes, moves: moves)
        // A member changed twice in the step: its older change is computed again from the
        // value the newer one put back.
        var restored: Set<NodeMember> = []
        for index in changes.indices.reversed() {
            let change = changes[index]
            let current = change.node._rippleValue(of: change.member)
            let isFirst = restored.insert(NodeMember(change.node._rippleTracker, change.member)).inserted
            guard isFirst || !change.wasOverwritten(current),
                var before = isFirst ? reverting.befores[index] : change.valueBefore(current)
            else { continue }
            let keptOut = change.isNodeMember ? reverting.keptOut(ofChange: index) : []
            if !keptOut.isEmpty {
                guard let kept = keepingOut(keptOut, of: before, current: current) else { continue }
                before = kept
            }
            if isFirst, let movedInto = reverting.movedInto[index], let collection = before as? any NodeCollection {
                before = collection.removingGainedPlaces(movedInto, current: current)
            }
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
    func publishState() {
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
    func publishOutsideUpdates() {
        guard stateIsStale else { return }
        guard let host, state.tracker._isWatched else { return publishState() }
        if !host.isBusy { try? host.runUpdate(tag: nil) {} }
    }
}
