import Ripple

// Classes that declare `func validate() throws` conform to RippleValidating.

struct InvalidName: Error {}

// ripple: root
final class Project {
    let tracker = Tracker()

    // ripple: property
    var _name = "project"

    // ripple: node
    var _milestones: [Milestone] = []

    init() {}

    func validate() throws {
        if _name.isEmpty { throw InvalidName() }
    }
}

// ripple: node
final class Milestone {
    let tracker = Tracker()

    // ripple: property
    var _title = ""

    init() {}

    func validate() throws {
        if _title.isEmpty { throw InvalidName() }
    }
}
