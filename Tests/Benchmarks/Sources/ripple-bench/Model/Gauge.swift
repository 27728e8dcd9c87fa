import Ripple

/// A node of one floating-point value, whose setter compares by bits (`-0.0` over `0.0` is a
/// change): the access benchmarks' Double rows.
// ripple: node
final class Gauge {
    let tracker = Tracker()

    // ripple: property
    var _level: Double

    init(level: Double) {
        _level = level
    }

    /// A gauge for documents to fill.
    convenience init() {
        self.init(level: 0)
    }
}
