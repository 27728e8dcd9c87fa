import Foundation
@testable import Ripple

/// Replicas and files of a document holding an org chart, for issue 38's breaker tests.
@MainActor
enum OrgReplicas: ReplicaFixture {
    /// A company whose top department holds `branches` departments of `teams` departments each,
    /// every team holding `employees` employees (back references set). A team's first employee
    /// manages the others (who are its reports); each employee mentors the next (the last the
    /// first: a cycle); two projects hold the first employees.
    static func makeCompany(branches: Int = 3, teams: Int = 2, employees: Int = 3, library: Library? = nil) -> Company {
        let company = Company()
        company.name = "Acme"
        company.logo = Data(repeating: 0xAC, count: 64)
        let top = Department("top")
        top.company = company
        company.top = top
        var all: [Employee] = []
        for branch in 0..<branches {
            let department = Department("d\(branch)")
            department.parent = top
            department.company = company
            for team in 0..<teams {
                let sub = Department("d\(branch).\(team)")
                sub.parent = department
                sub.company = company
                sub.codes = ["cost": branch * 10 + team]
                sub.employees = (0..<employees).map { _ in
                    let employee = makeEmployee(all.count, company: company)
                    employee.department = sub
                    all.append(employee)
                    return employee
                }
                if let head = sub.employees.first {
                    for report in sub.employees.dropFirst() {
                        report.manager = head
                        head.reports.append(report)
                    }
                }
                department.departments.append(sub)
            }
            top.departments.append(department)
        }
        for (index, employee) in all.enumerated() { employee.mentor = all[(index + 1) % all.count] }
        let apollo = Project("Apollo")
        apollo.company = company
        apollo.members = Array(all.prefix(3))
        let zeus = Project("Zeus")
        zeus.company = company
        zeus.members = Array(all.suffix(2))
        company.projects = ["apollo": apollo, "zeus": zeus]
        return company
    }

    static func makeEmployee(_ number: Int, company: Company?) -> Employee {
        let employee = Employee("e\(number)")
        employee.company = company
        employee.age = 20 + number % 40
        employee.salary = 1_000 + Double(number) / 8
        employee.remote = number % 2 == 0
        employee.nickname = number % 3 == 0 ? nil : "nick \(number)"
        employee.status =
            [
                EmploymentStatus.active, .onLeave(until: Date(timeIntervalSinceReferenceDate: 800_000_000)),
                .departed(reason: nil, rehire: true), .departed(reason: "moved", rehire: false),
            ][number % 4]
        employee.hired = Date(timeIntervalSinceReferenceDate: 600_000_000 + Double(number))
        employee.photo = Data([UInt8(number % 256), 9, 9])
        employee.phones = ["+1 555 \(number)"]
        employee.ratings = ["2025": Double(number % 5)]
        employee.skills = [Skill.allCases[number % Skill.allCases.count]]
        return employee
    }

    static func makeLibrary(branches: Int = 3, teams: Int = 2, employees: Int = 3) -> Library {
        let library = Library()
        library.company = makeCompany(branches: branches, teams: teams, employees: employees, library: library)
        return library
    }

    static func replicas(_ count: Int, branches: Int = 3, teams: Int = 2, employees: Int = 3, seed: UInt64? = nil)
        throws
        -> [Mediator<Library>]
    {
        try ReplicaGroup.replicas(
            count, of: makeLibrary(branches: branches, teams: teams, employees: employees), seed: seed)
    }

    static func company(_ mediator: Mediator<Library>) -> Company { mediator.root.company! }

    /// The department named `name`, wherever it is under the top department.
    static func department(_ mediator: Mediator<Library>, _ name: String) -> Department? {
        allDepartments(company(mediator).top!).first { $0.name == name }
    }

    /// The employee named `name`, wherever a department holds them.
    static func employee(_ mediator: Mediator<Library>, _ name: String) -> Employee? {
        allDepartments(company(mediator).top!).lazy.flatMap(\.employees).first { $0.name == name }
    }

    /// Every department under `department`, itself first (one seen before is not walked again).
    static func allDepartments(_ department: Department) -> [Department] {
        var seen = Set<ObjectIdentifier>()
        var found: [Department] = []
        var stack = [department]
        while let next = stack.popLast() {
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            found.append(next)
            stack.append(contentsOf: next.departments.reversed())
        }
        return found
    }

