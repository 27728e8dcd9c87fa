import Foundation
@testable import Ripple

/// Planners, their processors, replicas and a plain reference, for issue 40's breaker tests.
@MainActor
enum Planners: ReplicaFixture {
    /// A plan of `top` top tasks, each with `width` subtasks of `width` subtasks each (back
    /// references set), three resources shared by many tasks, two tags, a milestone the tree
    /// holds too and a pinned set.
    static func makePlanner(top: Int = 3, width: Int = 2) -> Planner {
        let plan = Planner()
        plan.name = "Launch"
        plan.deadline = Date(timeIntervalSinceReferenceDate: 800_000_000)
        plan.labels = ["q1", "hardware"]
        let resources = ["ann", "bob", "cyd"].map { code -> PlanResource in
            let resource = PlanResource(code, rate: 50)
            resource.plan = plan
            return resource
        }
        resources[2].backup = resources[2]
        plan.resources = Dictionary(uniqueKeysWithValues: resources.map { ($0.name, $0) })
        plan.tags = ["red": PlanTag("urgent"), "": PlanTag("blank key", color: 0)]
        var number = 0
        func task(parent: PlanTask?, level: Int) -> PlanTask {
            number += 1
            let made = PlanTask("t\(number)", hours: Double(number % 7) + 0.5)
            made.parent = parent
            made.plan = plan
            made.resources = [resources[number % 3], resources[(number + 1) % 3]]
            made.lead = resources[number % 3]
            made.estimates = ["low": 1, "high": Double(number)]
            made.checklist = ["draft", "review"]
            made.cost = Decimal(string: "12.34")! * Decimal(number)
            made.priority = Int8(truncatingIfNeeded: number)
            if level < 2 { made.subtasks = (0..<width).map { _ in task(parent: made, level: level + 1) } }
            return made
        }
        plan.tasks = (0..<top).map { _ in task(parent: nil, level: 0) }
        plan.milestone = plan.tasks.last?.subtasks.first
        plan.pinned = Set(plan.tasks.prefix(1))
        if let first = plan.tasks.first, let second = first.subtasks.first { second.blockedBy = [first, second] }
        return plan
    }

    static func makeLibrary(top: Int = 3, width: Int = 2) -> Library {
        let library = Library()
        library.planner = makePlanner(top: top, width: width)
        return library
    }

    static func replicas(_ count: Int, top: Int = 3, width: Int = 2, seed: UInt64? = nil) throws -> [Mediator<Library>] {
        try ReplicaGroup.replicas(count, of: makeLibrary(top: top, width: width), seed: seed)
    }

    static func planner(_ mediator: Mediator<Library>) -> Planner { mediator.root.planner! }

    /// Every task the plan's top tasks reach through subtasks, depth first, each once.
    static func allTasks(_ plan: Planner) -> [PlanTask] {
        var seen = Set<ObjectIdentifier>()
        var found: [PlanTask] = []
        var stack = Array(plan.tasks.reversed())
        while let next = stack.popLast() {
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            found.append(next)
            stack.append(contentsOf: next.subtasks.reversed())
        }
        return found
    }

    static func task(_ mediator: Mediator<Library>, _ title: String) -> PlanTask? {
        allTasks(planner(mediator)).first { $0.title == title }
    }

    /// Whether `node` is `task` or below it.
    static func isInside(_ node: PlanTask, _ task: PlanTask) -> Bool {
        var seen = Set<ObjectIdentifier>()
        var stack = [task]
        while let next = stack.popLast() {
            if next === node { return true }
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            stack.append(contentsOf: next.subtasks)
        }
        return false
    }

    /// A mediator over `library`, with the three processors registered and run once; what it
    /// reported failing and the contract violations it recorded.
    static func started(_ library: Library) throws -> (Mediator<Library>, [Registration], () -> [String]) {
        let mediator = Mediator(root: library)
        mediator.contracts = Contracts(.record)
        var failures: [String] = []
        mediator.failureHandler = { failures.append("\($0)") }
        let registrations = try register(mediator)
        mediator.refresh()
        return (mediator, registrations, { failures + mediator.violations.map { "violation: \($0)" } })
    }

    /// The three recursive processors: a task's total (children first), its depth (parents
    /// first) and the plan's total; kept while the returned registrations are.
    static func register(_ mediator: Mediator<Library>) throws -> [Registration] {
        let total = try mediator.process(
            "totalHours", forEach: PlanTask.self,
            reads: [PlanTask.scheme.hours, PlanTask.scheme.subtasks.totalHours], writes: [PlanTask.scheme.totalHours]
        ) { task in
            task.totalHours = task.hours + task.subtasks.reduce(0) { $0 + $1.totalHours }
        }
        let depth = try mediator.process(
            "depth", forEach: PlanTask.self, reads: [PlanTask.scheme.parent.depth], writes: [PlanTask.scheme.depth]
        ) { task in
            task.depth = task.parent.map { $0.depth + 1 } ?? 0
        }
        let plan = try mediator.process(
            "planTotal", reads: [Library.scheme.gauge.planner.tasks.totalHours],
            writes: [Library.scheme.gauge.planner.totalHours]
        ) { library in
            guard let plan = library.planner else { return }
            plan.totalHours = plan.tasks.reduce(0) { $0 + $1.totalHours }
        }
        return [total, depth, plan]
    }

