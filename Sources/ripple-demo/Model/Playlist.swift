import Ripple

/// A named list of tracks; it checks itself at the end of every update that changes it.
// ripple: node
final class Playlist {
    let tracker = Tracker()

    /// The server's identity of the playlist (tracked, so that documents keep it).
    // ripple: property
    var _id: Int

    // ripple: property
    var _name: String

    // ripple: node
    var _tracks: [Track]

    init(id: Int, name: String, tracks: [Track]) {
        _id = id
        _name = name
        _tracks = tracks
    }

    /// An empty playlist, for documents to fill.
    init() {
        _id = 0
        _name = ""
        _tracks = []
    }

    /// Throwing here rolls the whole update back: values, insertions, everything.
    func validate() throws {
        if _name.isEmpty { throw PlaylistError.unnamed }
        if let track = _tracks.first(where: { $0._duration <= 0 }) {
            throw PlaylistError.emptyTrack(track._title)
        }
    }
}

/// What makes a playlist invalid.
enum PlaylistError: Error, CustomStringConvertible {
    case unnamed
    case emptyTrack(String)

    var description: String {
        switch self {
        case .unnamed: "a playlist needs a name"
        case .emptyTrack(let title): "track '\(title)' lasts 0 seconds"
        }
    }
}
