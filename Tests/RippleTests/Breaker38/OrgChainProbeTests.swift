import Foundation
@testable import Ripple
import Testing

/// Issue 38's breaker: an org chart in which each employee's mentor is the next employee (one
/// long cycle of references, as a rotation of mentors through the company makes). Above 10,000
/// employees that is a chain of more than 10,000 nodes "each held by the one before, references
/// included", which DocumentLimits refuses. `Mediator(root:)` takes such a chart and edits it,
/// but its `snapshot()` throws `tooLarge`: the app holds a document it can neither save nor
/// share, and nothing told it when the chart was made (found by the scale bench at 100,000
/// employees, whose replica could not be snapshotted).
@MainActor
@Suite struct OrgChainProbeTests {
    typealias O = OrgReplicas

    @Test func aChartWhoseMentorsChainThroughEveryEmployeeIsRefusedWhereItIsMadeOrSaves() throws {
        let library = Library()
        let company = O.makeCompany(branches: 1, teams: 1, employees: 1)
        let top = company.top!
        var all: [Employee] = []
        for index in 0..<1_001 {
            let department = Department("x\(index)")
            department.parent = top
            department.employees = (0..<10).map { number in
                let employee = Employee("x\(index).\(number)")
                employee.department = department
                all.append(employee)
                return employee
            }
            top.departments.append(department)
        }
        for (index, employee) in all.enumerated() { employee.mentor = all[(index + 1) % all.count] }
        library.company = company
        let mediator = Mediator(root: library)
        let edited = (try? mediator.update { _ in all[5].salary = 10 }) != nil
        var saved = true
        do { _ = try mediator.snapshot() } catch { saved = false }
        withKnownIssue(
            "breaker38: a chart made whole (Mediator(root:)) with a mentor chain of more than 10,000 employees cannot be snapshotted"
        ) {
            #expect(
                saved,
                "Mediator(root:) took the chart (an update \(edited ? "too" : "was refused")); snapshot() refused it")
        }
    }
}
