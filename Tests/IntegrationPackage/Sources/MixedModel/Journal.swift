import Ripple

// A model in a target without default isolation (nonisolated, as packages are by default) that
// mixes isolations: a nonisolated root with `@MainActor` hooks, holding nodes of a `@MainActor`
// class, and a nonisolated node that background work reaches through a `BackgroundNode`.

/// The root: nonisolated, with main-actor `validate()` and hook.
// ripple: root
public final class Journal {
    let tracker = Tracker()

    // ripple: property
    var _title = ""

    /// Nodes of a `@MainActor` class under a nonisolated one.
    // ripple: node
    var _entries: [Entry] = []

    /// The same, readable off the main actor (the node reference; the entry's members are its own).
    // ripple: node, allowBackgroundRead
    var _pinned: Entry? = nil

    // ripple: node
    var _importer = Importer()

    /// A member of type `Any`: its generated code compiles without a warning too.
    // ripple: property
    var _attachment: Any = ()

    public private(set) var commits: [String] = []

    public init() {}

    @MainActor func validate() throws {
        if _title == "invalid" { throw JournalError.invalidTitle }
    }
}

@MainActor
extension Journal {
    func transactionDidCommit() { commits.append(_title) }
}

/// An entry, explicitly `@MainActor`.
// ripple: node
@MainActor
public final class Entry {
    let tracker = Tracker()

    // ripple: property
    var _text: String

    public init(text: String) { _text = text }

    func validate() throws {
        if _text.isEmpty { throw JournalError.emptyEntry }
    }
}

/// Nonisolated, with members that background work uses.
// ripple: node
public final class Importer {
    let tracker = Tracker()

    // ripple: property, allowBackgroundRead
    var _source = "journal.txt"

    // ripple: property, allowBackgroundWrite
    var _progress = 0.0

    public init() {}
}

/// Why a journal is invalid.
public enum JournalError: Error, Equatable {
    case invalidTitle
    case emptyEntry
}
