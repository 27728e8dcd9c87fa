import Foundation
@testable import Ripple
import Testing

/// A replica's log packs its older changes into the compact form: checked against a plain array
/// of the same changes, over appends, reads from every position and truncations to any length.
@Suite struct ReplicaLogTests {
    @Test(arguments: 0..<8 as Range<UInt64>)
    func aLogReadsAndTruncatesAsAnArrayWould(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        let replica = ReplicaID(rawValue: 7)!
        let other = ReplicaID(rawValue: 9)!
        var log = ReplicaLog()
        var reference: [ReplicaChange] = []
        var counter: UInt64 = 0
        for _ in 0..<300 {
            if !reference.isEmpty, Int.random(in: 0..<10, using: &random) == 0 {
                let kept = Int.random(in: 0..<reference.count, using: &random)
                log.truncate(to: kept)
                reference.removeSubrange(kept...)
                counter = reference.compactMap(\.lastCounter).max() ?? 0
            } else {
                let change = Self.change(
                    replica: replica, sequence: UInt64(reference.count + 1), after: counter, other: other, using: &random)
                counter = change.lastCounter ?? counter
                log.append(change)
                reference.append(change)
            }
            #expect(log.count == reference.count)
            #expect(log.greatestCounter == (reference.compactMap(\.lastCounter).max() ?? 0))
            let start = Int.random(in: 0...reference.count, using: &random)
            #expect(log.changes(from: start) == Array(reference[start...]), "seed \(seed), from \(start)")
        }
        #expect(log.changes(from: 0) == reference)
    }

    /// Changes merged from a change set's bytes are packed as those bytes, not encoded again,
    /// and read back as the changes were: two replicas' changes interleaved in one set, each
    /// log checked against a plain array over reads from every position and truncations.
    @Test(arguments: 0..<4 as Range<UInt64>)
    func aLogKeepsTheBytesItsChangesCameInAndReadsAsAnArrayWould(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let replicas = [ReplicaID(rawValue: 7)!, ReplicaID(rawValue: 9)!]
        var sent: [ReplicaChange] = []
        var counter: UInt64 = 0
        var sequences: [UInt64] = [0, 0]
        for _ in 0..<400 {
            // Runs of one replica, now and then the other's change between them.
            let which = Int.random(in: 0..<8, using: &random) == 0 ? 1 : 0
            sequences[which] += 1
            let change = Self.change(
                replica: replicas[which], sequence: sequences[which], after: counter, other: replicas[1 - which],
                using: &random)
            counter = change.lastCounter ?? counter
            sent.append(change)
        }
        let received = try ChangeSet(encoded: ChangeSet(document: "d", model: "m", changes: sent).encoded)
        #expect(received.changes == sent)
        var logs = [ReplicaLog(), ReplicaLog()]
        var references: [[ReplicaChange]] = [[], []]
        var receivedPacks = 0
        for (index, change) in received.changes.enumerated() {
            let which = change.replica == replicas[0] ? 0 : 1
            logs[which].append(change, received: received.received!.run(of: index, in: received.changes))
            references[which].append(change)
            receivedPacks = max(receivedPacks, logs[which].receivedPacks)
            if Int.random(in: 0..<50, using: &random) == 0 {
                let kept = Int.random(in: 0...references[which].count, using: &random)
                logs[which].truncate(to: kept)
                references[which].removeSubrange(kept...)
            }
            let start = Int.random(in: 0...references[which].count, using: &random)
            #expect(logs[which].changes(from: start) == Array(references[which][start...]), "seed \(seed), from \(start)")
        }
        #expect(receivedPacks > 0)
        for which in 0..<2 {
            #expect(logs[which].count == references[which].count)
            #expect(logs[which].greatestCounter == (references[which].compactMap(\.lastCounter).max() ?? 0))
            #expect(logs[which].changes(from: 0) == references[which])
        }
    }

    /// A replica that merges a change set from its bytes keeps them in its log, and serves and
    /// saves the same as one that merged the same changes as values.
    @Test func aChangeSetMergedFromItsBytesIsServedAndSavedAsOneMergedAsValues() throws {
        var a = TestReplica(1)
        for index in 0..<(ReplicaLog.packingThreshold + 100) {
            a.record([.set(node: TestReplica.root, member: "title", content: .value(.json("\"\(index)\"")))])
        }
        var fromBytes = TestReplica(2)
        var fromValues = TestReplica(2)
        let sent = a.engine.changes(since: fromBytes.engine.version)
        try fromBytes.receive(try ChangeSet(encoded: sent.encoded))
        try fromValues.receive(sent)
        #expect(try #require(fromBytes.engine.log[a.engine.replica]).receivedPacks == 1)
        #expect(try #require(fromValues.engine.log[a.engine.replica]).receivedPacks == 0)
        #expect(fromBytes.engine.changes(since: DocumentVersion()) == fromValues.engine.changes(since: DocumentVersion()))
        #expect(try fromBytes.engine.encodedState() == fromValues.engine.encodedState())
        #expect(fromBytes.shown == a.shown)
    }

    /// A change of `replica` after counter `after`: up to 300 writes (so that some fill a pack
    /// alone; numbers and texts, some not ASCII), some depending on `other`, some removing only
    /// (no counter of their own).
    static func change(
        replica: ReplicaID, sequence: UInt64, after: UInt64, other: ReplicaID, using random: inout SeededGenerator
    ) -> ReplicaChange {
        let node = NodeID(made: OperationID(counter: 1, replica: replica))
        let writes = Int.random(in: 0..<10, using: &random) == 0 ? 300 : Int.random(in: 0...3, using: &random)
        var operations: [ChangeOperation] = (0..<writes).map {
            let number = Int.random(in: -5...100_000, using: &random)
            // Some texts repeat, some are not ASCII: a pack writes each where it stands.
            return .write(node: node, member: "m\($0 % 4)", value: .json(number % 7 == 0 ? "\"é🙂 \(number % 3)\"" : "\(number)"))
        }
        if writes == 0 {
            operations = [.delete(node: node, member: "items", items: [Removal(target: OperationID(counter: 1, replica: other), move: nil)])]
        }
        var dependencies = DocumentVersion()
        dependencies[replica] = sequence - 1
        if Bool.random(using: &random) { dependencies[other] = UInt64.random(in: 1...50, using: &random) }
        return ReplicaChange(
            replica: replica, sequence: sequence, dependencies: dependencies, firstCounter: after + 1, operations: operations)
    }
}
