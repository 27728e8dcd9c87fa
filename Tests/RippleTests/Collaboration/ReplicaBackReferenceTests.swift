@testable import Ripple
import Testing

/// A register an update wrote with a move of its node, naming the move's destination holder (a
/// folder's `parent`), stands or falls with the move: when the move is void or loses, the
/// register names the node's holder, on every replica (breaker37 finding 3, breaker36 finding 2).
/// Here the boards' `child` register plays the back reference.
@Suite struct ReplicaBackReferenceTests {
    private let root = TestReplica.root

    /// Moves `node` from `source`'s items to the end of `destination`'s and writes `node`'s back
    /// reference to `destination`, after the move's removal and insertion, or (`retitling`)
    /// before them, retitling `others` between, so that the write's clock lies well before the
    /// move's (the move is recorded last).
    private func move(
        _ node: NodeID, from source: NodeID, to destination: NodeID, in replica: inout TestReplica, retitling others: [NodeID]? = nil
    ) {
        let index = replica.document.elements(source, "items").firstIndex(of: .node(node))!
        let at = replica.document.elements(destination, "items").count
        var operations: [ReplicaOperation] = [
            .splice(node: source, member: "items", at: index, removing: 1, inserting: []),
            .splice(node: destination, member: "items", at: at, removing: 0, inserting: [.node(node)]),
        ]
        let write = ReplicaOperation.set(node: node, member: "child", content: .value(.node(destination)))
        if let others {
            operations.insert(contentsOf: [write] + others.map { .set(node: $0, member: "title", content: .value(.json("\"moved\""))) }, at: 0)
        } else {
            operations.append(write)
        }
        replica.record(operations)
    }

    /// What the register's greatest write holds: what last writer wins alone would show.
    private func greatestWrite(of node: NodeID, in replica: TestReplica) -> ReplicaValue? {
        replica.engine.nodes.register("child", of: node)?.winner?.value
    }

    private func backReference(of node: NodeID, in replica: TestReplica) -> VisibleDocument.Content? {
        replica.document.nodes[node]?.members["child"]
    }

    /// Everything exchanged among `replicas`: each agrees with its engine, with the others, and
    /// with a replica reopened from its state.
    private func exchange(_ replicas: inout [TestReplica]) throws {
        for _ in 0..<2 {
            for index in replicas.indices {
                for other in replicas.indices where other != index { try replicas[index].receive(from: replicas[other]) }
            }
        }
        for replica in replicas {
            #expect(replica.document == replica.shown)
            #expect(replica.document == replicas[0].document)
            let reopened = try ReplicaEngine(
                decoding: replica.engine.encodedState(), replica: replica.engine.replica, shapes: TestReplica.shapes)
            #expect(VisibleDocument(reopened) == replica.document)
        }
    }

    @Test func aVoidMovesBackReferenceNamesWhereItsNodeStays() throws {
        var a = TestReplica(1)
        let first = a.addBoard()
        let second = a.addBoard()
        var b = TestReplica(2)
        try b.receive(from: a)
        move(first, from: root, to: second, in: &a)
        move(second, from: root, to: first, in: &b)
        var replicas = [a, b]
        try exchange(&replicas)
        // b's move is the later one and would close a cycle: void, second stays at the root.
        #expect(replicas[0].document.elements(root, "items") == [.node(second)])
        #expect(backReference(of: second, in: replicas[0]) == .value(.node(root)))
        #expect(greatestWrite(of: second, in: replicas[0]) == .node(first))
        #expect(backReference(of: first, in: replicas[0]) == .value(.node(second)))
    }

    /// The losing move's write has the greater clock (the winner wrote its back reference well
    /// before its move): last writer wins would keep the loser's.
    @Test func aLosingMovesBackReferenceGivesWayToTheWinners() throws {
        var a = TestReplica(1)
        let left = a.addBoard()
        let right = a.addBoard()
        let card = a.addBoard()
        var b = TestReplica(2)
        try b.receive(from: a)
        move(card, from: root, to: left, in: &a)
        move(card, from: root, to: right, in: &b, retitling: [left, right, root])
        var replicas = [a, b]
        try exchange(&replicas)
        #expect(replicas[0].document.elements(right, "items") == [.node(card)])
        #expect(backReference(of: card, in: replicas[0]) == .value(.node(right)))
        #expect(greatestWrite(of: card, in: replicas[0]) == .node(left))
    }

    /// A later move that writes no back reference leaves the register as its replica showed it:
    /// the void reference would otherwise name the later move's holder on every replica but the
    /// one that moved, whose model was never told.
    @Test func aLaterMoveWithoutABackReferenceLeavesItAsShown() throws {
        var a = TestReplica(1)
        let left = a.addBoard()
        let right = a.addBoard()
        let card = a.addBoard()
        var b = TestReplica(2)
        try b.receive(from: a)
        move(card, from: root, to: left, in: &a)
        move(card, from: root, to: right, in: &b, retitling: [left, right, root])
        var replicas = [a, b]
        try exchange(&replicas)
        replicas[0].move(card, from: right, to: left)
        try exchange(&replicas)
        #expect(replicas[1].document.elements(left, "items") == [.node(card)])
        #expect(backReference(of: card, in: replicas[1]) == .value(.node(right)))
    }

    /// Three replicas: two moves of one card lose to a third's, which wrote its back reference
    /// first of all (the losers' writes are greater).
    @Test func threeMovesOfOneNodeLeaveTheWinnersBackReference() throws {
        var a = TestReplica(1)
        let left = a.addBoard()
        let middle = a.addBoard()
        let right = a.addBoard()
        let card = a.addBoard()
        var b = TestReplica(2)
        var c = TestReplica(3)
        try b.receive(from: a)
        try c.receive(from: a)
        move(card, from: root, to: left, in: &a)
        move(card, from: root, to: middle, in: &b)
        move(card, from: root, to: right, in: &c, retitling: [left, middle, right, root])
        var replicas = [a, b, c]
        try exchange(&replicas)
        #expect(replicas[0].document.elements(right, "items") == [.node(card)])
        #expect(backReference(of: card, in: replicas[0]) == .value(.node(right)))
        #expect(greatestWrite(of: card, in: replicas[0]) == .node(middle))
    }

    /// Three replicas each move a board into another's subtree: the void move's back reference
    /// names the holder its board stays in.
    @Test func movesTowardACycleOnThreeReplicasLeaveBackReferencesNamingHolders() throws {
        var a = TestReplica(1)
        let boards = (0..<3).map { _ in a.addBoard() }
        let inner = boards.map { a.addBoard(to: $0) }
        var b = TestReplica(2)
        var c = TestReplica(3)
        try b.receive(from: a)
        try c.receive(from: a)
        move(boards[0], from: root, to: inner[1], in: &a)
        move(boards[1], from: root, to: inner[2], in: &b)
        move(boards[2], from: root, to: inner[0], in: &c)
        var replicas = [a, b, c]
        try exchange(&replicas)
        let document = replicas[0].document
        for board in boards {
            let holders = document.nodes.keys.filter { document.elements($0, "items").contains(.node(board)) }
            #expect(holders.count == 1)
            #expect(holders.first.map { .value(.node($0)) } == backReference(of: board, in: replicas[0]))
        }
        #expect(greatestWrite(of: boards[2], in: replicas[0]) == .node(inner[0]))
    }
}
