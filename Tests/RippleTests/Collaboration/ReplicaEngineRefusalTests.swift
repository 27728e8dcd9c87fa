import Foundation
@testable import Ripple
import Testing

/// A refused change set leaves a replica that already holds a shared document exactly as it
/// was, table by table: integrating works in place and undoes what it overwrote, so a missed
/// undo of a node, place, move, log entry or waiting change shows here.
@Suite struct ReplicaEngineRefusalTests {
    @Test(arguments: 1...6 as ClosedRange<UInt64>)
    func aRefusedChangeSetLeavesEveryTableAsItWas(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        var author = TestReplica(1)
        var moves = 0
        for _ in 0..<15 { _ = author.randomUpdate(using: &random, moves: &moves) }
        var reader = TestReplica(2)
        try reader.receive(from: author)
        for _ in 0..<5 { _ = reader.randomUpdate(using: &random, moves: &moves) }
        let shared = author.engine.version
        for _ in 0..<20 { _ = author.randomUpdate(using: &random, moves: &moves) }
        let later = author.engine.changes(since: shared)
        let encoded = try JSONEncoder().encode(later)
        let digits = encoded.indices.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(encoded[$0]) }
        var expected = reader
        try expected.receive(later)
        var refused = 0
        for _ in 0..<100 {
            var altered = encoded
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                altered[digits.randomElement(using: &random)!] = UInt8(ascii: "0") + UInt8(random.next() % 10)
            }
            guard let changes = try? JSONDecoder().decode(ChangeSet.self, from: altered) else { continue }
            var replica = reader
            guard (try? replica.receive(changes)) == nil else { continue }
            refused += 1
            expectSameTables(replica.engine, reader.engine)
            #expect(replica.document == replica.shown)
            try replica.receive(later)
            #expect(replica.shown == expected.shown)
            #expect(replica.document == expected.document)
        }
        #expect(refused > 0)
    }

    /// A merge the model refuses (the engine took it, the document cannot: a checklist nested
    /// deeper than the limit by itself, which a merge still refuses) puts the
    /// session's engine back from what it overwrote, so the replica stays as it was.
    @MainActor @Test func aMergeTheModelRefusesLeavesTheEngineAsItWas() throws {
        let replicas = try KanbanReplicas.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { $0.board!.title = "first" }
        try KanbanReplicas.sync(mac, into: iPad)
        let before = iPad.replica.engine
        let text = try KanbanReplicas.text(iPad)
        // A replica refuses its own update past its limits: this one has them raised.
        mac.documentLimits.maximumDepth = 2_000
        try mac.update { library in
            let top = KanbanCheck()
            var current = top
            for depth in 1..<1_100 {
                let item = KanbanCheck()
                item.text = "\(depth)"
                current.items = [item]
                current = item
            }
            library.board!.columns[0].cards[0].checklist = [top]
        }
        #expect(throws: (any Error).self) { try KanbanReplicas.sync(mac, into: iPad) }
        expectSameTables(iPad.replica.engine, before)
        #expect(try KanbanReplicas.text(iPad) == text)
    }

    private func expectSameTables(_ engine: ReplicaEngine, _ original: ReplicaEngine) {
        #expect(engine.nodes == original.nodes)
        #expect(engine.placements == original.placements)
        #expect(engine.moves == original.moves)
        #expect(engine.moveStatus == original.moveStatus)
        #expect(engine.waiting == original.waiting)
        #expect(engine.version == original.version)
        #expect(engine.clock == original.clock)
        #expect(engine.changes(since: DocumentVersion()) == original.changes(since: DocumentVersion()))
    }
}
