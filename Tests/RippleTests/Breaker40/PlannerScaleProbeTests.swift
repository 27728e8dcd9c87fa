import Foundation
@testable import Ripple
import Testing

/// Issue 40's breaker: what an edit costs in a plan of 1,000 and of 20,000 tasks, counted (per-node
/// processor runs and `validate()` calls), never timed: the counts must not grow with the plan.
@MainActor
@Suite(.serialized) struct PlannerScaleProbeTests {
    typealias P = Planners

    /// The counts [totals run, depths run, validations] of `body`.
    private func counts(_ registrations: [Registration], _ body: () throws -> Void) rethrows -> [Int] {
        let before = [registrations[0].fireCount, registrations[1].fireCount, PlanTask.validations]
        try body()
        return zip([registrations[0].fireCount, registrations[1].fireCount, PlanTask.validations], before).map { $0 - $1 }
    }

    /// What each edit of a plan of `top` top tasks of 19 leaves each costs.
    private func costs(top: Int) throws -> [String: [Int]] {
        let library = Library()
        library.planner = P.wide(top: top, width: 19)
        let mediator = Mediator(root: library)
        let registrations = try P.register(mediator)
        mediator.refresh()
        let plan = P.planner(mediator)
        var costs: [String: [Int]] = [:]
        costs["a leaf's hours"] = try counts(registrations) {
            try mediator.update { _ in plan.tasks[top / 2].subtasks[3].hours = 8 }
        }
        costs["a leaf added"] = try counts(registrations) {
            try mediator.update { _ in
                let leaf = PlanTask("added", hours: 2)
                leaf.parent = plan.tasks[1]
                plan.tasks[1].subtasks.append(leaf)
            }
        }
        costs["a leaf moved to another task"] = try counts(registrations) {
            try mediator.update { _ in
                let leaf = plan.tasks[2].subtasks.removeLast()
                plan.tasks[top - 1].subtasks.insert(leaf, at: 0)
                leaf.parent = plan.tasks[top - 1]
            }
        }
        costs["a top task moved under another"] = try counts(registrations) {
            try mediator.update { _ in
                let task = plan.tasks.remove(at: 3)
                plan.tasks[top / 3].subtasks.append(task)
                task.parent = plan.tasks[top / 3]
            }
        }
        costs["undo"] = try counts(registrations) { try mediator.history.undo() }
        costs["redo"] = try counts(registrations) { try mediator.history.redo() }
        costs["top tasks reversed"] = try counts(registrations) {
            try mediator.update { _ in plan.tasks.reverse() }
        }
        #expect(P.derivedProblems(plan).isEmpty, "\(P.derivedProblems(plan))")
        return costs
    }

    @Test func anEditCostsTheSameAt1000And20000Tasks() throws {
        let small = try costs(top: 50)
        let large = try costs(top: 1_000)
        var problems: [String] = []
        for (edit, cost) in small.sorted(by: { $0.key < $1.key }) where large[edit] != cost {
            problems.append("\(edit): \(cost) at 1,000 tasks, \(large[edit] ?? []) at 20,000 [totals, depths, validations]")
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// A replica merging another's move of a big subtree: nothing below the moved task is walked
    /// to validate it (EditingTogether: validation after a merge).
    @Test func mergingAMoveOfABigSubtreeValidatesWhatItTouchedNotTheSubtree() throws {
        func mergedValidations(leaves: Int) throws -> Int {
            let library = Library()
            library.planner = P.wide(top: 3, width: leaves)
            let a = Mediator(root: library)
            _ = a.replicaID
            let b = try Mediator<Library>(opening: try a.snapshot())
            try a.update { _ in
                let plan = P.planner(a)
                let big = plan.tasks.remove(at: 0)
                plan.tasks[1].subtasks.append(big)
                big.parent = plan.tasks[1]
            }
            let before = PlanTask.validations
            try P.sync(a, into: b)
            #expect(P.problems(b).isEmpty)
            return PlanTask.validations - before
        }
        let small = try mergedValidations(leaves: 100)
        let large = try mergedValidations(leaves: 10_000)
        // Smallest reproduction: replica a of a plan with top tasks A and B of 10,000 leaves each (tasks
        // declare validate()); a moves A under B; replica b merges: validate() runs 20,002 times (202
        // with 100 leaves each). EditingTogether: a node a merge moved keeps what is below it, so nothing
        // there is walked.
        withKnownIssue(
            "breaker40: merging another replica's move of a task validates the moved subtree and its new holder's, growing with them"
        ) {
            #expect(large <= small + 2, "merging the move validated \(small) tasks with 100 leaves, \(large) with 10,000")
        }
    }
}
