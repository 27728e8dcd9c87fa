import Ripple

/// Table 9: what history costs an update, and what undo and redo cost.
@MainActor
final class HistorySuite {
    static let section = "history"
    static let writeCount = 1_000

    private let harness: Harness
    private let goals: GoalBoard

    init(harness: Harness, goals: GoalBoard) {
        self.harness = harness
        self.goals = goals
    }

    func run() throws {
        guard harness.options.includes(section: Self.section) else { return }
        let count = Self.writeCount
        var table = Table(
            "9. History: one update writing \(Format.count(count)) items, recorded or not, and its undo and redo",
            headers: ["operation", "µs", "per write ns"])
        func row(_ name: String, _ timing: Timing) {
            table.append([name, Format.microseconds(timing.median), Format.nanoseconds(timing.median / Double(count))])
        }
        let off = try model(recording: false)
        let unrecorded = try harness.measure { rounds in try HistoryLoops.update(off, rounds: rounds) }
        row("update, history off", unrecorded)
        let on = try model(recording: true)
        let recorded = try harness.measure { rounds in try HistoryLoops.update(on, rounds: rounds) }
        row("update, history on (one step each)", recorded)
        let replayed = try model(recording: true)
        _ = try HistoryLoops.update(replayed, rounds: 1)
        let undoRedo = try harness.measure(operationsPerIteration: 2) { rounds in
            try HistoryLoops.undoRedo(replayed, rounds: rounds)
        }
        row("undo or redo of that step", undoRedo)
        let ratio = recorded.ratio(to: unrecorded)
        goals.check(
            "recording a \(Format.count(count))-write update at most 1.5x the unrecorded update",
            measured: Format.ratio(ratio), passed: ratio <= 1.5)
        goals.check(
            "undo or redo of \(Format.count(count)) writes under 1 ms",
            measured: Format.milliseconds(undoRedo.median) + " ms", passed: undoRedo.median < 1_000_000)
        table.notes = [
            "Medians of \(harness.repetitions) runs; no registration watches the items. Each update sets every item's value",
            "  (a change each time) and is journaled either way. History on: at its end, one pass over the journal",
            "  keeps each member's first old value that still differs (a type check and == per write), moving the",
            "  journal's entries into the step, and drops the oldest step (limit 10), releasing its values.",
            "  Undo and redo are updates: each puts back \(Format.count(count)) values, journaled, and records the",
            "  inverse step.",
        ]
        table.print()
    }

    private func model(recording: Bool) throws -> Mediator<BenchRoot> {
        let mediator = Mediator(root: BenchRoot(itemCount: Self.writeCount))
        mediator.contracts = .off
        mediator.history.isEnabled = recording
        mediator.history.limit = 10
        try mediator.refresh()
        return mediator
    }
}

/// The loops of table 9, out of line like those of ``AccessLoops``.
@MainActor
enum HistoryLoops {
    @inline(never)
    static func update(_ mediator: Mediator<BenchRoot>, rounds: Int) throws -> Int {
        for _ in 0..<rounds {
            try mediator.update { root in
                for item in root.items { item.value &+= 1 }
            }
        }
        return mediator.root._items[0]._value
    }

    @inline(never)
    static func undoRedo(_ mediator: Mediator<BenchRoot>, rounds: Int) throws -> Int {
        for _ in 0..<rounds {
            try mediator.history.undo()
            try mediator.history.redo()
        }
        return mediator.root._items[0]._value
    }
}
