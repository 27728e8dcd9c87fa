import Ripple

/// The crash child's document: its logs, and a counter beside them. Update `n` writes three
/// places at once (appends entry `n` to the log, renames the log, sets the counter to `n`), so
/// that a document holding part of an update is caught.
// ripple: root
final class CrashDocument {
    let tracker = Tracker()

    // ripple: node
    var _logs: [CrashLog] = []

    // ripple: node
    var _counter = CrashCounter()

    init() {}
}

/// The log the crash child appends to, made by its first update.
// ripple: node
final class CrashLog {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: node
    var _entries: [CrashLogEntry] = []

    init() {}
}

/// One update of the crash child: entry `n` is titled "n" and holds `n`.
// ripple: node
final class CrashLogEntry {
    let tracker = Tracker()

    // ripple: property
    var _title = ""

    // ripple: property
    var _number = 0

    init() {}

    init(number: Int) {
        _title = "\(number)"
        _number = number
    }
}

/// The number of the last update, kept apart from the log.
// ripple: node
final class CrashCounter {
    let tracker = Tracker()

    // ripple: property
    var _value = 0

    init() {}
}
