import Foundation
@testable import Ripple
import Testing

/// Redoing a move after a merge changed the member the move took the node from: the shrunk
/// histories of the fuzzers' findings.
@MainActor
@Suite struct ReplicaRedoMoveTests {
    /// The shared-node fuzzer's seed 1474, shrunk. B pins shelf 1, then moves it under shelf 0,
    /// removing shelf 2 and unpinning it in the same step, and undoes that. C removes shelves 2,
    /// 1 and 0 one by one; A reorders the shelves, which moves shelf 0. B merges C's removals
    /// and redoes its step: the shelves changed since, so their edit no longer fits and they
    /// stay as they are, but the redo put shelf 1 under shelf 0 (removed here, brought back by
    /// A's move): once every change met, shelf 1 was in the shelves and under shelf 0. The
    /// unpinning counted as taking the shelf from where the undo had put it; a reference is no
    /// place, and the redo now leaves the shelf where it is.
    @Test func aRedoOfAMoveWhoseSourceChangedSinceLeavesTheNodeInOnePlace() throws {
        let replicas = try ReplicaGroup.replicas(3, of: makeLibrary(), seed: 1_474)
        let (a, b, c) = (replicas[0], replicas[1], replicas[2])
        try b.update(undoName: "Pin") { $0.pinned = Self.shelf("Shelf 1", in: $0) }
        try c.update { library in library.shelves.removeAll { $0.title == "Shelf 2" } }
        try b.update(undoName: "Move") { library in
            let moved = Self.shelf("Shelf 1", in: library)
            library.shelves.removeAll { $0 === moved || $0.title == "Shelf 2" }
            Self.shelf("Shelf 0", in: library).children.append(moved)
            library.pinned = nil
        }
        try c.update { library in
            library.shelves.removeAll { $0.title == "Shelf 1" }
            library.shelvesByKey["q"] = Self.shelf("Shelf 0", in: library)
        }
        try b.history.undo()
        try c.update { library in library.shelves.removeAll { $0.title == "Shelf 0" } }
        try a.update { library in library.shelves.insert(library.shelves.remove(at: 1), at: 0) }
        try b.merge(try c.changes(since: b.version))
        let shelfZero = try #require(b.root.shelvesByKey["q"])
        try b.history.redo()
        #expect(shelfZero.children.isEmpty)
        #expect(try b.replica.mismatches(in: b).isEmpty)

        try ReplicaGroup.syncAll(replicas)
        #expect(try a.snapshot() == (try b.snapshot()))
        #expect(try a.snapshot() == (try c.snapshot()))
        for replica in replicas {
            let held = replica.root.shelves.map(\.title) + ReplicaFuzzing.shelves(of: replica.root).flatMap(\.children).map(\.title)
            #expect(Set(held).count == held.count, "\(held)")
        }
    }

    static func shelf(_ title: String, in library: Library) -> Shelf {
        ReplicaFuzzing.shelves(of: library).first { $0.title == title }!
    }
}
