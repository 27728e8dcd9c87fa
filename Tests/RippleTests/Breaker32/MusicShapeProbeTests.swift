import Foundation
@testable import Ripple
import Testing

/// Issue 32's breaker: the shapes a music app's model takes (a track naming itself, a folder
/// tree, a playlist in two places, extreme values), each edited on one replica and merged into
/// another, which must end with the same document.
@MainActor
@Suite struct MusicShapeProbeTests {
    typealias R = MusicReplicas

    @Test func aNewTrackThatNamesItselfReachesTheOtherReplica() throws {
        let replicas = try R.replicas(2)
        try replicas[0].update { library in
            let track = Track("Loop")
            track.next = track
            library.music!.playlists[0].tracks.append(track)
        }
        try R.sync(replicas[0], into: replicas[1])
        let track = R.music(replicas[1]).playlists[0].tracks.last!
        #expect(track.title == "Loop")
        #expect(track.next === track)
        #expect(try R.text(replicas[0]) == R.text(replicas[1]))
    }

    @Test func concurrentFolderMovesIntoEachOtherLeaveOneTree() throws {
        let replicas = try R.replicas(2)
        try replicas[0].update { library in
            let top = library.music!.folder!
            let rock = top.children.remove(at: 0)
            top.children[0].children.append(rock)
        }
        try replicas[1].update { library in
            let top = library.music!.folder!
            let jazz = top.children.remove(at: 1)
            top.children[0].children.append(jazz)
        }
        try R.syncAll(replicas)
        for replica in replicas {
            let (all, repeated) = R.folders(replica)
            #expect(!repeated)
            #expect(Set(all.map(\.name)) == ["All", "Rock", "Jazz"])
        }
        #expect(try R.text(replicas[0]) == R.text(replicas[1]))
    }

    /// A user drags a folder into its own subfolder: the two leave the tree as a cycle that no
    /// longer hangs from the document. The other replica must end with the same document.
    @Test func aFolderMovedIntoItsOwnChildLocallyLeavesReplicasAlike() throws {
        let replicas = try R.replicas(2)
        try replicas[0].update { library in
            let rock = library.music!.folder!.children[0]
            let indie = MusicFolder("Indie")
            indie.parent = rock
            rock.children.append(indie)
        }
        try R.syncAll(replicas)
        try replicas[0].update { library in
            let top = library.music!.folder!
            let rock = top.children.remove(at: 0)
            rock.children[0].children.append(rock)
        }
        try R.syncAll(replicas)
        #expect(R.folders(replicas[0]).all.map(\.name) == R.folders(replicas[1]).all.map(\.name))
        #expect(try R.text(replicas[0]) == R.text(replicas[1]))
    }

    /// A playlist held by the collection's array and a folder's: one replica drops it from the
    /// collection, the other files it in the other folder.
    @Test func aPlaylistInTwoPlacesEditedInBothConverges() throws {
        let replicas = try R.replicas(2)
        try replicas[0].update { library in
            library.music!.playlists.remove(at: 0)
            library.music!.playlistsByName["P0"] = nil
        }
        try replicas[1].update { library in
            let top = library.music!.folder!
            let playlist = top.children[0].playlists.remove(at: 0)
            top.children[1].playlists.append(playlist)
        }
        try R.syncAll(replicas)
        for replica in replicas {
            let filed = R.folders(replica).all.flatMap(\.playlists).map(\.title)
            #expect(filed.filter { $0 == "P0" }.count == 1)
            #expect(!R.music(replica).playlists.map(\.title).contains("P0"))
        }
        #expect(try R.text(replicas[0]) == R.text(replicas[1]))
    }

