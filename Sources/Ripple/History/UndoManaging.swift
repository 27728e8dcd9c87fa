#if canImport(Darwin)
import Foundation
#endif

/// What ``History/drive(_:)`` needs from an undo manager: Foundation's `UndoManager` conforms
/// on Apple platforms, so Edit > Undo and SwiftUI's `\.undoManager` show Ripple's steps.
///
/// The requirements follow `UndoManager`: registrations made while it undoes go to its redo
/// stack, those made while it redoes to its undo stack, others to its undo stack (clearing its
/// redo stack); it keeps only an unowned reference to an action's target; with `groupsByEvent`
/// it groups the registrations of one run-loop turn, and `undo()` plays a whole top-level group;
/// `levelsOfUndo` bounds how many groups it keeps (0: no bound).
@MainActor
public protocol UndoManaging: AnyObject {
    /// Registers `action` as the next action to undo (or to redo, while undoing), with `target`:
    /// an object the manager does not retain (the action keeps it alive).
    func registerRippleAction<Target: AnyObject & Sendable>(withTarget target: Target, _ action: @escaping @MainActor () -> Void)
    /// Names the undo group that the last registration went to, e.g. `"Rename Shelf"`.
    func setActionName(_ actionName: String)
    /// Forgets the actions registered with `target`, and no other.
    func removeAllActions(withTarget target: Any)
    /// Plays the last group of actions to undo.
    func undo()
    /// Plays the last group of actions to redo.
    func redo()
    /// Whether it has a group to undo.
    var canUndo: Bool { get }
    /// Whether it has a group to redo.
    var canRedo: Bool { get }
    /// How many top-level groups it keeps (0: no bound).
    var levelsOfUndo: Int { get set }
    /// Whether it groups the registrations of each run-loop turn into one group.
    var groupsByEvent: Bool { get }
    /// How many groups are open.
    var groupingLevel: Int { get }
    /// Opens a group (registrations outside any group are an error without `groupsByEvent`).
    func beginUndoGrouping()
    /// Closes the group opened last.
    func endUndoGrouping()
    /// Calls `body` each time it closes an undo group.
    func rippleObserveGroupClosing(_ body: @escaping @MainActor () -> Void)
}

#if canImport(Darwin)
extension UndoManager: UndoManaging {
    /// Registers `action` through `registerUndo(withTarget:handler:)`; the handler holds the
    /// target, since the manager itself does not.
    public func registerRippleAction<Target: AnyObject & Sendable>(
        withTarget target: Target, _ action: @escaping @MainActor () -> Void
    ) {
        let play = MainActorAction(action)
        registerUndo(withTarget: target) { [target] _ in
            withExtendedLifetime(target) { play.run() }
        }
    }

    /// Observes `NSUndoManagerDidCloseUndoGroup` of this manager.
    public func rippleObserveGroupClosing(_ body: @escaping @MainActor () -> Void) {
        let closed = MainActorAction(body)
        _ = NotificationCenter.default.addObserver(forName: .NSUndoManagerDidCloseUndoGroup, object: self, queue: nil) { _ in
            closed.run()
        }
    }
}

/// A main-actor closure that Foundation calls from its own (main-thread) callbacks.
private final class MainActorAction: @unchecked Sendable {
    private let action: @MainActor () -> Void

    init(_ action: @escaping @MainActor () -> Void) {
        self.action = action
    }

    nonisolated func run() {
        MainActor.assumeIsolated { action() }
    }
}
#endif
