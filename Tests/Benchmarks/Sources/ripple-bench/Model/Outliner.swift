import Ripple

/// An outliner for per-node registrations (`forEach:`), held by `BenchRoot.outliner` as they
/// reach the nodes in a mediator's model: projects of tasks holding subtasks (a recursive
/// class), each project counting its open tasks.
// ripple: node
final class Outliner {
    let tracker = Tracker()

    // ripple: node
    var _projects: [OutlineProject] = []

    /// An empty outliner, for documents to fill.
    init() {}

    /// An outliner of about `taskCount` tasks: projects of 10 tasks, each holding 3 subtasks
    /// that hold 2 each (100 tasks a project).
    convenience init(taskCount: Int) {
        self.init()
        var made = 0
        func task(depth: Int) -> OutlineTask {
            made += 1
            let subtasks = depth < 2 ? (0..<(depth == 0 ? 3 : 2)).map { _ in task(depth: depth + 1) } : []
            return OutlineTask(title: "task \(made)", subtasks: subtasks)
        }
        _projects = (0..<max(1, taskCount / 100)).map { _ in OutlineProject(tasks: (0..<10).map { _ in task(depth: 0) }) }
    }
}

/// A project of the outliner: its top-level tasks, and how many of them are open (derived).
// ripple: node
final class OutlineProject {
    let tracker = Tracker()

    // ripple: property, derived
    var _openCount = 0

    // ripple: node
    var _tasks: [OutlineTask]

    init(tasks: [OutlineTask]) {
        _tasks = tasks
    }

    /// A project for documents to fill.
    convenience init() {
        self.init(tasks: [])
    }
}

/// A task of the outliner: it holds subtasks, tasks of its own class at any depth.
// ripple: node
final class OutlineTask {
    let tracker = Tracker()

    // ripple: property
    var _title: String

    // ripple: property
    var _isDone = false

    // ripple: node
    var _subtasks: [OutlineTask]

    init(title: String, subtasks: [OutlineTask]) {
        _title = title
        _subtasks = subtasks
    }

    /// A task for documents to fill.
    convenience init() {
        self.init(title: "", subtasks: [])
    }
}
