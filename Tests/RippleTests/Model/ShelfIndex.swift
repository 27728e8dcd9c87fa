import Ripple

/// Shelves by id: the dictionary form of merges.
// ripple: node
final class ShelfIndex {
    let tracker = Tracker()

    // ripple: node
    var _byID: [Int: Shelf] = [:]

    init() {}
}

extension Shelf: Identifiable {}
