import Foundation
import Ripple

// Issue 39's breaker model, a spreadsheet workbook, written from the documentation alone: a
// workbook of sheets of rows of cells; rows group rows (to any depth); a cell's inputs name the
// cells it reads (across sheets, itself, cycles); back references to the row, the sheet and the
// workbook; named ranges (a dictionary of nodes each holding cells, since `[String: [Cell]]` is
// no shape a node member takes); tags in a set; members of every value shape; derived state: a
// per-cell computed value, a per-sheet sum and a workbook-wide count. It hangs under the test
// target's root as `Library.gauge.workbook`.

// ripple: node
final class Workbook {
    let tracker = Tracker()

    // ripple: property
    var _title = ""

    // ripple: property
    var _created = Date(timeIntervalSinceReferenceDate: 0)

    // ripple: node
    var _sheets: [Sheet] = []

    // ripple: node
    /// Named ranges: each holds cells that rows hold too.
    var _names: [String: NamedRange] = [:]

    // ripple: node
    var _tags: Set<Tag> = []

    // ripple: property, derived
    /// How many cells the sheets hold, kept by a processor.
    var _cellCount = 0

    init() {}
}

// ripple: node
final class Sheet {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _zoom = 1.0

    // ripple: property
    var _hidden = false

    // ripple: node
    var _rows: [Row] = []

    // ripple: node
    /// A back reference to the workbook.
    var _workbook: Workbook? = nil

    // ripple: property, derived
    /// The sum of the numbers the sheet's top rows' cells hold, kept by a per-node processor.
    var _sum = 0.0

    init() {}

    convenience init(_ name: String) {
        self.init()
        _name = name
    }
}

// ripple: node
final class Row {
    let tracker = Tracker()

    // ripple: property
    var _height = 20.0

    // ripple: property
    var _label: String? = nil

    // ripple: node
    var _cells: [Cell] = []

    // ripple: node
    /// Grouped rows, below this one.
    var _children: [Row] = []

    // ripple: node
    /// A back reference to the sheet (for a top row) or nil.
    var _sheet: Sheet? = nil

    // ripple: node
    /// A back reference to the row above (for a grouped row).
    var _parent: Row? = nil

    init() {}
}

/// What a cell holds; cases carry payloads.
enum CellValue: Codable, Equatable, Hashable {
    case empty
    case number(Double)
    case text(String)
    case flag(Bool)
    case date(Date)
    case error(code: Int, message: String?)
}

// ripple: node
final class Cell {
    let tracker = Tracker()

    // ripple: property
    var _value: CellValue = .empty

    // ripple: property
    var _text = ""

    // ripple: property
    var _formula: String? = nil

    // ripple: property
    var _precision: Int = 2

    // ripple: property
    var _locked = false

    // ripple: property
    var _attachment = Data()

    // ripple: property
    var _history: [Double] = []

    // ripple: property
    var _style: [String: String] = [:]

    // ripple: node
    /// The cells the formula reads (references: rows hold them).
    var _inputs: [Cell] = []

    // ripple: node
    /// A back reference to the row holding the cell.
    var _row: Row? = nil

    // ripple: node
    /// A back reference to the cell's sheet.
    var _sheet: Sheet? = nil

    // ripple: node
    /// A back reference to the root workbook.
    var _workbook: Workbook? = nil

    // ripple: property, derived
    /// What the cell computes to, kept by a per-node processor.
    var _computed = 0.0

    init() {}

    convenience init(_ text: String) {
        self.init()
        _text = text
    }
}

// ripple: node
final class NamedRange {
    let tracker = Tracker()

    // ripple: property
    var _comment = ""

    // ripple: node
    /// The cells in the range (references: rows hold them).
    var _cells: [Cell] = []

    init() {}
}

// ripple: node
final class Tag {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    init() {}

    convenience init(_ name: String) {
        self.init()
        _name = name
    }
}

extension Tag: Hashable {
    static func == (lhs: Tag, rhs: Tag) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
