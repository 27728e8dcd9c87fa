import Foundation
import Ripple

// A node of floating-point values, alone and in collections, whose writes compare by their bits
// (-0.0 over 0.0 is a change, a NaN over the same NaN is not), and a string beside them that
// compares by `==`. Not under the library's root: the tests write it in the library's updates.

// ripple: node
final class Readings {
    let tracker = Tracker()

    // ripple: property
    var _level = 0.0

    // ripple: property
    var _ratio: Float = 0

    // ripple: property
    var _width: CGFloat = 0

    // ripple: property
    var _maybe: Double? = nil

    // ripple: property
    var _levels: [Double] = []

    // ripple: property
    var _levelSet: Set<Double> = []

    // ripple: property
    var _byName: [String: Double] = [:]

    // ripple: property
    var _grid: [[Float]] = []

    // ripple: property
    var _name = ""

    init() {}
}
