import Foundation
import Ripple

// One member of every shape and modifier the generator knows.

typealias ShelfList = [Shelf]

// ripple: root
final class Store {
    let tracker = Tracker()

    enum Mode { case open, closed }

    // Values: declared, and inferred from literals and initializer calls.
    // ripple: property
    var _count = 0
    // ripple: property
    var _ratio = 0.5
    // ripple: property
    var _name = "store"
    // ripple: property
    var _isOpen = true
    // ripple: property
    var _note: String? = nil
    // ripple: property
    var _labels = [String]()
    // ripple: property
    var _opened = Date()
    // ripple: property
    var _mode: Mode = .open
    // ripple: property
    var _default = 0

    // Modifiers.
    // ripple: property, shared = count
    var _countLabel = ""
    // ripple: property, discardable
    var _selection: Int? = nil
    // ripple: property, derived
    var _total = 0

    // Nodes of every shape.
    // ripple: node
    var _main = Shelf()
    // ripple: node
    var _spare: Shelf? = nil
    // ripple: node
    var _shelves: [Shelf] = []
    // ripple: node
    var _archived: [Shelf]? = nil
    // ripple: node
    var _pinned: Set<Shelf> = []
    // ripple: node
    var _byName: [String: Shelf] = [:]
    // ripple: node
    var _byID: [Int: Shelf]? = nil
    // ripple: node
    var _extra = [Shelf]()
    // ripple: node
    var _backups: Array<Shelf> = []
    // ripple: node
    var _fallback: Optional<Shelf> = nil
    // ripple: node, type = Shelf
    var _list: ShelfList = []

    // Computed members and their dependencies.
    // ripple: property, readOnly, dependency = [shelves.all, main.size]
    var _size: Int { _shelves.reduce(_main.size) { $0 + $1.size } }
    // ripple: node, readOnly, dependency = [selection, shelves]
    var _selected: Shelf? {
        guard let selection = _selection, _shelves.indices.contains(selection) else { return nil }
        return _shelves[selection]
    }
    // ripple: property, readOnly, dependency = total
    var _summary: String { "\(_total)" }

    init() {}
}

// ripple: node
final class Shelf: Hashable {
    let tracker = Tracker()

    // ripple: property
    var _size = 0

    init() {}

    static func == (lhs: Shelf, rhs: Shelf) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
