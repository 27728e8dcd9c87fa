import Foundation
@testable import Ripple
import Testing

/// Issue 32's breaker: what one small edit costs on a replica of 1,000 tracks and of 100,000
/// (debug build, both sizes alike; the smallest of several runs; `BREAKER32_LARGE` sets the
/// larger size). A cost of one edit should not grow with the document: a ratio above 2 is a
/// finding.
@MainActor
@Suite(.serialized) struct MusicScaleProbeTests {
    typealias R = MusicReplicas

    /// Two replicas whose first playlist holds `tracks` tracks (and a dictionary and a set of
    /// as many), the second opened from the first's snapshot.
    static func pair(tracks: Int) throws -> (Mediator<Library>, Mediator<Library>) {
        let library = R.makeLibrary()
        let music = library.music!
        let many = (0..<tracks).map { Track("t\($0)") }
        music.playlists[0].tracks = many
        music.favorites = Set(many)
        for index in 0..<tracks { music.playlistsByName["k\(index)"] = music.playlists[index % 3] }
        let a = Mediator(root: library)
        _ = a.replicaID
        let b = try Mediator<Library>(opening: try a.snapshot())
        _ = b.replicaID
        return (a, b)
    }

    /// The smallest time of `runs` runs of `body`, in microseconds.
    static func time(runs: Int = 5, _ body: () throws -> Void) rethrows -> Double {
        try bestMicroseconds(runs: runs, body)
    }

    /// Each small edit timed on both replicas: made on `a`, its change set taken, merged by
    /// `b`, undone on `a`.
    static func costs(tracks: Int) throws -> [String: Double] {
        let (a, b) = try pair(tracks: tracks)
        var costs: [String: Double] = [:]
        var step = 0
        func edit(_ name: String, _ body: @escaping (Library) -> Void) throws {
            var set: ChangeSet?
            var before = a.version
            costs["\(name): update"] = try time {
                before = a.version
                step += 1
                try a.update(undoName: name) { body($0) }
            }
            costs["\(name): changes(since:)"] = try time { set = try a.changes(since: before) }
            costs["\(name): merge"] = try time(runs: 1) { try b.merge(try a.changes(since: b.version)) }
            _ = set
            costs["\(name): undo"] = try time(runs: 1) { try a.history.undo() }
            try b.merge(try a.changes(since: b.version))
        }
        try edit("title") { $0.music!.playlists[0].tracks[tracks / 2].title = "x\(step)" }
        try edit("rating") { $0.music!.playlists[1].tracks[0].rating = step }
        try edit("append to the small playlist") { $0.music!.playlists[1].tracks.append(Track("n\(step)")) }
        try edit("dictionary key") { $0.music!.playlistsByName["z\(step)"] = $0.music!.playlists[2] }
        try edit("set insert") { $0.music!.favorites.insert($0.music!.playlists[2].tracks[0]) }
        try edit("move between small playlists") { library in
            let music = library.music!
            let track = music.playlists[1].tracks.removeFirst()
            music.playlists[2].tracks.append(track)
        }
        costs["snapshot"] = try time(runs: 2) { _ = try a.snapshot() }
        return costs
    }

    /// The larger size of the printed measurements, which run only when it is given (at
    /// 10,000 they take minutes in a debug build).
    nonisolated static let large = Int(ProcessInfo.processInfo.environment["BREAKER32_LARGE"] ?? "")

    @Test(.enabled(if: large != nil)) func smallEditsCostTheSameAt1000AndMoreTracks() throws {
        let large = Self.large ?? 100_000
        let small = try Self.costs(tracks: 1_000)
        let big = try Self.costs(tracks: large)
        for name in small.keys.sorted() {
            let ratio = big[name]! / max(small[name]!, 1)
            print("breaker32 scale \(name): \(Int(small[name]!)) us, \(Int(big[name]!)) us, x\((ratio * 10).rounded() / 10)")
        }
    }

    /// One replica whose collection holds `count` favourite tracks (a set of nodes) and `count`
    /// playlists by name (each its own), nothing else large.
    static func wide(_ count: Int) throws -> (Mediator<Library>, Mediator<Library>) {
        let library = R.makeLibrary()
        let music = library.music!
        music.favorites = Set((0..<count).map { Track("f\($0)") })
        for index in 0..<count { music.playlistsByName["k\(index)"] = Playlist("p\(index)") }
        let a = Mediator(root: library)
        _ = a.replicaID
        let b = try Mediator<Library>(opening: try a.snapshot())
        _ = b.replicaID
        return (a, b)
    }

