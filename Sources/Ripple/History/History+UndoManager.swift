extension History {
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
    /// ``clear()``, when driving another manager); driving the same manager again does nothing. With `groupsByEvent`, the updates of one
    /// run-loop turn make one step, as they make one group of the manager: one Edit > Undo
    /// undoes one step. Edit > Undo chosen while an update runs plays its step right after it.
    public func drive(_ manager: some UndoManaging) {
        if let previous = undoManager {
            if previous === manager { return }
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
    func registerManagerAction(_ direction: Replay, for step: HistoryStep) {
        guard let undoManager else { return }
        let serial = step.serial
        let target = step.target
        // A manager that does not group by event wants every registration in a group.
        let opensGroup = undoManager.groupingLevel == 0 && !undoManager.groupsByEvent
        if opensGroup { undoManager.beginUndoGrouping() }
        // The manager keeps the target unowned: the action keeps it alive.
        undoManager.registerRippleAction(withTarget: target) { [weak self] in
            withExtendedLifetime(target) { self?.managerPlays(direction, serial: serial) }
        }
        if let name = step.name { undoManager.setActionName(name) }
        if opensGroup { undoManager.endUndoGrouping() }
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

    /// Plays the step that Edit > Undo (or Redo) chose while an update ran: on top of its stack,
    /// or below a step that update made since (then undone out of order, with no way back, as
    /// the newer step cleared what could be redone, in the manager too).
    private func replayLater(_ direction: Replay, serial: Int) {
        guard let host, let step = (direction == .undo ? undoSteps : redoSteps).last(where: { $0.serial == serial }) else {
            return
        }
        do {
            try replay(step, direction, host: host)
        } catch {
            host.reportFailure(error, origin: "undo manager")
        }
    }
}
