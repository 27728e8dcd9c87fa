import Foundation
@testable import Ripple
import Testing

/// Issue 29's quick breaker: a waiting change and a later change with the same key.
@MainActor
@Suite struct Breaker29PoisonTests {
    typealias R = KanbanReplicas

    /// Finding (fixed): a malformed change that waits (its predecessor missing) kept its key:
    /// the real change with that key, arriving later with its predecessor, was skipped for the
    /// waiting one, which was then applied, failed, and refused the whole call, every time and
    /// after reopening from a snapshot. The waiting change now gives way to the one arriving.
    @Test func aWaitingMalformedChangeBlocksTheRealOneWithItsKey() throws {
        let (a, b, real) = try Self.twoChanges()
        // Second's key, first's operations: made twice once first is in.
        try? b.merge(try Self.forged(real, operations: real.changes[0].operations))  // waits for its predecessor
        try b.merge(real)
        #expect(try R.text(b) == R.text(a))
        try b.merge(try a.changes(since: DocumentVersion()))
        #expect(b.version == a.version)
        let reopened = try Mediator<Library>(opening: try b.snapshot())
        try reopened.merge(real)
        #expect(reopened.version == a.version)
        #expect(try R.text(reopened) == R.text(a))
    }
    /// A change that takes a waiting change's key in a call that is refused leaves the waiting
    /// change as it was (undone latest first), and the engine's tables as they were.
    @Test func aRefusedCallPutsBackTheWaitingChangeThatGaveWay() throws {
        let (a, b, real) = try Self.twoChanges()
        let first = real.changes[0]
        try b.merge(try Self.forged(real, operations: first.operations))  // waits for change 1
        let before = b.replica.engine.waiting
        #expect(before.count == 1)
        // The real change 1 and another forgery of change 2 (it too makes change 1's nodes):
        // the call is refused, and the first forgery waits again.
        let bothForged = ChangeSet(
            document: real.document, model: real.model, changes: [first] + (try Self.forged(real, operations: first.operations + first.operations)).changes)
        #expect(throws: (any Error).self) { try b.merge(bothForged) }
        #expect(b.replica.engine.waiting == before)
        #expect(b.version == DocumentVersion())
        try b.merge(real)
        #expect(try R.text(b) == R.text(a))
    }

    /// Two replicas; the first made two changes (a card, then a title), which the second lacks.
    static func twoChanges() throws -> (a: Mediator<Library>, b: Mediator<Library>, changes: ChangeSet) {
        let replicas = try R.replicas(2)
        try replicas[0].update { $0.board!.columns[0].cards.append(KanbanCard("new")) }
        try replicas[0].update { $0.board!.title = "renamed" }
        let changes = try replicas[0].changes(since: DocumentVersion())
        #expect(changes.changes.count == 2)
        return (replicas[0], replicas[1], changes)
    }

    /// A change set of one change with the key of `real`'s second change and `operations`,
    /// through the compact form, as it would arrive.
    static func forged(_ real: ChangeSet, operations: [ChangeOperation]) throws -> ChangeSet {
        let second = real.changes[1]
        let change = ReplicaChange(
            replica: second.replica, sequence: second.sequence, dependencies: second.dependencies,
            firstCounter: second.firstCounter, operations: operations)
        return try ChangeSet(encoded: ChangeSet(document: real.document, model: real.model, changes: [change]).encoded)
    }
}
