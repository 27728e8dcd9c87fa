import Foundation
@testable import Ripple
import Testing

/// Found by a new user's recipe book (a recipe appended with `recipe.book = book`): a back
/// reference to the root, set on a node made in the same update, does not reach other replicas.
@MainActor
@Suite struct BackReferenceProbeTests {
    /// A appends a new shelf whose `library` is the root, in one update; B merges it. B's shelf
    /// has `library == nil`, and the two snapshots differ (A's says 1, B's null). B should hold
    /// the reference, as A does.
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
        withKnownIssue("a back reference to the root set on a new node is lost in the merge") {
            #expect(b.root.shelves[3].library === b.root)
            #expect(ours == theirs)
        }
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
    /// is placed: the array and the dictionary arrive, the set arrives empty on B (snapshots
    /// differ). B should hold the root in the set, as A does.
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
        withKnownIssue("the root in a set of a new node is lost in the merge") {
            #expect(shelf.librarySet.count == 1)
            #expect(ours == theirs)
        }
    }
}
