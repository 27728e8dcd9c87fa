import Foundation
@testable import Ripple
import Testing

/// Issue 32's breaker: rollbacks, changes that wait for their predecessors, late joiners and
/// Unicode-equivalent set elements, on the music collection.
@MainActor
@Suite struct MusicDeliveryProbeTests {
    typealias R = MusicReplicas

    struct Refused: Error {}

    /// An update that throws after editing rolls back: no change, no version step, and the
    /// next update's change reaches the other replica as if nothing had happened.
    @Test func aRolledBackUpdateLeavesNoChangeBehind() throws {
        let replicas = try R.replicas(2)
        let before = replicas[0].version
        #expect(throws: Refused.self) {
            try replicas[0].update { library in
                library.music!.playlists[0].title = "Gone"
                library.music!.playlists.append(Playlist("Gone too"))
                library.music!.favorites.removeAll()
                throw Refused()
            }
        }
        #expect(replicas[0].version == before)
        #expect(try replicas[0].changes(since: before).changes.isEmpty)
        try replicas[0].update { $0.music!.playlists[1].title = "Kept" }
        try R.syncAll(replicas)
        #expect(R.music(replicas[1]).playlists.map(\.title) == ["P0", "Kept", "P2"])
        #expect(R.music(replicas[1]).favorites.count == 1)
        #expect(try R.text(replicas[0]) == R.text(replicas[1]))
    }

    /// A replica holding a change whose predecessor it lacks hands its snapshot to a late
    /// joiner; the predecessor arrives at the joiner: it holds both.
    @Test func aLateJoinerFromASnapshotWithWaitingChangesGetsThemAll() throws {
        let replicas = try R.replicas(3)
        let (a, c) = (replicas[0], replicas[2])
        let start = a.version
        try a.update { $0.music!.playlists[0].tracks.append(Track("first")) }
        let middle = a.version
        try a.update { $0.music!.playlists[0].tracks.last!.title = "second" }
        try c.merge(try a.changes(since: middle))
        #expect(R.music(c).playlists[0].tracks.count == 3)
        let joiner = try Mediator<Library>(opening: try c.snapshot())
        _ = joiner.replicaID
        try joiner.merge(try a.changes(since: start))
        #expect(R.music(joiner).playlists[0].tracks.last?.title == "second")
        try R.syncAll(replicas + [joiner])
        #expect(try R.text(joiner) == R.text(a))
    }

    /// Finding (the documented gap of Unicode-equivalent dictionary keys, in a set of strings):
    /// two replicas each add a tag spelled differently but equal as Swift strings (a precomposed
    /// "é" and e with a combining accent); each kept its own spelling and the snapshots
    /// differed. Now both show the spelling of the latest insert.
    @Test func unicodeEquivalentSetElementsConverge() throws {
        let replicas = try R.replicas(2)
        try replicas[0].update { $0.catalog.tags.insert("caf\u{E9}") }
        try replicas[1].update { $0.catalog.tags.insert("cafe\u{301}") }
        try R.syncAll(replicas)
        #expect(replicas[0].root.catalog.tags.count == replicas[1].root.catalog.tags.count)
        #expect(try replicas[0].snapshot() == replicas[1].snapshot(), "byte for byte")
    }

    /// Five replicas edit one playlist's title at once, the changes delivered in every
    /// replica's own random order, some twice: all end with the same title.
    @Test(arguments: 0..<5)
    func fiveConcurrentTitlesEndAsOne(seed: Int) throws {
        var random = SeededGenerator(state: UInt64(seed) &+ 77)
        let replicas = try R.replicas(5)
        var sets: [ChangeSet] = []
        for (index, replica) in replicas.enumerated() {
            let before = replica.version
            try replica.update { $0.music!.playlists[0].title = "r\(index)" }
            try replica.update { $0.music!.playlistsByName["r\(index)"] = $0.music!.playlists[0] }
            sets.append(try replica.changes(since: before))
        }
        for replica in replicas {
            for set in (sets + sets.prefix(2)).shuffled(using: &random) { try replica.merge(set) }
        }
        let titles = Set(replicas.map { R.music($0).playlists[0].title })
        #expect(titles.count == 1)
        #expect(Set(try replicas.map(R.text)).count == 1)
    }
}
