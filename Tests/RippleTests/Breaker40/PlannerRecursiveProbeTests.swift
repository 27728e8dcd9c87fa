import Foundation
@testable import Ripple
import Testing

/// Issue 40's breaker: recursive per-node processors (a task's total reads its subtasks'
/// totals, its depth its parent's depth) against a plain reference, under seeded edits, undo
/// and redo, loops, nodes in two places and subtrees that leave and come back.
@MainActor
@Suite(.serialized) struct PlannerRecursiveProbeTests {
    typealias P = Planners

    /// A mediator over a planner, with the three processors registered and run once; failures and
    /// contract violations recorded.
    private func start(_ library: Library) throws -> (Mediator<Library>, [Registration], () -> [String]) {
        try P.started(library)
    }

    /// Takes `task` out of the place that holds it (its parent's subtasks, or the plan's tasks).
    private func detach(_ task: PlanTask, _ plan: Planner) {
        if let parent = task.parent {
            parent.subtasks.removeAll { $0 === task }
        } else {
            plan.tasks.removeAll { $0 === task }
        }
    }

    @Test(arguments: 0..<12)
    func recursiveTotalsAndDepthsMatchAPlainReferenceUnderSeededEdits(seed: Int) throws {
        let (mediator, registrations, failures) = try start(P.makeLibrary(top: 3, width: 3))
        var random = SeededGenerator(state: UInt64(seed) &* 7_919 &+ 40)
        var problems = P.derivedProblems(P.planner(mediator)).map { "at first: \($0)" }
        var made = 0
        for step in 0..<60 {
            let plan = P.planner(mediator)
            let tasks = P.allTasks(plan)
            let kind = Int.random(in: 0..<8, using: &random)
            var what = "step \(step)"
            if kind == 6, mediator.history.canUndo {
                try mediator.history.undo()
                what += " undo"
            } else if kind == 7, mediator.history.canRedo {
                try mediator.history.redo()
                what += " redo"
            } else if let task = tasks.randomElement(using: &random) {
                try mediator.update { _ in
                    switch kind {
                    case 0, 1:
                        task.hours = Double(Int.random(in: 0..<20, using: &random)) / 4
                        what += " hours of \(task.title)"
                    case 2:
                        made += 1
                        let child = PlanTask("new\(made)", hours: 2)
                        child.parent = task
                        child.plan = plan
                        child.subtasks = [PlanTask("new\(made).leaf", hours: 3)]
                        child.subtasks[0].parent = child
                        task.subtasks.insert(child, at: Int.random(in: 0...task.subtasks.count, using: &random))
                        what += " add under \(task.title)"
                    case 3 where tasks.count > 4:
                        detach(task, plan)
                        what += " remove \(task.title)"
                    default:
                        let targets = tasks.filter { !P.isInside($0, task) }
                        let target = Bool.random(using: &random) ? targets.randomElement(using: &random) : nil
                        detach(task, plan)
                        if let target {
                            target.subtasks.append(task)
                        } else {
                            plan.tasks.insert(task, at: 0)
                        }
                        task.parent = target
                        what += " move \(task.title) under \(target?.title ?? "the plan")"
                    }
                }
            }
            problems += P.derivedProblems(P.planner(mediator)).map { "\(what): \($0)" }
            problems += P.problems(mediator).map { "\(what): \($0)" }
            if !problems.isEmpty { break }
        }
        problems += failures()
        _ = registrations
        #expect(problems.isEmpty, "\(problems.prefix(6))")
    }