    /// What the derived state should be, computed plainly; the differences from what the model
    /// holds (at most `limit`). A task in a loop of subtasks or parents is left out.
    static func derivedProblems(_ plan: Planner, limit: Int = 5) -> [String] {
        var problems: [String] = []
        var totals: [ObjectIdentifier: Double] = [:]
        func total(_ task: PlanTask, _ path: Set<ObjectIdentifier>) -> Double? {
            if let known = totals[ObjectIdentifier(task)] { return known }
            guard !path.contains(ObjectIdentifier(task)) else { return nil }
            var sum = task.hours
            for child in task.subtasks {
                guard let childTotal = total(child, path.union([ObjectIdentifier(task)])) else { return nil }
                sum += childTotal
            }
            totals[ObjectIdentifier(task)] = sum
            return sum
        }
        func depth(_ task: PlanTask) -> Int? {
            var level = 0
            var above = task.parent
            while let next = above {
                level += 1
                if level > 100_000 { return nil }
                above = next.parent
            }
            return level
        }
        var planTotal = 0.0
        for task in allTasks(plan) {
            if let expected = total(task, []), expected.bitPattern != task.totalHours.bitPattern {
                problems.append("\(task.title).totalHours \(task.totalHours), expected \(expected)")
            }
            if let expected = depth(task), expected != task.depth {
                problems.append("\(task.title).depth \(task.depth), expected \(expected)")
            }
        }
        for task in plan.tasks { planTotal += task.totalHours }
        if planTotal.bitPattern != plan.totalHours.bitPattern {
            problems.append("plan.totalHours \(plan.totalHours), expected \(planTotal)")
        }
        return Array(problems.prefix(limit))
    }

    /// What is wrong with the tree a user sees: a task in two places or in a cycle, a task whose
    /// `parent` is not its holder, a top task with a parent.
    static func problems(_ mediator: Mediator<Library>) -> [String] {
        guard let plan = mediator.root.planner else { return ["no planner"] }
        var problems: [String] = []
        var seen = Set<ObjectIdentifier>()
        var stack = plan.tasks.map { ($0, PlanTask?.none) }
        while let (task, holder) = stack.popLast() {
            guard seen.insert(ObjectIdentifier(task)).inserted else {
                problems.append("task \(task.title) in two places or in a cycle")
                continue
            }
            if task.parent !== holder { problems.append("task \(task.title)'s parent is not its holder") }
            stack.append(contentsOf: task.subtasks.map { ($0, task) })
        }
        return problems
    }

    /// What a user sees of the plan, without merge state.
    static func visible(_ mediator: Mediator<Library>) -> String {
        guard let plan = mediator.root.planner else { return "no planner" }
        var lines = ["plan \(plan.name) \(plan.labels.sorted()) \(plan.resources.keys.sorted())"]
        var seen = Set<ObjectIdentifier>()
        func walk(_ task: PlanTask, _ indent: String) {
            guard seen.insert(ObjectIdentifier(task)).inserted else { return lines.append("\(indent)\(task.title) again") }
            lines.append("\(indent)\(task.title) \(task.hours) \(task.resources.map(\.name))")
            for child in task.subtasks { walk(child, indent + "  ") }
        }
        for task in plan.tasks { walk(task, "") }
        return lines.joined(separator: "\n")
    }

    /// Everyone sends everyone what they lack; the replicas' snapshots alike and each tree whole.
    static func converge(_ replicas: [Mediator<Library>]) throws -> [String] {
        try syncAll(replicas)
        let texts = try replicas.map(text)
        var problems: [String] = []
        for index in 1..<replicas.count where texts[index] != texts[0] {
            problems.append(
                "replica \(index)'s snapshot differs (visible alike: \(visible(replicas[index]) == visible(replicas[0])))")
        }
        for (index, replica) in replicas.enumerated() { problems += Self.problems(replica).map { "replica \(index): \($0)" } }
        return problems
    }

    /// A chain of `depth` tasks, each the only subtask of the one above; the top one and the leaf.
    static func chain(_ depth: Int, plan: Planner?) -> (top: PlanTask, leaf: PlanTask) {
        let top = PlanTask("level 0", hours: 1)
        top.plan = plan
        var above = top
        for level in 1..<max(depth, 1) {
            let task = PlanTask("level \(level)", hours: 1)
            task.parent = above
            task.plan = plan
            above.subtasks = [task]
            above = task
        }
        return (top, above)
    }

    /// A plan of `top` top tasks with `width` leaves each.
    static func wide(top: Int, width: Int) -> Planner {
        let plan = Planner()
        plan.tasks = (0..<top).map { index in
            let task = PlanTask("w\(index)", hours: 1)
            task.subtasks = (0..<width).map { leaf in
                let child = PlanTask("w\(index).\(leaf)", hours: 1)
                child.parent = task
                return child
            }
            return task
        }
        return plan
    }
}

extension Library {
    /// The breaker's planner, held by the gauge (made when one is set and there is none).
    var planner: Planner? {
        get { gauge?.planner }
        set {
            if gauge == nil { gauge = Gauge() }
            gauge!.planner = newValue
        }
    }
}
