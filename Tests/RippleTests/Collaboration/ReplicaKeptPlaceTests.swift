import Foundation
@testable import Ripple
import Testing

/// A local update records a move only for what it did where it shows: a node that leaves a
/// place and enters another moved, and a move never takes a node from a place the update
/// left it in (seeds 1072, 1455 and 1874 of the shared-node fuzzer, shrunk).
@MainActor
@Suite struct ReplicaKeptPlaceTests {
    /// A files shelf 0 under key "q" and takes it from the shelves; B, concurrently and later,
    /// reorders it within the shelves: B's move wins, the key no longer shows it. A then sets
    /// "q" to shelf 1 and pins shelf 0. The entry A's put removed showed nothing (a hidden move
    /// destination), so shelf 0 left no place: pinning it is no move. It was recorded as one
    /// (from the key to the pin), which joined the key's track to the shelves' and, as the latest
    /// move, hid shelf 0 in the shelves while A's model still held it there (seed 1455).
    @Test func aPutOverAHiddenEntryMovesNothing() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        try a.update { library in
            library.shelvesByKey["q"] = library.shelves.removeFirst()
        }
        // Later clocks than A's move: B's move of shelf 0 wins.
        for user in 1...3 { try b.update { $0.userID = user } }
        try b.update { library in library.shelves.append(library.shelves.removeFirst()) }
        try a.merge(try b.changes(since: a.version))
        // Shelf ids are not saved: the replicas tell shelves by their titles.
        #expect(a.root.shelves.map(\.title) == ["Shelf 1", "Shelf 2", "Shelf 0"])
        #expect(a.root.shelvesByKey.isEmpty)

        try a.update { library in
            library.shelvesByKey["q"] = library.shelves[0]
            library.pinned = library.shelves[2]
        }
        #expect(a.root.shelves.map(\.title) == ["Shelf 1", "Shelf 2", "Shelf 0"])
        #expect(try a.replica.mismatches(in: a).isEmpty)
        try Self.exchange(a, b)
        #expect(b.root.shelves.map(\.title) == ["Shelf 1", "Shelf 2", "Shelf 0"])
        #expect(b.root.pinned?.title == "Shelf 0")
    }

    /// A files shelf 2 under key "p", taking it from the shelves and the pin (one move from
    /// both), and undoes that: the undo puts it back into the shelves (a move from the key).
    /// Then A files it under "p" again and pins shelf 1: shelf 2 leaves the pin and enters the
    /// key, a move; but through the two moves before, the pin, the key and the shelves are one
    /// track, and the latest move hid the shelves' place that the update kept (seed 1874). Such
    /// a move is recorded as the removal and placement it is.
    @Test func aMoveNeverHidesAPlaceTheUpdateKept() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        try a.update { library in library.pinned = library.shelves[2] }
        try a.update(undoName: "File") { library in
            library.shelvesByKey["p"] = library.shelves.removeLast()
            library.pinned = library.shelves[0]
        }
        try a.history.undo()
        #expect(a.root.shelves.map(\.title) == ["Shelf 0", "Shelf 1", "Shelf 2"])
        #expect(a.root.pinned?.title == "Shelf 2")

        try a.update { library in
            library.shelvesByKey["p"] = library.shelves[2]
            library.pinned = library.shelves[1]
        }
        #expect(a.root.shelves.map(\.title) == ["Shelf 0", "Shelf 1", "Shelf 2"])
        #expect(try a.replica.mismatches(in: a).isEmpty)
        try Self.exchange(a, b)
        #expect(b.root.shelves.map(\.title) == ["Shelf 0", "Shelf 1", "Shelf 2"])
        #expect(b.root.shelvesByKey["p"]?.title == "Shelf 2")
    }

    /// Each merges what the other lacks; then both hold the same snapshot and agree with their
    /// engines.
    static func exchange(_ a: Mediator<Library>, _ b: Mediator<Library>) throws {
        try b.merge(try a.changes(since: b.version))
        try a.merge(try b.changes(since: a.version))
        #expect(try a.snapshot() == (try b.snapshot()))
        #expect(try a.replica.mismatches(in: a).isEmpty)
        #expect(try b.replica.mismatches(in: b).isEmpty)
    }
}
