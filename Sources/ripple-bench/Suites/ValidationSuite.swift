import Ripple

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
        guard harness.options.includes(section: Self.section) else { return }
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
            "  the first time an update needs them), so it costs the card's depth, not the board's size.",
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
