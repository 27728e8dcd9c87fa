import Ripple

/// A column of a board: it holds at most `limit` cards, which its `validate()` checks. One
/// validating class is enough to make every update of the model look for ancestors to validate.
// ripple: node
final class Column {
    let tracker = Tracker()

    // ripple: property
    var _limit: Int

    // ripple: node
    var _cards: [Card]

    init(limit: Int, cards: [Card]) {
        _limit = limit
        _cards = cards
    }

    /// An empty column, for documents to fill.
    convenience init() {
        self.init(limit: 0, cards: [])
    }

    struct OverLimit: Error {}

    func validate() throws {
        if _cards.count > _limit { throw OverLimit() }
    }
}

/// A card on a board.
// ripple: node
final class Card {
    let tracker = Tracker()

    // ripple: property
    var _title: String

    init(title: String) {
        _title = title
    }

    /// A card for documents to fill.
    convenience init() {
        self.init(title: "")
    }
}

extension BenchRoot {
    /// A model whose board holds `cardCount` cards in columns of 100.
    convenience init(cardCount: Int) {
        self.init(items: [])
        _columns = stride(from: 0, to: cardCount, by: 100).map { start in
            Column(limit: 1_000, cards: (start..<min(start + 100, cardCount)).map { Card(title: "card \($0)") })
        }
    }
}
