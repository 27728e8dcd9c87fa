import Ripple

/// A task of the outliner: it holds subtasks (tasks of its own class, at any depth) and tags
/// shared with other tasks.
// ripple: node
final class TaskItem {
    let tracker = Tracker()

    // ripple: property
    var _title: String

    // ripple: property
    var _isDone = false

    // ripple: node
    var _subtasks: [TaskItem]

    // ripple: node
    var _tags: [Tag]

    init(title: String, subtasks: [TaskItem], tags: [Tag]) {
        _title = title
        _subtasks = subtasks
        _tags = tags
    }

    /// A task for documents to fill.
    convenience init() {
        self.init(title: "", subtasks: [], tags: [])
    }
}

/// A tag that many tasks hold.
// ripple: node
final class Tag {
    let tracker = Tracker()

    // ripple: property
    var _name: String

    init(name: String) {
        _name = name
    }

    /// A tag for documents to fill.
    convenience init() {
        self.init(name: "")
    }
}
