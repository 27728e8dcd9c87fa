import Foundation
import Ripple

/// One cell of a sheet.
// ripple: node
public final class Cell {
    let tracker = Tracker()

    // ripple: property
    var _value: CellValue = .empty

    /// One of the workbook's styles, shared with many other cells, or none.
    // ripple: node
    var _style: CellStyle? = nil

    // ripple: property
    var _note: String? = nil

    // ripple: property
    var _modified: Date = Date(timeIntervalSinceReferenceDate: 0)

    public init() {}
}

/// What a cell holds: an enum with associated values, coded as Swift synthesizes it.
public enum CellValue: Codable, Equatable, Sendable {
    case empty
    case number(Double)
    case text(String)
    case date(Date)
    case currency(Decimal, code: String)
    case formula(String, cached: Double?)
    case list([String])
}
