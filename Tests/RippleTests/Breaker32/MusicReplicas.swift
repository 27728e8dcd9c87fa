import Foundation
@testable import Ripple

/// Replicas of a document holding a music collection, for issue 32's breaker tests.
@MainActor
enum MusicReplicas: ReplicaFixture {
    /// A library whose collection has three playlists of three tracks, each also held by name
    /// and filed in a folder of a small tree, back references set, one favourite track.
    static func makeLibrary(playlists: Int = 3, tracks: Int = 3) -> Library {
        let library = Library()
        let music = MusicCollection()
        music.name = "Home"
        music.library = library
        let top = MusicFolder("All")
        for name in ["Rock", "Jazz"] {
            let folder = MusicFolder(name)
            folder.parent = top
            top.children.append(folder)
        }
        music.folder = top
        for index in 0..<playlists {
            let playlist = Playlist("P\(index)")
            playlist.collection = music
            playlist.tracks = (0..<tracks).map { Track("P\(index) T\($0)") }
            music.playlists.append(playlist)
            music.playlistsByName[playlist.title] = playlist
            top.children[index % 2].playlists.append(playlist)
        }
        if let first = music.playlists.first?.tracks.first { music.favorites.insert(first) }
        library.music = music
        return library
    }

    /// `count` replicas of one document: the first makes it, the others open its snapshot.
    static func replicas(_ count: Int, playlists: Int = 3, tracks: Int = 3, seed: UInt64? = nil) throws -> [Mediator<Library>] {
        try ReplicaGroup.replicas(count, of: makeLibrary(playlists: playlists, tracks: tracks), seed: seed)
    }

    static func music(_ mediator: Mediator<Library>) -> MusicCollection { mediator.root.music! }

    /// Every folder of the tree, depth first; stops (and says so) at a folder seen twice.
    static func folders(_ mediator: Mediator<Library>) -> (all: [MusicFolder], repeated: Bool) {
        var seen = Set<ObjectIdentifier>()
        var all: [MusicFolder] = []
        var stack = [music(mediator).folder].compactMap { $0 }
        while let folder = stack.popLast() {
            guard seen.insert(ObjectIdentifier(folder)).inserted else { return (all, true) }
            all.append(folder)
            stack.append(contentsOf: folder.children)
        }
        return (all, false)
    }
}
