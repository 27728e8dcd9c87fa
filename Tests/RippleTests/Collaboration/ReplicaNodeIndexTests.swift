@_spi(RippleGenerated) @testable import Ripple
import Testing

/// A replica finds its nodes by number through its session, which holds them: the document's
/// index of identities (whose weak references give each node a side table, which slows every
/// retain and release of it) holds only the nodes numbered after the replica began.
@MainActor
@Suite struct ReplicaNodeIndexTests {
    /// One edit of the shelves, drawn before the update that makes it.
    private enum Edit {
        case insert(at: Int, id: Int)
        case remove(at: Int)
        case swap(Int, Int)
        case nest(Int, into: Int)
    }

    private static func draw(_ count: Int, id: Int, using random: inout SeededGenerator) -> Edit {
        guard count > 1 else { return .insert(at: 0, id: id) }
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return .remove(at: Int.random(in: 0..<count, using: &random))
        case 1: return .swap(Int.random(in: 0..<count, using: &random), Int.random(in: 0..<count, using: &random))
        case 2: return .nest(Int.random(in: 0..<count, using: &random), into: Int.random(in: 0..<count, using: &random))
        default: return .insert(at: Int.random(in: 0...count, using: &random), id: id)
        }
    }

    private static func apply(_ edit: Edit, to library: Library) {
        switch edit {
        case .insert(let at, let id): library.shelves.insert(Shelf(id: id, title: "Shelf \(id)"), at: at)
        case .remove(let at): library.shelves.remove(at: at)
        case .swap(let first, let second): library.shelves.swapAt(first, second)
        case .nest(let child, let holder):
            guard child != holder else { return }
            library.shelves[holder].children.append(Shelf(id: 1_000 + child, title: "Nested"))
        }
    }

    /// A replica that makes nodes, or edits nodes it holds, indexes none of them: its session
    /// holds them (found by number through it), where the index's weak references gave each
    /// a side table and an entry: table 17's replica that made 100,000 points held 11 MB more
    /// (79.7 MB, 68.4 without them).
    @Test func aReplicaIndexesNoneOfTheNodesItMakesOrEdits() throws {
        let (first, _) = try ReplicaMediatorTests.pair()
        let indexed = first.identities.indexedCount
        try first.update { library in
            for id in 0..<100 { library.shelves.append(Shelf(id: 100 + id, title: "Shelf \(id)")) }
        }
        try first.update { library in
            for shelf in library.shelves { shelf.title += "!" }
        }
        #expect(first.identities.indexedCount == indexed)
        for shelf in first.root.shelves {
            #expect(first.identities.node(shelf._rippleTracker.documentID) === shelf)
        }
        let changes = try first.changes(since: DocumentVersion())
        #expect(changes.changes.count == 2)
    }

    /// Every node the root reaches, and every node the session holds, is found by its number,
    /// as a walk of the document finds it; the opened replica's index holds only the shelves
    /// made after it began.
    @Test(arguments: 0..<6 as Range<UInt64>)
    func numbersFindWhatAWalkFindsWithoutIndexingTheDocument(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let (first, second) = try ReplicaMediatorTests.pair()
        var made = 0
        for step in 0..<16 {
            let writer = Bool.random(using: &random) ? first : second
            let edit = Self.draw(writer.root.shelves.count, id: 100 + step, using: &random)
            if case .insert = edit { made += 1 }
            if case .nest = edit { made += 1 }
            try writer.update { library in Self.apply(edit, to: library) }
            try ReplicaMediatorTests.sync(first, into: second)
            try ReplicaMediatorTests.sync(second, into: first)
            #expect(try ReplicaMediatorTests.nodes(first) == ReplicaMediatorTests.nodes(second), "seed \(seed), step \(step)")
            for mediator in [first, second] {
                var pending: [any RippleNode] = [mediator.root]
                while let node = pending.popLast() {
                    let number = node._rippleTracker.documentID
                    #expect(number != 0 && mediator.identities.node(number) === node, "seed \(seed), step \(step)")
                    let descriptor = type(of: node)._rippleDescriptor
                    for (member, description) in descriptor.members.enumerated() where description.isNode && descriptor.saves(member) {
                        node._rippleVisitNodes(of: member) { pending.append($0) }
                    }
                }
            }
            #expect(second.identities.indexedCount <= made, "seed \(seed), step \(step)")
        }
    }
}
