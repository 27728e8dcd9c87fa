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

    // ripple: node
    var _chart = Chart()

    // ripple: node
    var _notes: [Note] = []

    // ripple: node
    var _featuredNote: Note? = nil

    // ripple: node
    var _notesByKey: [String: Note] = [:]

    // ripple: node
    var _gauge: Gauge? = nil

    /// Values of many types, for the documents' bytes (Specimen.swift).
    // ripple: node
    var _specimens: [Specimen] = []

    init() {}
}

/// The Transactions project's pie chart: every slice takes more than 0 and at most 100
/// percent, and together they make exactly 100 (or there is no slice).
// ripple: node
final class Chart {
    let tracker = Tracker()

    // ripple: node
    var _slices: [Slice] = []

    init() {}

    enum Problem: Error, Equatable {
        case sliceOutOfRange(String)
        case totalIsNot100(Int)
        case unlabeledSlice
    }

    func validate() throws {
        guard !_slices.isEmpty else { return }
        if let slice = _slices.first(where: { $0._percent <= 0 || $0._percent > 100 }) {
            throw Problem.sliceOutOfRange(slice._label)
        }
        let total = _slices.reduce(0) { $0 + $1._percent }
        if total != 100 { throw Problem.totalIsNot100(total) }
    }
}

// ripple: node
final class Slice {
    let tracker = Tracker()

    // ripple: property
    var _label: String

    // ripple: property
    var _percent: Int

    // ripple: node
    /// A back reference to the chart holding it, whose `validate()` checks every slice.
    var _chart: Chart? = nil

    init(_ label: String, _ percent: Int) {
        _label = label
        _percent = percent
    }

    /// What documents open a slice through, before setting its saved members.
    convenience init() {
        self.init("", 0)
    }

    func validate() throws {
        if _label.isEmpty { throw Chart.Problem.unlabeledSlice }
    }
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

    // Back references, in every shape a node member takes: to the root (as a sheet's
    // `workbook`), and to the shelves above this one (its parent, its ancestors).

    // ripple: node
    var _library: Library? = nil

    // ripple: node
    var _libraries: [Library] = []

    // ripple: node
    var _librariesByKey: [String: Library] = [:]

    // ripple: node
    var _librarySet: Set<Library> = []

    // ripple: node
    var _parent: Shelf? = nil

    // ripple: node
    var _ancestors: [Shelf] = []

    // ripple: node
    var _ancestorsByKey: [String: Shelf] = [:]

    // ripple: node
    var _ancestorSet: Set<Shelf> = []

    init(id: Int, title: String) {
        self.id = id
        _title = title
    }

    /// What documents open a shelf through: its `id` is not tracked, so not saved.
    convenience init() {
        self.init(id: 0, title: "")
    }
}

/// Libraries and shelves are told apart by identity, in sets as everywhere else.
extension Library: Hashable {
    static func == (lhs: Library, rhs: Library) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Shelf: Hashable {
    static func == (lhs: Shelf, rhs: Shelf) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A value type of the user's own, edited in place through its mutating methods.
struct Settings: Equatable, Codable {
    var volume = 5
    var recent: [String] = []

    mutating func louder() { volume += 1 }

    mutating func open(_ name: String) {
        recent.removeAll { $0 == name }
        recent.append(name)
    }
}

/// A note with replies: its text must not be empty, which its `validate()` checks. The library
/// holds notes in every shape a node member takes, so that validation of what a transaction
/// attaches is tested through each of them.
// ripple: node
final class Note: Identifiable {
    let tracker = Tracker()
    let id: Int

    // ripple: property
    var _text: String

    // ripple: node
    var _replies: [Note] = []

    init(id: Int = 0, _ text: String, replies: [Note] = []) {
        self.id = id
        _text = text
        _replies = replies
    }

    /// What documents open a note through: its `id` is not tracked, so not saved.
    convenience init() {
        self.init("")
    }

    enum Problem: Error, Equatable {
        case emptyText(id: Int)
    }

    func validate() throws {
        if _text.isEmpty { throw Problem.emptyText(id: id) }
    }
}

/// A note as a payload of a merge.
struct NoteValue: Identifiable {
    var id: Int
    var text: String
}
