import Ripple

/// A playlist as the demo's pretend server sends it, decoded from JSON.
struct PlaylistPayload: Codable, Identifiable, Sendable {
    struct TrackPayload: Codable, Sendable {
        let title: String
        let artist: String
        let seconds: Int
    }

    let id: Int
    let name: String
    let tracks: [TrackPayload]
}

/// What the server answers: Road Trip renamed, a new playlist, Focus as it is.
let serverPlaylists = """
    [
        {"id": 1, "name": "Deep Focus", "tracks": [
            {"title": "Weightless (Part 1)", "artist": "Marconi Union", "seconds": 480},
            {"title": "An Ending (Ascent)", "artist": "Brian Eno", "seconds": 265}]},
        {"id": 2, "name": "Road Trip 2026", "tracks": [
            {"title": "Go Your Own Way", "artist": "Fleetwood Mac", "seconds": 223},
            {"title": "Born to Run", "artist": "Bruce Springsteen", "seconds": 270},
            {"title": "Dreams", "artist": "Fleetwood Mac", "seconds": 257}]},
        {"id": 3, "name": "Chill", "tracks": [
            {"title": "Teardrop", "artist": "Massive Attack", "seconds": 330}]}
    ]
    """

extension Playlist: Identifiable {
    /// A playlist made from the server's version.
    convenience init(_ payload: PlaylistPayload) {
        self.init(id: payload.id, name: payload.name, tracks: payload.tracks.map(Track.init))
    }

    /// Takes the server's version: equal values are skipped by the accessors, and the tracks
    /// are replaced only when they differ.
    func apply(_ payload: PlaylistPayload) {
        name = payload.name
        let same = tracks.count == payload.tracks.count && zip(tracks, payload.tracks).allSatisfy { track, value in
            track.title == value.title && track.artist == value.artist && track.duration == value.seconds
        }
        if !same { tracks = payload.tracks.map(Track.init) }
    }
}

extension Track {
    convenience init(_ payload: PlaylistPayload.TrackPayload) {
        self.init(payload.title, by: payload.artist, seconds: payload.seconds)
    }
}
