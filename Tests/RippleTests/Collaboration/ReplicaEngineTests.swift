@testable import Ripple
import Testing

/// Each conflict rule of DESIGN.md "Collaboration", pinned with two replicas that edit at once
/// and then exchange their changes.
@Suite struct ReplicaEngineTests {
    private let root = TestReplica.root

    /// Exchanges everything both ways and checks both agree with their engines and each other.
    private func exchange(_ a: inout TestReplica, _ b: inout TestReplica) throws {
        try a.receive(from: b)
        try b.receive(from: a)
        #expect(a.document == a.shown)
        #expect(b.document == b.shown)
        #expect(a.document == b.document)
    }

    private func title(_ replica: TestReplica, _ node: NodeID) -> VisibleDocument.Content? {
        replica.document.nodes[node]?.members["title"]
    }

    @Test func concurrentRegisterWritesOfOneClockGoToTheHigherReplica() throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        a.record([.set(node: root, member: "title", content: .value(.json("\"a\"")))])
        b.record([.set(node: root, member: "title", content: .value(.json("\"b\"")))])
        try exchange(&a, &b)
        #expect(title(a, root) == .value(.json("\"b\"")))
    }

    @Test func aLaterClockWinsOverAHigherReplica() throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        b.record([.set(node: root, member: "title", content: .value(.json("\"b\"")))])
        a.record([.set(node: root, member: "title", content: .value(.json("\"a1\"")))])
        a.record([.set(node: root, member: "title", content: .value(.json("\"a2\"")))])
        try exchange(&a, &b)
        #expect(title(a, root) == .value(.json("\"a2\"")))
    }

    private func typing(_ replica: inout TestReplica, _ letters: [String], forwards: Bool) {
        for (index, letter) in letters.enumerated() {
            let at = forwards ? 1 + index : 1
            replica.record([.splice(node: root, member: "numbers", at: at, removing: 0, inserting: [.json(letter)])])
        }
    }

    @Test(arguments: [true, false])
    func concurrentRunsAtOnePlaceDoNotInterleave(forwards: Bool) throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        a.record([.splice(node: root, member: "numbers", at: 0, removing: 0, inserting: [.json("x"), .json("y")])])
        try b.receive(from: a)
        let aRun = ["a1", "a2", "a3", "a4"]
        let bRun = ["b1", "b2", "b3", "b4"]
        typing(&a, forwards ? aRun : aRun.reversed(), forwards: forwards)
        typing(&b, forwards ? bRun : bRun.reversed(), forwards: forwards)
        try exchange(&a, &b)
        let merged = a.document.elements(root, "numbers").map { value -> String in
            guard case .json(let text) = value else { return "" }
            return text
        }
        let runs = [["x"] + aRun + bRun + ["y"], ["x"] + bRun + aRun + ["y"]]
        #expect(runs.contains(merged), "\(merged)")
    }

    @Test func aConcurrentSetOfAKeyBeatsItsRemoval() throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        a.record([
            .setKeys(node: root, member: "tags", setting: [ReplicaEntry(key: "\"k\"", value: .json("0"))], removing: [])
        ])
        try b.receive(from: a)
        a.record([.setKeys(node: root, member: "tags", setting: [], removing: [.json("\"k\"")])])
        b.record([
            .setKeys(node: root, member: "tags", setting: [ReplicaEntry(key: "\"k\"", value: .json("1"))], removing: [])
        ])
        try exchange(&a, &b)
        #expect(a.document.nodes[root]!.members["tags"] == .entries(["\"k\"": .json("1")]))
    }

    @Test func aConcurrentInsertOfAnElementBeatsItsRemoval() throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        a.record([.setElements(node: root, member: "labels", inserting: [.json("\"red\"")], removing: [])])
        try b.receive(from: a)
        a.record([.setElements(node: root, member: "labels", inserting: [], removing: [.json("\"red\"")])])
        b.record([.setElements(node: root, member: "labels", inserting: [.json("\"red\"")], removing: [])])
        try exchange(&a, &b)
        #expect(a.document.nodes[root]!.members["labels"] == .members([.json("\"red\"")]))
    }

    /// Where `node` is held in items, across every board.
    private func places(of node: NodeID, in document: VisibleDocument) -> [NodeID] {
        document.nodes.keys.sorted().flatMap { holder in
            document.elements(holder, "items").filter { $0 == .node(node) }.map { _ in holder }
        }
    }

    @Test func concurrentMovesOfANodeLeaveItInTheLaterMovesPlace() throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        let left = a.addBoard()
        let right = a.addBoard()
        let card = a.addBoard()
        try b.receive(from: a)
        a.move(card, from: root, to: left)
        b.move(card, from: root, to: right)
        try exchange(&a, &b)
        #expect(places(of: card, in: a.document) == [right])
    }

    /// Two replicas that both have two boards at the root.
    private func replicasSharingTwoBoards() throws -> (TestReplica, TestReplica, NodeID, NodeID) {
        var (a, b) = (TestReplica(1), TestReplica(2))
        let first = a.addBoard()
        let second = a.addBoard()
        try b.receive(from: a)
        return (a, b, first, second)
    }

    @Test func nodesMovedIntoEachOtherMakeNoCycle() throws {
        var (a, b, first, second) = try replicasSharingTwoBoards()
        a.move(first, from: root, to: second)
        b.move(second, from: root, to: first)
        try exchange(&a, &b)
        // b's move is the later one (its replica is higher); a's, applied first, holds, so b's
        // would close a cycle and has no effect: second stays at the root, first inside it.
        #expect(places(of: second, in: a.document) == [root])
        #expect(places(of: first, in: a.document) == [second])
    }

    @Test func movesOfOneUpdateHoldInTheOrderTheyWereMade() throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        let parent = a.addBoard()
        let child = a.addBoard(to: parent)
        try b.receive(from: a)
        // The parent may go into its child only because the child left it first.
        var operations: [ReplicaOperation] = [
            .splice(node: parent, member: "items", at: 0, removing: 1, inserting: []),
            .splice(node: root, member: "items", at: 1, removing: 0, inserting: [.node(child)]),
            .splice(node: root, member: "items", at: 0, removing: 1, inserting: []),
        ]
        operations.append(.splice(node: child, member: "items", at: 0, removing: 0, inserting: [.node(parent)]))
        a.record(operations)
        #expect(a.document == a.shown)
        try exchange(&a, &b)
        #expect(places(of: child, in: b.document) == [root])
        #expect(places(of: parent, in: b.document) == [child])
    }

    @Test func movesOfOneUpdateHoldWhateverOrderTheirPlacesWereEnteredIn() throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        let outer = a.addBoard()
        let target = a.addBoard()
        let inner = a.addBoard(to: outer)
        try b.receive(from: a)
        // inner leaves outer first (by way of the root), outer enters inner, inner goes on to
        // target: outer's place is entered before inner's last one, yet it is valid only once
        // inner has left it.
        a.record([
            .splice(node: outer, member: "items", at: 0, removing: 1, inserting: []),
            .splice(node: root, member: "items", at: 2, removing: 0, inserting: [.node(inner)]),
            .splice(node: root, member: "items", at: 0, removing: 1, inserting: []),
            .splice(node: inner, member: "items", at: 0, removing: 0, inserting: [.node(outer)]),
            .splice(node: root, member: "items", at: 1, removing: 1, inserting: []),
            .splice(node: target, member: "items", at: 0, removing: 0, inserting: [.node(inner)]),
        ])
        #expect(a.document == a.shown)
        try exchange(&a, &b)
        #expect(places(of: inner, in: b.document) == [target])
        #expect(places(of: outer, in: b.document) == [inner])
    }

    @Test func aValidMoveTakesTheNodeFromWhereItIsAfterAnInvalidOne() throws {
        var (a, b, first, second) = try replicasSharingTwoBoards()
        a.move(first, from: root, to: second)
        // b's first move closes a cycle with a's (and has no effect); its second, from where
        // the first put it, is valid and takes the node from the root, where it still was.
        b.move(second, from: root, to: first)
        b.move(second, from: first, to: root)
        try exchange(&a, &b)
        #expect(places(of: second, in: a.document) == [root])
        #expect(places(of: first, in: a.document) == [second])
    }

    @Test func aRegisterWhoseNodeMovedElsewhereShowsNullNotAnOlderNode() throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        let moved = a.addBoard()
        let swapped = a.addBoard()
        let other = a.addBoard()
        a.record([
            .splice(node: root, member: "items", at: 1, removing: 1, inserting: []),
            .set(node: root, member: "child", content: .value(.node(swapped))),
        ])
        try b.receive(from: a)
        // a puts `moved` in the register and `swapped` back in items; b moves `moved` to other,
        // later (its clock is ahead): the register must not show `swapped` again, which is in
        // items.
        for title in ["\"1\"", "\"2\"", "\"3\""] {
            b.record([.set(node: other, member: "title", content: .value(.json(title)))])
        }
        a.record([
            .splice(node: root, member: "items", at: 0, removing: 1, inserting: [.node(swapped)]),
            .set(node: root, member: "child", content: .value(.node(moved))),
        ])
        b.move(moved, from: root, to: other)
        try exchange(&a, &b)
        #expect(a.document.nodes[root]!.members["child"] == .value(.json("null")))
        #expect(places(of: swapped, in: a.document) == [root])
        #expect(places(of: moved, in: a.document) == [other])
    }

    @Test func anEditOfANodeAnotherReplicaRemovedIsKeptHidden() throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        let card = a.addBoard()
        try b.receive(from: a)
        a.record([.splice(node: root, member: "items", at: 0, removing: 1, inserting: [])])
        b.record([.set(node: card, member: "title", content: .value(.json("\"kept\"")))])
        try exchange(&a, &b)
        #expect(places(of: card, in: a.document).isEmpty)
        #expect(title(a, card) == .value(.json("\"kept\"")))
        b.record([.splice(node: root, member: "items", at: 0, removing: 0, inserting: [.node(card)])])
        try exchange(&a, &b)
        #expect(places(of: card, in: a.document) == [root])
        #expect(title(a, card) == .value(.json("\"kept\"")))
    }

    @Test func changesWaitForTheirPredecessors() throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        a.record([.set(node: root, member: "title", content: .value(.json("\"one\"")))])
        let first = a.engine.changes(since: DocumentVersion())
        a.record([.set(node: root, member: "title", content: .value(.json("\"two\"")))])
        let second = a.engine.changes(
            since: a.engine.changes(since: DocumentVersion()).changes.dropLast().reduce(
                into: DocumentVersion()
            ) { $0[$1.replica] = $1.sequence })
        #expect(second.changes.count == 1)
        #expect(try b.receive(second).isEmpty)
        #expect(b.engine.version == DocumentVersion())
        #expect(try b.receive(first) == [.set(node: root, member: "title", content: .value(.json("\"two\"")))])
        #expect(b.engine.version == a.engine.version)
        #expect(b.document == a.document)
    }

    @Test func changesIntegratedAlreadyAreSkipped() throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        a.addBoard()
        let changes = a.engine.changes(since: DocumentVersion())
        #expect(try !b.receive(changes).isEmpty)
        #expect(try b.receive(changes).isEmpty)
        #expect(b.document == a.document)
    }

    @Test func anotherDocumentsOrModelsChangesAreRefusedWithNothingChanged() throws {
        var a = TestReplica(1)
        var other = TestReplica(2, document: "other")
        var otherModel = TestReplica(3, model: "Shelf")
        other.addBoard()
        otherModel.addBoard()
        let before = a.engine.changes(since: DocumentVersion())
        #expect(throws: ReplicaEngineError.otherDocument(expected: "board", found: "other")) {
            try a.receive(from: other)
        }
        #expect(throws: ReplicaEngineError.otherModel(expected: "Board", found: "Shelf")) {
            try a.receive(from: otherModel)
        }
        #expect(a.engine.changes(since: DocumentVersion()) == before)
        #expect(a.document == a.shown)
    }

    @Test func aMalformedChangeIsRefusedWithNothingChanged() throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        a.addBoard()
        let good = a.engine.changes(since: DocumentVersion()).changes[0]
        let unknownItem = Removal(target: OperationID(counter: 99, replica: a.engine.replica), move: nil)
        let bad = ReplicaChange(
            replica: good.replica, sequence: 2, dependencies: good.dependencies.with(good.replica, 1),
            firstCounter: 50, operations: [.delete(node: root, member: "items", items: [unknownItem])])
        let cases: [ReplicaChange] = [
            bad,
            ReplicaChange(
                replica: good.replica, sequence: 2, dependencies: good.dependencies.with(good.replica, 1),
                firstCounter: .max,
                operations: [
                    .insert(
                        node: root, member: "items", parent: nil, leftSide: false,
                        values: [.json("1"), .json("2")])
                ]),
            ReplicaChange(
                replica: good.replica, sequence: 2, dependencies: good.dependencies.with(good.replica, 1),
                firstCounter: 50, operations: [.write(node: root, member: "items", value: .json("1"))]),
            ReplicaChange(
                replica: good.replica, sequence: 2, dependencies: good.dependencies.with(good.replica, 1),
                firstCounter: .max - 1, operations: [.write(node: root, member: "title", value: .json("1"))]),
            ReplicaChange(
                replica: good.replica, sequence: 2, dependencies: good.dependencies.with(good.replica, 1),
                firstCounter: 50,
                operations: [
                    .make(node: NodeID(made: OperationID(counter: .max, replica: good.replica)), type: "Board")
                ]),
            ReplicaChange(
                replica: good.replica, sequence: 0, dependencies: DocumentVersion(), firstCounter: 50, operations: []),
        ]
        for change in cases {
            let set = ChangeSet(document: "board", model: "Board", changes: [good, change])
            #expect(throws: ReplicaEngineError.self) { try b.receive(set) }
            #expect(b.engine.version == DocumentVersion())
            #expect(b.document == b.shown)
        }
    }
}

