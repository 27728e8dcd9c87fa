import Foundation
@testable import Ripple

/// Replicas of a document holding a music collection, for issue 32's breaker tests.
@MainActor
enum MusicReplicas {
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
    static func replicas(_ count: Int, playlists: Int = 3, tracks: Int = 3) throws -> [Mediator<Library>] {
        let first = Mediator(root: makeLibrary(playlists: playlists, tracks: tracks))
        _ = first.replicaID
        var all = [first]
        for _ in 1..<count {
            let other = try Mediator<Library>(opening: try first.snapshot())
            _ = other.replicaID
            all.append(other)
        }
        return all
    }

    static func text(_ mediator: Mediator<Library>) throws -> String {
        String(decoding: try mediator.snapshot(), as: UTF8.self)
    }

    static func sync(_ from: Mediator<Library>, into to: Mediator<Library>) throws {
        try to.merge(try from.changes(since: to.version))
    }

    /// Everyone merges everyone's changes, twice round.
    static func syncAll(_ replicas: [Mediator<Library>]) throws {
        for _ in 0..<2 {
            for from in replicas {
                for to in replicas where to !== from { try sync(from, into: to) }
            }
        }
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
