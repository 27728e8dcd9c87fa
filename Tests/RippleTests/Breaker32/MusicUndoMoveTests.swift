import Foundation
@testable import Ripple
import Testing

/// The music fuzzer's findings of a playlist filed twice, shrunk.
@MainActor
@Suite struct MusicUndoMoveTests {
    typealias R = MusicReplicas

    /// Seed 23, shrunk to five steps of two replicas. B removes playlist P2 (from the
    /// playlists, its name and its folder) while A moves it to the end of its folder; B undoes
    /// the removal, putting P2 back into the playlists and into the folder. Only the first was a
    /// move, the folder's a plain placement beside A's move: once every change met, P2 was filed
    /// twice. A node put back into several arrays at once now moves within each.
    @Test func anUndoOfARemovalFromTwoArraysLeavesTheNodeOnceInEach() throws {
        let replicas = try R.replicas(5, seed: 23)
        let (a, b) = (replicas[3], replicas[2])
        try a.update { library in
            let music = library.music!
            let list = Playlist("p17")
            list.collection = music
            list.tracks = [Track("t17a"), Track("t17b")]
            music.playlists.insert(list, at: 1)
            music.playlistsByName["k0"] = list
            Self.folder("Rock", in: music).playlists.append(list)
        }
        try a.update { library in
            let top = library.music!.folder!
            let rock = top.children.removeFirst()
            top.children.append(rock)
        }
        try b.update(undoName: "Remove") { library in
            let music = library.music!
            let list = music.playlists.remove(at: 2)
            for (key, value) in music.playlistsByName where value === list { music.playlistsByName[key] = nil }
            for folder in R.foldersOf(music) { folder.playlists.removeAll { $0 === list } }
        }
        try a.update { library in
            let rock = Self.folder("Rock", in: library.music!)
            rock.playlists.append(rock.playlists.remove(at: 1))
        }
        try b.history.undo()

        try R.syncAll(replicas)
        #expect(Set(try replicas.map(R.text)).count == 1)
        for replica in replicas {
            let filed = R.foldersOf(R.music(replica)).flatMap(\.playlists).map(\.title)
            #expect(filed.sorted() == ["P0", "P1", "P2", "p17"], "\(filed)")
        }
    }

    static func folder(_ name: String, in music: MusicCollection) -> MusicFolder {
        R.foldersOf(music).first { $0.name == name }!
    }
}