    /// A leaf edited at the bottom of a chain reruns the chain above it and nothing else; a
    /// subtree moved one level deeper reruns its depths once each; a reorder reruns neither.
    @Test(arguments: [100, 900])
    func aChainCostsWhatItReachesEachNodeOnce(length: Int) throws {
        let library = Library()
        library.planner = Planner()
        let (top, leaf) = P.chain(length, plan: library.planner)
        library.planner!.tasks = [top, PlanTask("other", hours: 1)]
        let (mediator, registrations, failures) = try start(library)
        let (total, depth, plan) = (registrations[0], registrations[1], registrations[2])
        var problems: [String] = []
        func counts(_ body: () throws -> Void) rethrows -> [Int] {
            let before = [total.fireCount, depth.fireCount, plan.fireCount]
            try body()
            return zip([total.fireCount, depth.fireCount, plan.fireCount], before).map { $0 - $1 }
        }
        let edited = try counts { try mediator.update { _ in leaf.hours = 5 } }
        if edited != [length, 0, 1] { problems.append("the leaf's hours ran [total, depth, plan] \(edited)") }
        let moved = try counts {
            try mediator.update { library in
                let other = library.planner!.tasks[1]
                library.planner!.tasks.removeAll { $0 === top }
                other.subtasks.append(top)
                top.parent = other
            }
        }
        if moved != [1, length, 1] { problems.append("the chain moved under 'other' ran \(moved)") }
        let reordered = try counts {
            try mediator.update { _ in
                let middle = top.subtasks[0]
                middle.subtasks.append(PlanTask("sibling", hours: 0))
                middle.subtasks[1].parent = middle
                middle.subtasks.swapAt(0, 1)
            }
        }
        // The sibling enters (total and depth once), its holder's total changes by 0 (hours 0) and
        // reruns; nothing above it changes.
        if reordered != [2, 1, 0] { problems.append("a sibling added and swapped ran \(reordered)") }
        problems += P.derivedProblems(P.planner(mediator))
        problems += failures()
        #expect(problems.isEmpty, "\(problems)")
    }

