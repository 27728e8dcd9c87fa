import Foundation
@testable import Ripple
import Testing

/// Issue 32's breaker: seeded random edits of the music collection on three to five replicas,
/// with undo and redo, delivered late, shuffled and duplicated; in the end every replica is
/// byte for byte alike, each track in one playlist and the folders a tree.
@MainActor
@Suite struct MusicFuzzTests {
    typealias R = MusicReplicas

    /// One random edit of kind `kind` (undo and redo among them).
    /// Without `undoing`, an undo or redo drawn is skipped (the rest of the history stays the
    /// same), to tell whether a finding needs them.
    static func edit(
        _ mediator: Mediator<Library>, _ seeded: inout SeededGenerator, _ step: Int, kinds: Int, undoing: Bool = true
    ) throws {
        var random = seeded
        defer { seeded = random }
        let kind = Int.random(in: 0..<kinds, using: &random)
        if kind == 0, mediator.history.canUndo {
            if undoing { try mediator.history.undo() }
            return
        }
        if kind == 1, mediator.history.canRedo {
            if undoing { try mediator.history.redo() }
            return
        }
        let pick = Int.random(in: 0..<1_000, using: &random)
        let other = Int.random(in: 0..<1_000, using: &random)
        try mediator.update(undoName: "e\(step)") { library in
            let music = library.music!
            let lists = music.playlists
            let folders = MusicReplicas.foldersOf(music)
            switch kind {
            case 2 where !lists.isEmpty:
                let list = lists[pick % lists.count]
                let track = Track("t\(step)")
                if other % 3 == 0 { track.next = track }
                list.tracks.insert(track, at: other % (list.tracks.count + 1))
            case 3 where !lists.isEmpty:
                let list = lists[pick % lists.count]
                guard !list.tracks.isEmpty else { return }
                let track = list.tracks.remove(at: other % list.tracks.count)
                music.favorites.remove(track)
            case 4 where lists.count > 1:
                let from = lists[pick % lists.count]
                let to = lists[other % lists.count]
                guard !from.tracks.isEmpty else { return }
                let track = from.tracks.remove(at: other % from.tracks.count)
                to.tracks.insert(track, at: pick % (to.tracks.count + 1))
            case 5 where folders.count > 1:
                // A folder into another that is not below it (locally no cycle).
                let folder = folders[1 + pick % (folders.count - 1)]
                let below = Set(MusicReplicas.subtree(folder).map(ObjectIdentifier.init))
                let targets = folders.filter { !below.contains(ObjectIdentifier($0)) }
                guard !targets.isEmpty, let parent = folders.first(where: { $0.children.contains { $0 === folder } }) else { return }
                parent.children.removeAll { $0 === folder }
                let target = targets[other % targets.count]
                target.children.append(folder)
                folder.parent = target
            case 6 where !folders.isEmpty:
                let from = folders[pick % folders.count]
                guard !from.playlists.isEmpty else { return }
                let list = from.playlists.remove(at: other % from.playlists.count)
                folders[other % folders.count].playlists.append(list)
            case 7 where !lists.isEmpty:
                let list = lists[pick % lists.count]
                list.title = "n\(step)"
                list.volume = Double(other) / 7
                list.kind = [.manual, .smart, .radio][other % 3]
                list.tracks.first?.rating = other % 2 == 0 ? nil : step
            case 8:
                let names = music.playlistsByName.keys.sorted()
                guard !names.isEmpty else { return }
                let name = names[pick % names.count]
                let list = music.playlistsByName.removeValue(forKey: name)
                music.playlistsByName["k\(other % 5)"] = list
            case 9 where !lists.isEmpty:
                let tracks = lists[pick % lists.count].tracks
                guard !tracks.isEmpty else { return }
                let track = tracks[other % tracks.count]
                if music.favorites.contains(track) { music.favorites.remove(track) } else { music.favorites.insert(track) }
            case 10 where lists.count > 1:
                let list = music.playlists.remove(at: pick % lists.count)
                for (key, value) in music.playlistsByName where value === list { music.playlistsByName[key] = nil }
                for folder in folders { folder.playlists.removeAll { $0 === list } }
            case 11:
                let list = Playlist("p\(step)")
                list.collection = music
                list.tracks = [Track("t\(step)a"), Track("t\(step)b")]
                music.playlists.insert(list, at: pick % (lists.count + 1))
                music.playlistsByName["k\(other % 5)"] = list
                if !folders.isEmpty { folders[other % folders.count].playlists.append(list) }
            default:
                music.ratings["r\(pick % 4)"] = Double(step)
                music.playCounts[other % 3] = step
            }
        }
    }

