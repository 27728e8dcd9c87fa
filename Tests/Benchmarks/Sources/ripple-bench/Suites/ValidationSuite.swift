import Ripple
import BenchReport

/// Table 10: what finding the nodes to validate costs, on a small and a large model.
@MainActor
final class ValidationSuite {
    static let section = "validation"

    private let harness: Harness
    private let goals: GoalBoard

    init(harness: Harness, goals: GoalBoard) {
        self.harness = harness
        self.goals = goals
    }

    func run() throws {
        try measureUpdates()
        try measureFirstEdits()
    }

    private func includes(_ row: String) -> Bool {
        harness.options.includes(section: Self.section, row: row)
    }

    // MARK: Table 10

    private func measureUpdates() throws {
        guard includes("one-property update") else { return }
        let small = 500
        let large = harness.scaled(50_000)
        var table = Table(
            "10. Validation: one update writing one card's title, on a board whose columns declare validate()",
            headers: ["cards", "µs per update"])
        var timings: [Timing] = []
        for count in [small, large] {
            let mediator = Mediator(root: BenchRoot(cardCount: count))
            mediator.contracts = .off
            mediator.history.isEnabled = false
            mediator.refresh()
            let card = mediator.root._columns[mediator.root._columns.count / 2]._cards[50]
            let timing = try harness.measure { rounds in try ValidationLoops.rename(card, in: mediator, rounds: rounds) }
            table.append([Format.count(count), Format.microseconds(timing.median)])
            timings.append(timing)
        }
        let ratio = timings[1].ratio(to: timings[0])
        goals.check(
            "one-property update with validation on \(Format.count(large)) cards at most 2x that on \(Format.count(small))",
            measured: Format.ratio(ratio), passed: ratio <= 2)
        table.notes = [
            "Medians of \(harness.repetitions) runs; history off, no registration. Columns of 100 cards; each column's",
            "  validate() checks its card count. An update validates the written card's validating ancestors,",
            "  found through parent links that the mediator keeps from the journal (made by one walk of the model",
            "  when the mediator is made), so it costs the card's depth, not the board's size.",
        ]
        table.print()
    }

    // MARK: Table 10b

    /// The first edit of a fresh model against the second: nothing may be left for the first
    /// edit to build (parent links, say) that a later one finds built.
    private func measureFirstEdits() throws {
        guard includes("first edit") else { return }
        var table = Table(
            "10b. The first edit of a fresh model with validate() against a later one (history on, no registration)",
            headers: ["cards", "Mediator(root:) ms", "first edit µs", "second edit µs", "first / second"])
        for count in [1_000, 100_000].map(harness.scaled) {
            var creations: [Double] = []
            var firsts: [Double] = []
            var seconds: [Double] = []
            let clock = ContinuousClock()
            for _ in 0..<(count > 10_000 ? 5 : harness.repetitions) {
                let root = BenchRoot(cardCount: count)
                let cards = (root._columns[root._columns.count / 2]._cards[10], root._columns[root._columns.count / 3]._cards[20])
                var start = clock.now
                let mediator = Mediator(root: root)
                creations.append(start.duration(to: clock.now).nanoseconds)
                // Each edit starts with cold caches, as after building the model: what differs
                // is the work left for the first one.
                CacheFlusher.flush()
                start = clock.now
                Blackhole.consume(try ValidationLoops.rename(cards.0, in: mediator, rounds: 1))
                firsts.append(start.duration(to: clock.now).nanoseconds)
                CacheFlusher.flush()
                start = clock.now
                Blackhole.consume(try ValidationLoops.rename(cards.1, in: mediator, rounds: 1))
                seconds.append(start.duration(to: clock.now).nanoseconds)
                withExtendedLifetime(mediator) {}
            }
            let (creation, first, second) = (Timing(samples: creations), Timing(samples: firsts), Timing(samples: seconds))
            let ratio = first.ratio(to: second)
            table.append([
                Format.count(count), Format.milliseconds(creation.median), Format.microseconds(first.median),
                Format.microseconds(second.median), Format.ratio(ratio),
            ])
            goals.check(
                "the first edit of a model with validate() at most 2x a later one, \(Format.count(count)) cards",
                measured: Format.ratio(ratio), passed: ratio <= 2)
        }
        table.notes = [
            "Medians over fresh boards (columns of 100 cards, whose validate() checks the count), \(harness.repetitions)",
            "  runs at 1,000 cards, 5 at 100,000; each edit is one update renaming a card, timed once, and the second",
            "  renames another card. Before each edit a 64 MB buffer is read, so that both start with cold caches",
            "  (building a large model leaves them so; a cold update over 100,000 nodes costs some 40 µs more than a",
            "  warm one, whatever it does). Mediator(root:) walks the model once: it counts the nodes of the model",
            "  and links the cards to their columns, so that no edit walks it.",
        ]
        table.print()
    }
}

/// The loop of table 10, out of line like those of ``AccessLoops``.
@MainActor
enum ValidationLoops {
    @inline(never)
    static func rename(_ card: Card, in mediator: Mediator<BenchRoot>, rounds: Int) throws -> Int {
        for round in 0..<rounds {
            try mediator.update { _ in card.title = round & 1 == 0 ? "even" : "odd" }
        }
        return card._title.count
    }
}

/// Evicts the caches by reading a buffer larger than them.
@MainActor
enum CacheFlusher {
    private static let buffer = [UInt8](repeating: 1, count: 64 << 20)

    @inline(never)
    static func flush() {
        var sum = 0
        buffer.withUnsafeBufferPointer { bytes in
            for index in stride(from: 0, to: bytes.count, by: 64) { sum &+= Int(bytes[index]) }
        }
        Blackhole.consume(sum)
    }
}
