import Foundation
@testable import Ripple
import Testing

/// A node held in several places on purpose (an array and a reference) while it moves: a move
/// concerns only the places it names (`MoveStatus`'s tracks). Each case was a seed of the
/// shared-node fuzzer before.
@MainActor
@Suite struct ReplicaSharedMoveTests {
    /// Shelf 0 moves under shelf 1; a later update re-points a reference that held it and files
    /// it under a key. That update moved it from the reference to the dictionary, and hid its
    /// place under shelf 1 in the engine (not in the model): the later move won over a move it
    /// never named.
    @Test func aReferenceLeftBesideANewKeyHidesNoArrayPlace() throws {
        let (a, b) = try Self.twoReplicas()
        try a.update { library in
            let shelf = library.shelves.removeFirst()
            library.shelves[0].children.append(shelf)
            library.pinned = shelf
        }
        try a.update { library in
            library.shelvesByKey["p"] = library.pinned
            library.pinned = nil
        }
        #expect(try a.replica.mismatches(in: a).isEmpty)
        try b.merge(try a.changes(since: b.version))
        #expect(try b.replica.mismatches(in: b).isEmpty)
        #expect(b.root.shelves[0].children.map(\.id) == [0])
        #expect(b.root.shelvesByKey["p"]?.id == 0)
    }

    /// Two replicas move the same shelf, pinned by both, out of the pin into two arrays at once:
    /// the pin is a place both moves left (a register keeps no removals: the move names it), so
    /// the later move wins and the shelf is in one array.
    @Test func concurrentMovesOutOfOneReferenceLeaveOnePlace() throws {
        let a = Mediator(root: makeLibrary())
        _ = a.replicaID
        try a.update { library in
            library.pinned = library.shelves.removeFirst()
        }
        let b = try Mediator<Library>(opening: try a.snapshot())
        _ = b.replicaID
        try a.update { library in
            library.shelves[0].children.append(library.pinned!)
            library.pinned = nil
        }
        try b.update { library in
            library.shelves[1].children.append(library.pinned!)
            library.pinned = nil
        }
        try a.merge(try b.changes(since: a.version))
        try b.merge(try a.changes(since: b.version))
        #expect(try a.snapshot() == (try b.snapshot()))
        #expect(ReplicaUndoMoveTests.arraysHolding(shelfID: 0, in: a.root) == 1)
        #expect(try a.replica.mismatches(in: a).isEmpty)
    }

    /// A move whose operation names a register it left reads back from the compact form, and
    /// one that left none writes the form it always did.
    @Test func aMoveNamingTheRegistersItLeftReadsBack() throws {
        let a = Mediator(root: makeLibrary())
        _ = a.replicaID
        try a.update { library in library.pinned = library.shelves.removeFirst() }
        try a.update { library in
            library.shelves[0].children.append(library.pinned!)
            library.pinned = nil
        }
        let changes = try a.changes(since: DocumentVersion())
        let moves = changes.changes.flatMap(\.operations).compactMap { operation -> [MemberKey]? in
            if case .move(_, _, let registers) = operation { return registers } else { return nil }
        }
        #expect(moves.map(\.count) == [0, 1])
        #expect(try ChangeSet(encoded: changes.encoded) == changes)
    }

    /// A removes shelf 0; B moves it under shelf 1 at the same time; A undoes its removal before
    /// B's move arrives. The shelf came back as a plain placement beside B's move: in two arrays.
    /// A node put back where it was held nowhere moves within the member it enters, so the two
    /// are on one track and the later wins.
    @Test func anUndoneRemovalAndAConcurrentMoveLeaveOnePlace() throws {
        let (a, b) = try Self.twoReplicas()
        try Self.undoARemovalBesideAConcurrentMove(a, b)
    }

    /// A removes shelf 0; B moves it under shelf 1 at the same time; A undoes its removal before
    /// B's move arrives; then they exchange. Both hold the same document, shelf 0 in one array.
    private static func undoARemovalBesideAConcurrentMove(_ a: Mediator<Library>, _ b: Mediator<Library>) throws {
        try a.update(undoName: "Remove") { library in library.shelves.removeFirst() }
        try b.update { library in
            let shelf = library.shelves.removeFirst()
            library.shelves[0].children.append(shelf)
        }
        try a.history.undo()
        try a.merge(try b.changes(since: a.version))
        try b.merge(try a.changes(since: b.version))
        #expect(try a.snapshot() == (try b.snapshot()))
        #expect(ReplicaUndoMoveTests.arraysHolding(shelfID: 0, in: a.root) == 1)
        #expect(try a.replica.mismatches(in: a).isEmpty)
        #expect(try b.replica.mismatches(in: b).isEmpty)
    }

