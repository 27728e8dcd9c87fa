import Ripple

/// Totals over the library.
// ripple: node
public final class Catalog {
    let tracker = Tracker()

    // ripple: property
    var _total = 0

    // ripple: property
    var _tags: Set<String> = []

    /// Has no change key of its own: a change notifies the readers of `total`.
    // ripple: shared = total
    var _adjustment = 0

    public init() {}
}
