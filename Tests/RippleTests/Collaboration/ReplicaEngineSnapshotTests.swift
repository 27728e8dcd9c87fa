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
        let second = ChangeSet(document: "board", model: "Board", changes: a.engine.log[a.engine.replica]!.changes(from: 1))
        try b.receive(second)
        var rebuilt = b
        rebuilt.engine = try ReplicaEngine(
            decoding: b.engine.encodedState(), replica: b.engine.replica, shapes: TestReplica.shapes)
        try rebuilt.receive(first)
        #expect(rebuilt.document == a.document)
    }

    /// The log's counters are written relative to the one before (a byte each for nodes made
    /// one after the other); a state in the format before, relative to each change's first
    /// counter, is still read, to the same tables.
    @Test func aStateInTheFormerFormatIsReadAndTheNewOneIsSmaller() throws {
        var a = TestReplica(1)
        var operations: [ReplicaOperation] = []
        for index in 0..<300 {
            let card = a.engine.newNode()
            operations.append(TestReplica.make(card, title: "\"\(index)\""))
            operations.append(.splice(node: TestReplica.root, member: "items", at: index, removing: 0, inserting: [.node(card)]))
        }
        a.record(operations)
        _ = a.addBoard()
        let former = try a.engine.encodedState(format: ReplicaEngine.formerStateFormat)
        let current = try a.engine.encodedState()
        #expect(former.first == ReplicaEngine.formerStateFormat)
        #expect(current.first == ReplicaEngine.stateFormat)
        #expect(current.count < former.count)
        let shapes = TestReplica.shapes
        let fromFormer = try ReplicaEngine(decoding: former, replica: a.engine.replica, shapes: shapes)
        let fromCurrent = try ReplicaEngine(decoding: current, replica: a.engine.replica, shapes: shapes)
        #expect(try fromFormer.encodedState() == current)
        #expect(try fromCurrent.encodedState() == current)
        #expect(fromFormer.changes(since: DocumentVersion()) == a.engine.changes(since: DocumentVersion()))
        #expect(fromFormer.nodes == a.engine.nodes)
        // The format before this one wrote integers as texts: still read, to the same tables.
        let previous = try a.engine.encodedState(format: ReplicaEngine.previousStateFormat)
        #expect(previous.first == ReplicaEngine.previousStateFormat)
        #expect(previous.count < former.count)
        let fromPrevious = try ReplicaEngine(decoding: previous, replica: a.engine.replica, shapes: shapes)
        #expect(try fromPrevious.encodedState() == current)
        #expect(fromPrevious.changes(since: DocumentVersion()) == a.engine.changes(since: DocumentVersion()))
        #expect(fromPrevious.nodes == a.engine.nodes)
    }

    /// A value that is an integer in its plain spelling is written as the number; any other
    /// spelling of a number (or one too large) stays text: every value reads back as it was.
    @Test func integersAreNumbersAndEveryOtherTextStaysAsItWas() throws {
        var a = TestReplica(1)
        let texts = [
            "0", "7", "-7", "100000", "-100000", "2305843009213693951", "-2305843009213693951", "2305843009213693952",
            "-2305843009213693952", "9223372036854775807", "-9223372036854775808", "99999999999999999999", "-0", "007",
            "1.0", "1e3", "+1", " 1", "\"12\"", "",
        ]
        var operations: [ReplicaOperation] = []
        for (index, text) in texts.enumerated() {
            let card = a.engine.newNode()
            operations.append(TestReplica.make(card, title: text))
            operations.append(.splice(node: TestReplica.root, member: "items", at: index, removing: 0, inserting: [.node(card)]))
        }
        a.record(operations)
        let state = try a.engine.encodedState()
        let decoded = try ReplicaEngine(decoding: state, replica: a.engine.replica, shapes: TestReplica.shapes)
        #expect(decoded.nodes == a.engine.nodes)
        #expect(decoded.changes(since: DocumentVersion()) == a.engine.changes(since: DocumentVersion()))
        #expect(try decoded.encodedState() == state)
        let titles = Set(a.engine.nodes.values.compactMap { $0.registers["title"]?.winner?.value })
        #expect(titles.isSuperset(of: texts.map { ReplicaValue.json($0) }))
        // Seven small integers: a byte or two each as numbers, their texts and indices otherwise.
        let previous = try a.engine.encodedState(format: ReplicaEngine.previousStateFormat)
        #expect(state.count < previous.count)
    }

    /// The log refers to what the tables show (nodes made, writes that still win, items
    /// inserted), items without removals and nodes whose registers are named as the node's
    /// before say so in a flag: a state of nodes made in one update takes about half the bytes
    /// of the format before, which is still read, to the same tables and log.
    @Test func aStateWritesWhatItsTablesShowOnce() throws {
        var a = TestReplica(1)
        var operations: [ReplicaOperation] = []
        var cards: [NodeID] = []
        for index in 0..<300 {
            let card = a.engine.newNode()
            cards.append(card)
            operations.append(TestReplica.make(card, title: "\(index)"))
        }
        operations.append(.splice(node: TestReplica.root, member: "items", at: 0, removing: 0, inserting: cards.map { .node($0) }))
        a.record(operations)
        // Some writes overwritten, some items removed, a run inserted later: the log holds what
        // the tables no longer show too.
        a.record([.set(node: cards[3], member: "title", content: .value(.json("\"three\"")))])
        a.record([.set(node: cards[3], member: "title", content: .value(.json("\"3\"")))])
        a.record([.splice(node: TestReplica.root, member: "items", at: 10, removing: 5, inserting: [])])
        _ = a.addBoard(to: cards[7])
        var b = TestReplica(2)
        try b.receive(from: a)
        b.record([.set(node: cards[8], member: "title", content: .value(.json("\"b\"")))])
        try a.receive(from: b)

        let current = try a.engine.encodedState()
        let fullLog = try a.engine.encodedState(format: ReplicaEngine.fullLogStateFormat)
        #expect(current.first == ReplicaEngine.stateFormat)
        #expect(fullLog.first == ReplicaEngine.fullLogStateFormat)
        #expect(Double(current.count) < 0.6 * Double(fullLog.count), "\(current.count) bytes against \(fullLog.count)")
        for bytes in [current, fullLog] {
            let decoded = try ReplicaEngine(decoding: bytes, replica: a.engine.replica, shapes: TestReplica.shapes)
            #expect(decoded.nodes == a.engine.nodes)
            #expect(decoded.version == a.engine.version)
            #expect(decoded.clock == a.engine.clock)
            #expect(decoded.changes(since: DocumentVersion()) == a.engine.changes(since: DocumentVersion()))
            #expect(try decoded.encodedState() == current)
        }
    }

    /// A log's reference names a table entry once: a second change whose run names a write the
    /// first one named (their counters overlap) is refused, so that a few bytes never read as a
    /// log larger than the tables.
    @Test func aWriteTheLogNamesTwiceIsRefused() throws {
        var a = TestReplica(1)
        a.record([.set(node: TestReplica.root, member: "title", content: .value(.json("\"x\"")))])
        let write = a.engine.changes(since: DocumentVersion()).changes.last!
        let again = ReplicaChange(
            replica: write.replica, sequence: write.sequence + 1, ownDependency: write.sequence,
            otherDependencies: DocumentVersion(), firstCounter: write.firstCounter, operations: write.operations)
        func log(_ changes: [ReplicaChange]) throws -> [ReplicaChange] {
            var writer = CompactWriter()
            writer.changes(changes) { writer, _ in
                writer.varint(1)
                writer.varint(ShownOperation.shownWrites)
                writer.varint(1)
            }
            var reader = try CompactReader(writer.bytes(format: ReplicaEngine.stateFormat), format: ReplicaEngine.stateFormat, what: "a log")
            var shown = ShownLogReader(nodes: a.engine.nodes)
            return try reader.changes { reader, replica, first in try shown.operations(&reader, replica: replica, firstCounter: first) }
        }
        #expect(try log([write]) == [write])
        let id = OperationID(counter: write.firstCounter, replica: write.replica)
        #expect(throws: ReplicaError.malformed("a write \(id) that the state does not show")) { try log([write, again]) }
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
        var unknownHolder = ReplicaStateWriter()
        unknownHolder.writer.string("board")
        unknownHolder.writer.string("Board")
        unknownHolder.writer.bool(false)
        unknownHolder.writer.varint(0)  // no node
        unknownHolder.writer.varint(1)  // one node's places
        unknownHolder.id(TestReplica.root.made)
        unknownHolder.writer.varint(1)
        unknownHolder.id(TestReplica.root.made)  // held by a node the state does not have
        unknownHolder.writer.string("items")
        unknownHolder.id(OperationID(counter: 3, replica: replica))
        let bytes = unknownHolder.writer.bytes(format: ReplicaEngine.stateFormat)
        #expect(throws: ReplicaError.malformed("a place in unknown node \(TestReplica.root)")) {
            try ReplicaEngine(decoding: bytes, replica: replica, shapes: TestReplica.shapes)
        }
        let state = try b.engine.encodedState()
        for length in 0..<state.count {
            #expect(throws: (any Error).self) {
                try ReplicaEngine(decoding: state.prefix(length), replica: replica, shapes: TestReplica.shapes)
            }
        }
    }
}

