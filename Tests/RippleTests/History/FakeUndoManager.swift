import Ripple
import Testing

/// An undo manager that behaves like Foundation's `UndoManager` as its documentation says, for
/// what `History` uses (Foundation on Linux has none):
/// - it keeps only an unowned reference to an action's target: playing an action whose target
///   is gone is a use-after-free on Apple platforms, recorded here as `deadTargets`;
/// - with `groupsByEvent` (the default) the first registration of a run-loop turn opens a group
///   that the end of the turn (`endEvent()`) closes; without it, registering outside an explicit
///   group is an error (Foundation raises an exception);
/// - `undo()` closes an open top-level group, then plays the whole last group, newest action
///   first; registrations made while undoing go to the redo stack, those made while redoing to
///   the undo stack, others to the undo stack and clear the redo stack;
/// - `levelsOfUndo` (0: no bound) drops the oldest groups; `removeAllActions(withTarget:)`
///   removes that target's actions only.
@MainActor
final class FakeUndoManager: UndoManaging {
    struct Action {
        weak var target: AnyObject?
        let run: @MainActor () -> Void
    }

    struct Group {
        var name = ""
        var actions: [Action] = []
    }

    private(set) var undoStack: [Group] = []
    private(set) var redoStack: [Group] = []
    private var openGroup: Group?
    private(set) var groupingLevel = 0
    private var isUndoing = false
    private var isRedoing = false
    private var closingObservers: [@MainActor () -> Void] = []
    var groupsByEvent = true
    var levelsOfUndo = 0 {
        didSet { trim() }
    }

    /// Actions played after their target was freed: each would crash on Apple platforms.
    private(set) var deadTargets = 0
    /// Registrations made outside any group with `groupsByEvent` off: each would raise.
    private(set) var registrationsOutsideGroups = 0

    var undoNames: [String] { undoStack.map(\.name) + (openGroup.map { [$0.name] } ?? []) }
    var redoNames: [String] { redoStack.map(\.name) }
    var canUndo: Bool { !undoStack.isEmpty || !(openGroup?.actions.isEmpty ?? true) }
    var canRedo: Bool { !redoStack.isEmpty }

    func registerRippleAction<Target: AnyObject & Sendable>(withTarget target: Target, _ action: @escaping @MainActor () -> Void) {
        register(target: target, action)
    }

    /// Registers an action of some other part of the app (a text field's typing, say).
    func register(target: AnyObject, _ action: @escaping @MainActor () -> Void) {
        if openGroup == nil {
            guard groupsByEvent else {
                registrationsOutsideGroups += 1
                return
            }
            beginUndoGrouping()
        }
        openGroup!.actions.append(Action(target: target, run: action))
        if !isUndoing && !isRedoing { redoStack.removeAll() }
    }

    func setActionName(_ actionName: String) {
        if openGroup != nil {
            openGroup!.name = actionName
        } else if isUndoing, !redoStack.isEmpty {
            redoStack[redoStack.count - 1].name = actionName
        } else if !undoStack.isEmpty {
            undoStack[undoStack.count - 1].name = actionName
        }
    }

    func removeAllActions(withTarget target: Any) {
        let target = target as AnyObject
        func keep(_ group: inout Group) { group.actions.removeAll { $0.target === target } }
        for index in undoStack.indices { keep(&undoStack[index]) }
        for index in redoStack.indices { keep(&redoStack[index]) }
        if openGroup != nil { keep(&openGroup!) }
        undoStack.removeAll { $0.actions.isEmpty }
        redoStack.removeAll { $0.actions.isEmpty }
    }

    func beginUndoGrouping() {
        groupingLevel += 1
        if groupingLevel == 1 { openGroup = Group() }
    }

    func endUndoGrouping() {
        precondition(groupingLevel > 0, "endUndoGrouping without a group (Foundation raises)")
        groupingLevel -= 1
        if groupingLevel == 0, let group = openGroup {
            openGroup = nil
            if !group.actions.isEmpty {
                if isUndoing { redoStack.append(group) } else { undoStack.append(group) }
                trim()
            }
        }
        for observer in closingObservers { observer() }
    }

    /// The end of a run-loop turn: the group that `groupsByEvent` opened closes.
    func endEvent() {
        if groupsByEvent, groupingLevel == 1 { endUndoGrouping() }
    }

    func undo() {
        if groupingLevel == 1 { endUndoGrouping() }
        precondition(groupingLevel == 0, "undo with nested groups open (Foundation raises)")
        guard let group = undoStack.popLast() else { return }
        isUndoing = true
        if let registered = play(group) { redoStack.append(registered) }
        isUndoing = false
        finishPlaying()
    }

    func redo() {
        precondition(groupingLevel == 0, "redo with groups open (Foundation raises)")
        guard let group = redoStack.popLast() else { return }
        isRedoing = true
        if let registered = play(group) { undoStack.append(registered) }
        isRedoing = false
        finishPlaying()
    }

    /// Plays `group` inside a group of its own, which collects the way back.
    private func play(_ group: Group) -> Group? {
        openGroup = Group(name: group.name)
        groupingLevel = 1
        for action in group.actions.reversed() {
            if action.target == nil { deadTargets += 1 }
            action.run()
        }
        groupingLevel = 0
        let registered = openGroup!
        openGroup = nil
        return registered.actions.isEmpty ? nil : registered
    }

    private func finishPlaying() {
        trim()
        for observer in closingObservers { observer() }
    }

    private func trim() {
        guard levelsOfUndo > 0 else { return }
        if undoStack.count > levelsOfUndo { undoStack.removeFirst(undoStack.count - levelsOfUndo) }
        if redoStack.count > levelsOfUndo { redoStack.removeFirst(redoStack.count - levelsOfUndo) }
    }

    func rippleObserveGroupClosing(_ body: @escaping @MainActor () -> Void) {
        closingObservers.append(body)
    }
}
