import Foundation
import Ripple

// A Quantwm model after migrating to Ripple with `"annotationPrefix": "sourcery"`: the
// annotations and conformance markers are Quantwm's, as they were written for Sourcery; the
// `sourcery:inline` regions are deleted, the backing fields are internal, and each class
// declares its tracker.

typealias ShelfArray = [Shelf]

class Library: NSObject, QWRoot_S, QWNode_S {
    let tracker = Tracker()

    // sourcery: node
    var _catalog = Catalog()

    // sourcery: property
    var _userID: Int = 0

    // sourcery: sharedProperty = "Library.userIDK"
    var _userName = ""

    // sourcery: property, discardable
    var _selectedID: Int? = nil

    // sourcery: property, derived
    var _selectedCount = 0

    // sourcery: node, type = "Shelf"
    var _shelves: ShelfArray = []

    // sourcery: node
    // sourcery: readOnly
    // sourcery: dependency = "selectedID, shelves"
    var _selectedShelf: Shelf? {
        _shelves.first { $0.id == _selectedID }
    }

    // sourcery: property, readOnly, dependency = "shelves.entries"
    var _entryCount: Int {
        _shelves.reduce(0) { $0 + $1._entries.count }
    }
}

class Catalog: NSObject, QWNode_S {
    let tracker = Tracker()

    // sourcery: property
    var _total: Int = -1

    // sourcery: property, allowBackgroundRead
    var _title = ""

    // sourcery: property, allowBackgroundWrite
    var _progress = 0.0
}

class Shelf: QWNode_S {
    let tracker = Tracker()
    let id: Int

    // sourcery: property
    var _entries: [String] = []

    // sourcery: node, type = "Shelf"
    var _children: ShelfArray = []

    init(id: Int) {
        self.id = id
    }
}
