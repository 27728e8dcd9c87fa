import Foundation
import Ripple

/// A sheet of a workbook: its cells by address ("B12").
// ripple: node
public final class Sheet {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _id: UUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    /// A back reference to the root.
    // ripple: node
    var _workbook: Workbook? = nil

    // ripple: node
    var _cells: [String: Cell] = [:]

    // ripple: property
    var _columnWidths: [Double] = []

    // ripple: property
    var _frozenRows = 0

    // ripple: property
    var _tabColor: String? = nil

    // ripple: property
    var _lastEdited: Date = Date(timeIntervalSinceReferenceDate: 0)

    public init() {}
}
