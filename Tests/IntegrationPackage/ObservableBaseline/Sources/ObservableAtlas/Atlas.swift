import Observation

// The five classes of the integration package's DocumentsModel (Atlas.swift) as `@Observable`
// classes: the same stored and computed members, without annotations and without documents.

/// The root.
@Observable
public final class Atlas {
    var title = "Atlas"
    var subtitle = ""
    var style = Style()
    var units: Units = .metric
    /// `default` in the Ripple model: the Observation macro cannot expand a keyword as a name.
    var isDefault = false
    var selectedName: String? = nil
    var regionCount = 0
    var firstRegion: Region? { regions.first }
    var regions: [Region] = []
    var regionsByCode: [String: Region] = [:]
    var archive: [Region]? = nil
    var favorites: Set<Region> = []
    var viewport = Viewport()
    var pins: [Pin] = []
    var currentPin: Pin? = nil
    var progress = 0.0

    public init() {}
}

/// How a map is drawn.
public struct Style: Codable, Equatable, Sendable {
    public var color = "blue"
    public var weight = 1
}

public enum Units: String, Codable, Sendable {
    case metric, imperial
}

/// A region.
@Observable
public final class Region: Hashable {
    var name: String
    var population: Int
    var layers: [Layer] = []

    public init(name: String = "", population: Int = 0) {
        self.name = name
        self.population = population
    }

    public static func == (lhs: Region, rhs: Region) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Adds a layer of `kind`.
    public func addLayer(_ kind: String) {
        let layer = Layer()
        layer.kind = kind
        layers.append(layer)
    }

    /// A layer of a region, nested.
    @Observable
    public final class Layer {
        var kind = "roads"
        var visible = true
    }
}

/// A pin, `@MainActor`.
@Observable
@MainActor
public final class Pin {
    var label: String
    var coordinates: [Double] = [0, 0]

    public init(label: String) {
        self.label = label
    }
}

/// UI state.
@Observable
public final class Viewport {
    var zoom = 1.0

    public init() {}
}