    /// What is wrong with the chart a user sees: a department in two places or inside itself, an
    /// employee in two departments, or (with `expected`) a department or an employee missing.
    static func problems(_ mediator: Mediator<Library>, departments: Set<String>? = nil, employees: Set<String>? = nil)
        -> [String]
    {
        guard let top = mediator.root.company?.top else { return ["no top department"] }
        var problems: [String] = []
        var seenDepartments = Set<ObjectIdentifier>()
        var seenEmployees = Set<ObjectIdentifier>()
        var names = Set<String>()
        var people = Set<String>()
        var stack = [top]
        while let department = stack.popLast() {
            guard seenDepartments.insert(ObjectIdentifier(department)).inserted else {
                problems.append("department \(department.name) in two places, or in a cycle")
                continue
            }
            names.insert(department.name)
            for employee in department.employees {
                if !seenEmployees.insert(ObjectIdentifier(employee)).inserted {
                    problems.append("employee \(employee.name) in two departments")
                }
                people.insert(employee.name)
            }
            stack.append(contentsOf: department.departments)
        }
        if let departments, departments != names {
            problems.append(
                "departments missing \(departments.subtracting(names).sorted()), extra \(names.subtracting(departments).sorted())"
            )
        }
        if let employees, employees != people {
            problems.append(
                "employees missing \(employees.subtracting(people).sorted()), extra \(people.subtracting(employees).sorted())"
            )
        }
        return problems
    }

    /// Every department's name and every employee's name, as held now.
    static func names(_ mediator: Mediator<Library>) -> (departments: Set<String>, employees: Set<String>) {
        let departments = allDepartments(company(mediator).top!)
        return (Set(departments.map(\.name)), Set(departments.flatMap { $0.employees.map(\.name) }))
    }

    /// What a user sees of the chart, without merge state.
    static func visible(_ mediator: Mediator<Library>) -> String {
        guard let company = mediator.root.company, let top = company.top else { return "no company" }
        func describe(_ employee: Employee) -> String {
            "\(employee.name) \(employee.age) \(employee.salary) \(employee.remote) \(employee.nickname ?? "-") \(employee.status) "
                + "\(employee.photo.count) \(employee.phones) \(employee.ratings) \(employee.skills.map(\.rawValue).sorted()) "
                + "manager \(employee.manager?.name ?? "-") mentor \(employee.mentor?.name ?? "-") reports \(employee.reports.map(\.name)) "
                + "in \(employee.department?.name ?? "-")"
        }
        var lines = ["company \(company.name) \(company.logo.count)"]
        lines += company.projects.keys.sorted().map {
            "project \($0): \(company.projects[$0]!.name) \(company.projects[$0]!.members.map(\.name))"
        }
        var seen = Set<ObjectIdentifier>()
        func walk(_ department: Department, _ indent: String) {
            guard seen.insert(ObjectIdentifier(department)).inserted else {
                return lines.append("\(indent)\(department.name) again")
            }
            lines.append("\(indent)\(department.name) parent \(department.parent?.name ?? "-") \(department.codes)")
            lines += department.employees.map { indent + "  " + describe($0) }
            for child in department.departments { walk(child, indent + "  ") }
        }
        walk(top, "")
        return lines.joined(separator: "\n")
    }

    /// A chain of `depth` departments, each the only department of the one above, an employee in the deepest.
    static func chain(_ depth: Int, company: Company? = nil) -> Department {
        let first = Department("level 0")
        var above = first
        for level in 1..<max(depth, 1) {
            let department = Department("level \(level)")
            department.parent = above
            department.company = company
            above.departments = [department]
            above = department
        }
        let leaf = Employee("deep leaf")
        leaf.department = above
        above.employees = [leaf]
        return first
    }

    /// Everyone sends everyone what they lack until nothing changes, then checks convergence:
    /// the replicas' snapshots alike, returned as problems.
    static func converge(_ replicas: [Mediator<Library>]) throws -> [String] {
        try syncAll(replicas)
        let texts = try replicas.map(text)
        var problems: [String] = []
        for index in 1..<replicas.count where texts[index] != texts[0] {
            problems.append(
                "replica \(index)'s snapshot differs from replica 0's (visible alike: \(visible(replicas[index]) == visible(replicas[0])))"
            )
        }
        return problems
    }
}

extension Library {
    /// The breaker's company, held by the gauge (made when one is set and there is none).
    var company: Company? {
        get { gauge?.company }
        set {
            if gauge == nil { gauge = Gauge() }
            gauge!.company = newValue
        }
    }
}
