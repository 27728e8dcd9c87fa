import Ripple

// Issue 27's breaker model, a kanban board written as a new user would: columns of cards,
// cards with tags and a recursive checklist, a dictionary of assignees, dictionaries with Int
// keys, a set of nodes, an optional collection, and back references to the root and upwards.
// It hangs under the test target's root (a target's model has one root) as `Library.gauge.board`,
// read and written through `Library.board`.

// ripple: node
final class KanbanBoard {
    let tracker = Tracker()

    // ripple: property
    var _title = ""

    // ripple: node
    var _columns: [KanbanColumn] = []

    // ripple: property
    var _assignees: [String: String] = [:]

    // ripple: property
    var _limits: [Int: Int] = [:]

    // ripple: node
    var _cardsByNumber: [Int: KanbanCard] = [:]

    // ripple: node
    var _starred: Set<KanbanCard> = []

    // ripple: node
    var _archive: [KanbanCard]? = nil

    // ripple: node
    /// A back reference to the document's root.
    var _library: Library? = nil

    init() {}
}

// ripple: node
final class KanbanColumn {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: node
    var _cards: [KanbanCard] = []

    // ripple: node
    /// A back reference to the board holding the column.
    var _board: KanbanBoard? = nil

    init() {}

    convenience init(_ name: String) {
        self.init()
        _name = name
    }
}

// ripple: node
final class KanbanCard {
    let tracker = Tracker()

    // ripple: property
    var _title = ""

    // ripple: property
    var _points = 0

    // ripple: property
    var _tags: Set<String> = []

    // ripple: node
    var _checklist: [KanbanCheck] = []

    // ripple: node
    /// Another card this one waits for (may be the card itself).
    var _blockedBy: KanbanCard? = nil

    init() {}

    convenience init(_ title: String) {
        self.init()
        _title = title
    }

    /// A card with points needs a title: two edits valid alone (one sets the points, the
    /// other clears the title) are invalid together.
    func validate() throws {
        if _points > 0 && _title.isEmpty { throw KanbanProblem.pointsWithoutTitle }
    }
}

// ripple: node
final class KanbanCheck {
    let tracker = Tracker()

    // ripple: property
    var _text = ""

    // ripple: property
    var _done = false

    // ripple: node
    var _items: [KanbanCheck] = []

    init() {}
}

enum KanbanProblem: Error, Equatable {
    case pointsWithoutTitle
}

/// Cards are told apart by identity, in sets as everywhere else.
extension KanbanCard: Hashable {
    static func == (lhs: KanbanCard, rhs: KanbanCard) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Library {
    /// The breaker board, held by the gauge (made when a board is set and there is none).
    var board: KanbanBoard? {
        get { gauge?.board }
        set {
            if gauge == nil { gauge = Gauge() }
            gauge!.board = newValue
        }
    }
}
