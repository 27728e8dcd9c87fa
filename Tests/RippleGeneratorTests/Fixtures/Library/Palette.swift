import Ripple

// A node of collections whose undo is checked element by element: doubles that may be NaN,
// `Equatable` objects that are not nodes, dictionaries and sets, and a dictionary of nodes.
// Not under the library's root: the tests write it in the library's updates.

// ripple: node
final class Palette {
    let tracker = Tracker()

    // ripple: property
    var _count = 0

    // ripple: property
    var _samples: [Double] = []

    // ripple: property
    var _shades: [Shade] = []

    // ripple: property
    var _scores: [String: Int] = [:]

    // ripple: property
    var _tags: Set<String> = []

    // ripple: property
    var _sampleSet: Set<Double> = []

    // ripple: property
    var _maybeMap: [String: [Int]]? = nil

    // ripple: node
    var _swatches: [String: Swatch] = [:]

    init() {}
}

// ripple: node
final class Swatch {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    init() {}
}

/// A value that is an object: `==` compares its level, not its identity.
final class Shade: Equatable, Codable {
    let level: Int

    init(level: Int) { self.level = level }

    static func == (lhs: Shade, rhs: Shade) -> Bool { lhs.level == rhs.level }
}