    /// Each run a new element: a fresh track into the set, a fresh playlist under a new key,
    /// timed for the update, its undo, and the other replica's merge.
    static func wideCosts(_ count: Int) throws -> [String: Double] {
        let (a, b) = try wide(count)
        var costs: [String: Double] = [:]
        var step = 0
        func edit(_ name: String, _ body: @escaping (Library, Int) -> Void) throws {
            costs["\(name): update"] = try time {
                step += 1
                let now = step
                try a.update(undoName: name) { body($0, now) }
            }
            costs["\(name): merge"] = try time(runs: 1) { try b.merge(try a.changes(since: b.version)) }
            costs["\(name): undo"] = try time(runs: 1) { try a.history.undo() }
        }
        try edit("set insert") { library, step in library.music!.favorites.insert(Track("n\(step)")) }
        try edit("dictionary put") { library, step in library.music!.playlistsByName["n\(step)"] = Playlist("n\(step)") }
        return costs
    }

    @Test(.enabled(if: large != nil)) func aSetAndADictionaryOfNodesCostTheSameAt1000AndMore() throws {
        let large = Self.large ?? 100_000
        let small = try Self.wideCosts(1_000)
        let big = try Self.wideCosts(large)
        for name in small.keys.sorted() {
            let ratio = big[name]! / max(small[name]!, 1)
            print("breaker32 wide \(name): \(Int(small[name]!)) us, \(Int(big[name]!)) us, x\((ratio * 10).rounded() / 10)")
        }
    }

    /// One change made on `a`, its change set taken, then only its merge into `b` timed.
    static func mergeCosts(_ count: Int) throws -> [String: Double] {
        let (a, b) = try wide(count)
        var costs: [String: Double] = [:]
        var step = 0
        func edit(_ name: String, _ body: @escaping (Library, Int) -> Void) throws {
            for run in 0..<3 {
                step += 1
                let now = step
                try a.update { body($0, now) }
                let set = try a.changes(since: b.version)
                let cost = try time(runs: 1) { try b.merge(set) }
                costs["\(name)"] = run == 0 ? cost : min(costs["\(name)"]!, cost)
            }
        }
        try edit("title") { library, step in library.music!.playlists[0].title = "t\(step)" }
        try edit("append a new track to a small playlist") { library, step in library.music!.playlists[1].tracks.append(Track("a\(step)")) }
        try edit("remove a track from a small playlist") { library, _ in library.music!.playlists[2].tracks.removeLast() }
        try edit("set insert of a new track") { library, step in library.music!.favorites.insert(Track("n\(step)")) }
        try edit("dictionary put of a new playlist") { library, step in library.music!.playlistsByName["n\(step)"] = Playlist("n\(step)") }
        return costs
    }

    @Test(.enabled(if: large != nil)) func mergingOneChangeCostsTheSameAt1000AndMore() throws {
        let large = Self.large ?? 4_000
        let small = try Self.mergeCosts(1_000)
        let big = try Self.mergeCosts(large)
        for name in small.keys.sorted() {
            let ratio = big[name]! / max(small[name]!, 1)
            print("breaker32 merge \(name): \(Int(small[name]!)) us, \(Int(big[name]!)) us, x\((ratio * 10).rounded() / 10)")
        }
    }

    /// The time to merge one change that inserts a new track into a set of `count` tracks,
    /// the smaller of two runs.
    static func setInsertMerge(_ count: Int) throws -> Double {
        let (a, b) = try wide(count)
        var best = Double.infinity
        for step in 0..<2 {
            try a.update { $0.music!.favorites.insert(Track("n\(step)")) }
            let set = try a.changes(since: b.version)
            best = min(best, try time(runs: 1) { try b.merge(set) })
        }
        return best
    }

    /// Finding: merging one change that inserts a new node into a set of nodes costs about
    /// the square of the set's size (debug build: 0.4 s at 1,000 favourites, 6.5 s at 4,000;
    /// a local insert 3 ms at 1,000, 174 ms at 10,000); a dictionary put of a new node grows
    /// faster than the dictionary too (36 ms at 1,000, 183 ms at 4,000). A merge should cost
    /// the incoming changes, never the document. Since the lead's linear set difference, it
    /// costs the set's size (about 4x from 500 to 2,000, debug): what shows of the set is
    /// recomputed on each merge that touches it.
    @Test func mergingASetInsertCostsTheSameAt500And2000() throws {
        let small = try Self.setInsertMerge(500)
        let big = try Self.setInsertMerge(2_000)
        withKnownIssue("breaker32: merging one insert into a set of nodes costs the set's size") {
            #expect(big < 2 * small, "\(Int(small)) us at 500, \(Int(big)) us at 2,000")
        }
    }
}
