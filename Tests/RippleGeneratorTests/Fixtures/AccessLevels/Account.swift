import Ripple

// Generated members take the access level of their class; `open` counts as public.

// ripple: root
public final class Account {
    public let tracker = Tracker()

    // ripple: property
    var _balance = 0

    // ripple: node
    var _entries: [Entry] = []

    public init() {}
}

// ripple: node
open class Entry {
    public let tracker = Tracker()

    // ripple: property
    var _amount = 0

    public init() {}

    public func validate() throws {}
}

// ripple: node
package final class Ledger {
    package let tracker = Tracker()

    // ripple: property
    var _name = ""

    package init() {}
}

// ripple: node
final class Draft {
    let tracker = Tracker()

    // ripple: property
    var _text = ""

    init() {}
}
