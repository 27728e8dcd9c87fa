import Foundation
@testable import Ripple
import Testing

/// Issue 38's breaker: the org chart used as an app writes it: SwiftUI-style binding writes
/// (the generated setter called outside any update) on a replica while merges arrive in the same
/// main-actor turn, and the per-department head count and company total kept by processors.
@MainActor
@Suite struct OrgUsageProbeTests {
    typealias O = OrgReplicas

    /// A replica whose departments' head counts and the company's total are kept by processors.
    private func counted(_ mediator: Mediator<Library>) throws -> [Registration] {
        let perDepartment = try mediator.process(
            "headCount", forEach: Department.self, reads: [Department.scheme.employees],
            writes: [Department.scheme.headCount]
        ) { department in department.headCount = department.employees.count }
        let total = try mediator.process(
            "total", reads: [Library.scheme.gauge.company.top.all],
            writes: [Library.scheme.gauge.company.totalHeadCount]
        ) { library in
            guard let company = library.company, let top = company.top else { return }
            company.totalHeadCount = O.allDepartments(top).reduce(0) { $0 + $1.headCount }
        }
        return [perDepartment, total]
    }

    @Test(arguments: ["merge", "changes"])
    func aBindingWriteBeforeAMergeInTheSameTurnIsRecordedSentAndConverges(call: String) throws {
        let replicas = try O.replicas(2, seed: 9)
        let (a, b) = (replicas[0], replicas[1])
        try b.update { _ in
            O.employee(b, "e1")!.name = "remote e1"
            O.employee(b, "e2")!.salary = 5
        }
        // A text field on a edits e1's nickname, and e2's name, outside any update.
        let e1 = O.employee(a, "e1")!
        e1.nickname = "typed"
        O.employee(a, "e2")!.name = "typed e2"
        switch call {
        case "merge": try O.sync(b, into: a)
        default: try b.merge(try a.changes(since: b.version))
        }
        a.commitImplicitUpdate()
        var problems = try O.converge(replicas)
        for (index, replica) in replicas.enumerated() {
            if O.employee(replica, "remote e1")?.nickname != "typed" {
                problems.append("replica \(index): the typed nickname is lost")
            }
            if O.employee(replica, "typed e2") == nil { problems.append("replica \(index): the typed name is lost") }
        }
        if !a.history.canUndo { problems.append("the binding writes made no undo step") }
        try a.history.undo()
        problems += try O.converge(replicas)
        for (index, replica) in replicas.enumerated() where O.employee(replica, "remote e1")?.nickname == "typed" {
            problems.append("replica \(index): the undone nickname stays")
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func headCountsAndTheTotalFollowMergedMovesHiresAndAnUndoneRemoval() throws {
        let replicas = try O.replicas(3, seed: 21)
        var registrations: [[Registration]] = []
        for replica in replicas {
            registrations.append(try counted(replica))
            replica.refresh()
        }
        try replicas[0].update(undoName: "Close d0") { _ in
            let d0 = O.department(replicas[0], "d0")!
            O.company(replicas[0]).top!.departments.removeAll { $0 === d0 }
        }
        try replicas[1].update { _ in
            let team = O.department(replicas[1], "d0.1")!
            let hire = O.makeEmployee(50, company: O.company(replicas[1]))
            hire.department = team
            team.employees.append(hire)
        }
        try replicas[2].update { _ in
            let e7 = O.employee(replicas[2], "e7")!
            let from = e7.department!
            let to = O.department(replicas[2], "d2.0")!
            from.employees.removeAll { $0 === e7 }
            to.employees.append(e7)
            e7.department = to
        }
        var problems = try O.converge(replicas)
        try replicas[0].history.undo()
        problems += try O.converge(replicas)
        for (index, replica) in replicas.enumerated() {
            replica.refresh()
            let departments = O.allDepartments(O.company(replica).top!)
            for department in departments where department.headCount != department.employees.count {
                problems.append(
                    "replica \(index): \(department.name) counts \(department.headCount), holds \(department.employees.count)"
                )
            }
            let total = departments.reduce(0) { $0 + $1.employees.count }
            if O.company(replica).totalHeadCount != total {
                problems.append("replica \(index): total \(O.company(replica).totalHeadCount), holds \(total)")
            }
            if total != 19 { problems.append("replica \(index): \(total) employees, 19 expected") }
        }
        _ = registrations
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func aDepartmentChainOf1000UnderTheDefaultLimitIsRefusedClearlyAndOpensWithARaisedOne() throws {
        let mediator = Mediator(root: O.makeLibrary())
        _ = mediator.replicaID
        let before = try O.text(mediator)
        var problems: [String] = []
        do {
            try mediator.update { library in
                let chain = O.chain(1_000, company: library.company)
                library.company!.top!.departments.append(chain)
            }
            problems.append("a chain of 1,000 departments under the company was taken with the default depth limit")
        } catch let error as DocumentError {
            if case .tooLarge = error {} else { problems.append("refused as \(error)") }
            if try O.text(mediator) != before { problems.append("the refused update changed the document") }
        }
        let previous = DocumentLimits.default
        DocumentLimits.default = DocumentLimits(maximumDepth: 2_100)
        defer { DocumentLimits.default = previous }
        let deep = Mediator(root: O.makeLibrary())
        _ = deep.replicaID
        let registrations = try counted(deep)
        try deep.update { library in
            let chain = O.chain(1_000, company: library.company)
            chain.parent = library.company!.top
            library.company!.top!.departments.append(chain)
        }
        let opened = try Mediator<Library>(opening: try deep.snapshot())
        try opened.merge(try deep.changes(since: opened.version))
        if try O.text(opened) != O.text(deep) { problems.append("a 1,000-deep chart opened otherwise") }
        // A move of the deepest employee to the top and back, merged.
        try deep.update { _ in
            let leaf = O.employee(deep, "deep leaf")!
            leaf.department!.employees.removeAll { $0 === leaf }
            O.company(deep).top!.employees.append(leaf)
            leaf.department = O.company(deep).top
        }
        try O.sync(deep, into: opened)
        problems += try O.converge([deep, opened])
        if O.company(deep).totalHeadCount != 19 {
            problems.append("total \(O.company(deep).totalHeadCount) after the move")
        }
        _ = registrations
        #expect(problems.isEmpty, "\(problems)")
    }
}
