import Foundation
import Ripple

// Issue 33's breaker model, a garden planner written as a new user would: beds of plants in an
// array and by name, a set of plants that keep each other company, a recursive tree of zones
// holding beds (a bed in two places), back references to the root, the plan and the parent
// zone and bed, a plant that may name itself, and members of every value shape (String, Int,
// Double, Bool, optional, enum, Date). It hangs under the test target's root as
// `Library.gauge.garden`.

// ripple: node
final class GardenPlan {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _started = Date(timeIntervalSinceReferenceDate: 0)

    // ripple: node
    var _beds: [Bed] = []

    // ripple: node
    var _bedsByName: [String: Bed] = [:]

    // ripple: node
    var _companions: Set<Plant> = []

    // ripple: node
    var _zone: GardenZone? = nil

    // ripple: property
    var _frostDates: [Int: Date] = [:]

    // ripple: node
    /// A back reference to the document's root.
    var _library: Library? = nil

    init() {}
}

/// What a bed is filled with, saved by its raw value.
enum Soil: String, Codable {
    case loam
    case clay
    case sand
}

// ripple: node
final class Bed {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _sunny = true

    // ripple: property
    var _area = 1.0

    // ripple: property
    var _soil: Soil = .loam

    // ripple: property
    var _labels: Set<String> = []

    // ripple: node
    var _plants: [Plant] = []

    // ripple: node
    /// A back reference to the plan holding it.
    var _plan: GardenPlan? = nil

    init() {}

    convenience init(_ name: String) {
        self.init()
        _name = name
    }
}

// ripple: node
final class Plant {
    let tracker = Tracker()

    // ripple: property
    var _species = ""

    // ripple: property
    var _count = 1

    // ripple: property
    var _spacing = 0.3

    // ripple: property
    var _sown: Date? = nil

    // ripple: property
    var _harvested = false

    // ripple: property
    var _notesByYear: [Int: String] = [:]

    // ripple: node
    /// The plant it grows best beside (may be itself).
    var _companion: Plant? = nil

    // ripple: node
    /// A back reference to the bed it grows in.
    var _bed: Bed? = nil

    init() {}

    convenience init(_ species: String, count: Int = 1) {
        self.init()
        _species = species
        _count = count
    }
}

// ripple: node
final class GardenZone {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: node
    var _children: [GardenZone] = []

    // ripple: node
    /// The beds in this zone, also held by the plan's `beds`.
    var _beds: [Bed] = []

    // ripple: node
    /// A back reference to the zone above.
    var _parent: GardenZone? = nil

    init() {}

    convenience init(_ name: String) {
        self.init()
        _name = name
    }
}

/// Plants are told apart by identity, in sets as everywhere else.
extension Plant: Hashable {
    static func == (lhs: Plant, rhs: Plant) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Library {
    /// The breaker's garden, held by the gauge (made when one is set and there is none).
    var garden: GardenPlan? {
        get { gauge?.garden }
        set {
            if gauge == nil { gauge = Gauge() }
            gauge!.garden = newValue
        }
    }
}
