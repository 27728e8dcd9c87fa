import Ripple

/// One track of a playlist.
// ripple: node
final class Track {
    let tracker = Tracker()

    // ripple: property
    var _title: String

    // ripple: property
    var _artist: String

    /// In seconds.
    // ripple: property
    var _duration: Int

    init(_ title: String, by artist: String, seconds duration: Int) {
        _title = title
        _artist = artist
        _duration = duration
    }
}
