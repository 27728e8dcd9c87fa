import Foundation
@testable import Ripple
import Testing

/// A move of one value within an array of values (`Shelf.entries`), the way an app reorders a
/// list: removed at one index and inserted at another in one update, while another replica
/// edits the entries in between.
@MainActor
@Suite struct ValueArrayMoveProbeTests {
    private func pair() throws -> (Mediator<Library>, Mediator<Library>) {
        try ShelfReplicaPair.make(entries: 10)
    }

    private func exchange(_ a: Mediator<Library>, _ b: Mediator<Library>) throws {
        try ShelfReplicaPair.exchange(a, b)
    }

    /// A moves e9 to the front; B removes e5 meanwhile. Both ended with e5 back: A's move was sent
    /// as the removal and reinsertion of every entry between the two places (e0 to e9), so B's
    /// removal of e5 removed the old e5 and A's copy came in. Now a splice keeps what it
    /// removed and inserted alike (the shortest edit), and it ends as
    /// [e9, e0, e1, e2, e3, e4, e6, e7, e8]: a value moved is the one value removed and inserted.
    @Test func aRemovalBesideAConcurrentMoveOfAnotherValueHolds() throws {
        let (a, b) = try pair()
        try a.update { library in
            let entry = library.shelves[0].entries.remove(at: 9)
            library.shelves[0].entries.insert(entry, at: 0)
        }
        try b.update { $0.shelves[0].entries.removeAll { $0 == "e5" } }
        try exchange(a, b)
        #expect(a.root.shelves[0].entries == b.root.shelves[0].entries)
        #expect(a.root.shelves[0].entries == ["e9", "e0", "e1", "e2", "e3", "e4", "e6", "e7", "e8"])
    }

    /// A moves e9 to the front, B moves e8 to the front: the entries between came in twice
    /// (each replica's reinsertion of them). Now each entry is there once.
    @Test func twoConcurrentMovesOfDifferentValuesDuplicateNothing() throws {
        let (a, b) = try pair()
        try a.update { library in
            let entry = library.shelves[0].entries.remove(at: 9)
            library.shelves[0].entries.insert(entry, at: 0)
        }
        try b.update { library in
            let entry = library.shelves[0].entries.remove(at: 8)
            library.shelves[0].entries.insert(entry, at: 0)
        }
        try exchange(a, b)
        let entries = a.root.shelves[0].entries
        #expect(entries == b.root.shelves[0].entries)
        #expect(entries.count == 10 && Set(entries).count == 10, "\(entries)")
    }
}
