import Foundation
@testable import Ripple
import Testing

/// Issue 38's breaker: replicas of an org chart editing at once, as its users would: a department
/// moved into its own descendant on two replicas, an employee moved between departments while
/// another replica moves the department, a manager chain made from both ends, a removed
/// department edited elsewhere and brought back by undo, undo n / redo n with merges between,
/// a project re-keyed on two replicas. After each exchange the replicas' snapshots must be alike,
/// no department in two places or in a cycle, no employee in two departments, nobody lost.
@MainActor
@Suite struct OrgReplicaProbeTests {
    typealias O = OrgReplicas

    private func move(_ name: String, under target: String, on mediator: Mediator<Library>) throws {
        try mediator.update { _ in
            let department = O.department(mediator, name)!
            let parent = department.parent!
            let destination = O.department(mediator, target)!
            parent.departments.removeAll { $0 === department }
            destination.departments.append(department)
            department.parent = destination
        }
    }

    @Test(arguments: [3, 5])
    func departmentsMovedIntoEachOthersDescendantsConvergeWithoutACycleOrALoss(replicas count: Int) throws {
        let replicas = try O.replicas(count, seed: 38)
        let before = O.names(replicas[0])
        // d0 into d1's team, d1 into d0's team, and (with five) d2 into d0 and d0 into d2's team.
        try move("d0", under: "d1.0", on: replicas[0])
        try move("d1", under: "d0.1", on: replicas[1])
        try move("d2", under: "d0.0", on: replicas[2])
        if count == 5 {
            try move("d0", under: "d2.1", on: replicas[3])
            try move("d1.0", under: "d1.1", on: replicas[4])
        }
        var problems = try O.converge(replicas)
        for (index, replica) in replicas.enumerated() {
            problems += O.problems(replica, departments: before.departments, employees: before.employees).map {
                "replica \(index): \($0)"
            }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func anEmployeeMovedWithTheirReportsWhileAnotherReplicaMovesTheirDepartmentIsHeldOnce() throws {
        let replicas = try O.replicas(3, seed: 7)
        let before = O.names(replicas[0])
        // Replica 0 moves e0 (who manages e1, e2) to d1.1 and makes e0 report to e6 there.
        try replicas[0].update { _ in
            let e0 = O.employee(replicas[0], "e0")!
            let from = O.department(replicas[0], "d0.0")!
            let to = O.department(replicas[0], "d1.1")!
            from.employees.removeAll { $0 === e0 }
            to.employees.insert(e0, at: 0)
            e0.department = to
            let head = to.employees[1]
            e0.manager = head
            head.reports.append(e0)
        }
        // Replica 1 moves e0's department d0.0 under d2.0; replica 2 moves e0 to d2.1.
        try move("d0.0", under: "d2.0", on: replicas[1])
        try replicas[2].update { _ in
            let e0 = O.employee(replicas[2], "e0")!
            let from = O.department(replicas[2], "d0.0")!
            let to = O.department(replicas[2], "d2.1")!
            from.employees.removeAll { $0 === e0 }
            to.employees.append(e0)
            e0.department = to
        }
        var problems = try O.converge(replicas)
        for (index, replica) in replicas.enumerated() {
            problems += O.problems(replica, departments: before.departments, employees: before.employees).map {
                "replica \(index): \($0)"
            }
            let e0 = O.employee(replica, "e0")
            if e0?.department == nil || !(e0!.department!.employees.contains { $0 === e0 }) {
                problems.append(
                    "replica \(index): e0's department back reference names \(e0?.department?.name ?? "nothing")")
            }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func aManagerChainMadeFromBothEndsConvergesAndKeepsEveryoneInTheirDepartment() throws {
        let replicas = try O.replicas(3, seed: 11)
        let before = O.names(replicas[0])
        func report(_ name: String, to managerName: String, on mediator: Mediator<Library>) throws {
            try mediator.update { _ in
                let employee = O.employee(mediator, name)!
                let manager = O.employee(mediator, managerName)!
                employee.manager?.reports.removeAll { $0 === employee }
                employee.manager = manager
                manager.reports.append(employee)
                employee.mentor = manager
            }
        }
        try report("e0", to: "e3", on: replicas[0])
        try report("e3", to: "e0", on: replicas[1])
        try report("e0", to: "e0", on: replicas[2])
        var problems = try O.converge(replicas)
        for (index, replica) in replicas.enumerated() {
            problems += O.problems(replica, departments: before.departments, employees: before.employees).map {
                "replica \(index): \($0)"
            }
            // A manager's reports hold an employee once.
            for department in O.allDepartments(O.company(replica).top!) {
                for employee in department.employees
                where Set(employee.reports.map(ObjectIdentifier.init)).count != employee.reports.count {
                    problems.append(
                        "replica \(index): \(employee.name)'s reports hold someone twice: \(employee.reports.map(\.name))"
                    )
                }
            }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func aRemovedDepartmentEditedElsewhereComesBackByUndoWithTheEdits() throws {
        let replicas = try O.replicas(3, seed: 5)
        let before = O.names(replicas[0])
        try replicas[0].update(undoName: "Close d1") { _ in
            let d1 = O.department(replicas[0], "d1")!
            O.company(replicas[0]).top!.departments.removeAll { $0 === d1 }
        }
        try replicas[1].update { _ in
            let team = O.department(replicas[1], "d1.0")!
            team.employees[0].name = "e6 renamed"
            let hire = O.makeEmployee(99, company: O.company(replicas[1]))
            hire.department = team
            team.employees.append(hire)
            team.employees[0].reports.append(hire)
            hire.manager = team.employees[0]
        }
        try replicas[2].update { _ in O.department(replicas[2], "d1.1")!.budget = 12.5 }
        var problems = try O.converge(replicas)
        try replicas[0].history.undo()
        problems += try O.converge(replicas)
        let expected = before.employees.subtracting(["e6"]).union(["e6 renamed", "e99"])
        for (index, replica) in replicas.enumerated() {
            problems += O.problems(replica, departments: before.departments, employees: expected).map {
                "replica \(index): \($0)"
            }
            if O.department(replica, "d1.1")?.budget != 12.5 { problems.append("replica \(index): d1.1's budget lost") }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test(arguments: [1, 3, 6])
    func undoingNStepsThenRedoingThemWithMergesBetweenLeavesTheReplicaAsItWas(steps: Int) throws {
        let replicas = try O.replicas(3, seed: 40 + UInt64(steps))
        let a = replicas[0]
        for step in 0..<steps {
            try a.update(undoName: "step \(step)") { _ in
                switch step % 3 {
                case 0: O.employee(a, "e\(step)")!.salary += 100
                case 1:
                    let employee = O.employee(a, "e\(step)")!
                    let from = employee.department!
                    let to = O.department(a, "d2.1")!
                    from.employees.removeAll { $0 === employee }
                    to.employees.append(employee)
                    employee.department = to
                default:
                    let project = O.company(a).projects["zeus"]!
                    project.members.append(O.employee(a, "e\(step)")!)
                }
            }
            try replicas[1].update { _ in O.employee(replicas[1], "e10")!.age += 1 }
            try O.sync(replicas[1], into: a)
        }
        let done = O.visible(a)
        var problems = try O.converge(replicas)
        let merged = O.visible(a)
        for step in 0..<steps {
            try a.history.undo()
            try replicas[2].update { _ in O.department(replicas[2], "d0")!.codes["undo \(step)"] = step }
            try O.sync(replicas[2], into: a)
        }
        for _ in 0..<steps {
            try a.history.redo()
            try O.sync(replicas[2], into: a)
        }
        // What a's steps made stands again; only the keys replica 2 added differ.
        let redone = O.visible(a).replacingOccurrences(
            of: #", "undo \d+": \d+|"undo \d+": \d+, "#, with: "", options: .regularExpression
        )
        .replacingOccurrences(of: #"\["undo \d+": \d+\]"#, with: "[:]", options: .regularExpression)
        if redone != merged {
            problems.append(
                "after \(steps) undos and redos: \(Self.difference(merged, redone)) (before merging: \(done == merged))"
            )
        }
        problems += try O.converge(replicas)
        for (index, replica) in replicas.enumerated() {
            problems += O.problems(replica).map { "replica \(index): \($0)" }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func aProjectReKeyedOnThreeReplicasAtOnceIsHeldUnderOneKey() throws {
        let replicas = try O.replicas(5, seed: 3)
        for (index, key) in ["artemis", "hermes", "apollo 2"].enumerated() {
            try replicas[index].update { _ in
                let company = O.company(replicas[index])
                let project = company.projects.removeValue(forKey: "apollo")!
                company.projects[key] = project
                project.name = key
            }
        }
        try replicas[3].update { _ in
            O.company(replicas[3]).projects["apollo"]!.members.append(O.employee(replicas[3], "e9")!)
        }
        try replicas[4].update { _ in O.company(replicas[4]).projects["apollo"]!.budget = 77 }
        var problems = try O.converge(replicas)
        for (index, replica) in replicas.enumerated() {
            let projects = O.company(replica).projects
            let holding = projects.filter { $0.value.members.contains { $0.name == "e0" } }.keys.sorted()
            if holding.count != 1 { problems.append("replica \(index): Apollo's members held under \(holding)") }
            if let key = holding.first, let project = projects[key] {
                if !project.members.contains(where: { $0.name == "e9" }) {
                    problems.append("replica \(index): e9 added to Apollo lost")
                }
                if project.budget != 77 { problems.append("replica \(index): Apollo's budget lost") }
            }
            if projects.count != 2 {
                problems.append("replica \(index): \(projects.count) projects: \(projects.keys.sorted())")
            }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    static func difference(_ a: String, _ b: String) -> String {
        let (left, right) = (a.split(separator: "\n"), b.split(separator: "\n"))
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? String(left[index]) : "<none>"
            let r = index < right.count ? String(right[index]) : "<none>"
            if l != r { return "line \(index): \(l) | \(r)" }
        }
        return "alike"
    }
}
