import Foundation
@testable import Ripple
import Testing

/// The compact binary form of change sets: decoding what was encoded gives the change set back
/// (real ones from the engine fuzzer's replicas, and arbitrary ones with extreme numbers), its
/// `Codable` form is that one `Data` value, and a single-property change stays small.
@Suite struct ChangeSetEncodingTests {
    /// Change sets that 3 replicas made and exchanged at random (every operation shape, nodes of
    /// other replicas and of the genesis, dependencies on several replicas).
    static func realChangeSets(seed: UInt64) throws -> [ChangeSet] {
        var random = SeededGenerator(state: seed)
        var replicas = (0..<3).map { _ in TestReplica(UInt64.random(in: 1...UInt64.max, using: &random)) }
        var moves = 0
        var sets: [ChangeSet] = []
        for _ in 0..<25 {
            let index = Int.random(in: replicas.indices, using: &random)
            let before = replicas[index].engine.version
            _ = replicas[index].randomUpdate(using: &random, moves: &moves)
            sets.append(replicas[index].engine.changes(since: before))
            let source = Int.random(in: replicas.indices, using: &random)
            if source != index { try replicas[index].receive(from: replicas[source]) }
        }
        return sets + replicas.map { $0.engine.changes(since: DocumentVersion()) }
    }

    @Test(arguments: 1...24 as ClosedRange<UInt64>)
    func realChangeSetsRoundTrip(seed: UInt64) throws {
        for changes in try Self.realChangeSets(seed: seed) {
            #expect(try ChangeSet(encoded: changes.encoded) == changes, "seed \(seed)")
            let json = try JSONEncoder().encode(changes)
            #expect(try JSONDecoder().decode(ChangeSet.self, from: json) == changes, "seed \(seed)")
        }
    }

    @Test(arguments: 1...24 as ClosedRange<UInt64>)
    func arbitraryChangeSetsRoundTrip(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        for _ in 0..<40 {
            let changes = ArbitraryChanges.changeSet(using: &random)
            #expect(try ChangeSet(encoded: changes.encoded) == changes, "seed \(seed)")
        }
    }

    /// Consecutive changes with the same single dependency on another replica share its
    /// table when decoded; a change whose own replica that entry names (a dependency on its own
    /// replica not implied by its sequence) still reads its own count from it.
    @Test func sharedDependenciesReadBackWithTheOwnReplicasCount() throws {
        let (first, second) = (ReplicaID(rawValue: 7)!, ReplicaID(rawValue: 9)!)
        let write = ChangeOperation.write(node: NodeID.genesis(1), member: "x", value: .json("1"))
        func change(_ replica: ReplicaID, _ sequence: UInt64, _ dependencies: DocumentVersion, at counter: UInt64) -> ReplicaChange {
            ReplicaChange(replica: replica, sequence: sequence, dependencies: dependencies, firstCounter: counter, operations: [write])
        }
        var onSecond = DocumentVersion()
        onSecond[second] = 5
        var (onBoth, onBothLater) = (onSecond, onSecond)
        (onBoth[first], onBothLater[first]) = (1, 2)
        let changes = ChangeSet(
            document: "d", model: "m",
            changes: [
                change(first, 1, onSecond, at: 10), change(second, 9, onSecond, at: 11), change(first, 2, onBoth, at: 12),
                change(first, 3, onBothLater, at: 13), change(second, 10, onSecond, at: 14),
            ])
        let decoded = try ChangeSet(encoded: changes.encoded)
        #expect(decoded == changes)
        #expect(decoded.changes.map(\.ownDependency) == [0, 5, 1, 2, 5])
        #expect(decoded.changes.map(\.otherDependencies[second]) == [5, 0, 5, 5, 0])
    }

    /// The journal's set of noted nodes holds what was inserted, through its growth.
    @Test func aNodeIdentitySetHoldsWhatWasInserted() {
        var set = NodeIdentitySet()
        var random = SeededGenerator(state: 5)
        let ids = (0..<2_000).map { _ in
            NodeID(made: OperationID(counter: random.next() % 500, replica: ReplicaID(rawValue: random.next() % 3 + 1)!))
        }
        var expected: Set<NodeID> = []
        for id in ids {
            #expect(set.insert(id) == expected.insert(id).inserted)
        }
        #expect(set.count == expected.count)
        for counter in 0..<600 as Range<UInt64> {
            let id = NodeID(made: OperationID(counter: counter, replica: ReplicaID(rawValue: 2)!))
            #expect(set.contains(id) == expected.contains(id))
        }
        #expect(!NodeIdentitySet().contains(NodeID.genesis(1)))
    }

    @Test func itsCodableFormIsTheCompactBytes() throws {
        let changes = try #require(try Self.realChangeSets(seed: 3).last)
        let json = try JSONEncoder().encode(changes)
        #expect(try JSONDecoder().decode(String.self, from: json) == changes.encoded.base64EncodedString())
        let list = try PropertyListEncoder().encode([changes])
        #expect(try PropertyListDecoder().decode([ChangeSet].self, from: list) == [changes])
        let version = changes.changes.last!.dependencies
        #expect(try DocumentVersion(encoded: version.encoded) == version)
        #expect(try JSONDecoder().decode(DocumentVersion.self, from: JSONEncoder().encode(version)) == version)
    }

