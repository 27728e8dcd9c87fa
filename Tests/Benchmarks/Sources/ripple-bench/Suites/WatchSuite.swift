import Ripple
import BenchReport

/// Table 13: what an update that inserts into or removes from a collection costs a registration
/// whose paths go through that collection, as the model grows.
@MainActor
final class WatchSuite {
    static let section = "watches"

    private let harness: Harness
    private let goals: GoalBoard

    init(harness: Harness, goals: GoalBoard) {
        self.harness = harness
        self.goals = goals
    }

    /// What the observer reads, as the table names it.
    private enum Reads: String, CaseIterable {
        case columnsAll = "columns.all"
        case cardTitles = "columns.cards.title"
        /// Through a readOnly computed node whose dependencies go through every column's cards.
        case selectedTitle = "selected.title"
    }

    func run() throws {
        guard harness.options.includes(section: Self.section) else { return }
        let small = 500
        let large = harness.scaled(50_000)
        var table = Table(
            "13. Watches follow the change: a card appended to and removed from one column, observed through the board",
            headers: ["reads", "cards", "µs per update", "min µs", "undo or redo µs"])
        for reads in Reads.allCases {
            var updates: [Timing] = []
            var replays: [Timing] = []
            for count in [small, large] {
                let (mediator, column) = makeMediator(cards: count, reads: reads, history: false)
                let update = try harness.measure { rounds in
                    try WatchLoops.appendAndRemove(column, in: mediator, rounds: rounds)
                }
                let (recorded, recordedColumn) = makeMediator(cards: count, reads: reads, history: true)
                _ = try WatchLoops.appendAndRemove(recordedColumn, in: recorded, rounds: 1)
                let replay = try harness.measure { rounds in try WatchLoops.undoAndRedo(recorded, rounds: rounds) }
                table.append([
                    reads.rawValue, Format.count(count), Format.microseconds(update.median),
                    Format.microseconds(update.minimum), Format.microseconds(replay.median),
                ])
                updates.append(update)
                replays.append(replay)
            }
            let ratio = updates[1].ratio(to: updates[0])
            goals.check(
                "append or remove of a card, observer of \(reads.rawValue), \(Format.count(large)) cards at most 2x "
                    + Format.count(small),
                measured: Format.ratio(ratio), passed: ratio <= 2)
            let replayRatio = replays[1].ratio(to: replays[0])
            goals.check(
                "... its undo or redo, \(Format.count(large)) cards at most 2x \(Format.count(small))",
                measured: Format.ratio(replayRatio), passed: replayRatio <= 2)
        }
        table.notes = [
            "Medians of \(harness.repetitions) runs; one observer with an empty body, contracts off. Columns of 100",
            "  cards (each column's validate() checks its count). Updates alternate: append a card to the middle",
            "  column, remove it. 'undo or redo': history on, one such step recorded, then undone and redone in turn.",
            "  'selected.title': a planner's readOnly `selected` (the first card of the selected column, with",
            "  dependency = [selectedColumn, columns.cards]); the edited column is not the selected one.",
            "The observer's watches follow the change: the column's old and new cards are compared by their common",
            "  ends, and only the card that came or went is watched or unwatched; a change under a computed node's",
            "  dependencies evaluates it again and walks the difference. Before (a full walk of the paths after any",
            "  structural change), 500 -> 50,000 cards: columns.all 201 -> 25,930 µs, columns.cards.title",
            "  106 -> 14,520 µs, selected.title 8.6 -> 160 µs.",
        ]
        table.print()
    }

    /// A mediator whose observer reads `reads` through columns of `cards` cards: the root's
    /// columns, or a planner's for `selected.title`; returns the column its updates edit.
    private func makeMediator(cards: Int, reads: Reads, history: Bool) -> (Mediator<BenchRoot>, Column) {
        let root = BenchRoot(cardCount: reads == .selectedTitle ? 0 : cards)
        let mediator = Mediator(root: root)
        mediator.contracts = .off
        mediator.history.isEnabled = history
        mediator.history.limit = 10
        let registration: Registration
        let columns: [Column]
        switch reads {
        case .columnsAll, .cardTitles:
            let path: any ModelPathConvertible<BenchRoot> =
                reads == .columnsAll ? BenchRoot.scheme.columns.all : BenchRoot.scheme.columns.cards.title
            registration = mediator.observe("board", reads: [path]) { _ in }
            columns = root._columns
        case .selectedTitle:
            let planner = Planner(cardCount: cards)
            registration = mediator.observe("board", on: planner, reads: [Planner.scheme.selected.title]) { _ in }
            columns = planner._columns
        }
        WatchLoops.registrations.append(registration)
        mediator.refresh()
        return (mediator, columns[columns.count / 2])
    }
}

/// The loops of table 13, out of line like those of ``AccessLoops``.
@MainActor
enum WatchLoops {
    /// The registrations of the table's observers, kept for as long as the run lasts.
    static var registrations: [Registration] = []

    @inline(never)
    static func appendAndRemove(_ column: Column, in mediator: Mediator<BenchRoot>, rounds: Int) throws -> Int {
        for _ in 0..<rounds {
            if column._cards.last?._title != "new" {
                try mediator.update { _ in column.cards.append(Card(title: "new")) }
            } else {
                try mediator.update { _ in column.cards.removeLast() }
            }
        }
        return column._cards.count
    }

    @inline(never)
    static func undoAndRedo(_ mediator: Mediator<BenchRoot>, rounds: Int) throws -> Int {
        let history = mediator.history
        for _ in 0..<rounds {
            if history.canUndo { try history.undo() } else { try history.redo() }
        }
        return mediator.root._columns.count
    }
}
