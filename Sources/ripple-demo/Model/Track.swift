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

    /// An empty track, for documents to fill.
    convenience init() {
        self.init("", by: "", seconds: 0)
    }
}
