import Ripple

/// The collaboration rows' document (ripple-bench table 17): points with three integer
/// properties, as `crdt_bench.py` builds it in Loro and Yrs.
// ripple: root
public final class PointBoard {
    let tracker = Tracker()

    // ripple: node
    var _points: [Point] = []

    public init() {}
}

/// One point: `x`, `y` and `label`, all integers.
// ripple: node
public final class Point {
    let tracker = Tracker()

    // ripple: property
    var _x = 0

    // ripple: property
    var _y = 0

    // ripple: property
    var _label = 0

    public init() {}

    public init(x: Int, y: Int) {
        _x = x
        _y = y
    }
}