    /// Finding: tracks linked by `next` into one chain, all held by one playlist, count as
    /// nodes nested 1,500 deep: the update was made, but the other replica refused it ("nest
    /// deeper than 1000 levels") and the replica's own snapshot did not open. The tracks nest
    /// one level under their playlist: a reference does not deepen them (depth9). Releasing a
    /// chain of references recurses as a chain of nesting does, so a chain longer than
    /// `DocumentLimits.maximumChain` (10,000) is still refused where it is made.
    @Test func aLongChainOfNextReferencesOpensAndMerges() throws {
        let replicas = try R.replicas(2)
        func chain(_ count: Int) -> [Track] {
            let tracks = (0..<count).map { Track("t\($0)") }
            for (track, next) in zip(tracks, tracks.dropFirst()) { track.next = next }
            return tracks
        }
        #expect {
            try replicas[0].update { $0.music!.playlists[0].tracks = chain(10_001) }
        } throws: { error in
            if case .tooLarge = error as? DocumentError { return true }
            return false
        }
        // A chain within it is made, and reaches the other replica and a snapshot.
        try replicas[0].update { $0.music!.playlists[0].tracks = chain(1_500) }
        try R.sync(replicas[0], into: replicas[1])
        #expect(R.music(replicas[1]).playlists[0].tracks.count == 1_500)
        let opened = try Mediator<Library>(opening: try replicas[0].snapshot())
        #expect(R.music(opened).playlists[0].tracks.count == 1_500)
        #expect(try R.text(replicas[0]) == R.text(replicas[1]))
    }

    @Test func extremeValuesArriveAsTheyWereWritten() throws {
        let replicas = try R.replicas(2)
        let title = String(repeating: "é\u{0}\u{1F3B5}", count: 1_000)
        try replicas[0].update { library in
            let playlist = library.music!.playlists[0]
            playlist.plays = Int.max
            playlist.volume = -0.0
            playlist.note = ""
            playlist.kind = .radio
            playlist.tracks[0].rating = Int.min
            playlist.tracks[0].seconds = Double.greatestFiniteMagnitude
            playlist.tracks[1].seconds = Double.leastNonzeroMagnitude
            playlist.tracks[2].title = title
            library.music!.playCounts = [Int.min: Int.max, Int.max: Int.min, 0: -1]
            library.music!.ratings = ["": 0.1, "\u{0}": 1e300]
        }
        try R.sync(replicas[0], into: replicas[1])
        let playlist = R.music(replicas[1]).playlists[0]
        #expect(playlist.plays == Int.max)
        #expect(playlist.volume == 0 && playlist.volume.sign == .minus)
        #expect(playlist.note == "")
        #expect(playlist.kind == .radio)
        #expect(playlist.tracks[0].rating == Int.min)
        #expect(playlist.tracks[0].seconds == Double.greatestFiniteMagnitude)
        #expect(playlist.tracks[1].seconds == Double.leastNonzeroMagnitude)
        #expect(playlist.tracks[2].title == title)
        #expect(R.music(replicas[1]).playCounts == [Int.min: Int.max, Int.max: Int.min, 0: -1])
        #expect(R.music(replicas[1]).ratings == ["": 0.1, "\u{0}": 1e300])
        #expect(try R.text(replicas[0]) == R.text(replicas[1]))
    }

    /// Finding: a value a change cannot hold (an infinite volume) on a replica that is no
    /// store: the update committed, the failure handler heard of a patch, and the change never
    /// reached the others, which kept the old value without an error anywhere. Now the update
    /// rolls back and throws, as a store's `.immediate` update does.
    @Test func anInfiniteVolumeIsRefusedOrReachesTheOthers() throws {
        let replicas = try R.replicas(2)
        var committed = true
        do {
            try replicas[0].update { $0.music!.playlists[0].volume = .infinity }
        } catch {
            committed = false
        }
        try R.sync(replicas[0], into: replicas[1])
        let (ours, theirs) = (R.music(replicas[0]).playlists[0].volume, R.music(replicas[1]).playlists[0].volume)
        #expect(!committed, "refused, as a store's update is")
        #expect(ours == theirs, "this replica holds \(ours), the other \(theirs)")
        // A later write of the member brings them together again.
        try replicas[0].update { $0.music!.playlists[0].volume = 0.5 }
        try R.syncAll(replicas)
        #expect(R.music(replicas[1]).playlists[0].volume == 0.5)
        #expect(try R.text(replicas[0]) == R.text(replicas[1]))
    }

    /// A removed playlist renamed elsewhere comes back renamed when the removal is undone, on
    /// both replicas; redo removes it again.
    @Test func undoOfARemovalBringsBackTheOtherReplicasRename() throws {
        let replicas = try R.replicas(2)
        try replicas[0].update(undoName: "Delete") { library in
            let playlist = library.music!.playlists.remove(at: 1)
            library.music!.playlistsByName[playlist.title] = nil
            library.music!.folder!.children[1].playlists.removeAll { $0 === playlist }
        }
        try replicas[1].update { $0.music!.playlists[1].title = "Renamed" }
        try R.syncAll(replicas)
        try replicas[0].history.undo()
        try R.syncAll(replicas)
        for replica in replicas {
            #expect(R.music(replica).playlists.map(\.title) == ["P0", "Renamed", "P2"])
            #expect(R.music(replica).playlistsByName["P1"]?.title == "Renamed")
        }
        try replicas[0].history.redo()
        try R.syncAll(replicas)
        for replica in replicas {
            #expect(R.music(replica).playlists.map(\.title) == ["P0", "P2"])
        }
        #expect(try R.text(replicas[0]) == R.text(replicas[1]))
    }
}
