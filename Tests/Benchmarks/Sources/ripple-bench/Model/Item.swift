import Ripple

/// One element of the benchmark model.
// ripple: node
final class Item: Identifiable {
    let tracker = Tracker()
    /// The value the item was made with, which identifies it in merges.
    let id: Int

    // ripple: property
    var _value: Int

    // ripple: property
    var _name: String

    init(value: Int, name: String) {
        id = value
        _value = value
        _name = name
    }

    /// An item for documents to fill (its `id` is not tracked, so documents do not keep it).
    convenience init() {
        self.init(value: 0, name: "")
    }
}
