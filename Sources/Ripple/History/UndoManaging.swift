#if canImport(Darwin)
import Foundation
#endif

/// What ``History/drive(_:)`` needs from an undo manager: Foundation's `UndoManager` conforms
/// on Apple platforms, so Edit > Undo and SwiftUI's `\.undoManager` show Ripple's steps.
///
/// A manager registers actions and plays them back: registrations made while it undoes go to
/// its redo stack, those made while it redoes to its undo stack, others to its undo stack
/// (clearing its redo stack).
@MainActor
public protocol UndoManaging: AnyObject {
    /// Registers `action` as the next action to undo (or to redo, while undoing).
    func registerRippleUndo(_ action: @escaping @MainActor () -> Void)
    /// Names the action registered last, e.g. `"Rename Shelf"`.
    func setActionName(_ actionName: String)
    /// Forgets every action.
    func removeAllActions()
    /// Plays the last action to undo.
    func undo()
    /// Plays the last action to redo.
    func redo()
}

#if canImport(Darwin)
extension UndoManager: UndoManaging {
    /// Registers `action` through `registerUndo(withTarget:handler:)`.
    public func registerRippleUndo(_ action: @escaping @MainActor () -> Void) {
        let box = UndoAction(action)
        registerUndo(withTarget: box) { box in box.run() }
    }
}

/// An action for `UndoManager`, which calls its handlers on the main thread.
private final class UndoAction: @unchecked Sendable {
    private let action: @MainActor () -> Void

    init(_ action: @escaping @MainActor () -> Void) {
        self.action = action
    }

    nonisolated func run() {
        MainActor.assumeIsolated { action() }
    }
}
#endif
