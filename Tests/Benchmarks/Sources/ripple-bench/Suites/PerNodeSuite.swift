import Ripple
import BenchReport

/// Table 15: what an edit costs under registrations for every node of a class (`forEach:`) on
/// a recursive model, as the model grows; and what registering them costs.
@MainActor
final class PerNodeSuite {
    static let section = "per-node"

    private let harness: Harness
    private let goals: GoalBoard

    init(harness: Harness, goals: GoalBoard) {
        self.harness = harness
        self.goals = goals
    }

    /// The rows the table times, as it names them.
    enum Row: String, CaseIterable {
        /// One top-level task's `isDone` toggled, under per-node registrations.
        case edit = "an edit under per-node registrations"
        /// The same edit under a processor of the root that counts every project (no goal).
        case rootEdit = "the same under a root processor"
        /// The per-node processor and observer registered, fired once for every node, then
        /// cancelled (no goal).
        case registering = "registering per-node registrations"
    }

    func run() throws {
        let rows = Row.allCases.filter { harness.options.includes(section: Self.section, row: $0.rawValue) }
        guard !rows.isEmpty else { return }
        let small = 1_000
        let large = harness.scaled(100_000)
        var table = Table(
            "15. Per-node registrations (forEach:) in a recursive model", headers: ["operation", "tasks", "µs", "min µs"])
        for row in rows {
            var timings: [Timing] = []
            for count in [small, large] {
                let timing = try measure(row, tasks: count)
                table.append([row.rawValue, Format.count(count), Format.microseconds(timing.median), Format.microseconds(timing.minimum)])
                timings.append(timing)
            }
            guard row == .edit else { continue }
            let ratio = timings[1].ratio(to: timings[0])
            goals.check(
                "an edit under per-node processors, \(Format.count(large)) tasks at most 2x \(Format.count(small))",
                measured: Format.ratio(ratio), passed: ratio <= 2)
        }
        table.notes = [
            "Medians of \(harness.repetitions) runs, contracts off. Projects of 10 tasks, each holding 3 subtasks that hold 2",
            "  (100 tasks a project). Per-node: a processor for each project deriving openCount from tasks.isDone, an",
            "  observer for each task reading title and isDone, and a root observer of projects.openCount. An edit: one",
            "  update toggling a top-level task's isDone. 'root processor': one processor of the root reading",
            "  projects.tasks.isDone and writing every project's openCount, with the same root observer (what per-node",
            "  registrations replace). 'registering': the processor and the observer made, their first refresh (each",
            "  fires for every node), and both cancelled, per round.",
        ]
        table.print()
    }

    private func measure(_ row: Row, tasks: Int) throws -> Timing {
        let root = BenchRoot()
        root.outliner = Outliner(taskCount: tasks)
        let mediator = Mediator(root: root)
        mediator.contracts = .off
        // swift-format-ignore: NeverForceUnwrap
        let outliner = root._outliner!
        switch row {
        case .edit:
            PerNodeLoops.registrations += try PerNodeLoops.register(mediator)
        case .rootEdit:
            PerNodeLoops.registrations.append(
                try mediator.process(
                    "openCount", reads: [BenchRoot.scheme.outliner.projects.tasks.isDone],
                    writes: [BenchRoot.scheme.outliner.projects.openCount]
                ) { root in
                    for project in root.outliner?.projects ?? [] { project.openCount = project.tasks.filter { !$0.isDone }.count }
                })
        case .registering:
            mediator.refresh()
            return try harness.measure { rounds in try PerNodeLoops.registerAndCancel(mediator, rounds: rounds) }
        }
        PerNodeLoops.registrations.append(
            mediator.observe("total", reads: [BenchRoot.scheme.outliner.projects.openCount]) { _ in })
        mediator.refresh()
        return try harness.measure { rounds in try PerNodeLoops.edit(outliner, mediator, rounds: rounds) }
    }
}

/// The loops of table 15, out of line like those of ``AccessLoops``.
@MainActor
enum PerNodeLoops {
    /// The registrations of the table, kept for as long as the run lasts.
    static var registrations: [Registration] = []

    /// The per-node processor and observer of the table.
    static func register(_ mediator: Mediator<BenchRoot>) throws -> [Registration] {
        let openCount = try mediator.process(
            "openCount", forEach: OutlineProject.self, reads: [OutlineProject.scheme.tasks.isDone],
            writes: [OutlineProject.scheme.openCount]
        ) { project in
            project.openCount = project.tasks.filter { !$0.isDone }.count
        }
        let row = mediator.observe("row", forEach: OutlineTask.self, reads: [OutlineTask.scheme.title, OutlineTask.scheme.isDone]) {
            Blackhole.consume($0.isDone ? 1 : 0)
        }
        return [openCount, row]
    }

    /// Toggles a top-level task of the middle project, one update per round.
    @inline(never)
    static func edit(_ outliner: Outliner, _ mediator: Mediator<BenchRoot>, rounds: Int) throws -> Int {
        let task = outliner._projects[outliner._projects.count / 2]._tasks[3]
        for _ in 0..<rounds {
            try mediator.update { _ in task.isDone.toggle() }
        }
        return task._isDone ? 1 : 0
    }

    @inline(never)
    static func registerAndCancel(_ mediator: Mediator<BenchRoot>, rounds: Int) throws -> Int {
        var cancelled = 0
        for _ in 0..<rounds {
            let made = try register(mediator)
            // Their first firing, for every node, is part of what registering costs.
            mediator.refresh()
            for registration in made {
                registration.cancel()
                cancelled += 1
            }
        }
        return cancelled
    }
}
