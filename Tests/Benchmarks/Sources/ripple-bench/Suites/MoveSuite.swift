import Ripple
import BenchReport

/// Table 14: what moving a task costs an observer of every depth of a recursive model (an
/// outliner's `.all`), as the model grows.
@MainActor
final class MoveSuite {
    static let section = "moves"

    private let harness: Harness
    private let goals: GoalBoard

    init(harness: Harness, goals: GoalBoard) {
        self.harness = harness
        self.goals = goals
    }

    /// The moves the table times, as it names them.
    enum Move: String, CaseIterable {
        /// A top-level task (10 tasks with its subtasks) to another project, and back.
        case betweenProjects = "a task to another project"
        /// A subtask (3 tasks with its own) to its project's tasks, and back under its task.
        case upALevel = "a subtask up a level and back"
        /// The first move, made as a detach and an attach in two updates (no goal).
        case detachThenAttach = "the same as detach, then attach"
    }

    func run() throws {
        let moves = Move.allCases.filter { harness.options.includes(section: Self.section, row: $0.rawValue) }
        guard !moves.isEmpty else { return }
        let small = 1_000
        let large = harness.scaled(100_000)
        var table = Table(
            "14. Moves in a recursive model, observed through projects.all",
            headers: ["move", "tasks", "µs per update", "min µs", "undo or redo µs"])
        for move in moves {
            var updates: [Timing] = []
            var replays: [Timing] = []
            for count in [small, large] {
                let (mediator, workspace) = makeMediator(tasks: count, history: false)
                let perRound = move == .detachThenAttach ? 2 : 1
                let update = try harness.measure(operationsPerIteration: perRound) { rounds in
                    try MoveLoops.move(move, in: workspace, mediator, rounds: rounds)
                }
                let (recorded, recordedWorkspace) = makeMediator(tasks: count, history: true)
                _ = try MoveLoops.move(move, in: recordedWorkspace, recorded, rounds: 1)
                let replay = try harness.measure { rounds in try MoveLoops.undoAndRedo(recorded, rounds: rounds) }
                table.append([
                    move.rawValue, Format.count(count), Format.microseconds(update.median),
                    Format.microseconds(update.minimum), Format.microseconds(replay.median),
                ])
                updates.append(update)
                replays.append(replay)
            }
            guard move != .detachThenAttach else { continue }
            let ratio = updates[1].ratio(to: updates[0])
            goals.check(
                "move \(move.rawValue) under a projects.all observer, \(Format.count(large)) tasks at most 2x "
                    + Format.count(small),
                measured: Format.ratio(ratio), passed: ratio <= 2)
            let replayRatio = replays[1].ratio(to: replays[0])
            goals.check(
                "... its undo or redo, \(Format.count(large)) tasks at most 2x \(Format.count(small))",
                measured: Format.ratio(replayRatio), passed: replayRatio <= 2)
        }
        table.notes = [
            "Medians of \(harness.repetitions) runs; one observer of Workspace.projects.all (every task at every depth,",
            "  and their tags) with an empty body, contracts off. Projects of 10 tasks, each holding 3 subtasks that",
            "  hold 2 (100 tasks a project); 20 tags, each task holding one or two. Updates alternate: the move,",
            "  then the move back, each in one update ('detach, then attach': each move in two updates, the time",
            "  per update). 'undo or redo': history on, one move recorded, then undone and redone in turn.",
        ]
        table.print()
    }

    /// A mediator whose observer reads every depth of a workspace of `tasks` tasks.
    private func makeMediator(tasks: Int, history: Bool) -> (Mediator<BenchRoot>, Workspace) {
        let workspace = Workspace(taskCount: tasks)
        let mediator = Mediator(root: BenchRoot())
        mediator.contracts = .off
        mediator.history.isEnabled = history
        mediator.history.limit = 10
        let registration = mediator.observe("outline", on: workspace, reads: [Workspace.scheme.projects.all]) { _ in }
        MoveLoops.registrations.append(registration)
        mediator.refresh()
        return (mediator, workspace)
    }
}

/// The loops of table 14, out of line like those of ``AccessLoops``.
@MainActor
enum MoveLoops {
    /// The registrations of the table's observers, kept for as long as the run lasts.
    static var registrations: [Registration] = []

    /// Makes `rounds` updates, each a move of `move` or the move back, in turn.
    @inline(never)
    static func move(_ move: MoveSuite.Move, in workspace: Workspace, _ mediator: Mediator<BenchRoot>, rounds: Int) throws -> Int {
        let projects = workspace._projects
        let from = projects[projects.count / 2]
        let to = projects[(projects.count / 2 + 1) % projects.count]
        for _ in 0..<rounds {
            switch move {
            case .betweenProjects:
                if from._tasks.count >= 10 {
                    try mediator.update { _ in to.tasks.append(from.tasks.removeFirst()) }
                } else {
                    try mediator.update { _ in from.tasks.insert(to.tasks.removeLast(), at: 0) }
                }
            case .upALevel:
                let parent = from._tasks[0]
                if from._tasks.count == 10 {
                    try mediator.update { _ in from.tasks.insert(parent.subtasks.removeFirst(), at: 1) }
                } else {
                    try mediator.update { _ in parent.subtasks.insert(from.tasks.remove(at: 1), at: 0) }
                }
            case .detachThenAttach:
                if from._tasks.count >= 10 {
                    let task = from._tasks[0]
                    try mediator.update { _ in from.tasks.removeFirst() }
                    try mediator.update { _ in to.tasks.append(task) }
                } else {
                    let task = to._tasks[to._tasks.count - 1]
                    try mediator.update { _ in to.tasks.removeLast() }
                    try mediator.update { _ in from.tasks.insert(task, at: 0) }
                }
            }
        }
        return from._tasks.count
    }

    @inline(never)
    static func undoAndRedo(_ mediator: Mediator<BenchRoot>, rounds: Int) throws -> Int {
        let history = mediator.history
        for _ in 0..<rounds {
            if history.canUndo { try history.undo() } else { try history.redo() }
        }
        return history.canUndo ? 1 : 0
    }
}
