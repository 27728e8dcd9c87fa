import Foundation
@testable import Ripple
import Testing

/// Undoing a step whose node another replica's change hid since: the shrunk histories of the
/// fuzzers' findings of a node held in two places.
@MainActor
@Suite struct ReplicaHiddenHolderTests {
    /// The shared-node fuzzer's seed 2408, shrunk. B removes shelf 0 while A moves shelf 2 under
    /// it. B makes a shelf and moves it under shelf 2, then merges A's move: shelf 2 is hidden
    /// with shelf 0. A reorders the shelves, which moves shelf 0 and so brings it back once
    /// merged. B undoes its move: taking the new shelf out of shelf 2 (hidden) reached nobody,
    /// but putting it back into the shelves did, and once every change met, the new shelf was in
    /// the shelves and under shelf 2. The undo now leaves the shelf where the merge state holds it.
    @Test func anUndoOfAMoveOutOfAHiddenHolderLeavesTheNodeInOnePlace() throws {
        let (a, b) = try Self.replicas(0x25fa_4141_0724_4909, 0xe340_5f73_ddac_557d)
        try b.update { library in library.shelves.removeAll { $0.title == "Shelf 0" } }
        try a.update { library in
            let moved = Self.shelf("Shelf 2", in: library)
            library.shelves.removeAll { $0 === moved }
            Self.shelf("Shelf 0", in: library).children.append(moved)
        }
        let fromA = try a.changes(since: b.version)
        try b.update { library in library.shelves.insert(Shelf(id: 59, title: "New"), at: 0) }
        try b.update(undoName: "Move") { library in
            let moved = library.shelves.removeFirst()
            Self.shelf("Shelf 2", in: library).children.append(moved)
        }
        try b.merge(fromA)
        try a.update { library in library.shelves.insert(library.shelves.removeFirst(), at: 1) }
        try b.history.undo()
        #expect(try b.replica.mismatches(in: b).isEmpty)

        try ReplicaGroup.syncAll([a, b])
        #expect(try a.snapshot() == (try b.snapshot()))
        for replica in [a, b] {
            let held = replica.root.shelves.map(\.title) + ReplicaFuzzing.shelves(of: replica.root).flatMap(\.children).map(\.title)
            #expect(held.contains("New"))
            #expect(Set(held).count == held.count, "\(held)")
        }
    }

    /// Two replicas of the test library, with these identities (which break ties).
    static func replicas(_ first: UInt64, _ second: UInt64) throws -> (Mediator<Library>, Mediator<Library>) {
        let a = Mediator(root: makeLibrary())
        a.startReplica(as: ReplicaID(rawValue: first)!)
        let b = try Mediator<Library>(opening: try a.snapshot())
        b.startReplica(as: ReplicaID(rawValue: second)!)
        return (a, b)
    }

    static func shelf(_ title: String, in library: Library) -> Shelf {
        ReplicaFuzzing.shelves(of: library).first { $0.title == title }!
    }
}
