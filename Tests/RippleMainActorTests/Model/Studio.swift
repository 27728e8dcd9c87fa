import Ripple

// A model of explicitly `@MainActor` classes: their conformances are isolated to the main actor,
// their hooks are main-actor or nonisolated, and their background members have nonisolated
// storage. (A target isolated to the main actor by default is the integration package's
// MainActorModel; this manifest stays at tools version 6.0.)

// ripple: root
@MainActor
final class Studio {
    let tracker = Tracker()

    // ripple: property
    var _name = "Studio"

    // ripple: node
    var _tracks: [Track] = []

    // ripple: node
    var _render = Render()

    var events: [String] = []

    init() {}

    func validate() throws {
        if _name.isEmpty { throw StudioError.unnamed }
    }

    func transactionDidCommit() { events.append("studio committed \(_name)") }
}

// ripple: node
@MainActor
final class Track {
    let tracker = Tracker()

    // ripple: property
    var _title: String

    // ripple: property, discardable
    var _isSelected = false

    var events: [String] = []

    init(title: String) { _title = title }

    func transactionWillChange() { events.append("will change \(_title)") }

    nonisolated func transactionDidRollBack() {
        MainActor.assumeIsolated { events.append("rolled back to \(_title)") }
    }
}

/// Shared with background work: main-actor, so `Sendable`, with nonisolated background members.
// ripple: node
@MainActor
final class Render {
    let tracker = Tracker()

    // ripple: property, allowBackgroundRead
    nonisolated(unsafe) var _format = "wav"

    // ripple: property, allowBackgroundWrite
    nonisolated(unsafe) var _progress = 0.0

    // ripple: property
    var _output: String? = nil

    init() {}
}

enum StudioError: Error, Equatable {
    case unnamed
}
