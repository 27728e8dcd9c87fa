import Foundation
@testable import Ripple
import Testing

/// Two replicas edit one long array at once (splices at both ends, removals of ranges that
/// overlap, moves within it), then undo and redo what they did, checked against what any
/// sequence merge must keep: the same document on both, every inserted item exactly once, the
/// items neither touched in their first order, and an undo that a redo takes back whole.
@MainActor
@Suite struct LargeArrayProbeTests {
    private static let length = 200

    /// A replica holding one shelf of `length` entries, and a second opened from its snapshot.
    private func pair() throws -> (Mediator<Library>, Mediator<Library>) {
        try ShelfReplicaPair.make(entries: Self.length, children: Self.length, firstChildID: 1_000)
    }

    private func exchange(_ a: Mediator<Library>, _ b: Mediator<Library>) throws {
        try ShelfReplicaPair.exchange(a, b)
    }

    /// One random edit of the long arrays, as an undoable update: a run at the front or the
    /// back, a range removed, an entry or a child moved within its array. Returns the entries
    /// it inserted (each unique to its replica).
    private func edit(
        _ mediator: Mediator<Library>, tag: String, step: Int, moved: inout Set<String>,
        using random: inout SeededGenerator
    ) throws -> [String] {
        var movedEntry: String?
        var inserted: [String] = []
        let kind = Int.random(in: 0..<5, using: &random)
        // Drawn before the update (its body cannot capture the generator): positions as
        // fractions of the arrays' lengths.
        let (first, second) = (Double.random(in: 0..<1, using: &random), Double.random(in: 0..<1, using: &random))
        let count = Int.random(in: 1...20, using: &random)
        try mediator.update(undoName: "edit") { library in
            let shelf = library.shelves[0]
            var entries = shelf.entries
            var children = shelf.children
            switch kind {
            case 0:
                inserted = (0..<3).map { "\(tag)\(step)f\($0)" }
                entries.insert(contentsOf: inserted, at: 0)
            case 1:
                inserted = (0..<3).map { "\(tag)\(step)b\($0)" }
                entries.append(contentsOf: inserted)
            case 2:
                guard entries.count > 20 else { return }
                let start = Int(first * Double(entries.count - 20))
                entries.removeSubrange(start..<(start + count))
                if children.count > 20 { children.removeSubrange(start % (children.count - 20)..<(start % (children.count - 20) + 5)) }
            case 3:
                guard entries.count > 1 else { return }
                let item = entries.remove(at: Int(first * Double(entries.count)))
                movedEntry = item
                entries.insert(item, at: Int(second * Double(entries.count + 1)))
            default:
                guard children.count > 1 else { return }
                let child = children.remove(at: Int(first * Double(children.count)))
                children.insert(child, at: Int(second * Double(children.count + 1)))
            }
            shelf.entries = entries
            shelf.children = children
        }
        if let movedEntry { moved.insert(movedEntry) }
        return inserted
    }

    /// What both replicas hold after exchanging: one document, which agrees with the merge
    /// state; each inserted entry once; each child once; untouched first entries in order.
    private func expectMerged(
        _ a: Mediator<Library>, _ b: Mediator<Library>, inserted: [String], untouched: [String]
    ) throws {
        #expect(try a.snapshot() == (try b.snapshot()))
        #expect(try a.replica.mismatches(in: a).isEmpty)
        let entries = a.root.shelves[0].entries
        var counts: [String: Int] = [:]
        for entry in entries { counts[entry, default: 0] += 1 }
        for entry in inserted { #expect(counts[entry] == 1, "\(entry) is there \(counts[entry] ?? 0) times") }
        let children = a.root.shelves[0].children.map(ObjectIdentifier.init)
        #expect(Set(children).count == children.count, "a child is in the array twice")
        let kept = Set(untouched)
        // An entry moved is sent as the removal and reinsertion of every entry between its two
        // places (ValueArrayMoveProbeTests): entries no one moved can end twice.
        #expect(entries.filter(kept.contains) == untouched.filter(Set(entries).contains))
    }

    @Test(arguments: 1...3 as ClosedRange<UInt64>)
    func concurrentSplicesRemovalsAndMovesOfALongArrayConverge(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let (a, b) = try pair()
        let first = a.root.shelves[0].entries
        var inserted: [String] = []
        var moved: Set<String> = []
        for step in 0..<6 {
            inserted += try edit(a, tag: "a", step: step, moved: &moved, using: &random)
            inserted += try edit(b, tag: "b", step: step, moved: &moved, using: &random)
        }
        let untouched = first.filter { !moved.contains($0) }
        try exchange(a, b)
        try expectMerged(a, b, inserted: inserted, untouched: untouched)
        // Undo all of A's steps, then redo them: A's document is as it was before the undos.
        // What the document shows (its snapshot holds the merge state too, which an undo and a
        // redo change: they are new changes).
        let before = UndoAfterMergeProbeTests.shown(a)
        var undone = 0
        while a.history.canUndo {
            try a.history.undo()
            undone += 1
        }
        #expect(undone > 0)
        for _ in 0..<undone { try a.history.redo() }
        #expect(UndoAfterMergeProbeTests.shown(a) == before)
        try exchange(a, b)
        try expectMerged(a, b, inserted: inserted, untouched: untouched)
    }
}
