import Ripple

// Issue 32's breaker model, a music app written as a new user would: playlists of tracks in an
// array and by name, a set of favourite tracks, a recursive folder tree holding playlists (a
// playlist in two places), back references to the root, the collection and the parent folder,
// a track that may name itself, and members of every value shape (String, Int, Double,
// optional, enum). It hangs under the test target's root as `Library.gauge.music`.

// ripple: node
final class MusicCollection {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: node
    var _playlists: [Playlist] = []

    // ripple: node
    var _playlistsByName: [String: Playlist] = [:]

    // ripple: node
    var _favorites: Set<Track> = []

    // ripple: node
    var _folder: MusicFolder? = nil

    // ripple: property
    var _ratings: [String: Double] = [:]

    // ripple: property
    var _playCounts: [Int: Int] = [:]

    // ripple: node
    /// A back reference to the document's root.
    var _library: Library? = nil

    init() {}
}

/// What a playlist is, saved by its raw value.
enum PlaylistKind: String, Codable {
    case manual
    case smart
    case radio
}

// ripple: node
final class Playlist {
    let tracker = Tracker()

    // ripple: property
    var _title = ""

    // ripple: property
    var _kind: PlaylistKind = .manual

    // ripple: property
    var _volume = 1.0

    // ripple: property
    var _plays = 0

    // ripple: property
    var _note: String? = nil

    // ripple: node
    var _tracks: [Track] = []

    // ripple: node
    /// A back reference to the collection holding it.
    var _collection: MusicCollection? = nil

    init() {}

    convenience init(_ title: String) {
        self.init()
        _title = title
    }
}

// ripple: node
final class Track {
    let tracker = Tracker()

    // ripple: property
    var _title = ""

    // ripple: property
    var _seconds = 0.0

    // ripple: property
    var _rating: Int? = nil

    // ripple: node
    /// The track to play next (may be the track itself, to repeat it).
    var _next: Track? = nil

    init() {}

    convenience init(_ title: String, seconds: Double = 180) {
        self.init()
        _title = title
        _seconds = seconds
    }
}

// ripple: node
final class MusicFolder {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: node
    var _children: [MusicFolder] = []

    // ripple: node
    /// The playlists filed here, also held by the collection's `playlists`.
    var _playlists: [Playlist] = []

    // ripple: node
    /// A back reference to the folder above.
    var _parent: MusicFolder? = nil

    init() {}

    convenience init(_ name: String) {
        self.init()
        _name = name
    }
}

/// Tracks are told apart by identity, in sets as everywhere else.
extension Track: Hashable {
    static func == (lhs: Track, rhs: Track) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Library {
    /// The breaker's music collection, held by the gauge (made when one is set and there is none).
    var music: MusicCollection? {
        get { gauge?.music }
        set {
            if gauge == nil { gauge = Gauge() }
            gauge!.music = newValue
        }
    }
}
