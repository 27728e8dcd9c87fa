import Ripple

// The benchmark's model generated with "observable": true (see ripple.json), for the
// Observation rows of ripple-bench: the same fields as the bench's Item and ObservedItem.

/// The root: a flat list of items.
// ripple: root
public final class ObservableBenchRoot {
    let tracker = Tracker()

    // ripple: node
    var _items: [ObservableBenchItem]

    public init(items: [ObservableBenchItem]) {
        _items = items
    }
}

/// One item.
// ripple: node
public final class ObservableBenchItem {
    let tracker = Tracker()

    // ripple: property
    var _value: Int

    // ripple: property
    var _name: String

    public init(value: Int, name: String) {
        _value = value
        _name = name
    }
}
