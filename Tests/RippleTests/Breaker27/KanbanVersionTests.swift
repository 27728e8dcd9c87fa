import Foundation
@testable import Ripple
import Testing

/// Issue 27's breaker: versions that claim more than anyone has, and a whole board removed
/// while another replica edits it.
@MainActor
@Suite struct KanbanVersionTests {
    typealias R = KanbanReplicas

    @Test func changesSinceAVersionThatClaimsTooMuchAreEmptyNotACrash() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { $0.board!.title = "a" }
        var claimed = mac.version
        claimed[mac.replicaID] = UInt64.max
        claimed[iPad.replicaID] = 1_000
        let changes = try mac.changes(since: claimed)
        let before = try R.text(iPad)
        try iPad.merge(changes)
        #expect(try R.text(iPad) == before)
        try R.sync(mac, into: iPad)
        #expect(try R.text(iPad) == R.text(mac))
    }

    @Test func anEditToABoardAnotherReplicaRemovedComesBackWithIt() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update(undoName: "Remove board") { $0.board = nil }
        try iPad.update { $0.board!.columns[1].cards[0].title = "edited" }
        try R.sync(mac, into: iPad)
        try R.sync(iPad, into: mac)
        #expect(mac.root.board == nil)
        #expect(try R.text(iPad) == R.text(mac))
        try mac.history.undo()
        try R.sync(mac, into: iPad)
        #expect(try R.text(iPad) == R.text(mac))
        #expect(R.board(mac).columns[1].cards[0].title == "edited")
    }
}