    static func check(_ replicas: [Mediator<Library>], _ label: String) throws {
        let texts = try replicas.map(R.text)
        #expect(Set(texts).count == 1, "\(label): snapshots differ")
        #expect(Set(replicas.map(\.version)).count == 1, "\(label): versions differ")
        for replica in replicas {
            let tracks = R.music(replica).playlists.flatMap(\.tracks).map(ObjectIdentifier.init)
            #expect(Set(tracks).count == tracks.count, "\(label): a track in two playlists")
            let (folders, repeated) = R.folders(replica)
            #expect(!repeated, "\(label): a folder held twice or in a cycle")
            let filed = folders.flatMap(\.playlists).map(ObjectIdentifier.init)
            #expect(Set(filed).count == filed.count, "\(label): a playlist filed twice")
        }
    }

    static func run(seed: Int, replicaCount: Int, steps: Int, kinds: Int, undoing: Bool = true) throws {
        var random = SeededGenerator(state: UInt64(seed) &* 7_919 &+ 32)
        let replicas = try R.replicas(replicaCount, seed: UInt64(seed))
        var held: [ChangeSet] = []
        for step in 0..<steps {
            let maker = replicas.randomElement(using: &random)!
            let before = maker.version
            try edit(maker, &random, step, kinds: kinds, undoing: undoing)
            held.append(try maker.changes(since: before))
            if Int.random(in: 0..<3, using: &random) == 0 {
                let receiver = replicas.randomElement(using: &random)!
                let batch = held.shuffled(using: &random).prefix(Int.random(in: 1...held.count, using: &random))
                for set in batch + batch.prefix(1) { try receiver.merge(set) }
            }
        }
        try R.syncAll(replicas)
        try check(replicas, "seed \(seed), \(replicaCount) replicas")
    }

    /// Values, tracks and playlists, no folder moves.
    @Test(arguments: 0..<15)
    func editsWithoutFolderMovesConverge(seed: Int) throws {
        try Self.run(seed: seed, replicaCount: 3 + seed % 3, steps: 50, kinds: 5)
    }

    /// Every kind of edit, folder moves and undo included (seed 23 below).
    @Test(arguments: Array(0..<23) + Array(24..<30))
    func everyKindOfEditConverges(seed: Int) throws {
        try Self.run(seed: seed, replicaCount: 3 + seed % 3, steps: 60, kinds: 13)
    }

    /// Finding: seed 23 (five replicas) ends alike on every replica, but with one playlist
    /// filed in two folders, which no replica did: each moved it from one folder to another.
    /// The same history with its undos and redos skipped ended well: an undo put a removed
    /// playlist back into the playlists and its folder, and only the first was a move, while
    /// another replica moved it within the folder. It now moves within each array (see
    /// `MusicUndoMoveTests`).
    @Test func seed23FilesEachPlaylistOnce() throws {
        try Self.run(seed: 23, replicaCount: 5, steps: 60, kinds: 13)
    }

    /// Finding: seed 136 (three replicas), 120 steps: the replicas end with the same version but
    /// different snapshots, and a playlist filed twice. Seed 158 (five) did too, until an undo
    /// of a removal left a node where a merged move put it back into the same array, once. Seed
    /// 136 passes since a node put back into several arrays moves within each (seed 23's fix).
    @Test(arguments: [136])
    func longerHistoriesThatDivergeConverge(seed: Int) throws {
        try Self.run(seed: seed, replicaCount: 3 + seed % 3, steps: 120, kinds: 13)
    }

    /// The histories of the findings above with their undos and redos skipped.
    @Test(arguments: [(23, 60), (136, 120), (158, 120)])
    func theFindingsWithoutUndoConverge(seed: Int, steps: Int) throws {
        try Self.run(seed: seed, replicaCount: 3 + seed % 3, steps: steps, kinds: 13, undoing: false)
    }

    /// More histories, longer: every kind of edit, 120 steps (136 above). Seeds 100 up to
    /// `RIPPLE_MUSIC_SEEDS` (130 by default, which keeps CI's run short; 100-159 all passed).
    @Test(arguments: Array(100..<max(101, Int(ProcessInfo.processInfo.environment["RIPPLE_MUSIC_SEEDS"] ?? "") ?? 130)).filter { $0 != 136 })
    func longerHistoriesConverge(seed: Int) throws {
        try Self.run(seed: seed, replicaCount: 3 + seed % 3, steps: 120, kinds: 13)
    }
}

extension MusicReplicas {
    static func foldersOf(_ music: MusicCollection) -> [MusicFolder] {
        guard let top = music.folder else { return [] }
        return subtree(top)
    }

    /// A folder and every folder below it (each once, even if the tree is not one).
    static func subtree(_ folder: MusicFolder) -> [MusicFolder] {
        var seen = Set<ObjectIdentifier>()
        var all: [MusicFolder] = []
        var stack = [folder]
        while let next = stack.popLast() {
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            all.append(next)
            stack.append(contentsOf: next.children)
        }
        return all
    }
}