extension ReplicaEngineTests {
    @Test func aMalformedChangeThatWaitedIsDroppedAloneWhenItsPredecessorComes() throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        a.record([.set(node: root, member: "title", content: .value(.json("\"one\"")))])
        let first = a.engine.changes(since: DocumentVersion())
        let unknownItem = Removal(target: OperationID(counter: 99, replica: a.engine.replica), move: nil)
        let malformed = ReplicaChange(
            replica: a.engine.replica, sequence: 2, dependencies: a.engine.version, firstCounter: 50,
            operations: [.delete(node: root, member: "items", items: [unknownItem])])
        #expect(try b.receive(ChangeSet(document: "board", model: "Board", changes: [malformed])).isEmpty)
        try b.receive(first)
        #expect(b.engine.version == a.engine.version)
        #expect(b.document == a.document)
        #expect(b.document == b.shown)
    }

    /// The change that waited edits before it fails: what it edited is undone with it.
    @Test func aWaitingChangeThatFailsHalfwayLeavesNothingOfItself() throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        a.record([.set(node: root, member: "title", content: .value(.json("\"one\"")))])
        let first = a.engine.changes(since: DocumentVersion())
        let unknownItem = Removal(target: OperationID(counter: 99, replica: a.engine.replica), move: nil)
        let malformed = ReplicaChange(
            replica: a.engine.replica, sequence: 2, dependencies: a.engine.version, firstCounter: 50,
            operations: [
                .write(node: root, member: "title", value: .json("\"two\"")),
                .delete(node: root, member: "items", items: [unknownItem]),
            ])
        #expect(try b.receive(ChangeSet(document: "board", model: "Board", changes: [malformed])).isEmpty)
        try b.receive(first)
        #expect(b.engine.nodes == a.engine.nodes)
        #expect(b.engine.clock < 50)
        #expect(b.shown == a.shown)
        #expect(b.document == b.shown)
    }
}

extension DocumentVersion {
    func with(_ replica: ReplicaID, _ count: UInt64) -> DocumentVersion {
        var version = self
        version[replica] = count
        return version
    }
}
