import Ripple

// The test model: Quantwm's example shape (a user, shelves of entries, a selection, a
// catalog), with one member of every shape the runtime walks.

// ripple: root
final class Library {
    let tracker = Tracker()

    // ripple: property
    var _userID = 0

    // ripple: property, discardable
    var _selectedID: Int? = nil

    // ripple: property, derived
    var _selectedCount = 0

    // ripple: node
    var _catalog = Catalog()

    // ripple: node
    var _shelves: [Shelf] = []

    // ripple: node
    var _pinned: Shelf? = nil

    // ripple: node
    var _job = Job()

    // ripple: node, readOnly, dependency = [selectedID, shelves]
    var _selectedShelf: Shelf? { _shelves.first { $0.id == _selectedID } }

    // ripple: property
    var _settings = Settings()

    // ripple: property
    var _scores: [String: Int] = [:]

    // ripple: node
    var _shelvesByKey: [String: Shelf] = [:]

    // ripple: node
    var _archive: [Shelf]? = nil

    init() {}
}

// ripple: node
final class Catalog {
    let tracker = Tracker()

    // ripple: property
    var _total = 0

    // ripple: property
    var _tags: Set<String> = []

    init() {}
}

// ripple: node
final class Shelf {
    let tracker = Tracker()
    let id: Int

    // ripple: property
    var _title: String

    // ripple: property
    var _entries: [String] = []

    // ripple: node
    var _children: [Shelf] = []

    init(id: Int, title: String) {
        self.id = id
        _title = title
    }
}

/// A value type of the user's own, edited in place through its mutating methods.
struct Settings: Equatable {
    var volume = 5
    var recent: [String] = []

    mutating func louder() { volume += 1 }

    mutating func open(_ name: String) {
        recent.removeAll { $0 == name }
        recent.append(name)
    }
}
