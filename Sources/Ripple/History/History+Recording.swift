extension History: CommitRecorder {
    /// History keeps no document.
    var keptDocument: Int? { nil }

    /// Records an outermost update that ended: per member, the value before its first write
    /// where history records (saved members, outside ``withoutRecording(_:)``) if it still
    /// differs; and whether saved members also changed where it does not record. Costs one pass
    /// over what was written.
    func record(_ commit: Commit) {
        defer { publishState() }
        // Any other update ends a run of typing (see `coalesce(_:)`).
        let typing = self.typing
        self.typing = nil
        var changes: [HistoryStep.Change] = []
        if isEnabled || replaying != nil {
            changes.reserveCapacity(commit.entries.count)
            var edits = MemberEdits()
            commit.forEachFirstWrite(where: Self.isRecorded) { entry in
                guard !entry.isCurrent else { return }
                changes.append(HistoryStep.Change(entry, current: entry.node._rippleValue(of: entry.member), edits: &edits))
            }
        }
        // Plain loops over the entries: a closure given to `contains(where:)` here would check
        // the executor at every entry.
        let entries = commit.entries
        func changesSaved(_ index: Int) -> Bool {
            Self.isSaved(entries[index]) && !entries[index].isCurrent
        }
        // With history off, every change of a saved member is one it does not record.
        var changesUnrecorded = false
        for index in entries.indices where !(entries[index].isUndoable && isEnabled) && changesSaved(index) {
            changesUnrecorded = true
            break
        }
        if let replaying, replayIsRecorded {
            // An update queued by the replay's refresh (a reaction to an undo): part of the undo
            // or redo, as Foundation's UndoManager groups what registers while it undoes.
            if !changes.isEmpty || changesUnrecorded { joinReplayedStep(replaying, changes: changes) }
        } else if commit.bodyCommitted, let replaying {
            // An undo or redo lands on the state at the other end of its step, unless its
            // refresh (a coordinator, say) changed the document further.
            var refreshChanged = false
            for index in commit.bodyEntryCount..<entries.count where changesSaved(index) {
                refreshChanged = true
                break
            }
            moveReplayedStep(replaying, changes: changes, landsOnItsState: !changesUnrecorded && !refreshChanged)
            replayIsRecorded = true
        } else if isEnabled, !changes.isEmpty {
            if !commit.isImplicit || !coalesce(changes, into: typing) { push(changes, name: commit.undoName) }
            noteTyping(changes, isImplicit: commit.isImplicit)
        } else if changesUnrecorded || !changes.isEmpty {
            stateID = newState()
            // Another replica's changes merged between two keystrokes make no step of this
            // replica's: the run of typing goes on, unless they wrote the member being typed.
            if let typing, commit.tag == "remote", changes.isEmpty, !Self.writes(commit, typing.member) { self.typing = typing }
        }
        if savesAtCommit {
            // A save asked for during an update that rolled back saves nothing.
            savesAtCommit = false
            if commit.bodyCommitted { savedID = stateID }
        }
    }

    /// Whether history records the entry: an undoable write of a member it records (saved
    /// state, not written from any thread).
    private static func isRecorded(_ entry: borrowing JournalEntry) -> Bool {
        // Not `&&`: its autoclosure would consume the borrowed entry.
        guard entry.isUndoable else { return false }
        return type(of: entry.node)._rippleDescriptor.records(entry.member)
    }

    /// Whether `commit` wrote `member`.
    private static func writes(_ commit: Commit, _ member: NodeMember) -> Bool {
        for entry in commit.entries where NodeMember(entry.node._rippleTracker, entry.member) == member { return true }
        return false
    }

    /// Whether the entry's member is saved state (not discardable nor derived).
    private static func isSaved(_ entry: borrowing JournalEntry) -> Bool {
        type(of: entry.node)._rippleDescriptor.saves(entry.member)
    }

    /// Moves the step an undo or redo replayed to the other stack, with `changes`, what the
    /// replay changed (the way back). An undo or redo moves its step even if it changed nothing
    /// (its changes were already undone by writes made without recording). A step replayed
    /// below the top (Edit > Undo chosen while an update made a newer step) leaves no way back:
    /// the newer step cleared what could be redone.
    private func moveReplayedStep(_ direction: Replay, changes: [HistoryStep.Change], landsOnItsState: Bool) {
        guard let serial = replayingSerial,
            let index = (direction == .undo ? undoSteps : redoSteps).lastIndex(where: { $0.serial == serial })
        else { return }
        var step = direction == .undo ? undoSteps.remove(at: index) : redoSteps.remove(at: index)
        let isTop = index == (direction == .undo ? undoSteps.count : redoSteps.count)
        let (from, to) = direction == .undo ? (step.after, step.before) : (step.before, step.after)
        stateID = stateID == from && landsOnItsState && isTop ? to : newState()
        guard isTop else {
            undoManager?.removeAllActions(withTarget: step.target)
            return
        }
        step.changes = changes
        step.movesMark = concurrentMoves?.clock
        if direction == .undo { redoSteps.append(step) } else { undoSteps.append(step) }
    }

    /// Adds `changes`, made by an update the replay's refresh queued, to the step the replay
    /// moved: playing that step back reverts them too. The document is in a new state, at the
    /// step's near end.
    private func joinReplayedStep(_ direction: Replay, changes: [HistoryStep.Change]) {
        stateID = newState()
        let moved = direction == .undo ? redoSteps.indices.last : undoSteps.indices.last
        guard let index = moved, (direction == .undo ? redoSteps : undoSteps)[index].serial == replayingSerial else { return }
        if direction == .undo {
            redoSteps[index].changes += changes
            redoSteps[index].before = stateID
            redoSteps[index].movesMark = concurrentMoves?.clock
        } else {
            undoSteps[index].changes += changes
            undoSteps[index].after = stateID
            undoSteps[index].movesMark = concurrentMoves?.clock
        }
    }

    /// Pushes a new step, or merges it into the step of the running group or manager event.
    /// A group's step clears the redo stack and reaches the undo manager when the group ends,
    /// if some of its changes are left.
    private func push(_ changes: [HistoryStep.Change], name: String?) {
        let before = stateID
        stateID = newState()
        if groupDepth == 0 { redoSteps.removeAll() }
        if let serial = groupStepSerial ?? eventStepSerial, let last = undoSteps.indices.last, undoSteps[last].serial == serial {
            undoSteps[last].changes.append(contentsOf: changes)
            undoSteps[last].after = stateID
            undoSteps[last].movesMark = concurrentMoves?.clock
            if groupDepth == 0, let name {
                // The manager's group takes the name set last; so does its step.
                undoSteps[last].name = name
                undoManager?.setActionName(name)
            }
        } else {
            lastSerial += 1
            var step = HistoryStep(
                serial: lastSerial, before: before, after: stateID, name: groupDepth > 0 ? groupName : name, changes: changes)
            step.movesMark = concurrentMoves?.clock
            undoSteps.append(step)
            if groupDepth > 0 {
                groupStepSerial = step.serial
            } else {
                register(step)
            }
        }
        trim()
    }

    /// Hands a new step to the undo manager, if any.
    private func register(_ step: HistoryStep) {
        registerManagerAction(.undo, for: step)
        if let undoManager, undoManager.groupsByEvent { eventStepSerial = step.serial }
    }

    /// Drops the changes of the group's step that cancelled out, and the step if none is left
    /// (then the redo stack stays as it was); a step that is left clears the redo stack.
    func endGroup() {
        defer {
            groupStepSerial = nil
            groupName = nil
        }
        guard let serial = groupStepSerial, let last = undoSteps.indices.last, undoSteps[last].serial == serial else { return }
        var step = undoSteps[last]
        var changesOfMember: [NodeMember: [Int]] = [:]
        for (index, change) in step.changes.enumerated() {
            changesOfMember[NodeMember(change.node._rippleTracker, change.member), default: []].append(index)
        }
        var cancelled: Set<Int> = []
        for indices in changesOfMember.values {
            let first = step.changes[indices[0]]
            var value: Any? = first.node._rippleValue(of: first.member)
            for index in indices.reversed() { value = value.flatMap(step.changes[index].valueBefore) }
            if let value, first.node._rippleIsCurrent(first.member, value) { cancelled.formUnion(indices) }
        }
        step.changes = step.changes.enumerated().filter { !cancelled.contains($0.offset) }.map(\.element)
        if step.changes.isEmpty {
            undoSteps.removeLast()
            if stateID == step.after { stateID = step.before }
            return
        }
        undoSteps[last] = step
        redoSteps.removeAll()
        register(step)
    }

    func trim() {
        guard undoSteps.count > limit else { return }
        let dropped = undoSteps.count - limit
        if let undoManager {
            for step in undoSteps[..<dropped] { undoManager.removeAllActions(withTarget: step.target) }
        }
        // No slice of the steps is alive here: removing moves the rest rather than copying them.
        undoSteps.removeFirst(dropped)
    }

    func forgetSteps() {
        for step in undoSteps + redoSteps { undoManager?.removeAllActions(withTarget: step.target) }
        undoSteps.removeAll()
        redoSteps.removeAll()
        eventStepSerial = nil
    }
}