    /// Issue 27's goal: at most twice Loro's 86 bytes for one property written.
    @Test func aSinglePropertyChangeIsSmall() throws {
        var replica = TestReplica(UInt64.max - 12345, document: UUID().uuidString, model: "PointBoard")
        let before = replica.engine.version
        replica.record([.set(node: TestReplica.root, member: "title", content: .value(.json("123456")))])
        let bytes = replica.engine.changes(since: before).encoded.count
        #expect(bytes <= 2 * 86, "\(bytes) bytes")
    }

    @Test func bytesThatAreNotAChangeSetAreMalformed() {
        let cases: [[UInt8]] = [
            [], [0x7B], [0xC1], [0xC1, 0, 0],  // wrong format, cut short, no names
            [0xC1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01],  // a count past 64 bits
            [0xC1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F],  // a count past the end
            [0xC1, 2, 2, 0xC3, 1, 0x41, 0, 0],  // a string that is not UTF-8
        ]
        for bytes in cases {
            #expect(throws: ReplicaError.self) { try ChangeSet(encoded: Data(bytes)) }
        }
        let valid = ChangeSet(document: "d", model: "m", changes: []).encoded
        #expect(throws: ReplicaError.malformed("1 bytes past the end")) { try ChangeSet(encoded: valid + [0]) }
    }

    /// A string is read as its bytes exactly when they are UTF-8, and refused when they are not
    /// (Foundation's decoding the reference for which are), whatever the bytes.
    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func stringsReadBackAsTheirBytesOrAreRefused(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("é".utf8), Array("🧵".utf8), Array("\u{FFFD}".utf8), [0xEF, 0xBB, 0xBF],
            [0x80], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0],
        ]
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 6) { bytes += pieces[Int(random.next() % UInt64(pieces.count))] }
            var reader = try CompactReader(Data([0xAA, 0, 0] + bytes), format: 0xAA, what: "a test")
            let read = try? reader.inlineString(length: UInt64(bytes.count))
            let isUTF8 = String(bytes: bytes, encoding: .utf8) != nil
            #expect(read.map { Array($0.utf8) == bytes } ?? !isUTF8, "\(bytes)")
            #expect((read != nil) == isUTF8, "\(bytes)")
        }
    }
}

/// Change sets of any shape, with numbers anywhere in range (they need not be valid changes).
enum ArbitraryChanges {
    static func changeSet(using random: inout SeededGenerator) -> ChangeSet {
        let replicas = [ReplicaID.genesis] + (0..<3).map { _ in ReplicaID(rawValue: random.next() | 1)! }
        func number() -> UInt64 {
            [0, 1, random.next() % 300, random.next(), UInt64.max][Int(random.next() % 5)]
        }
        func id() -> OperationID { OperationID(counter: number(), replica: replicas.randomElement(using: &random)!) }
        func node() -> NodeID { NodeID(made: id()) }
        func text() -> String {
            ["", "title", "\"é\"", "null", "k\(random.next() % 9)", "🧵 \(random.next())"][Int(random.next() % 6)]
        }
        func value() -> ReplicaValue { Bool.random(using: &random) ? .json(text()) : .node(node()) }
        func removals() -> [Removal] {
            (0..<Int(random.next() % 3)).map { _ in Removal(target: id(), move: Bool.random(using: &random) ? id() : nil) }
        }
        func operation() -> ChangeOperation {
            switch random.next() % 10 {
            case 0: .make(node: node(), type: text())
            case 1: .write(node: node(), member: text(), value: value())
            case 2: .presence(node: node(), member: text(), absent: Bool.random(using: &random))
            case 3:
                .insert(
                    node: node(), member: text(), parent: Bool.random(using: &random) ? id() : nil,
                    leftSide: Bool.random(using: &random), values: (0..<Int(random.next() % 4)).map { _ in value() })
            case 4: .delete(node: node(), member: text(), items: removals())
            case 5: .put(node: node(), member: text(), key: text(), value: value(), seen: removals())
            case 6: .removeKey(node: node(), member: text(), key: text(), seen: removals())
            case 7: .add(node: node(), member: text(), element: value())
            case 8: .removeElement(node: node(), member: text(), element: value(), seen: removals())
            default: .move(node: node(), destination: Placement(holder: node(), member: text(), id: id()))
            }
        }
        let changes = (0..<Int(random.next() % 4)).map { _ in
            var dependencies = DocumentVersion()
            for replica in replicas.dropFirst() where Bool.random(using: &random) { dependencies[replica] = number() }
            return ReplicaChange(
                replica: replicas.randomElement(using: &random)!, sequence: number(), dependencies: dependencies,
                firstCounter: number(), operations: (0..<Int(random.next() % 5)).map { _ in operation() })
        }
        return ChangeSet(document: Bool.random(using: &random) ? UUID().uuidString : text(), model: text(), changes: changes)
    }
}
