import Foundation
@testable import Ripple
import Testing

/// Found by a new user's recipe book (a recipe appended with `recipe.book = book`): a back
/// reference to the root, set on a node made in the same update, did not reach other replicas.
/// The root, held nowhere, was taken for a node put back and moved into the reference (a move
/// the others found to be a cycle and hid); the root never moves now.
@MainActor
@Suite struct BackReferenceProbeTests {
    /// A appends a new shelf whose `library` is the root, in one update; B merges it. B's shelf
    /// had `library == nil`, and the two snapshots differed (A's said 1, B's null).
    @Test func aBackReferenceToTheRootOnANewNodeReachesTheOtherReplica() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        try a.update { library in
            let shelf = Shelf(id: 9, title: "New")
            library.shelves.append(shelf)
            shelf.library = library
        }
        try b.merge(try a.changes(since: b.version))
        let (ours, theirs) = (try a.snapshot(), try b.snapshot())
        #expect(a.root.shelves[3].library === a.root)
        #expect(b.root.shelves[3].library === b.root)
        #expect(ours == theirs)
    }
    /// The same reference set on a shelf that existed already reaches it: only a new node's
    /// reference to the root is lost.
    @Test func aBackReferenceToTheRootOnAnExistingNodeReachesTheOtherReplica() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        try a.update { library in library.shelves[0].library = library }
        try b.merge(try a.changes(since: b.version))
        let (ours, theirs) = (try a.snapshot(), try b.snapshot())
        #expect(b.root.shelves[0].library === b.root)
        #expect(ours == theirs)
    }
    /// The other shapes of a back reference to the root, on a new shelf, set before the shelf
    /// is placed: the array and the dictionary arrived, the set arrived empty on B (snapshots
    /// differed).
    @Test func theRootInEveryMemberShapeOfANewNodeReachesTheOtherReplica() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        try a.update { library in
            let shelf = Shelf(id: 9, title: "New")
            shelf.libraries = [library]
            shelf.librariesByKey["home"] = library
            shelf.librarySet = [library]
            library.shelves.append(shelf)
        }
        try b.merge(try a.changes(since: b.version))
        let shelf = b.root.shelves[3]
        let (ours, theirs) = (try a.snapshot(), try b.snapshot())
        #expect(shelf.libraries.first === b.root)
        #expect(shelf.librariesByKey["home"] === b.root)
        #expect(shelf.librarySet.count == 1)
        #expect(ours == theirs)
    }
}
