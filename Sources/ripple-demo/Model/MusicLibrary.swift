import Ripple

// The demo's model, in the spirit of Quantwm's example: a user, playlists of tracks, a
// selection, and two numbers that processors derive from the rest. The plugin generates the
// tracked accessors (`user` for `_user`, ...) and `MusicLibrary.scheme` while the demo builds.

/// The root of the model: everything the demo's registrations can read is reachable from here.
// ripple: root
final class MusicLibrary {
    let tracker = Tracker()

    /// Who is signed in.
    // ripple: node
    var _user: User

    // ripple: node
    var _playlists: [Playlist] = []

    /// UI state: choosing a playlist notifies, but is not a change of the document.
    // ripple: property, discardable
    var _selectedPlaylistID: Int? = nil

    /// The selected playlist, found from the two members it depends on.
    // ripple: node, readOnly, dependency = [selectedPlaylistID, playlists]
    var _selectedPlaylist: Playlist? { _playlists.first { $0._id == _selectedPlaylistID } }

    /// How many tracks the selected playlist has; written by a processor.
    // ripple: property, derived
    var _selectedTrackCount = 0

    /// The length of every track of every playlist, in seconds; written by a processor.
    // ripple: property, derived
    var _totalDuration = 0

    init(user: User, playlists: [Playlist]) {
        _user = user
        _playlists = playlists
    }

    /// An empty library, for documents to fill (and new documents to start from).
    convenience init() {
        self.init(user: User(), playlists: [])
    }
}
