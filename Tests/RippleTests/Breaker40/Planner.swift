import Foundation
import Ripple

// Issue 40's breaker model, a project planner, written from the documentation alone: a plan
// holds a recursive tree of tasks (each with `parent` and `plan` back references, the plan
// being the model's own root as far as the planner goes); resources shared by many tasks (a
// node in two places); tags in a dictionary of nodes; a set of labels, optional members and
// members of every value shape; a `validate()` on tasks and resources; derived state that is
// recursive per node: a task's `totalHours` (its own and its subtasks') and its `depth` (its
// parent's plus one). It hangs under the test target's root as `Library.gauge.planner`.

// ripple: node
final class Planner {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _deadline: Date? = nil

    // ripple: property
    var _labels: Set<String> = []

    // ripple: node
    /// The top tasks.
    var _tasks: [PlanTask] = []

    // ripple: node
    /// Resources by code: tasks name them too.
    var _resources: [String: PlanResource] = [:]

    // ripple: node
    var _tags: [String: PlanTag] = [:]

    // ripple: node
    /// A task the tree holds too, picked as the milestone.
    var _milestone: PlanTask? = nil

    // ripple: node
    /// Tasks pinned by the user (references).
    var _pinned: Set<PlanTask> = []

    // ripple: property, derived
    /// The hours of every top task's subtree, kept by a processor.
    var _totalHours = 0.0

    init() {}
}

/// Why a task or a resource refuses an update.
struct PlanError: Error, Equatable {
    let message: String
}

// ripple: node
final class PlanTask {
    let tracker = Tracker()

    // ripple: property
    var _title = ""

    // ripple: property
    var _hours = 0.0

    // ripple: property
    var _done = false

    // ripple: property
    var _notes: String? = nil

    // ripple: property
    var _priority: Int8 = 0

    // ripple: property
    var _estimates: [String: Double] = [:]

    // ripple: property
    var _checklist: [String] = []

    // ripple: property
    var _due: Date? = nil

    // ripple: property
    var _cost: Decimal = 0

    // ripple: property
    var _link: URL? = nil

    // ripple: property
    var _span: ClosedRange<Int>? = nil

    // ripple: node
    var _subtasks: [PlanTask] = []

    // ripple: node
    /// A back reference to the task above (nil for a top task).
    var _parent: PlanTask? = nil

    // ripple: node
    /// A back reference to the plan.
    var _plan: Planner? = nil

    // ripple: node
    /// The resources the task uses (references: the plan holds them).
    var _resources: [PlanResource] = []

    // ripple: node
    var _lead: PlanResource? = nil

    // ripple: node
    /// Tasks this one waits for (references, maybe itself or its ancestors).
    var _blockedBy: Set<PlanTask> = []

    // ripple: node
    var _tags: [String: PlanTag]? = nil

    // ripple: property, derived
    /// Own hours plus the subtasks' total, kept by a recursive per-node processor.
    var _totalHours = 0.0

    // ripple: property, derived
    /// The parent's depth plus one (0 for a top task), kept by a recursive per-node processor.
    var _depth = 0

    // ripple: property, derived
    /// Own hours times (depth + 1) plus the subtasks' weighted totals: reads the depth another
    /// recursive processor writes.
    var _weighted = 0.0

    init() {}

    convenience init(_ title: String, hours: Double = 1) {
        self.init()
        _title = title
        _hours = hours
    }

    /// How many times any task was validated (the scale probes count them).
    nonisolated(unsafe) static var validations = 0

    func validate() throws {
        Self.validations += 1
        guard _hours.isFinite, _hours >= 0 else { throw PlanError(message: "task \(_title): hours \(_hours)") }
        guard _parent !== self else { throw PlanError(message: "task \(_title) is its own parent") }
    }
}

extension PlanTask: Hashable {
    static func == (lhs: PlanTask, rhs: PlanTask) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

// ripple: node
final class PlanResource {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _rate = 0.0

    // ripple: property
    var _capacity: UInt64 = 40

    // ripple: property
    var _balance: Int = 0

    // ripple: node
    /// A back reference to the plan.
    var _plan: Planner? = nil

    // ripple: node
    /// A resource may stand in for another (maybe itself).
    var _backup: PlanResource? = nil

    // ripple: property, derived
    var _assigned = 0

    init() {}

    convenience init(_ name: String, rate: Double = 10) {
        self.init()
        _name = name
        _rate = rate
    }

    func validate() throws {
        guard _rate >= 0 else { throw PlanError(message: "resource \(_name): rate \(_rate)") }
    }
}

// ripple: node
final class PlanTag {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _color: UInt32 = 0

    init() {}

    convenience init(_ name: String, color: UInt32 = 0xff0000) {
        self.init()
        _name = name
        _color = color
    }
}
