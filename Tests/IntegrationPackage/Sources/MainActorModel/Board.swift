import Ripple

// A model as an app target made today holds it: the target isolates to the main actor by
// default (`.defaultIsolation(MainActor.self)`), so classes without an attribute are main-actor
// too. Its ripple.json makes it observable and saved as documents. The same files are the
// generator's MainActor reference fixture.

/// The root: main-actor by the target's default isolation, its conformance isolated by inference.
// ripple: root
public final class Board {
    let tracker = Tracker()

    // ripple: property
    var _title = "Board"

    /// Nodes of an explicitly `@MainActor` class.
    // ripple: node
    var _columns: [Column] = []

    /// Nodes of an explicitly nonisolated class.
    // ripple: node
    var _sync = Sync()

    /// Readable off the main actor: nonisolated storage, so a nonisolated accessor.
    // ripple: property, allowBackgroundRead
    nonisolated(unsafe) var _owner = "me"

    /// Writable off the main actor, e.g. by an action's work.
    // ripple: property, allowBackgroundWrite
    nonisolated(unsafe) var _progress = 0.0

    /// A background member whose storage keeps the class's isolation: its accessor does too
    /// (main actor only, in this target).
    // ripple: property, allowBackgroundWrite
    var _status = "idle"

    public init() {}

    /// The autosave of the article Isolation ("validate() and the hooks"): the hook is main-actor, as is what it calls.
    @MainActor func transactionDidCommit() {
        Autosave.shared.schedule("\(title)")
    }
}

/// A column of cards, explicitly `@MainActor`: its conformance is isolated to the main actor.
// ripple: node
@MainActor
public final class Column {
    let tracker = Tracker()
    public let id: Int

    // ripple: property
    var _name: String

    // ripple: property
    var _cards: [String] = []

    /// Read by background rendering: in a `@MainActor` class, background storage is nonisolated.
    // ripple: property, allowBackgroundRead
    nonisolated(unsafe) var _color = "gray"

    public init(id: Int, name: String) {
        self.id = id
        _name = name
    }

    /// What documents open a column through (its `id` is not tracked, so not saved).
    public convenience init() {
        self.init(id: 0, name: "")
    }

    func validate() throws {
        if _name.isEmpty { throw BoardError.unnamedColumn(id: id) }
    }

    nonisolated func transactionDidRollBack() {
        Autosave.shared.noteRollBack()
    }
}

extension Column {
    func transactionWillChange() {
        Autosave.shared.schedule("will change \(id)")
    }
}

/// Explicitly nonisolated in a main-actor target: not `Sendable`, so background work reaches it
/// through a `BackgroundNode`.
// ripple: node
nonisolated public final class Sync {
    let tracker = Tracker()

    // ripple: property, allowBackgroundRead
    var _server = "example.org"

    // ripple: property, allowBackgroundWrite
    var _received = 0

    // ripple: property
    var _attempts = 0

    public init() {}

    @MainActor func validate() throws {
        if _attempts < 0 { throw BoardError.negativeCount }
    }
}

/// Why a board is invalid.
public enum BoardError: Error, Equatable {
    case unnamedColumn(id: Int)
    case negativeCount
}

/// Where the hooks report: main-actor, as everything in this target.
public final class Autosave {
    public nonisolated static let shared = Autosave()
    public private(set) var scheduled: [String] = []
    public private(set) var rollBacks = 0

    func schedule(_ what: String) { scheduled.append(what) }

    /// Called from a nonisolated hook, which the mediator runs on the main actor.
    nonisolated func noteRollBack() {
        MainActor.assumeIsolated { rollBacks += 1 }
    }

    public func reset() {
        scheduled = []
        rollBacks = 0
    }
}
