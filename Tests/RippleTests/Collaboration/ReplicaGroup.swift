import Foundation
@testable import Ripple

/// Replicas of one `Library` document for tests that make them edit and meet: the breakers'
/// fixtures (Kanban, music, garden) build their documents and hand them here.
@MainActor
enum ReplicaGroup {
    /// `count` replicas of `root`: the first makes it, the others open its snapshot. With a
    /// seed, their identities are drawn from it (see `identities(_:seed:)`).
    static func replicas(_ count: Int, of root: Library, seed: UInt64? = nil) throws -> [Mediator<Library>] {
        let identities = seed.map { Self.identities(count, seed: $0) }
        let first = Mediator(root: root)
        start(first, as: identities?[0])
        var all = [first]
        for index in 1..<count {
            let other = try Mediator<Library>(opening: try first.snapshot())
            start(other, as: identities?[index])
            all.append(other)
        }
        return all
    }

    /// `count` replica identities drawn from `seed`. The product draws identities at random,
    /// and ties between concurrent changes go to the higher one: a fuzzer whose replicas take
    /// these runs the same history, ties included, on every run.
    static func identities(_ count: Int, seed: UInt64) -> [ReplicaID] {
        var random = SeededGenerator(state: seed &* 0xD1B5_4A32_D192_ED03 &+ 0x5EED)
        return (0..<count).map { _ in ReplicaID(rawValue: random.next() | 1)! }
    }

    /// Makes `mediator` a replica, as `identity` when given.
    static func start(_ mediator: Mediator<Library>, as identity: ReplicaID?) {
        if let identity { mediator.startReplica(as: identity) } else { _ = mediator.replicaID }
    }

    /// The whole document, byte for byte alike on replicas with the same changes.
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
}

/// A breaker's replicas of its own document (`KanbanReplicas`, `MusicReplicas`, ...): what
/// `ReplicaGroup` does, under the fixture's name, and a temporary folder of its own.
@MainActor
protocol ReplicaFixture {}

extension ReplicaFixture {
    static func text(_ mediator: Mediator<Library>) throws -> String { try ReplicaGroup.text(mediator) }

    static func sync(_ from: Mediator<Library>, into to: Mediator<Library>) throws {
        try ReplicaGroup.sync(from, into: to)
    }

    static func syncAll(_ replicas: [Mediator<Library>]) throws { try ReplicaGroup.syncAll(replicas) }

    /// A folder of its own under the temporary directory.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(Self.self)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
