import Foundation
import Ripple

/// The benchmark's document: a ledger of entries, the same rows as the SQLite table it is
/// measured against.
// ripple: root
final class Ledger {
    let tracker = Tracker()

    // ripple: property
    var _title = ""

    // ripple: node
    var _entries: [Entry] = []

    init() {}

    /// A ledger of `count` entries.
    convenience init(entryCount count: Int) {
        self.init()
        _title = "Kassenbuch"
        _entries = (0..<count).map { Entry(number: $0) }
    }
}

/// One entry of a ledger: a row of the SQLite table.
// ripple: node
final class Entry {
    let tracker = Tracker()

    // ripple: property
    var _amount = 0.0

    // ripple: property
    var _note = ""

    // ripple: property
    var _modified = Date(timeIntervalSinceReferenceDate: 0)

    init() {}

    /// The `number`th entry of a sample ledger.
    convenience init(number: Int) {
        self.init()
        _amount = Double(number) * 1.25
        _note = "Eintrag \(number)"
        _modified = Date(timeIntervalSinceReferenceDate: 757_382_400 + Double(number))
    }
}
