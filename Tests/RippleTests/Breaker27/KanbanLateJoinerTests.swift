import Foundation
@testable import Ripple
import Testing

/// Issue 27's breaker: a replica that joins late, from a snapshot of a replica that has already
/// made and merged changes, and undo around removals and future versions.
@MainActor
@Suite struct KanbanLateJoinerTests {
    typealias R = KanbanReplicas

    /// Finding: Editing Together says the other replicas open the first one's `snapshot()`;
    /// nothing says it must be taken before any change. A device that joins later, from the
    /// snapshot of a replica that has made and merged changes, starts with an empty version, so
    /// `changes(since: phone.version)` hands it those changes again and it applies them on top:
    /// the card "mac" appears twice, and phone never equals mac. A snapshot should carry its
    /// version (or `Mediator(opening:)` of a collaborating snapshot should say it cannot).
    /// Fixed: a collaborating replica's snapshot holds its replica state, which the replica
    /// opened from it starts from.
    @Test func aReplicaOpenedFromALaterSnapshotDoesNotApplyChangesTwice() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { $0.board!.columns[0].cards.append(KanbanCard("mac")) }
        try iPad.update { $0.board!.columns[1].cards.append(KanbanCard("iPad")) }
        try R.sync(iPad, into: mac)
        let phone = try Mediator<Library>(opening: try mac.snapshot())
        _ = phone.replicaID
        try R.sync(mac, into: phone)
        try R.sync(iPad, into: phone)
        try R.sync(phone, into: iPad)
        try R.sync(mac, into: iPad)
        #expect(R.board(phone).columns[0].cards.map(\.title) == ["Todo 1", "Todo 2", "mac"])
        #expect(try R.text(phone) == R.text(mac))
        #expect(try R.text(iPad) == R.text(mac))
    }

    @Test func undoOfAnEditToACardTheOtherRemovedConverges() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update(undoName: "Rename") { $0.board!.columns[0].cards[0].title = "renamed" }
        try iPad.update { $0.board!.columns[0].cards.remove(at: 0) }
        try R.sync(mac, into: iPad)
        try R.sync(iPad, into: mac)
        try mac.history.undo()
        try R.sync(mac, into: iPad)
        try iPad.update(undoName: "Put back") { _ in }
        #expect(try R.text(iPad) == R.text(mac))
        #expect(R.board(mac).columns[0].cards.map(\.title) == ["Todo 2"])
    }

    @Test func undoingAndRedoingNTimesWithArrivalsBetweenRestoresTheDocument() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        for step in 0..<4 {
            try mac.update(undoName: "Edit \(step)") { library in
                library.board!.columns[step % 3].cards.append(KanbanCard("m\(step)"))
                library.board!.assignees["k\(step)"] = "m"
            }
        }
        let done = Plain(R.board(mac))
        try iPad.update { $0.board!.columns[2].cards.insert(KanbanCard("i"), at: 0) }
        for _ in 0..<4 {
            try mac.history.undo()
            try R.sync(iPad, into: mac)
        }
        for _ in 0..<4 { try mac.history.redo() }
        try R.sync(mac, into: iPad)
        #expect(try R.text(iPad) == R.text(mac))
        var expected = done
        expected.titles[2].insert("i", at: 0)
        #expect(Plain(R.board(mac)) == expected)
    }

    @Test func changesSinceTheSameVersionAreEmptyAndMergeAsNothing() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { $0.board!.title = "a" }
        try mac.update { $0.board!.title = "b" }
        try R.sync(mac, into: iPad)
        // Nothing is missing: the change set is empty, and merging it changes nothing.
        let none = try iPad.changes(since: iPad.version)
        let before = try R.text(mac)
        try mac.merge(none)
        #expect(try R.text(mac) == before)
    }

    typealias Plain = KanbanFuzzTests.Plain
}
