import Ripple

// A second shape of model, for the watches that follow structural changes: lanes of tickets
// (nested arrays, a node held in several places, an optional node, a set and a dictionary of
// nodes, computed nodes whose dependencies go through collections and through `.all`), and
// folders holding folders, tickets and memos that link to folders (recursive classes, so
// cycles, through one class and through two), in cabinets. Not under the library's root:
// registrations are anchored on a desk.

// ripple: node
final class Desk {
    let tracker = Tracker()

    // ripple: property
    var _selectedNumber: Int? = nil

    // ripple: node
    var _lanes: [Lane] = []

    // ripple: node
    var _pinned: Ticket? = nil

    // ripple: node
    var _ticketsByName: [String: Ticket] = [:]

    // ripple: node
    var _folders: [Folder] = []

    // ripple: node
    var _cabinets: [Cabinet] = []

    // ripple: node, readOnly, dependency = [selectedNumber, lanes.tickets]
    var _selected: Ticket? {
        guard let number = _selectedNumber else { return nil }
        return _lanes.lazy.flatMap(\._tickets).first { $0.number == number }
    }

    // ripple: node, readOnly, dependency = [lanes.all]
    /// The lane with the most tickets (the first of those), whatever it holds.
    var _busiest: Lane? {
        _lanes.max { $0._tickets.count < $1._tickets.count }
    }

    // ripple: node, readOnly, dependency = [selected.title, lanes.tickets]
    /// The first lane holding the selected ticket; its dependencies go on through another
    /// computed node (the title is not needed, but makes the paths nest).
    var _selectedLane: Lane? {
        guard let selected = _selected else { return nil }
        return _lanes.first { $0._tickets.contains { $0 === selected } }
    }

    init() {}
}

// ripple: node
final class Lane {
    let tracker = Tracker()

    // ripple: property
    var _name: String

    // ripple: node
    var _tickets: [Ticket] = []

    // ripple: node
    var _featured: Ticket? = nil

    // ripple: node
    var _starred: Set<Ticket> = []

    init(_ name: String) {
        _name = name
    }

    /// For documents to fill.
    convenience init() {
        self.init("")
    }
}

// ripple: node
final class Ticket {
    let tracker = Tracker()
    let number: Int

    // ripple: property
    var _title: String

    init(number: Int, title: String) {
        self.number = number
        _title = title
    }

    /// For documents to fill (the number is not tracked, so documents do not keep it).
    convenience init() {
        self.init(number: 0, title: "")
    }
}

/// Tickets are told apart by identity, in sets as everywhere else.
extension Ticket: Hashable {
    static func == (lhs: Ticket, rhs: Ticket) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

// ripple: node
final class Folder {
    let tracker = Tracker()

    // ripple: property
    var _name: String

    // ripple: node
    var _folders: [Folder] = []

    /// Tickets that lanes hold too: nodes shared between a recursive class and others.
    // ripple: node
    var _tickets: [Ticket] = []

    // ripple: node
    var _memo: Memo? = nil

    init(_ name: String) {
        _name = name
    }

    /// For documents to fill.
    convenience init() {
        self.init("")
    }
}

/// A cabinet of folders: a class that holds folders but that folders do not hold, so a folder
/// it holds is held from outside the folders' cycles (as long as the cabinet is in).
// ripple: node
final class Cabinet {
    let tracker = Tracker()

    // ripple: property
    var _name: String

    // ripple: node
    var _folders: [Folder] = []

    init(_ name: String) {
        _name = name
    }

    /// For documents to fill.
    convenience init() {
        self.init("")
    }
}

/// A memo of a folder, which may link to a folder: folders and memos hold each other through
/// two classes.
// ripple: node
final class Memo {
    let tracker = Tracker()

    // ripple: property
    var _text: String

    // ripple: node
    var _link: Folder? = nil

    init(_ text: String, link: Folder? = nil) {
        _text = text
        _link = link
    }

    /// For documents to fill.
    convenience init() {
        self.init("")
    }
}