    /// A task held inside its own subtree while it also stays where it was makes a loop of
    /// totals: the failure handler hears of it, the loop keeps its values, nothing crashes; taken
    /// out (by undo), every value is right again. The same for a task listed in its own subtasks
    /// and for parents that name each other.
    @Test(arguments: ["inside its child", "itself", "parents"])
    func aLoopOfTasksIsReportedAndRecoversWhenBroken(kind: String) throws {
        let (mediator, registrations, failures) = try start(P.makeLibrary(top: 2, width: 2))
        var problems: [String] = []
        let first = P.planner(mediator).tasks[0]
        let child = first.subtasks[0]
        try mediator.update { _ in
            switch kind {
            case "inside its child": child.subtasks.append(first)
            case "itself": child.subtasks.append(child)
            default:
                child.subtasks[0].parent = child.subtasks[1]
                child.subtasks[1].parent = child.subtasks[0]
            }
        }
        let reported = failures().contains { $0.contains("cycle") || $0.contains("loop") }
        if !reported { problems.append("the loop was not reported: \(failures())") }
        try mediator.update { _ in first.hours += 1 }  // another refresh over the loop
        try mediator.history.undo()
        try mediator.history.undo()
        problems += P.derivedProblems(P.planner(mediator)).map { "after undo: \($0)" }
        try mediator.update { _ in child.subtasks[0].hours = 9 }
        problems += P.derivedProblems(P.planner(mediator)).map { "after an edit: \($0)" }
        _ = registrations
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func aTaskMadeItsOwnParentIsRefusedByValidateAndRolledBack() throws {
        let (mediator, registrations, _) = try start(P.makeLibrary())
        let before = try P.text(mediator)
        let task = P.planner(mediator).tasks[1].subtasks[0]
        #expect(throws: PlanError.self) { try mediator.update { _ in task.parent = task } }
        #expect(try P.text(mediator) == before)
        #expect(task.parent === P.planner(mediator).tasks[1])
        _ = registrations
    }

    /// A subtree taken out, edited while out (plain stores: it is in no model), and put back
    /// elsewhere: every node of it enters again and runs, children before parents.
    @Test func aSubtreeEditedWhileOutOfTheModelComesBackWithRightTotals() throws {
        let (mediator, registrations, failures) = try start(P.makeLibrary(top: 3, width: 3))
        let plan = P.planner(mediator)
        let subtree = plan.tasks[0]
        try mediator.update { _ in plan.tasks.removeFirst() }
        subtree.subtasks[1].subtasks[2].hours = 40
        subtree.subtasks[0].hours = 30
        subtree.subtasks.append(PlanTask("added while out", hours: 11))
        mediator.commitImplicitUpdate()
        var problems: [String] = []
        try mediator.update { _ in
            plan.tasks[1].subtasks.append(subtree)
            subtree.parent = plan.tasks[1]
        }
        problems += P.derivedProblems(plan)
        problems += failures()
        _ = registrations
        #expect(problems.isEmpty, "\(problems)")
    }

    /// One update removes a subtree and then edits a node in it (the node is on its way out);
    /// undo must bring the document's nodes back byte for byte, and redo the update's result
    /// (the header's patch count goes on: an undo is a patch of its own).
    @Test func anEditOfANodeOnItsWayOutIsUndoneWithTheRemoval() throws {
        let (mediator, registrations, failures) = try start(P.makeLibrary(top: 3, width: 2))
        let plan = P.planner(mediator)
        func nodes() throws -> Substring {
            let text = try P.text(mediator)
            return text[(text.range(of: "\"nodes\":")?.lowerBound ?? text.startIndex)...]
        }
        let before = try nodes()
        let subtree = plan.tasks[2]
        try mediator.update { _ in
            plan.tasks.removeLast()
            subtree.subtasks[0].hours = 99
            subtree.title = "renamed on the way out"
        }
        let after = try nodes()
        var problems: [String] = []
        try mediator.history.undo()
        if try nodes() != before { problems.append("undo did not bring the nodes back: \(Self.difference(String(before), String(try nodes())))") }
        if subtree.subtasks[0].hours == 99 { problems.append("the removed node's edit survived its undo") }
        problems += P.derivedProblems(plan).map { "after undo: \($0)" }
        try mediator.history.redo()
        if try nodes() != after { problems.append("redo did not bring the result back: \(Self.difference(String(after), String(try nodes())))") }
        try mediator.history.undo()
        if subtree.subtasks[0].hours == 99 || subtree.title != "t\(2 * 7 + 1)" {
            problems.append("second undo: \(subtree.title) \(subtree.subtasks[0].hours)")
        }
        problems += failures()
        _ = registrations
        #expect(problems.isEmpty, "\(problems)")
    }

    /// The first node records of two snapshots that differ.
    static func difference(_ first: String, _ second: String) -> String {
        let (a, b) = (first.components(separatedBy: "{\"id\":"), second.components(separatedBy: "{\"id\":"))
        let differing = zip(a, b).filter { $0 != $1 }.prefix(3).map { "\($0.prefix(300)) <> \($1.prefix(300))" }
        return "\(a.count) vs \(b.count) records; " + differing.joined(separator: " | ")
    }

    /// A write outside an update to a node that an update took out of the model: a plain store
    /// (RuntimeSemantics: a write to a node of no mediator's model), so no undo step, nothing
    /// unsaved, and the next undo is the removal's.
    @Test func aWriteToARemovedNodeOutsideAnUpdateIsAPlainStore() async throws {
        let (mediator, registrations, failures) = try start(P.makeLibrary(top: 3, width: 3))
        let plan = P.planner(mediator)
        let subtree = plan.tasks[0]
        try mediator.update { _ in plan.tasks.removeFirst() }
        mediator.markSaved()
        subtree.subtasks[0].hours = 30
        let pending = mediator.hasPendingImplicitUpdate
        await Task.yield()
        mediator.commitImplicitUpdate()
        let unsaved = mediator.hasUnsavedChanges
        try mediator.history.undo()
        let back = plan.tasks.first === subtree
        // Smallest reproduction: an update removes a top task T; markSaved(); outside an update,
        // T.subtasks[0].hours = 30: an implicit update is pending, its commit makes the document unsaved
        // and makes an undo step, so the first Edit > Undo changes nothing a user sees and only the
        // second brings T back. RuntimeSemantics: a write to a node of no mediator's model is a plain store.
        withKnownIssue("breaker40: a write to a removed node outside an update opens an implicit update") {
            #expect(!pending && !unsaved && back, "pending \(pending), unsaved \(unsaved), first undo put it back: \(back)")
        }
        #expect(P.derivedProblems(plan).isEmpty)
        #expect(failures().isEmpty, "\(failures())")
        _ = registrations
    }

    /// A task held by two parents (a node in two places) counts in both totals and reruns once.
    @Test func aTaskHeldByTwoParentsCountsInBothAndRunsOnce() throws {
        let (mediator, registrations, failures) = try start(P.makeLibrary(top: 2, width: 2))
        let plan = P.planner(mediator)
        let shared = plan.tasks[0].subtasks[0]
        try mediator.update { _ in plan.tasks[1].subtasks.append(shared) }
        var problems = P.derivedProblems(plan)
        let before = registrations[0].fireCount
        try mediator.update { _ in shared.subtasks[0].hours = 100 }
        // The leaf, the shared task (once), and both top tasks.
        let ran = registrations[0].fireCount - before
        if ran != 4 { problems.append("an edit under the shared task ran the totals \(ran) times, not 4") }
        problems += P.derivedProblems(plan)
        try mediator.update { _ in plan.tasks[0].subtasks.removeAll { $0 === shared } }
        try mediator.update { _ in shared.parent = plan.tasks[1] }
        problems += P.derivedProblems(plan)
        problems += failures()
        #expect(problems.isEmpty, "\(problems)")
    }

    /// Two recursive processors, one reading what the other writes: the weighted total reads
    /// the task's depth (parents first) and its subtasks' weighted totals (children first). A
    /// subtree moved deeper must be weighed at its new depths.
    @Test(arguments: 0..<6)
    func aRecursiveProcessorReadingAnothersOutputSeesItsNewValues(seed: Int) throws {
        let (mediator, registrations, failures) = try start(P.makeLibrary(top: 3, width: 3))
        let weighted = try mediator.process(
            "weighted", forEach: PlanTask.self,
            reads: [PlanTask.scheme.hours, PlanTask.scheme.depth, PlanTask.scheme.subtasks.weighted],
            writes: [PlanTask.scheme.weighted]
        ) { task in
            task.weighted = task.hours * Double(task.depth + 1) + task.subtasks.reduce(0) { $0 + $1.weighted }
        }
        mediator.refresh()
        func wrong() -> [String] {
            func expected(_ task: PlanTask, _ depth: Int) -> Double {
                task.hours * Double(depth + 1) + task.subtasks.reduce(0) { $0 + expected($1, depth + 1) }
            }
            var found: [String] = []
            func walk(_ task: PlanTask, _ depth: Int) {
                let value = expected(task, depth)
                if value != task.weighted { found.append("\(task.title).weighted \(task.weighted), expected \(value)") }
                for child in task.subtasks { walk(child, depth + 1) }
            }
            for task in P.planner(mediator).tasks { walk(task, 0) }
            return found
        }
        var problems = wrong().map { "at first: \($0)" }
        var random = SeededGenerator(state: UInt64(seed) &+ 77)
        for step in 0..<25 {
            let plan = P.planner(mediator)
            let tasks = P.allTasks(plan)
            let task = tasks.randomElement(using: &random)!
            let targets = tasks.filter { !P.isInside($0, task) }
            let target = Bool.random(using: &random) ? targets.randomElement(using: &random) : nil
            try mediator.update { _ in
                detach(task, plan)
                if let target { target.subtasks.append(task) } else { plan.tasks.append(task) }
                task.parent = target
                if Bool.random(using: &random) { task.hours += 1 }
            }
            problems += wrong().prefix(3).map { "step \(step), \(task.title) under \(target?.title ?? "top"): \($0)" }
            if !problems.isEmpty { break }
        }
        problems += failures()
        _ = (registrations, weighted)
        #expect(problems.isEmpty, "\(problems.prefix(6))")
    }
}
