import Ripple

// A public model saved and opened as documents: a member of every saved shape, members that
// are not saved, a nested class, a `@MainActor` class under a nonisolated root, members shared
// with background threads, and a document version with its migration. The same files are the
// generator's Documents reference fixture and the integration package's DocumentsModel, which
// compiles their generated code in a nonisolated target and opens what it saves.

/// The root: public, so the runtime's requirements are met by public witnesses of its
/// generated-code interface.
// ripple: root
public final class Atlas {
    let tracker = Tracker()

    // ripple: property
    var _title = "Atlas"

    /// Shares the change key of `title`; stored, so saved.
    // ripple: shared = title
    var _subtitle = ""

    /// A value of the model's own, saved through `Codable`.
    // ripple: property
    var _style = Style()

    // ripple: property
    var _units: Units = .metric

    /// Swift's keyword as a name: the accessor is `` `default` ``.
    // ripple: property
    var _default = false

    /// UI state: not saved.
    // ripple: property, discardable
    var _selectedName: String? = nil

    /// Recomputed by a processor: not saved.
    // ripple: property, derived
    var _regionCount = 0

    /// Computed: not saved.
    // ripple: node, readOnly, dependency = [regions]
    var _firstRegion: Region? { _regions.first }

    // ripple: node
    var _regions: [Region] = []

    // ripple: node
    var _regionsByCode: [String: Region] = [:]

    // ripple: node
    var _archive: [Region]? = nil

    // ripple: node
    var _favorites: Set<Region> = []

    // ripple: node
    var _viewport = Viewport()

    /// Nodes of a `@MainActor` class, under this nonisolated root.
    // ripple: node
    var _pins: [Pin] = []

    /// Read by background work, through the node's lock.
    // ripple: node, allowBackgroundRead
    var _currentPin: Pin? = nil

    /// Written by background work.
    // ripple: property, allowBackgroundWrite
    var _progress = 0.0

    public init() {}
}

extension Atlas {
    /// Version 2 renamed a region's `label` to `name`.
    static let documentVersion = 2

    static func migrateDocument(_ document: inout DocumentMigration, from version: Int) throws {
        if version < 2 {
            document.forEachNode(ofType: "Region") { values in
                values["name"] = values.removeValue(forKey: "label")
            }
        }
    }
}

/// How a map is drawn.
public struct Style: Codable, Equatable, Sendable {
    public var color = "blue"
    public var weight = 1
}

public enum Units: String, Codable, Sendable {
    case metric, imperial
}

/// A region: its initializer's parameters all have default values, so documents make one
/// through `Region()`.
// ripple: node
public final class Region: Hashable {
    let tracker = Tracker()

    // ripple: property
    var _name: String

    // ripple: property
    var _population: Int

    // ripple: node
    var _layers: [Layer] = []

    public init(name: String = "", population: Int = 0) {
        _name = name
        _population = population
    }

    public static func == (lhs: Region, rhs: Region) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Adds a layer of `kind` (in an update): layers are made here, through their `init()`.
    public func addLayer(_ kind: String) {
        let layer = Layer()
        layer.kind = kind
        layers.append(layer)
    }

    /// A layer of a region: a nested class, which documents name `Region.Layer`. Swift gives it
    /// `init()`: it declares no initializer, and its stored properties have initial values.
    // ripple: node
    public final class Layer {
        let tracker = Tracker()

        // ripple: property
        var _kind = "roads"

        // ripple: property
        var _visible = true
    }
}

/// A pin, explicitly `@MainActor`: its conformances are isolated to the main actor, and the
/// root reaches them there.
// ripple: node
@MainActor
public final class Pin {
    let tracker = Tracker()

    // ripple: property
    var _label: String

    // ripple: property
    var _coordinates: [Double] = [0, 0]

    public init(label: String) {
        _label = label
    }
}

extension Pin {
    /// What documents open a pin through.
    public convenience init() {
        self.init(label: "")
    }
}

/// Only UI state: nothing of it is saved, but the node is (one viewport comes back).
// ripple: node
public final class Viewport {
    let tracker = Tracker()

    // ripple: property, discardable
    var _zoom = 1.0

    public init() {}
}
