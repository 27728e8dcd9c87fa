import Foundation
@testable import Ripple
import Testing

/// Issue 40's breaker: three planner replicas edit at once (moves into their own subtrees on
/// another replica, removals against edits, undo and redo between merges), each running the
/// recursive processors; they must converge, keep every task in one place with its `parent`
/// naming its holder, and derive what a plain reference derives.
@MainActor
@Suite(.serialized) struct PlannerReplicaProbeTests {
    typealias P = Planners

    private func detach(_ task: PlanTask, _ plan: Planner) {
        if let parent = task.parent {
            parent.subtasks.removeAll { $0 === task }
        } else {
            plan.tasks.removeAll { $0 === task }
        }
    }

    /// Moves `task` under `target` (nil: to the top) in one update.
    private func move(_ mediator: Mediator<Library>, _ task: String, under target: String?) throws {
        try mediator.update { _ in
            let plan = P.planner(mediator)
            let moved = P.task(mediator, task)!
            let holder = target.flatMap { P.task(mediator, $0) }
            detach(moved, plan)
            if let holder { holder.subtasks.append(moved) } else { plan.tasks.append(moved) }
            moved.parent = holder
        }
    }

    private func everyProblem(_ replicas: [Mediator<Library>], _ failures: [String]) throws -> [String] {
        var problems = try P.converge(replicas)
        for (index, replica) in replicas.enumerated() {
            problems += P.derivedProblems(P.planner(replica)).map { "replica \(index): \($0)" }
        }
        return problems + failures.filter { !$0.contains("InvalidAfterMerge") }
    }

    private func watch(_ replicas: [Mediator<Library>]) throws -> ([Registration], () -> [String]) {
        var failures: [String] = []
        var registrations: [Registration] = []
        for (index, replica) in replicas.enumerated() {
            replica.failureHandler = { failures.append("replica \(index): \($0)") }
            registrations += try P.register(replica)
            replica.refresh()
        }
        return (registrations, { failures })
    }

    /// Two replicas each move one task under the other's subtask; a third edits both.
    @Test func crossedMovesIntoEachOthersSubtreesLeaveOneTreeAndRightTotals() throws {
        let replicas = try P.replicas(3, seed: 40)
        let (registrations, failures) = try watch(replicas)
        // t1 holds t2 (t3, t4) and t5 (t6, t7); t8 holds t9 (t10, t11) and t12 (t13, t14).
        try move(replicas[0], "t1", under: "t10")
        try move(replicas[1], "t8", under: "t4")
        try replicas[2].update { _ in
            P.task(replicas[2], "t1")!.hours = 100
            P.task(replicas[2], "t10")!.hours = 1_000
        }
        let problems = try everyProblem(replicas, failures())
        let places = replicas.map { replica in
            ["t1", "t8"].map { title in
                let task = P.task(replica, title)
                let holder = P.allTasks(P.planner(replica)).first { $0.subtasks.contains { $0 === task } }
                return "\(title) parent \(task?.parent?.title ?? "nil"), held by \(holder?.title ?? "the plan")"
            }
        }
        // Smallest reproduction: top tasks t1 (holding t2, holding t4) and t8 (holding t9, holding
        // t10); replica a moves t1 under t10 (t1.parent = t10), replica b moves t8 under t4. The merge
        // skips a's move (a cycle) and t1 stays at the top on every replica, but its parent still
        // names t10: a skipped move's back reference is to name the holder (EditingTogether), here the
        // plan, which a `PlanTask?` cannot name, so nil. The depth processor then puts t1 at depth 4.
        withKnownIssue(
            "breaker40: two replicas that move two tasks each under the other's subtree leave one task whose parent is not its holder"
        ) {
            #expect(problems.isEmpty, "\(problems.prefix(6)) \(places)")
        }
        _ = registrations
    }

