@testable import Ripple
import Testing

/// A move costs the moves of its node, not every move the replica has seen: the move status is
/// extended by a move later than all the others (a local move, a merged change in order) and
/// computed from every move only when a move comes before others (concurrent moves). Counted,
/// not timed: a status computed from every move on each move made a long session quadratic
/// (5,000 moves of cards between columns: minutes in a debug build).
@MainActor
@Suite struct MoveHistoryCostTests {
    private typealias V = VaultReplicas

    /// Note `step` of the vault moves to the next folder, its back reference with it.
    private func move(_ mediator: Mediator<Library>, _ step: Int, folders: [String]) throws {
        try mediator.update { _ in
            let note = V.note(mediator, "n\(step % 6)") ?? V.allFolders(V.vault(mediator).top!).lazy.flatMap(\.notes).first!
            let destination = V.folder(mediator, folders[step % folders.count])!
            note.folder!.notes.removeAll { $0 === note }
            destination.notes.append(note)
            note.folder = destination
        }
    }

    @Test func localMovesAndMergesInOrderExtendTheMoveStatus() throws {
        let replicas = try V.replicas(2)
        let (a, b) = (replicas[0], replicas[1])
        let folders = ["d0.0", "d1.1", "d2.0", "d0.1"]
        try move(a, 0, folders: folders)
        try b.merge(try a.changes(since: b.version))
        let first = (a.replica.engine.moveStatusComputations, b.replica.engine.moveStatusComputations)
        for step in 1..<40 {
            try move(a, step, folders: folders)
            try b.merge(try a.changes(since: b.version))
        }
        #expect(a.replica.engine.moveStatusComputations == first.0)
        #expect(b.replica.engine.moveStatusComputations == first.1)
        #expect(try a.replica.mismatches(in: a).isEmpty)
        #expect(try b.replica.mismatches(in: b).isEmpty)
        #expect(try a.snapshot() == (try b.snapshot()))
    }

    /// Concurrent moves of one note: the earlier one, merged late, computes the status again,
    /// and the replicas agree.
    @Test func aMoveMergedBeforeLaterMovesComputesTheStatusAgain() throws {
        let replicas = try V.replicas(2)
        let (a, b) = (replicas[0], replicas[1])
        try move(b, 0, folders: ["d2.1"])
        try move(a, 0, folders: ["d1.0"])
        try move(a, 1, folders: ["d1.0"])
        let before = a.replica.engine.moveStatusComputations
        try a.merge(try b.changes(since: a.version))
        try b.merge(try a.changes(since: b.version))
        #expect(a.replica.engine.moveStatusComputations == before + 1)
        #expect(try a.replica.mismatches(in: a).isEmpty)
        #expect(try b.replica.mismatches(in: b).isEmpty)
        #expect(try a.snapshot() == (try b.snapshot()))
    }

    /// One move in an array that many moves reordered checks again the items of its node (its
    /// places, what its moves removed), not every item moved out of the array: each array's
    /// check of the items that show otherwise than its counts is kept move by move, locally and
    /// merged, and the counts serve without a walk. Checking every item moved out at each move
    /// made the bench's move after 10,000 moves 50 times the one after 100.
    @Test func aMoveChecksItsNodesItemsNotTheArraysEarlierMoves() throws {
        let replicas = try V.replicas(2, folders: 1, subfolders: 1, notes: 40)
        let (a, b) = (replicas[0], replicas[1])
        func moveLastToMiddle(_ count: Int) throws {
            for _ in 0..<count {
                try a.update { _ in
                    let folder = V.folder(a, "d0.0")!
                    folder.notes.insert(folder.notes.removeLast(), at: folder.notes.count / 2)
                }
            }
            try b.merge(try a.changes(since: b.version))
        }
        /// The items one move checks, made on `a` and merged into `b`.
        func checkedByOneMove() throws -> [Int] {
            let before = [a, b].map(\.replica.engine.sequenceItemsChecked)
            try moveLastToMiddle(1)
            return zip([a, b], before).map { $0.replica.engine.sequenceItemsChecked - $1 }
        }
        try moveLastToMiddle(20)
        let early = try checkedByOneMove()
        try moveLastToMiddle(400)
        let late = try checkedByOneMove()
        for mediator in [a, b] {
            let engine = mediator.replica.engine
            let key = MemberKey(node: mediator.replica.id(of: V.folder(mediator, "d0.0")!)!, member: "notes")
            let notes = engine.nodes.sequence(key.member, of: key.node)!
            #expect(notes.itemsMovedOut.count > 400)
            #expect(notes.checkedDifferingItems(of: key, moves: engine.moveStatus) == [])
            #expect(try mediator.replica.mismatches(in: mediator).isEmpty)
        }
        // A node moved about ten times: its places and removals, not the 400 items moved out.
        #expect(early.allSatisfy { $0 > 0 && $0 < 20 }, "\(early)")
        #expect(late.allSatisfy { $0 < 60 }, "\(late)")
        #expect(try a.snapshot() == (try b.snapshot()))
    }
}
