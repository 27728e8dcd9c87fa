import Foundation
@testable import Ripple
import Testing

/// A replica's state survives a snapshot: rebuilt from its bytes it shows the same document and
/// carries on making changes the others accept; bytes that are not such a state are refused.
@Suite struct ReplicaEngineSnapshotTests {
    @Test func aReplicaRebuiltFromItsStateCarriesOn() throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        let card = a.addBoard()
        a.record([.set(node: card, member: "title", content: .value(.json("\"before\"")))])
        try b.receive(from: a)
        var rebuilt = a
        rebuilt.engine = try ReplicaEngine(
            decoding: a.engine.encodedState(), replica: a.engine.replica, shapes: TestReplica.shapes)
        #expect(rebuilt.shown == a.document)
        #expect(rebuilt.engine.version == a.engine.version)
        let next = rebuilt.addBoard(to: card)
        #expect(next.made.counter > card.made.counter)
        try b.receive(from: rebuilt)
        #expect(b.document == rebuilt.document)
        #expect(b.document == b.shown)
    }

    @Test func changesThatWaitAreKept() throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        a.record([.set(node: TestReplica.root, member: "title", content: .value(.json("\"one\"")))])
        let first = a.engine.changes(since: DocumentVersion())
        a.record([.set(node: TestReplica.root, member: "title", content: .value(.json("\"two\"")))])
        let second = ChangeSet(document: "board", model: "Board", changes: [a.engine.log[a.engine.replica]![1]])
        try b.receive(second)
        var rebuilt = b
        rebuilt.engine = try ReplicaEngine(
            decoding: b.engine.encodedState(), replica: b.engine.replica, shapes: TestReplica.shapes)
        try rebuilt.receive(first)
        #expect(rebuilt.document == a.document)
    }

    @Test func bytesThatAreNotAStateAreRefused() throws {
        let a = TestReplica(1)
        let replica = a.engine.replica
        #expect(throws: (any Error).self) {
            try ReplicaEngine(decoding: Data("{}".utf8), replica: replica, shapes: TestReplica.shapes)
        }
        var b = TestReplica(2)
        b.record([.set(node: TestReplica.root, member: "title", content: .value(.json("\"x\"")))])
        b.record([.set(node: TestReplica.root, member: "title", content: .value(.json("\"y\"")))])
        var changes = b.engine.log[b.engine.replica]!
        changes[1] = ReplicaChange(
            replica: changes[1].replica, sequence: 7, dependencies: changes[1].dependencies,
            firstCounter: changes[1].firstCounter, operations: changes[1].operations)
        var writer = CompactWriter()
        writer.string("board")
        writer.string("Board")
        writer.varint(0)
        writer.changes(changes)
        writer.changes([])
        let outOfOrder = writer.bytes(format: ReplicaEngine.stateFormat)
        #expect(throws: ReplicaEngineError.self) {
            try ReplicaEngine(decoding: outOfOrder, replica: replica, shapes: TestReplica.shapes)
        }
        let state = try b.engine.encodedState()
        for length in 0..<state.count {
            #expect(throws: (any Error).self) {
                try ReplicaEngine(decoding: state.prefix(length), replica: replica, shapes: TestReplica.shapes)
            }
        }
    }
}
