import Foundation
import Ripple

// Issue 35's breaker model, a notes app with a planner, written from the documentation alone:
// a notebook of pages nested to any depth (back references to the parent page and the
// notebook), pages also filed by key in a dictionary and starred in a set (a page in two or
// three places), tags as a set of nodes, tasks with subtasks and dependencies on tasks of other
// branches (a task referenced from elsewhere), a back reference to the document's root, and
// members of every value shape (String, Int, Double, Bool, optional, enum, optional enum, Date,
// Data, dictionaries of values). It hangs under the test target's root as
// `Library.gauge.notebook`.

// ripple: node
final class Notebook {
    let tracker = Tracker()

    // ripple: property
    var _title = ""

    // ripple: property
    var _created = Date(timeIntervalSinceReferenceDate: 0)

    // ripple: property
    var _cover: Data? = nil

    // ripple: node
    var _pages: [Page] = []

    // ripple: node
    var _pagesByKey: [String: Page] = [:]

    // ripple: node
    var _starred: Set<Page> = []

    // ripple: node
    var _tags: Set<Label> = []

    // ripple: node
    var _tasks: [Chore] = []

    // ripple: node
    /// A back reference to the document's root.
    var _library: Library? = nil

    init() {}
}

/// How far a page's draft is.
enum Draft: String, Codable {
    case idea
    case writing
    case final
}

/// How urgent a task is.
enum Urgency: Int, Codable {
    case low
    case normal
    case high
}

// ripple: node
final class Page {
    let tracker = Tracker()

    // ripple: property
    var _title = ""

    // ripple: property
    var _words = 0

    // ripple: property
    var _zoom = 1.0

    // ripple: property
    var _locked = false

    // ripple: property
    var _draft: Draft? = nil

    // ripple: property
    var _edited = Date(timeIntervalSinceReferenceDate: 0)

    // ripple: property
    var _icon = Data()

    // ripple: property
    var _counts: [String: Int] = [:]

    // ripple: node
    var _children: [Page] = []

    // ripple: node
    /// A back reference to the page above (nil at the top).
    var _parent: Page? = nil

    // ripple: node
    /// A back reference to the notebook.
    var _notebook: Notebook? = nil

    init() {}

    convenience init(_ title: String, words: Int = 0) {
        self.init()
        _title = title
        _words = words
    }
}

// ripple: node
final class Label {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _hue = 0

    init() {}

    convenience init(_ name: String, hue: Int) {
        self.init()
        _name = name
        _hue = hue
    }
}

// ripple: node
final class Chore {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _estimate = 1.0

    // ripple: property
    var _done = false

    // ripple: property
    var _urgency: Urgency = .normal

    // ripple: property
    var _due: Date? = nil

    // ripple: node
    var _subtasks: [Chore] = []

    // ripple: node
    /// Tasks this one waits for, anywhere in the plan.
    var _dependsOn: [Chore] = []

    // ripple: node
    /// The page the task is written on, also held by the notebook.
    var _page: Page? = nil

    // ripple: node
    /// A back reference to the task above.
    var _parent: Chore? = nil

    init() {}

    convenience init(_ name: String) {
        self.init()
        _name = name
    }
}

/// Pages and labels are told apart by identity, in sets as everywhere else.
extension Page: Hashable {
    static func == (lhs: Page, rhs: Page) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Label: Hashable {
    static func == (lhs: Label, rhs: Label) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Library {
    /// The breaker's notebook, held by the gauge (made when one is set and there is none).
    var notebook: Notebook? {
        get { gauge?.notebook }
        set {
            if gauge == nil { gauge = Gauge() }
            gauge!.notebook = newValue
        }
    }
}