    /// A Decimal with more digits than a Double holds, written on one replica, reaches the other
    /// exact: the replicas converge (their snapshots alike).
    @Test func aPreciseDecimalReachesTheOtherReplicaExact() throws {
        let replicas = try P.replicas(2, seed: 3)
        let (a, b) = (replicas[0], replicas[1])
        let precise = Decimal(string: "1234567890.123456789012")!
        try a.update { _ in P.task(a, "t1")!.cost = precise }
        let problems = try P.converge(replicas)
        let received = P.task(b, "t1")!.cost
        // Breaker40: b merged and held 1234567890.1234567, a kept the exact value, and their
        // snapshots differed for good: the change set's translation kept a number that is not
        // whole as a Double (ReplicaTranslation+ExactNumbers.swift keeps its digits now).
        #expect(received == precise && problems.isEmpty, "b holds \(received); \(problems)")
    }

    /// One replica removes a subtree while another adds under it and edits it; the remover's undo
    /// brings it back edited, on every replica, with right totals.
    @Test func aRemovedSubtreeEditedElsewhereComesBackEditedByUndo() throws {
        let replicas = try P.replicas(3, seed: 41)
        let (registrations, failures) = try watch(replicas)
        try replicas[0].update { _ in P.planner(replicas[0]).tasks.removeFirst() }
        try replicas[1].update { _ in
            let holder = P.task(replicas[1], "t2")!
            let added = PlanTask("added by 1", hours: 7)
            added.parent = holder
            holder.subtasks.append(added)
            P.task(replicas[1], "t3")!.hours = 50
        }
        var problems = try everyProblem(replicas, failures())
        try replicas[0].history.undo()
        problems += try everyProblem(replicas, failures()).map { "after undo: \($0)" }
        for (index, replica) in replicas.enumerated() {
            if P.task(replica, "added by 1") == nil { problems.append("replica \(index) lacks the added task") }
            if P.task(replica, "t3")?.hours != 50 { problems.append("replica \(index) lacks t3's edit") }
        }
        _ = registrations
        #expect(problems.isEmpty, "\(problems.prefix(6))")
    }

    @Test(arguments: 0..<10)
    func seededSessionsOfThreeReplicasConvergeWithRightDerivedState(seed: Int) throws {
        let replicas = try P.replicas(3, top: 3, width: 2, seed: UInt64(seed) + 4_000)
        let (registrations, failures) = try watch(replicas)
        var random = SeededGenerator(state: UInt64(seed) &* 104_729 &+ 9)
        var made = 0
        var log: [String] = []
        for step in 0..<40 {
            let index = Int.random(in: 0..<3, using: &random)
            let replica = replicas[index]
            let plan = P.planner(replica)
            let tasks = P.allTasks(plan)
            let kind = Int.random(in: 0..<9, using: &random)
            guard let task = tasks.randomElement(using: &random) else { continue }
            switch kind {
            case 0, 1:
                let hours = Double(Int.random(in: 0..<40, using: &random)) / 4
                try replica.update { _ in task.hours = hours }
                log.append("\(step): r\(index) \(task.title).hours = \(hours)")
            case 2:
                made += 1
                let name = "n\(made)"
                try replica.update { _ in
                    let child = PlanTask(name, hours: 1)
                    child.parent = task
                    child.plan = plan
                    task.subtasks.append(child)
                }
                log.append("\(step): r\(index) add \(name) under \(task.title)")
            case 3 where tasks.count > 5:
                try replica.update { _ in detach(task, plan) }
                log.append("\(step): r\(index) remove \(task.title)")
            case 4, 5:
                let targets = tasks.filter { !P.isInside($0, task) }
                let target = Bool.random(using: &random) ? targets.randomElement(using: &random) : nil
                try move(replica, task.title, under: target?.title)
                log.append("\(step): r\(index) move \(task.title) under \(target?.title ?? "top")")
            case 6 where replica.history.canUndo:
                try replica.history.undo()
                log.append("\(step): r\(index) undo")
            case 7 where replica.history.canRedo:
                try replica.history.redo()
                log.append("\(step): r\(index) redo")
            default:
                let other = replicas[(index + 1 + Int.random(in: 0..<2, using: &random)) % 3]
                try P.sync(other, into: replica)
                log.append("\(step): r\(index) merges")
            }
            let local = P.derivedProblems(P.planner(replica)) + P.problems(replica)
            if !local.isEmpty {
                Issue.record("seed \(seed) after \(log.suffix(4)): \(local.prefix(4))")
                break
            }
        }
        let problems = try everyProblem(replicas, failures())
        _ = registrations
        #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(6)) after \(log.suffix(8))")
    }
}
