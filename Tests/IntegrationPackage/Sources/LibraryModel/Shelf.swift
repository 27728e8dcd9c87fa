import Ripple

/// A titled list of entries, possibly with nested shelves.
// ripple: node
public final class Shelf {
    let tracker = Tracker()
    public let id: Int

    // ripple: property
    var _title: String

    // ripple: property
    var _entries: [String] = []

    // ripple: node
    var _children: [Shelf] = []

    public init(id: Int, title: String, entries: [String] = []) {
        self.id = id
        _title = title
        _entries = entries
    }

    /// What documents open a shelf through, before setting its saved members (`id` is not
    /// tracked, so not saved).
    public convenience init() {
        self.init(id: 0, title: "")
    }

    /// An update that leaves a shelf without a title is rolled back.
    func validate() throws {
        if _title.isEmpty { throw ShelfError.untitled(id: id) }
    }
}

/// Shelves, under another name.
public typealias ShelfList = [Shelf]

/// Why a shelf is invalid.
public enum ShelfError: Error, Equatable {
    case untitled(id: Int)
}
