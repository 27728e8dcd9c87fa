@testable import Ripple
import Testing

/// A merge that brings a node holding no other node judges the document's depth by the bound
/// it keeps, as for a node it makes, instead of walking the whole document: the session makes
/// the merged nodes before the patch applies, and the patch finds them alive.
@MainActor
@Suite struct ReplicaMergeDepthTests {
    @Test func aMergedNodeHoldingNoneIsJudgedByTheBoundWithoutAWalk() throws {
        // The second replica is opened from a document: it knows its depth.
        let (writer, reader) = try ReplicaMediatorTests.pair()
        try writer.update { $0.shelves.append(Shelf(id: 9, title: "New")) }
        try ReplicaMediatorTests.sync(writer, into: reader)
        #expect(reader.root.shelves.map(\.title) == ["Shelf 0", "Shelf 1", "Shelf 2", "New"])
        // A walk would find the depth exactly (the new shelf sits beside the others); the bound
        // grows by what the merge brought instead.
        let depth = try #require(DocumentDepth.measure(under: reader.root, limit: 1_000))
        #expect((reader.identities.depth.bound ?? 0) > depth)
    }

    @Test func aMergedMoveAlongAnArrayKeepsTheBoundWithoutAWalk() throws {
        let (writer, reader) = try ReplicaMediatorTests.pair()
        try writer.update { $0.shelves.append(Shelf(id: 9, title: "New")) }
        try ReplicaMediatorTests.sync(writer, into: reader)
        let bound = reader.identities.depth.bound
        #expect((bound ?? 0) > (DocumentDepth.measure(under: reader.root, limit: 1_000) ?? .max))
        // The node leaves the array and enters it again: it stays as deep as it was.
        try writer.update { $0.shelves.insert($0.shelves.removeLast(), at: 0) }
        try ReplicaMediatorTests.sync(writer, into: reader)
        #expect(reader.root.shelves.map(\.title) == ["New", "Shelf 0", "Shelf 1", "Shelf 2"])
        #expect(reader.identities.depth.bound == bound, "a walk measured the document again")
    }

    @Test func aMergedNodeThatHoldsTheDocumentsNodesCountsThemInTheBound() throws {
        let (writer, reader) = try ReplicaMediatorTests.pair()
        let bound = try #require(reader.identities.depth.bound)
        // A new shelf that takes an existing one in: the document's nodes placed anew.
        try writer.update { library in
            let holder = Shelf(id: 9, title: "Holder")
            holder.children = [library.shelves.removeLast()]
            library.shelves.append(holder)
        }
        try ReplicaMediatorTests.sync(writer, into: reader)
        #expect(reader.root.shelves.last?.children.map(\.title) == ["Shelf 2"])
        // Judged by what it placed, without a walk: the new shelf, and below it the shelf it took
        // in, with the nodes that one reaches.
        let depth = try #require(DocumentDepth.measure(under: reader.root, limit: 1_000))
        #expect(try #require(reader.identities.depth.bound) >= max(depth, bound + 2))
    }
}
