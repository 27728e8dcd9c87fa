/// The actions of a mediator that have not finished, as a tracked node that registrations read
/// like the model: a spinner or a progress list needs no other wiring.
///
/// ```swift
/// let spinner = mediator.observe("spinner", on: mediator.activity,
///     reads: [ActivityState.scheme.actions, ActivityState.scheme.executing]) { activity in
///     progress.isHidden = activity.actions.isEmpty
///     progress.label = "\(activity.executing) of \(activity.actions.count) running"
/// }
/// ```
///
/// The mediator updates it in an update of its own whenever an action starts, begins
/// executing or finishes. Its members are discardable: they are never undone.
public final class ActivityState {
    let tracker = Tracker()
    var _actions: [Action] = []
    var _executing = 0
    var _progress = 0.0

    init() {}

    /// The change keys of the members.
    enum Key {
        static let actions = 0
        static let executing = 1
        static let progress = 2
    }

    /// The actions not yet finished, in the order they were started.
    public internal(set) var actions: [Action] {
        get { trackedRead(\._actions, Key.actions) }
        set { trackedWrite(\._actions, newValue, Key.actions) }
    }

    /// How many of them are executing (the others are pending).
    public internal(set) var executing: Int {
        get { trackedRead(\._executing, Key.executing) }
        set { trackedWrite(\._executing, newValue, Key.executing) }
    }

    /// How much of their work the unfinished actions have done together, from 0 to 1: the mean
    /// of their ``Action/progress`` (an action that reported none counts as 0).
    public internal(set) var progress: Double {
        get { trackedRead(\._progress, Key.progress) }
        set { trackedWrite(\._progress, newValue, Key.progress) }
    }

    /// The paths of the activity state, for `reads:`.
    public static var scheme: Scheme { Scheme() }

    /// The paths of the activity state's members.
    public struct Scheme: Sendable {
        public var actions: PropertyPath<ActivityState, [Action]> { PropertyPath(ModelPath(steps: [.member(Key.actions)])) }
        public var executing: PropertyPath<ActivityState, Int> { PropertyPath(ModelPath(steps: [.member(Key.executing)])) }
        public var progress: PropertyPath<ActivityState, Double> { PropertyPath(ModelPath(steps: [.member(Key.progress)])) }
    }
}

// The conformance that ripple-gen would generate (the runtime target runs no plugin).
extension ActivityState: RippleNode {
    @_spi(RippleGenerated) public var _rippleTracker: Tracker { tracker }

    @_spi(RippleGenerated) public static let _rippleDescriptor = NodeDescriptor(
        name: "ActivityState",
        members: [
            MemberDescriptor(name: "actions", kind: .property, options: [.discardable], changeKey: Key.actions),
            MemberDescriptor(name: "executing", kind: .property, options: [.discardable], changeKey: Key.executing),
            MemberDescriptor(name: "progress", kind: .property, options: [.discardable], changeKey: Key.progress),
        ])

    @_spi(RippleGenerated) public func _rippleVisitNodes(of member: Int, _ visit: (any RippleNode) -> Void) {}

    @_spi(RippleGenerated) public func _rippleIsCurrent(_ member: Int, _ value: Any) -> Bool {
        switch member {
        case Key.actions: _rippleIsSame(_actions, value)
        case Key.executing: _rippleIsSame(_executing, value)
        case Key.progress: _rippleIsSame(_progress, value)
        default: false
        }
    }

    @_spi(RippleGenerated) public func _rippleValue(of member: Int) -> Any {
        switch member {
        case Key.actions: _actions
        case Key.executing: _executing
        case Key.progress: _progress
        default: ()
        }
    }

    @_spi(RippleGenerated) public func _rippleRestore(_ member: Int, _ value: Any) {
        switch member {
        case Key.actions: if let value = value as? [Action] { _actions = value }
        case Key.executing: if let value = value as? Int { _executing = value }
        case Key.progress: if let value = value as? Double { _progress = value }
        default: break
        }
    }
}

extension Action: Equatable {
    /// The same action: actions are equal when they are the same object.
    public nonisolated static func == (lhs: Action, rhs: Action) -> Bool { lhs === rhs }
}