    /// Shelf 0 is also filed under key "q"; A removes it from the shelves and undoes that while
    /// B moves it to the end of the shelves (seeds 240, 242, 268, 283, 307 and 328 of the
    /// shared-node fuzzer, shrunk). The key still held it, so the put-back was a plain placement
    /// beside B's move: the shelf was twice in the shelves. A node put back into a member that
    /// held it once and holds it no more moves within it, so the later of the two wins.
    @Test func anUndoneRemovalOfAKeyedShelfAndAConcurrentReorderLeaveOnePlace() throws {
        let (a, b) = try Self.twoReplicas()
        try a.update { $0.shelvesByKey["q"] = $0.shelves[0] }
        try b.merge(try a.changes(since: b.version))
        try a.update(undoName: "Remove") { library in library.shelves.removeFirst() }
        try b.update { library in library.shelves.append(library.shelves.removeFirst()) }
        try a.history.undo()
        try a.merge(try b.changes(since: a.version))
        try b.merge(try a.changes(since: b.version))
        #expect(try a.snapshot() == (try b.snapshot()))
        #expect(a.root.shelves.count == 3)
        #expect(ReplicaUndoMoveTests.arraysHolding(shelfID: 0, in: a.root) == 1)
        try ReplicaConvergenceTests.checkPlaces(b.root)
        #expect(try a.replica.mismatches(in: a).isEmpty)
        #expect(try b.replica.mismatches(in: b).isEmpty)
    }

    /// The same with B moving the keyed shelf under shelf 1.
    @Test func anUndoneRemovalOfAKeyedShelfAndAConcurrentMoveLeaveOnePlace() throws {
        let (a, b) = try Self.twoReplicas()
        try a.update { $0.shelvesByKey["q"] = $0.shelves[0] }
        try b.merge(try a.changes(since: b.version))
        try Self.undoARemovalBesideAConcurrentMove(a, b)
        #expect(a.root.shelvesByKey["q"]?.id == 0)
    }

    /// Shelf 0 is in the shelves and under key "q". One update reorders the shelves (shelf 0 to
    /// the end) and moves the shelf from key "q" to "p"; a later one moves it under shelf 1. The
    /// first update's one move joined the array's track and the keys': the later move hid key
    /// "p" in the engine but not in the model. It makes a move for each track now.
    @Test func aReorderAndAKeyMoveInOneUpdateKeepTheirOwnTracks() throws {
        let (a, b) = try Self.twoReplicas()
        try a.update { $0.shelvesByKey["q"] = $0.shelves[0] }
        try a.update { library in
            library.shelves.append(library.shelves.removeFirst())
            library.shelvesByKey["p"] = library.shelvesByKey.removeValue(forKey: "q")
        }
        try a.update { library in
            let shelf = library.shelves.removeLast()
            library.shelves[0].children.append(shelf)
        }
        try b.merge(try a.changes(since: b.version))
        #expect(try a.replica.mismatches(in: a).isEmpty)
        #expect(try b.replica.mismatches(in: b).isEmpty)
        #expect(try a.snapshot() == (try b.snapshot()))
        #expect(a.root.shelvesByKey.mapValues(\.id) == ["p": 0])
        #expect(ReplicaUndoMoveTests.arraysHolding(shelfID: 0, in: a.root) == 1)
    }

    /// The same with shelf 0 also pinned: the pin still held it when A put it back, so the
    /// put-back was a plain placement beside B's move (two arrays). A reference does not count:
    /// a node put back into a collection where no collection holds it moves.
    @Test func anUndoneRemovalOfAPinnedShelfAndAConcurrentMoveLeaveOnePlace() throws {
        let (a, b) = try Self.twoReplicas()
        try a.update { $0.pinned = $0.shelves[0] }
        try b.merge(try a.changes(since: b.version))
        try Self.undoARemovalBesideAConcurrentMove(a, b)
        #expect(a.root.pinned?.id == 0)
    }

    /// Two replicas of the test library, the second opened from the first's snapshot.
    static func twoReplicas() throws -> (Mediator<Library>, Mediator<Library>) {
        let a = Mediator(root: makeLibrary())
        _ = a.replicaID
        let b = try Mediator<Library>(opening: try a.snapshot())
        _ = b.replicaID
        return (a, b)
    }

    /// A move's status keeps the holders that moves gave, not every node's home (the cycle
    /// check reads a home from the node's places when it reaches it), and a merged move splices
    /// the items moves can change instead of walking the array: a move into a document of many
    /// nodes costs the move, made locally or merged.
    @Test func theMoveStatusHoldsTheMovedNodesOnly() throws {
        let a = Mediator(root: makeLibrary(shelves: 50))
        _ = a.replicaID
        let b = try Mediator<Library>(opening: try a.snapshot())
        _ = b.replicaID
        try a.update { library in
            let shelf = library.shelves.removeLast()
            library.shelves[0].children.append(shelf)
        }
        try a.update { library in library.shelves.insert(library.shelves.removeLast(), at: 10) }
        try b.merge(try a.changes(since: b.version))
        for mediator in [a, b] {
            #expect(mediator.replica.engine.moveStatus.tree.moved.count == 2)
            #expect(try mediator.replica.mismatches(in: mediator).isEmpty)
        }
        #expect(b.root.shelves[0].children.count == 1 && b.root.shelves.count == 49)
        #expect(b.root.shelves.map(\.title) == a.root.shelves.map(\.title))
    }
}
