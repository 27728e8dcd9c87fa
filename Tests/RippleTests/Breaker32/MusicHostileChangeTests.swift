import Foundation
@testable import Ripple
import Testing

/// Issue 32's breaker: change sets made by hand, as a buggy or hostile peer would send them,
/// with numbers at the edges of what the engine accepts.
@MainActor
@Suite struct MusicHostileChangeTests {
    typealias R = MusicReplicas

    /// A change of a replica no one knows, writing what `real`'s only change wrote, with its
    /// first clock at `clock`, through the compact form as it would arrive.
    static func forged(_ real: ChangeSet, clock: UInt64) throws -> ChangeSet {
        let original = real.changes[0]
        let change = ReplicaChange(
            replica: ReplicaID(rawValue: 0xBAD_C0DE)!, sequence: 1, dependencies: original.otherDependencies,
            firstCounter: clock, operations: original.operations)
        return try ChangeSet(encoded: ChangeSet(document: real.document, model: real.model, changes: [change]).encoded)
    }

    /// Finding: a change whose clock is the greatest the engine accepts (2^62) is merged; the
    /// replica's own clock follows it, so every change it makes after is past that greatest
    /// clock, and the other replicas refused them as malformed: one change from one bad peer
    /// cut a replica off from everyone who did not merge it. Now a change whose clocks leap
    /// past everything it builds on is refused (``ReplicaEngine/maximumClockLeap``).
    @Test func aChangeAtTheGreatestClockDoesNotCutTheReceiverOff() throws {
        let replicas = try R.replicas(3)
        let before = replicas[0].version
        try replicas[0].update { $0.music!.name = "Forged" }
        let real = try replicas[0].changes(since: before)
        let poison = try Self.forged(real, clock: ReplicaEngine.maximumClock)
        let snapshot = try replicas[1].snapshot()
        #expect(throws: ReplicaError.self) { try replicas[1].merge(poison) }
        #expect(try replicas[1].snapshot() == snapshot, "refused with nothing changed")
        try replicas[1].update { $0.music!.playlists[0].title = "After" }
        try replicas[2].merge(try replicas[1].changes(since: replicas[2].version))
        #expect(R.music(replicas[2]).playlists[0].title == "After")
    }

    /// A clock one past the greatest is refused, with a clear error, and changes nothing.
    @Test func aChangePastTheGreatestClockIsRefused() throws {
        let replicas = try R.replicas(2)
        let before = replicas[0].version
        try replicas[0].update { $0.music!.name = "Forged" }
        let poison = try Self.forged(try replicas[0].changes(since: before), clock: ReplicaEngine.maximumClock + 1)
        let snapshot = try replicas[1].snapshot()
        #expect(throws: ReplicaError.self) { try replicas[1].merge(poison) }
        #expect(try replicas[1].snapshot() == snapshot)
    }
}
