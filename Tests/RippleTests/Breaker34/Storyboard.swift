import Foundation
import Ripple

// Issue 34's breaker model, a film storyboard written as a new user would: scenes of shots in
// an array and by slug, a set of favourite shots, a recursive tree of acts holding scenes (a
// scene in two places), back references to the root, the storyboard and the parent act and
// scene, a shot that may cut to itself, and members of every value shape (String, Int, Double,
// Bool, optional, enum, optional enum, Date, dictionaries and sets of values). It hangs under
// the test target's root as `Library.gauge.storyboard`.

// ripple: node
final class Storyboard {
    let tracker = Tracker()

    // ripple: property
    var _title = ""

    // ripple: property
    var _premiere = Date(timeIntervalSinceReferenceDate: 0)

    // ripple: property
    var _rating: Rating? = nil

    // ripple: node
    var _scenes: [Scene] = []

    // ripple: node
    var _scenesBySlug: [String: Scene] = [:]

    // ripple: node
    var _favourites: Set<Shot> = []

    // ripple: node
    var _act: Act? = nil

    // ripple: node
    /// A back reference to the document's root.
    var _library: Library? = nil

    init() {}
}

/// A film's rating, saved by its raw value.
enum Rating: String, Codable {
    case universal
    case parental
    case adult
}

/// The light a scene is shot in.
enum Light: Int, Codable {
    case day
    case dusk
    case night
}

// ripple: node
final class Scene {
    let tracker = Tracker()

    // ripple: property
    var _slug = ""

    // ripple: property
    var _number = 0

    // ripple: property
    var _exterior = false

    // ripple: property
    var _light: Light = .day

    // ripple: property
    var _budget: Double? = nil

    // ripple: property
    var _props: Set<String> = []

    // ripple: node
    var _shots: [Shot] = []

    // ripple: node
    /// A back reference to the storyboard holding it.
    var _board: Storyboard? = nil

    init() {}

    convenience init(_ slug: String, number: Int = 0) {
        self.init()
        _slug = slug
        _number = number
    }
}

// ripple: node
final class Shot {
    let tracker = Tracker()

    // ripple: property
    var _caption = ""

    // ripple: property
    var _seconds = 2.5

    // ripple: property
    var _take: Int? = nil

    // ripple: property
    var _light: Light? = nil

    // ripple: property
    var _lensByCamera: [String: Int] = [:]

    // ripple: node
    /// The shot it cuts to (may be itself, a loop).
    var _cutTo: Shot? = nil

    // ripple: node
    /// A back reference to the scene it is in.
    var _scene: Scene? = nil

    init() {}

    convenience init(_ caption: String, seconds: Double = 2.5) {
        self.init()
        _caption = caption
        _seconds = seconds
    }
}

// ripple: node
final class Act {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: node
    var _children: [Act] = []

    // ripple: node
    /// The scenes of this act, also held by the storyboard's `scenes`.
    var _scenes: [Scene] = []

    // ripple: node
    /// A back reference to the act above.
    var _parent: Act? = nil

    init() {}

    convenience init(_ name: String) {
        self.init()
        _name = name
    }
}

/// Shots are told apart by identity, in sets as everywhere else.
extension Shot: Hashable {
    static func == (lhs: Shot, rhs: Shot) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Library {
    /// The breaker's storyboard, held by the gauge (made when one is set and there is none).
    var storyboard: Storyboard? {
        get { gauge?.storyboard }
        set {
            if gauge == nil { gauge = Gauge() }
            gauge!.storyboard = newValue
        }
    }
}
