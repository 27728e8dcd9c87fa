import Ripple
import BenchReport

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
        try measureAppends()
    }

    /// Table 9b: one append per update to a large array of nodes, with history off and on, and
    /// the memory each step keeps.
    private func measureAppends() throws {
        var table = Table(
            "9b. One node appended per update to a large array of nodes, history off and on",
            headers: ["nodes", "history", "µs per update"])
        for count in [harness.scaled(20_000), harness.scaled(50_000)] {
            for recording in [false, true] {
                let mediator = Mediator(root: BenchRoot(itemCount: count))
                mediator.contracts = .off
                mediator.history.isEnabled = recording
                mediator.history.limit = 10
                mediator.refresh()
                let timing = try harness.measure { rounds in try HistoryLoops.append(mediator, rounds: rounds) }
                table.append([Format.count(count), recording ? "on" : "off", Format.microseconds(timing.median)])
            }
        }
        let count = harness.scaled(20_000)
        let steps = 100
        let mediator = Mediator(root: BenchRoot(itemCount: count))
        mediator.contracts = .off
        mediator.history.limit = 1_000
        mediator.refresh()
        if let bytes = try HeapUsage.growth(during: { try HistoryLoops.append(mediator, rounds: steps) }) {
            // The growth includes the appended nodes themselves; the step is what comes on top.
            let perStep = Double(bytes) / Double(steps)
            table.notes.append("Memory: \(Format.count(steps)) steps of one append each to \(Format.count(count)) nodes grew the heap by \(Format.rate(perStep / 1_024)) KB per step (the appended node included).")
            goals.check(
                "memory per undo step of a one-node append to \(Format.count(count)) nodes at most 4 KB",
                measured: Format.rate(perStep / 1_024) + " KB", passed: perStep <= 4_096)
        } else {
            goals.skip("memory per undo step of a one-node append at most 4 KB", reason: "heap size unreadable")
        }
        table.notes += [
            "Medians of \(harness.repetitions) runs; no registration. The first in-place edit of a collection in an update",
            "  keeps its old value for rollback: the append then copies the array once (its buffer is shared with",
            "  the journal), which is why one append per update costs the array's size, history or not; appends",
            "  made together in one update cost amortised O(1) each (table 4). With history on, the update's end",
            "  compares the old and new arrays by identity to keep only their difference in the undo step (the",
            "  appended node and its position), then releases the old array.",
        ]
        table.print()
    }

    private func model(recording: Bool) throws -> Mediator<BenchRoot> {
        let mediator = Mediator(root: BenchRoot(itemCount: Self.writeCount))
        mediator.contracts = .off
        mediator.history.isEnabled = recording
        mediator.history.limit = 10
        mediator.refresh()
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
    static func append(_ mediator: Mediator<BenchRoot>, rounds: Int) throws -> Int {
        for round in 0..<rounds {
            try mediator.update { root in root.items.append(Item(value: round, name: "")) }
        }
        return mediator.root._items.count
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