/// A state keeps the history: a replica opened from it still sends what it made before to a
/// replica that never heard of it (an app that saved and quit before syncing loses nothing);
/// a log that does not match the version is refused; damaged state bytes are refused or
/// decoded, never a crash.
@Suite struct ReplicaEngineCompactedStateTests {
    @Test func aReplicaOpenedFromAStateStillSendsWhatItMadeBefore() throws {
        var (a, b) = (TestReplica(1), TestReplica(2))
        let card = a.addBoard()
        a.record([.set(node: card, member: "title", content: .value(.json("\"before\"")))])
        var reopened = a
        reopened.engine = try ReplicaEngine(
            decoding: a.engine.encodedState(), replica: a.engine.replica, shapes: TestReplica.shapes)
        #expect(reopened.engine.compacted == DocumentVersion())
        #expect(reopened.engine.changes(since: DocumentVersion()) == a.engine.changes(since: DocumentVersion()))
        #expect(reopened.engine.clock == a.engine.clock)
        reopened.record([.set(node: card, member: "title", content: .value(.json("\"after\"")))])
        let after = reopened.engine.changes(since: a.engine.version).changes
        #expect(after.map(\.sequence) == [a.engine.version[a.engine.replica] + 1])
        // b never heard of a: the reopened replica sends it everything.
        try b.receive(from: reopened)
        #expect(b.document == reopened.document)
        #expect(try b.engine.encodedState() == reopened.engine.encodedState())
        // A log that lacks a change the version counts is damage.
        var cut = a.engine
        let logged = cut.log[a.engine.replica]!.count
        cut.log[a.engine.replica]?.truncate(to: logged - 1)
        #expect(throws: ReplicaError.malformed("the log lacks changes of \(a.engine.replica)")) {
            try ReplicaEngine(decoding: cut.encodedState(), replica: a.engine.replica, shapes: TestReplica.shapes)
        }
    }

    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func damagedStatesAreRefusedOrDecoded(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        var author = TestReplica(1)
        var moves = 0
        for _ in 0..<30 { _ = author.randomUpdate(using: &random, moves: &moves) }
        let state = [UInt8](try author.engine.encodedState())
        var (refused, decoded) = (0, 0)
        for _ in 0..<300 {
            var bytes = state
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = Int.random(in: bytes.indices, using: &random)
                if Bool.random(using: &random) {
                    bytes[position] ^= UInt8(1) << (random.next() % 8)
                } else {
                    bytes.remove(at: position)
                }
            }
            guard
                let engine = try? ReplicaEngine(
                    decoding: Data(bytes), replica: author.engine.replica, shapes: TestReplica.shapes)
            else {
                refused += 1
                continue
            }
            decoded += 1
            _ = VisibleDocument(engine)
        }
        print("damaged replica states, seed \(seed): \(refused) refused, \(decoded) decoded")
        #expect(refused > 0)
    }
}
