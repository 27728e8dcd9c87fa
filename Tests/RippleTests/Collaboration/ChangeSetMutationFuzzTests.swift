import Foundation
@testable import Ripple
import Testing

/// A seeded mutation fuzzer of the change set decoder, which reads bytes from the network and
/// from shared folders: real change sets with bytes flipped, inserted, deleted or cut off. Each
/// mutant is decoded or refused with ``ReplicaError/malformed(_:)`` (never a crash), and one
/// that decodes is integrated by a replica or refused with nothing changed.
@Suite struct ChangeSetMutationFuzzTests {
    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func mutatedChangeSetsAreDecodedOrRefused(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let originals = try ChangeSetEncodingTests.realChangeSets(seed: seed + 100).map(\.encoded)
        var (refused, decoded, integrated) = (0, 0, 0)
        for _ in 0..<600 {
            var bytes = [UInt8](originals.randomElement(using: &random)!)
            for _ in 0..<Int.random(in: 1...3, using: &random) { mutate(&bytes, using: &random) }
            let changes: ChangeSet
            do {
                changes = try ChangeSet(encoded: Data(bytes))
            } catch let error as ReplicaError {
                guard case .malformed = error else { throw error }
                refused += 1
                continue
            }
            decoded += 1
            var replica = TestReplica(7, document: changes.document, model: changes.model)
            let before = replica.engine.changes(since: DocumentVersion())
            do {
                try replica.receive(changes)
                integrated += 1
            } catch {
                #expect(replica.engine.changes(since: DocumentVersion()) == before)
            }
            #expect(replica.document == replica.shown, "seed \(seed)")
        }
        print("change set mutations, seed \(seed): \(refused) refused, \(decoded) decoded, \(integrated) integrated")
        #expect(refused > 0 && decoded > 0)
    }

    private func mutate(_ bytes: inout [UInt8], using random: inout SeededGenerator) {
        let position = bytes.isEmpty ? 0 : Int.random(in: bytes.indices, using: &random)
        switch random.next() % 4 {
        case 0 where !bytes.isEmpty: bytes[position] ^= UInt8(1) << (random.next() % 8)
        case 1: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
        case 2 where !bytes.isEmpty: bytes.remove(at: position)
        default: bytes.removeLast(bytes.isEmpty ? 0 : Int.random(in: 0...(bytes.count - position), using: &random))
        }
    }
}
