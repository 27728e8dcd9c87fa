import Foundation
@testable import Ripple
import Testing

/// Issue 38's breaker: an org chart in which each employee's mentor is the next employee (one
/// long cycle of references, as a rotation of mentors through the company makes). Above 10,000
/// employees that is a chain of more than 10,000 nodes "each held by the one before, references
/// included", which DocumentLimits refuses (found by the scale bench at 100,000 employees, whose
/// replica could not be snapshotted).
///
/// Where it is refused is the contract DocumentLimits states: limits hold where a document is
/// written for others to read. A store's or a replica's update that makes the chain throws and
/// rolls back; a plain mediator's model is the app's own (`Mediator(root:)` cannot throw, and
/// DocumentNestingTests pins that its update takes such a chain), so its `snapshot()` and
/// `changes(since:)` refuse it with an error that says which limit to raise, and take it once
/// `documentLimits` is raised.
@MainActor
@Suite struct OrgChainProbeTests {
    typealias O = OrgReplicas

    /// A company of 10,010 employees whose mentors chain through all of them, and one of them.
    static func chainedCompany() -> (Company, Employee) {
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
        return (company, all[5])
    }

    static func isChainRefusal(_ error: any Error) -> Bool {
        guard case DocumentError.tooLarge(let reason) = error else { return false }
        return reason.contains("chain of more than 10000 nodes") && reason.contains("DocumentLimits")
    }

    @Test func aPlainMediatorTakesTheChartAndRefusesToSaveOrShareItUntilItsLimitsAreRaised() throws {
        let library = Library()
        let (company, employee) = Self.chainedCompany()
        library.company = company
        let mediator = Mediator(root: library)
        let start = mediator.version
        try mediator.update { _ in employee.salary = 10 }
        #expect(throws: (any Error).self) {
            do { _ = try mediator.snapshot() } catch {
                #expect(Self.isChainRefusal(error), "\(error)")
                throw error
            }
        }
        #expect(throws: (any Error).self) {
            do { _ = try mediator.changes(since: start) } catch {
                #expect(Self.isChainRefusal(error), "\(error)")
                throw error
            }
        }
        mediator.documentLimits = DocumentLimits(maximumDepth: 20_000)
        let saved = try mediator.snapshot()
        #expect(try Mediator<Library>(opening: saved, limits: mediator.documentLimits).root.company?.top?.departments.count == 1_002)
    }

    @Test func aStoresUpdateThatMakesTheChainIsRefusedAndRolledBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("org-chain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try DocumentStore<Library>(url: folder.appendingPathComponent("Library.ripple"))
        let (company, _) = Self.chainedCompany()
        #expect(throws: (any Error).self) {
            do { try store.mediator.update { $0.company = company } } catch {
                #expect(Self.isChainRefusal(error), "\(error)")
                throw error
            }
        }
        #expect(store.mediator.root.company == nil)
        _ = try store.mediator.snapshot()
    }

    @Test func aReplicasUpdateThatMakesTheChainIsRefusedAndRolledBack() throws {
        let mediator = Mediator(root: Library())
        _ = mediator.replicaID
        let (company, _) = Self.chainedCompany()
        #expect(throws: (any Error).self) {
            do { try mediator.update { $0.company = company } } catch {
                #expect(Self.isChainRefusal(error), "\(error)")
                throw error
            }
        }
        #expect(mediator.root.company == nil)
        _ = try mediator.snapshot()
    }
}
