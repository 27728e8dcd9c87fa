import Foundation
import Ripple

// Issue 38's breaker model, an org chart, written from the documentation alone: a company of
// departments nested in departments (to any depth) holding employees; an employee has a manager
// and a mentor (references to its own class, cycles allowed) and reports (an employee held by
// its department and by its manager's reports); the company's projects dictionary holds
// employees too; back references to the company and the parent department; members of every
// value shape; each department's derived head count (a per-node processor) and the company's
// derived total. It hangs under the test target's root as `Library.gauge.company`.

// ripple: node
final class Company {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _founded = Date(timeIntervalSinceReferenceDate: 0)

    // ripple: property
    var _logo = Data()

    // ripple: node
    var _top: Department? = nil

    // ripple: node
    var _projects: [String: Project] = [:]

    // ripple: property, derived
    /// How many employees the departments hold, kept by a processor from their head counts.
    var _totalHeadCount = 0

    init() {}
}

// ripple: node
final class Department {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _budget = 0.0

    // ripple: property
    var _codes: [String: Int] = [:]

    // ripple: node
    var _departments: [Department] = []

    // ripple: node
    var _employees: [Employee] = []

    // ripple: node
    /// A back reference to the department above (nil at the top).
    var _parent: Department? = nil

    // ripple: node
    /// A back reference to the company.
    var _company: Company? = nil

    // ripple: property, derived
    /// How many employees the department itself holds, kept by a per-node processor.
    var _headCount = 0

    init() {}

    convenience init(_ name: String) {
        self.init()
        _name = name
    }
}

/// What an employee knows.
enum Skill: String, Codable, Hashable, CaseIterable {
    case swift, design, sales, support, law
}

/// Where an employee is in their life at the company; cases carry payloads.
enum EmploymentStatus: Codable, Equatable {
    case active
    case onLeave(until: Date)
    case departed(reason: String?, rehire: Bool)
}

// ripple: node
final class Employee {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _age = 0

    // ripple: property
    var _salary = 0.0

    // ripple: property
    var _remote = false

    // ripple: property
    var _nickname: String? = nil

    // ripple: property
    var _status: EmploymentStatus = .active

    // ripple: property
    var _hired = Date(timeIntervalSinceReferenceDate: 0)

    // ripple: property
    var _photo = Data()

    // ripple: property
    var _phones: [String] = []

    // ripple: property
    var _ratings: [String: Double] = [:]

    // ripple: property
    var _skills: Set<Skill> = []

    // ripple: node
    /// The employee's manager (a reference: their department holds them).
    var _manager: Employee? = nil

    // ripple: node
    /// The employee's mentor (a reference).
    var _mentor: Employee? = nil

    // ripple: node
    /// Who reports to the employee (references: their departments hold them).
    var _reports: [Employee] = []

    // ripple: node
    /// A back reference to the department holding the employee.
    var _department: Department? = nil

    // ripple: node
    /// A back reference to the company.
    var _company: Company? = nil

    init() {}

    convenience init(_ name: String) {
        self.init()
        _name = name
    }
}

// ripple: node
final class Project {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _budget = 0

    // ripple: node
    /// The employees on the project (references).
    var _members: [Employee] = []

    // ripple: node
    /// A back reference to the company.
    var _company: Company? = nil

    init() {}

    convenience init(_ name: String) {
        self.init()
        _name = name
    }
}
