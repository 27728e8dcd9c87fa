import Ripple

/// An outliner's model: projects of tasks that hold subtasks (a recursive class), and tags that
/// many tasks share. Not part of `BenchRoot`'s model: registrations are anchored on a workspace
/// (`observe(_:on:reads:_:)`).
// ripple: node
final class Workspace {
    let tracker = Tracker()

    // ripple: node
    var _projects: [Project] = []

    // ripple: node
    var _tags: [Tag] = []

    /// An empty workspace, for documents to fill.
    init() {}

    /// A workspace of about `taskCount` tasks: projects of 10 tasks, each task holding 3
    /// subtasks that hold 2 each (100 tasks a project, 10 below each top-level task); 20 tags,
    /// each task holding one or two of them.
    convenience init(taskCount: Int) {
        self.init()
        _tags = (0..<20).map { Tag(name: "tag \($0)") }
        var made = 0
        func task(depth: Int) -> TaskItem {
            let number = made
            made += 1
            let tags = number % 3 == 0 ? [_tags[number % 20], _tags[(number + 7) % 20]] : [_tags[number % 20]]
            let subtasks = depth < 2 ? (0..<(depth == 0 ? 3 : 2)).map { _ in task(depth: depth + 1) } : []
            return TaskItem(title: "task \(number)", subtasks: subtasks, tags: tags)
        }
        _projects = (0..<max(1, taskCount / 100)).map { index in
            Project(name: "project \(index)", tasks: (0..<10).map { _ in task(depth: 0) })
        }
    }
}

/// A project of the workspace: its top-level tasks.
// ripple: node
final class Project {
    let tracker = Tracker()

    // ripple: property
    var _name: String

    // ripple: node
    var _tasks: [TaskItem]

    init(name: String, tasks: [TaskItem]) {
        _name = name
        _tasks = tasks
    }

    /// A project for documents to fill.
    convenience init() {
        self.init(name: "", tasks: [])
    }
}
