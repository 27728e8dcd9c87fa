import Foundation
@testable import Ripple
import Testing

/// Change sets altered at random (digits changed in their JSON (base64) form, as a hostile or broken
/// peer might send them) never crash a replica: each is integrated or refused, and a refused
/// one leaves the replica exactly as it was.
@Suite struct ReplicaEngineHostileInputTests {
    @Test(arguments: 1...6 as ClosedRange<UInt64>)
    func alteredChangeSetsAreIntegratedOrRefusedWhole(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        var author = TestReplica(1)
        var moves = 0
        for _ in 0..<30 { _ = author.randomUpdate(using: &random, moves: &moves) }
        let encoded = try JSONEncoder().encode(author.engine.changes(since: DocumentVersion()))
        let digits = encoded.indices.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(encoded[$0]) }
        var (refused, integrated) = (0, 0)
        for _ in 0..<150 {
            var altered = encoded
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                altered[digits.randomElement(using: &random)!] = UInt8(ascii: "0") + UInt8(random.next() % 10)
            }
            guard let changes = try? JSONDecoder().decode(ChangeSet.self, from: altered) else { continue }
            var replica = TestReplica(2)
            let before = replica.engine.changes(since: DocumentVersion())
            do {
                try replica.receive(changes)
                integrated += 1
            } catch {
                refused += 1
                #expect(replica.engine.version == DocumentVersion())
                #expect(replica.engine.changes(since: DocumentVersion()) == before)
            }
            #expect(replica.document == replica.shown)
        }
        print("hostile change sets, seed \(seed): \(integrated) integrated, \(refused) refused")
        #expect(refused > 0)
    }
}
