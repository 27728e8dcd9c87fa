import Ripple

/// How cells look: one node shared by every cell that uses it.
// ripple: node
public final class CellStyle {
    let tracker = Tracker()

    // ripple: property
    var _font = ""

    // ripple: property
    var _size = 11.0

    // ripple: property
    var _bold = false

    /// Red, green, blue and alpha, or none for the default.
    // ripple: property
    var _color: [Double]? = nil

    // ripple: property
    var _numberFormat: String? = nil

    public init() {}
}
