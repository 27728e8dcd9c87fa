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
        let replicas = try R.replicas(2)
        let (a, b) = (replicas[0], replicas[1])
        try a.update { $0.board!.columns[0].cards.append(KanbanCard("new")) }
        try a.update { $0.board!.title = "renamed" }
        let real = try a.changes(since: DocumentVersion())
        #expect(real.changes.count == 2)
        let (first, second) = (real.changes[0], real.changes[1])
        // Second's key, first's operations: made twice once first is in.
        let forged = ReplicaChange(
            replica: second.replica, sequence: second.sequence, dependencies: second.dependencies,
            firstCounter: second.firstCounter, operations: first.operations)
        let poison = try ChangeSet(encoded: ChangeSet(document: real.document, model: real.model, changes: [forged]).encoded)
        try? b.merge(poison)  // waits for its predecessor (or is refused: either is fine)
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
        let replicas = try R.replicas(2)
        let (a, b) = (replicas[0], replicas[1])
        try a.update { $0.board!.columns[0].cards.append(KanbanCard("new")) }
        try a.update { $0.board!.title = "renamed" }
        let real = try a.changes(since: DocumentVersion())
        let (first, second) = (real.changes[0], real.changes[1])
        func forged(_ operations: [ChangeOperation]) throws -> ChangeSet {
            let change = ReplicaChange(
                replica: second.replica, sequence: second.sequence, dependencies: second.dependencies,
                firstCounter: second.firstCounter, operations: operations)
            return try ChangeSet(encoded: ChangeSet(document: real.document, model: real.model, changes: [change]).encoded)
        }
        try b.merge(try forged(first.operations))  // waits for change 1
        let before = b.replica.engine.waiting
        #expect(before.count == 1)
        // The real change 1 and another forgery of change 2 (it too makes change 1's nodes):
        // the call is refused, and the first forgery waits again.
        let bothForged = ChangeSet(
            document: real.document, model: real.model, changes: [first] + (try forged(first.operations + first.operations)).changes)
        #expect(throws: (any Error).self) { try b.merge(bothForged) }
        #expect(b.replica.engine.waiting == before)
        #expect(b.version == DocumentVersion())
        try b.merge(real)
        #expect(try R.text(b) == R.text(a))
    }
}
