import Foundation
import Ripple

// A realistic document model for ripple-bench's documents rows, the shape an app's model takes
// rather than a flat list: a workbook of sheets, cells in dictionaries, style nodes shared by
// many cells, a recursive outline with parent links, a back reference from each sheet to the
// root, and values of many types (dates, decimals, an enum with associated values, optionals,
// nested arrays and dictionaries, non-ASCII text, UUIDs, URLs). In a module of its own: a
// model has one root, and ripple-bench's own model has `BenchRoot`.

/// The root: a workbook of sheets.
// ripple: root
public final class Workbook {
    let tracker = Tracker()

    // ripple: property
    var _title = ""

    // ripple: property
    var _id: UUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    // ripple: property
    var _created: Date = Date(timeIntervalSinceReferenceDate: 0)

    // ripple: property
    var _website: URL? = nil

    /// Settings as one value of the model's own, with optionals and nested containers inside.
    // ripple: property
    var _settings: WorkbookSettings = WorkbookSettings()

    /// Tags by category: a dictionary of arrays.
    // ripple: property
    var _tags: [String: [String]] = [:]

    // ripple: node
    var _sheets: [Sheet] = []

    /// Styles by name; each is shared by many cells.
    // ripple: node
    var _styles: [String: CellStyle] = [:]

    /// The outline's top-level items.
    // ripple: node
    var _outline: [OutlineItem] = []

    public init() {}
}

/// Settings of a workbook: a `Codable` struct saved as one value.
public struct WorkbookSettings: Codable, Equatable, Sendable {
    public var locale = "de_CH"
    public var currency = "CHF"
    public var decimalPlaces: Int? = 2
    public var printMargins: [Double] = [1.5, 1.5, 2, 2]
    public var headers: [String: String] = [:]

    public init() {}
}
