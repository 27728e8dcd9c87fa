import Foundation
@testable import Ripple
import Testing

/// Issue 40's breaker: a planner app's usage: hours typed through a binding (writes outside
/// updates, one per main-actor turn) under recursive processors, an invalid value typed, a task
/// added by a button's plain append, and registrations kept as apps keep them.
@MainActor
@Suite(.serialized) struct PlannerUsageProbeTests {
    typealias P = Planners

    /// A SwiftUI `Binding`'s two closures.
    struct Binding<Value> {
        let get: () -> Value
        let set: (Value) -> Void
    }

    private func start() throws -> (Mediator<Library>, [Registration], () -> [String]) {
        try P.started(P.makeLibrary(top: 3, width: 3))
    }

    /// A slider dragged over a leaf's hours, one value a turn: the totals above it follow each
    /// turn, and one undo puts every value back.
    @Test func hoursDraggedThroughABindingKeepTotalsRightAndUndoAsOneStep() async throws {
        let (mediator, registrations, failures) = try start()
        let plan = P.planner(mediator)
        let leaf = plan.tasks[1].subtasks[2].subtasks[0]
        let original = leaf.hours
        let binding = Binding(get: { leaf.hours }, set: { leaf.hours = $0 })
        var problems: [String] = []
        for value in stride(from: 1.0, through: 6.0, by: 0.5) {
            binding.set(value)
            await Task.yield()
            if mediator.hasPendingImplicitUpdate { mediator.commitImplicitUpdate() }
            problems += P.derivedProblems(plan).map { "at \(value): \($0)" }
        }
        try mediator.history.undo()
        if leaf.hours != original { problems.append("one undo left \(leaf.hours), not \(original)") }
        problems += P.derivedProblems(plan).map { "after undo: \($0)" }
        problems += failures()
        _ = registrations
        #expect(problems.isEmpty, "\(problems.prefix(6))")
    }

    /// A negative value typed outside an update is refused by `validate()` at the commit, rolled
    /// back and reported; the totals never see it.
    @Test func anInvalidValueTypedIsRolledBackAndReported() async throws {
        let (mediator, registrations, failures) = try start()
        let plan = P.planner(mediator)
        let task = plan.tasks[0].subtasks[0]
        let before = try P.text(mediator)
        var seen: [Double] = []
        let watcher = mediator.observe("watcher", reads: [Library.scheme.gauge.planner.totalHours]) { library in
            seen.append(library.planner?.totalHours ?? 0)
        }
        mediator.refresh()
        task.hours = -5
        await Task.yield()
        mediator.commitImplicitUpdate()
        var problems: [String] = []
        if try P.text(mediator) != before { problems.append("the invalid write stayed") }
        if seen.count != 1 { problems.append("the observer saw \(seen)") }
        if !failures().contains(where: { $0.contains("hours -5") }) { problems.append("not reported: \(failures())") }
        problems += P.derivedProblems(plan)
        _ = (registrations, watcher)
        #expect(problems.isEmpty, "\(problems)")
    }

    /// A button that appends a task outside an update (as a view's action would), and one that
    /// moves a subtree by plain writes: the new nodes and the moved ones run their processors.
    @Test func tasksAddedAndMovedOutsideUpdatesRunTheirProcessors() async throws {
        let (mediator, registrations, failures) = try start()
        let plan = P.planner(mediator)
        let holder = plan.tasks[2].subtasks[0]
        let added = PlanTask("button", hours: 4)
        added.subtasks = [PlanTask("button leaf", hours: 6)]
        added.subtasks[0].parent = added
        added.parent = holder
        holder.subtasks.append(added)
        await Task.yield()
        mediator.commitImplicitUpdate()
        var problems = P.derivedProblems(plan).map { "after the append: \($0)" }
        if added.depth != 2 || added.subtasks[0].depth != 3 { problems.append("depths \(added.depth) \(added.subtasks[0].depth)") }
        let moved = plan.tasks[0]
        plan.tasks.removeFirst()
        added.subtasks[0].subtasks.append(moved)
        moved.parent = added.subtasks[0]
        await Task.yield()
        mediator.commitImplicitUpdate()
        problems += P.derivedProblems(plan).map { "after the move: \($0)" }
        problems += P.problems(mediator)
        try mediator.history.undo()
        problems += P.derivedProblems(plan).map { "after undo: \($0)" }
        problems += failures()
        _ = registrations
        #expect(problems.isEmpty, "\(problems.prefix(6))")
    }

    /// Registrations dropped with `_ =`, as the compiler's fix-it for an unused result writes,
    /// are reported by name at the next refresh.
    @Test func aProcessorDroppedWithUnderscoreIsReportedByName() throws {
        let mediator = Mediator(root: P.makeLibrary())
        mediator.contracts = Contracts(.record)
        _ = try mediator.process(
            "dropped total", forEach: PlanTask.self, reads: [PlanTask.scheme.hours], writes: [PlanTask.scheme.totalHours]
        ) { task in task.totalHours = task.hours }
        try mediator.update { _ in P.planner(mediator).tasks[0].hours = 2 }
        #expect(mediator.violations.contains { "\($0)".contains("dropped total") }, "\(mediator.violations)")
    }
}
