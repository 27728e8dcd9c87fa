import Ripple

/// One element of the benchmark model.
// ripple: node
final class Item {
    let tracker = Tracker()

    // ripple: property
    var _value: Int

    // ripple: property
    var _name: String

    init(value: Int, name: String) {
        _value = value
        _name = name
    }
}
