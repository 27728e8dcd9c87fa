@testable import Ripple

/// Two replicas of a library with one shelf of `entries` values and `children` child shelves,
/// the second opened from the first's snapshot: the start of the array probes.
@MainActor
enum ShelfReplicaPair {
    static func make(entries: Int, children: Int = 0, firstChildID: Int = 10) throws -> (Mediator<Library>, Mediator<Library>) {
        let a = Mediator(root: Library())
        try a.update { library in
            let shelf = Shelf(id: 1, title: "s")
            shelf.entries = (0..<entries).map { "e\($0)" }
            shelf.children = (0..<children).map { Shelf(id: firstChildID + $0, title: "c\($0)") }
            library.shelves = [shelf]
        }
        _ = a.replicaID
        let b = try Mediator<Library>(opening: try a.snapshot())
        _ = b.replicaID
        return (a, b)
    }

    /// Each replica merges what the other has.
    static func exchange(_ a: Mediator<Library>, _ b: Mediator<Library>) throws {
        try b.merge(try a.changes(since: b.version))
        try a.merge(try b.changes(since: a.version))
    }
}
