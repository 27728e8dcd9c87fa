import Ripple

/// An item of the workbook's outline: a recursive tree with parent links.
// ripple: node
public final class OutlineItem {
    let tracker = Tracker()

    // ripple: property
    var _title = ""

    /// The item above this one, or none at the top level.
    // ripple: node
    var _parent: OutlineItem? = nil

    // ripple: node
    var _children: [OutlineItem] = []

    /// The sheet the item points to, if any.
    // ripple: node
    var _sheet: Sheet? = nil

    // ripple: property
    var _collapsed = false

    public init() {}
}
