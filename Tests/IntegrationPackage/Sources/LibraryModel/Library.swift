import Ripple

// The model of the DocC article "Getting Started" (Quantwm's example: a user, shelves of entries,
// a selection, a catalog), public, in a module of its own, built with the RipplePlugin build plugin.

/// The root of the model.
// ripple: root
public final class Library {
    let tracker = Tracker()

    // ripple: property
    var _userID = 0

    /// UI state: notifies, but does not make the document unsaved.
    // ripple: property, discardable
    var _selectedID: Int? = nil

    /// Written by a processor.
    // ripple: property, derived
    var _selectedCount = 0

    // ripple: node
    var _catalog = Catalog()

    // ripple: node
    var _shelves: [Shelf] = []

    // ripple: node, readOnly, dependency = [selectedID, shelves]
    var _selectedShelf: Shelf? { _shelves.first { $0.id == _selectedID } }

    /// Every entry of every shelf, counted.
    // ripple: property, readOnly, dependency = [shelves.entries]
    var _entryCount: Int { _shelves.reduce(0) { $0 + $1._entries.count } }

    // ripple: node
    var _shelvesByCode: [String: Shelf] = [:]

    // ripple: node
    var _archive: [Shelf]? = nil

    /// A typealias hides the node class from the generator; `type =` names it.
    // ripple: node, type = Shelf
    var _drafts: ShelfList = []

    /// Readable from any thread.
    // ripple: property, allowBackgroundRead
    var _name = "Library"

    /// Writable from any thread, outside transactions.
    // ripple: property, allowBackgroundWrite
    var _progress = 0.0

    public init(shelves: [Shelf] = [], codes: [String: Shelf] = [:]) {
        _shelves = shelves
        _shelvesByCode = codes
    }
}
