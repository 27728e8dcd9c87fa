@testable import Ripple

/// Replicas of one `Library` document for tests that make them edit and meet: the breakers'
/// fixtures (Kanban, music, garden) build their documents and hand them here.
@MainActor
enum ReplicaGroup {
    /// `count` replicas of `root`: the first makes it, the others open its snapshot.
    static func replicas(_ count: Int, of root: Library) throws -> [Mediator<Library>] {
        let first = Mediator(root: root)
        _ = first.replicaID
        var all = [first]
        for _ in 1..<count {
            let other = try Mediator<Library>(opening: try first.snapshot())
            _ = other.replicaID
            all.append(other)
        }
        return all
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
