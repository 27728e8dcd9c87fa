import Ripple

/// Columns of cards with a selection that a readOnly computed node follows: the shape of a
/// board whose views read the selected card. Not part of `BenchRoot`'s model: registrations
/// are anchored on a planner (`observe(_:on:reads:_:)`).
// ripple: node
final class Planner {
    let tracker = Tracker()

    // ripple: property
    var _selectedColumn = 0

    // ripple: node
    var _columns: [Column] = []

    // ripple: node, readOnly, dependency = [selectedColumn, columns.cards]
    var _selected: Card? {
        _columns.indices.contains(_selectedColumn) ? _columns[_selectedColumn]._cards.first : nil
    }

    /// A planner of `cardCount` cards in columns of 100, the selection in the first column.
    init(cardCount: Int) {
        _columns = BenchRoot(cardCount: cardCount)._columns
    }

    /// An empty planner, for documents to fill.
    init() {}
}
