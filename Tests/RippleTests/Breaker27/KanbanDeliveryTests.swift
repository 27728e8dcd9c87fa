import Foundation
@testable import Ripple
import Testing

/// Issue 27's breaker: change sets delivered as a real transport would (duplicated, reordered,
/// partial, from a third replica, from another document, altered on the way).
@MainActor
@Suite struct KanbanDeliveryTests {
    typealias R = KanbanReplicas

    @Test func changeSetsDeliveredBackwardsAndTwiceConverge() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        var sets: [ChangeSet] = []
        for step in 0..<6 {
            let before = mac.version
            try mac.update { library in
                let board = library.board!
                board.columns[step % 3].cards.append(KanbanCard("new \(step)"))
                board.assignees["card \(step)"] = "ann"
                board.limits[step] = step * 10
                board.columns[0].cards[0].tags.insert("t\(step)")
            }
            sets.append(try mac.changes(since: before))
        }
        for set in sets.reversed() + sets { try iPad.merge(set) }
        #expect(try R.text(iPad) == R.text(mac))
        #expect(iPad.version == mac.version)
    }

    @Test func aThirdReplicaRelaysChangesOfTheOtherTwo() throws {
        let replicas = try R.replicas(3)
        let (a, b, c) = (replicas[0], replicas[1], replicas[2])
        try a.update { $0.board!.columns[0].name = "A" }
        try b.update { $0.board!.columns[0].name = "B" }
        try b.update { $0.board!.starred.insert($0.board!.columns[1].cards[0]) }
        try R.sync(a, into: c)
        try R.sync(b, into: c)
        // a gets b's changes only through c.
        try R.sync(c, into: a)
        try R.sync(a, into: b)
        #expect(try R.text(a) == R.text(c))
        #expect(try R.text(b) == R.text(c))
        #expect(R.board(a).starred.count == 1)
    }

    @Test func aChangeSetOfAnotherDocumentIsRefusedWithNothingChanged() throws {
        let mine = try R.replicas(2)
        let theirs = try R.replicas(1)[0]
        try theirs.update { $0.board!.title = "Theirs" }
        let before = try R.text(mine[1])
        let changes = try theirs.changes(since: DocumentVersion())
        // Breaker finding (fixed): it threw the internal `ReplicaEngineError`, which
        // `catch ReplicaError.otherDocument` missed.
        #expect(throws: ReplicaError.otherDocument) { try mine[1].merge(changes) }
        #expect(throws: (any Error).self) { try mine[1].merge(changes) }
        #expect(try R.text(mine[1]) == before)
    }

    @Test func aPartialChangeSetWaitsForItsPredecessors() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { $0.board!.columns[0].cards.append(KanbanCard("first")) }
        let afterFirst = mac.version
        try mac.update { $0.board!.columns[0].cards.last!.title = "renamed" }
        // Only the second change arrives first: it waits for the first.
        try iPad.merge(try mac.changes(since: afterFirst))
        try iPad.merge(try mac.changes(since: DocumentVersion()))
        #expect(try R.text(iPad) == R.text(mac))
        #expect(R.board(iPad).columns[0].cards.last?.title == "renamed")
    }

    /// The change set with every change's numbers (sequence, first clock, dependencies)
    /// replaced by `replacement`, through its encoded form as a peer would send it.
    static func alter(_ set: ChangeSet, numbersTo replacement: String) throws -> Data {
        guard let number = UInt64(replacement) ?? Int64(replacement).map({ UInt64(bitPattern: $0) }) else {
            return Data([0xC1])  // not a number of the format: bytes that are not a change set
        }
        let changes = set.changes.map { change in
            var dependencies = DocumentVersion()
            for replica in change.dependencies.counts.keys { dependencies[replica] = number }
            return ReplicaChange(
                replica: change.replica, sequence: number, dependencies: dependencies, firstCounter: number,
                operations: change.operations)
        }
        return ChangeSet(document: set.document, model: set.model, changes: changes).encoded
    }

    @Test(arguments: ["0", "-1", "18446744073709551615", "9223372036854775807", "1e300"])
    func aHandAlteredChangeSetIsRefusedOrMergedButNeverHalfApplied(replacement: String) throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { library in
            library.board!.columns[0].cards.append(KanbanCard("x"))
            library.board!.limits[3] = 4
            library.board!.columns[1].cards[0].points = 5
        }
        let data = try Self.alter(try mac.changes(since: DocumentVersion()), numbersTo: replacement)
        guard let altered = try? ChangeSet(encoded: data) else { return }
        let before = try R.text(iPad)
        do {
            try iPad.merge(altered)
        } catch {
            #expect(try R.text(iPad) == before)
            return
        }
        // Merged: the replica still answers and still takes the real changes afterwards.
        try R.sync(mac, into: iPad)
        _ = try R.text(iPad)
    }
}
