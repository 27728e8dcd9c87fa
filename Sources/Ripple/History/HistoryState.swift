/// What a mediator's history shows, as a tracked node that registrations read like the model.
///
/// The mediator writes it at the end of every update that changes it; a menu or a title bar
/// observes it on ``History/state``:
///
/// ```swift
/// let menu = mediator.observe("menu", on: mediator.history.state,
///     reads: [HistoryState.scheme.canUndo, HistoryState.scheme.undoName]) { state in
///     undoItem.isEnabled = state.canUndo
///     undoItem.title = state.undoName.map { "Undo \($0)" } ?? "Undo"
/// }
/// ```
///
/// Its paths start at this node, not at the model's root, so one registration reads either
/// the history state or the model. Its members are discardable: they are never undone.
public final class HistoryState {
    let tracker = Tracker()
    var _canUndo = false
    var _canRedo = false
    var _undoName: String?
    var _redoName: String?
    var _hasUnsavedChanges = false

    init() {}

    /// The change keys of the members.
    enum Key {
        static let canUndo = 0
        static let canRedo = 1
        static let undoName = 2
        static let redoName = 3
        static let hasUnsavedChanges = 4
    }

    /// Whether there is a step to undo.
    public internal(set) var canUndo: Bool {
        get { trackedRead(\._canUndo, Key.canUndo) }
        set { trackedWrite(\._canUndo, newValue, Key.canUndo) }
    }

    /// Whether there is a step to redo.
    public internal(set) var canRedo: Bool {
        get { trackedRead(\._canRedo, Key.canRedo) }
        set { trackedWrite(\._canRedo, newValue, Key.canRedo) }
    }

    /// The name of the step to undo, if it has one.
    public internal(set) var undoName: String? {
        get { trackedRead(\._undoName, Key.undoName) }
        set { trackedWrite(\._undoName, newValue, Key.undoName) }
    }

    /// The name of the step to redo, if it has one.
    public internal(set) var redoName: String? {
        get { trackedRead(\._redoName, Key.redoName) }
        set { trackedWrite(\._redoName, newValue, Key.redoName) }
    }

    /// Whether recorded changes were made since the document was last marked saved.
    public internal(set) var hasUnsavedChanges: Bool {
        get { trackedRead(\._hasUnsavedChanges, Key.hasUnsavedChanges) }
        set { trackedWrite(\._hasUnsavedChanges, newValue, Key.hasUnsavedChanges) }
    }

    /// The paths of the history state, for `reads:`.
    public static var scheme: Scheme { Scheme() }

    /// The paths of the history state's members.
    public struct Scheme: Sendable {
        public var canUndo: PropertyPath<HistoryState, Bool> { path(Key.canUndo) }
        public var canRedo: PropertyPath<HistoryState, Bool> { path(Key.canRedo) }
        public var undoName: PropertyPath<HistoryState, String?> { path(Key.undoName) }
        public var redoName: PropertyPath<HistoryState, String?> { path(Key.redoName) }
        public var hasUnsavedChanges: PropertyPath<HistoryState, Bool> { path(Key.hasUnsavedChanges) }
        /// Every member.
        public var all: ModelPath<HistoryState> { ModelPath().all }

        private func path<Value>(_ member: Int) -> PropertyPath<HistoryState, Value> {
            PropertyPath(ModelPath(steps: [.member(member)]))
        }
    }
}

// The conformance that ripple-gen would generate (the runtime target runs no plugin).
extension HistoryState: RippleNode {
    @_spi(RippleGenerated) public var _rippleTracker: Tracker { tracker }

    @_spi(RippleGenerated) public static let _rippleDescriptor = NodeDescriptor(
        name: "HistoryState",
        members: ["canUndo", "canRedo", "undoName", "redoName", "hasUnsavedChanges"].enumerated().map { index, name in
            MemberDescriptor(name: name, kind: .property, options: [.discardable], changeKey: index)
        })

    @_spi(RippleGenerated) public func _rippleVisitNodes(of member: Int, _ visit: (any RippleNode) -> Void) {}

    @_spi(RippleGenerated) public func _rippleIsCurrent(_ member: Int, _ value: Any) -> Bool {
        switch member {
        case Key.canUndo: _rippleIsSame(_canUndo, value)
        case Key.canRedo: _rippleIsSame(_canRedo, value)
        case Key.undoName: _rippleIsSame(_undoName, value)
        case Key.redoName: _rippleIsSame(_redoName, value)
        case Key.hasUnsavedChanges: _rippleIsSame(_hasUnsavedChanges, value)
        default: false
        }
    }

    @_spi(RippleGenerated) public func _rippleValue(of member: Int) -> Any {
        switch member {
        case Key.canUndo: _canUndo
        case Key.canRedo: _canRedo
        case Key.undoName: _undoName as Any
        case Key.redoName: _redoName as Any
        case Key.hasUnsavedChanges: _hasUnsavedChanges
        default: ()
        }
    }

    @_spi(RippleGenerated) public func _rippleRestore(_ member: Int, _ value: Any) {
        switch member {
        case Key.canUndo: if let value = value as? Bool { _canUndo = value }
        case Key.canRedo: if let value = value as? Bool { _canRedo = value }
        case Key.undoName: if let value = value as? String? { _undoName = value }
        case Key.redoName: if let value = value as? String? { _redoName = value }
        case Key.hasUnsavedChanges: if let value = value as? Bool { _hasUnsavedChanges = value }
        default: break
        }
    }
}
