import Foundation
@testable import Ripple
import Testing

/// A history of the music fuzzer (`MusicFuzzTests.run`) as steps that can be dropped one by
/// one: each edit keeps the generator it drew from, each merge names the edits whose change
/// sets it delivers. `RIPPLE_MUSIC_SHRINK=23:5:60,136:3:120 swift test --filter
/// MusicFuzzShrinking` (seed, replicas, steps) shrinks each failing history and prints it.
@MainActor
@Suite struct MusicFuzzShrinking {
    enum Step: CustomStringConvertible {
        case edit(replica: Int, generator: UInt64, step: Int)
        case merge(replica: Int, edits: [Int])

        var description: String {
            switch self {
            case .edit(let replica, let generator, let step): "edit r\(replica) g\(generator) e\(step)"
            case .merge(let replica, let edits): "merge r\(replica) \(edits)"
            }
        }
    }

    @Test(arguments: Self.runs)
    func shrink(run: [Int]) throws {
        let (seed, count, stepCount) = (run[0], run[1], run[2])
        var steps = try Self.record(seed: seed, count: count, steps: stepCount)
        guard let failure = Self.replay(steps, seed: seed, count: count, trace: false) else {
            print("music seed \(seed): passes")
            return
        }
        print("music seed \(seed): \(failure)")
        steps = shrunk(steps) { Self.replay($0, seed: seed, count: count, trace: false) != nil }
        print("music seed \(seed) shrunk: \(steps.count) steps")
        _ = Self.replay(steps, seed: seed, count: count, trace: true)
    }

    nonisolated static var runs: [[Int]] {
        let text = ProcessInfo.processInfo.environment["RIPPLE_MUSIC_SHRINK"] ?? ""
        return text.split(separator: ",").map { $0.split(separator: ":").compactMap { Int($0) } }.filter { $0.count == 3 }
    }

    /// The seed's history as `MusicFuzzTests.run` draws it (on live replicas: an edit's draws
    /// depend on the replica's history).
    static func record(seed: Int, count: Int, steps: Int) throws -> [Step] {
        var random = SeededGenerator(state: UInt64(seed) &* 7_919 &+ 32)
        let replicas = try MusicReplicas.replicas(count, seed: UInt64(seed))
        var held: [Int] = []
        var result: [Step] = []
        for step in 0..<steps {
            let maker = replicas.indices.randomElement(using: &random)!
            result.append(.edit(replica: maker, generator: random.state, step: step))
            try MusicFuzzTests.edit(replicas[maker], &random, step, kinds: 13)
            held.append(step)
            if Int.random(in: 0..<3, using: &random) == 0 {
                let receiver = replicas.indices.randomElement(using: &random)!
                let batch = held.shuffled(using: &random).prefix(Int.random(in: 1...held.count, using: &random))
                result.append(.merge(replica: receiver, edits: Array(batch + batch.prefix(1))))
            }
        }
        return result
    }

    /// Runs `steps`; the first failure found, or nil.
    static func replay(_ steps: [Step], seed: Int, count: Int, trace: Bool) -> String? {
        do {
            let replicas = try MusicReplicas.replicas(count, seed: UInt64(seed))
            var made: [Int: ChangeSet] = [:]
            for step in steps {
                switch step {
                case .edit(let replica, let generator, let number):
                    var random = SeededGenerator(state: generator)
                    let before = replicas[replica].version
                    try MusicFuzzTests.edit(replicas[replica], &random, number, kinds: 13)
                    made[number] = try replicas[replica].changes(since: before)
                    if trace { print("\(step): \(describe(replicas[replica]))") }
                case .merge(let replica, let edits):
                    for edit in edits { if let changes = made[edit] { try replicas[replica].merge(changes) } }
                    if trace { print("\(step): \(describe(replicas[replica]))") }
                }
            }
            try MusicReplicas.syncAll(replicas)
            if trace { for (index, replica) in replicas.enumerated() { print("end r\(index): \(describe(replica))") } }
            if Set(try replicas.map(MusicReplicas.text)).count != 1 { return "snapshots differ" }
            for replica in replicas {
                let (folders, repeated) = MusicReplicas.folders(replica)
                if repeated { return "a folder twice" }
                let filed = folders.flatMap(\.playlists).map(ObjectIdentifier.init)
                if Set(filed).count != filed.count { return "a playlist filed twice" }
                let tracks = MusicReplicas.music(replica).playlists.flatMap(\.tracks).map(ObjectIdentifier.init)
                if Set(tracks).count != tracks.count { return "a track in two playlists" }
            }
            return nil
        } catch {
            return "threw \(error)"
        }
    }

    static func describe(_ mediator: Mediator<Library>) -> String {
        let music = MusicReplicas.music(mediator)
        let folders = MusicReplicas.folders(mediator).all.map { "\($0.name)\($0.playlists.map(\.title))>\($0.children.map(\.name))" }
        let names = music.playlistsByName.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.title)" }
        return "lists \(music.playlists.map(\.title)) folders \(folders) names \(names)"
    }
}
