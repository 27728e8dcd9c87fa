import Foundation
import Ripple

// Issue 36's breaker model, a vector drawing app, written from the documentation alone: a
// drawing of artboards, each of layers, each of groups nested in groups (to any depth) holding
// figures; a figure also in its artboard's selection set (a node in two places) and in the
// drawing's symbols dictionary; back references to the document's root, the drawing and the
// parent group; a paint node that many figures reference (references, not nesting); figures
// with members of every value shape. It hangs under the test target's root as
// `Library.gauge.drawing`.

// ripple: node
final class VectorDrawing {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: node
    var _artboards: [Artboard] = []

    // ripple: node
    var _symbols: [String: Figure] = [:]

    // ripple: node
    var _paints: [Paint] = []

    // ripple: node
    /// A back reference to the document's root.
    var _library: Library? = nil

    init() {}
}

// ripple: node
final class Artboard {
    let tracker = Tracker()

    // ripple: property
    var _title = ""

    // ripple: property
    var _width = 1024.0

    // ripple: node
    var _layers: [DrawLayer] = []

    // ripple: node
    /// The figures the user selected, held by their groups too.
    var _selection: Set<Figure> = []

    // ripple: node
    /// A back reference to the drawing.
    var _drawing: VectorDrawing? = nil

    init() {}

    convenience init(_ title: String) {
        self.init()
        _title = title
    }
}

// ripple: node
final class DrawLayer {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _visible = true

    // ripple: property
    var _opacity = 1.0

    // ripple: node
    var _groups: [ShapeGroup] = []

    init() {}

    convenience init(_ name: String) {
        self.init()
        _name = name
    }
}

// ripple: node
final class ShapeGroup {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _locked = false

    // ripple: node
    var _groups: [ShapeGroup] = []

    // ripple: node
    var _figures: [Figure] = []

    // ripple: node
    /// A back reference to the group above (nil at a layer's top).
    var _parent: ShapeGroup? = nil

    // ripple: node
    /// A group that clips this one; may be the group itself.
    var _mask: ShapeGroup? = nil

    init() {}

    convenience init(_ name: String) {
        self.init()
        _name = name
    }
}

/// What a figure draws.
enum FigureKind: String, Codable {
    case rectangle
    case ellipse
    case path
    case text
}

// ripple: node
final class Figure {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _z = 0

    // ripple: property
    var _x = 0.0

    // ripple: property
    var _hidden = false

    // ripple: property
    var _note: String? = nil

    // ripple: property
    var _kind: FigureKind = .rectangle

    // ripple: property
    var _corner: FigureKind? = nil

    // ripple: property
    var _created = Date(timeIntervalSinceReferenceDate: 0)

    // ripple: property
    var _bitmap = Data()

    // ripple: node
    /// The shared paint (a reference: the drawing's `paints` holds it).
    var _paint: Paint? = nil

    // ripple: node
    /// A back reference to the group holding the figure.
    var _group: ShapeGroup? = nil

    // ripple: node
    /// A back reference to the document's root.
    var _library: Library? = nil

    // ripple: node
    /// A figure this one is linked to; may be the figure itself.
    var _link: Figure? = nil

    init() {}

    convenience init(_ name: String, z: Int = 0) {
        self.init()
        _name = name
        _z = z
    }
}

// ripple: node
final class Paint {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _hue = 0

    // ripple: property
    var _stroke = 1.0

    init() {}

    convenience init(_ name: String, hue: Int) {
        self.init()
        _name = name
        _hue = hue
    }
}

/// Figures are told apart by identity, in sets as everywhere else.
extension Figure: Hashable {
    static func == (lhs: Figure, rhs: Figure) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Library {
    /// The breaker's drawing, held by the gauge (made when one is set and there is none).
    var drawing: VectorDrawing? {
        get { gauge?.drawing }
        set {
            if gauge == nil { gauge = Gauge() }
            gauge!.drawing = newValue
        }
    }
}
