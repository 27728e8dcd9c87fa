import Foundation
@testable import Ripple
import Testing

/// Issue 28's breaker: what a new user writes, following EditingTogether.md's first example,
/// where the replica opened from the snapshot edits before any collaboration call.
@MainActor
@Suite struct ReplicaLateStartTests {
    /// The doc's example: `mac` touches `replicaID`, `iPad` is opened from its snapshot and
    /// updated at once. Today `iPad` starts collaborating only at its first `changes(since:)`,
    /// after the edit, which it then counts as part of the document it began with: the edit is
    /// never sent, and the two replicas stay apart for good, silently. It should be sent (the
    /// replica should start collaborating when opened from a collaborating snapshot, or at
    /// least when its first update commits).
    @Test func anEditBeforeTheFirstCollaborationCallReachesTheOthers() throws {
        let mac = Mediator(root: KanbanReplicas.makeLibrary())
        _ = mac.replicaID
        let iPad = try Mediator<Library>(opening: try mac.snapshot())
        try mac.update { $0.board!.columns[0].name = "Backlog" }
        try iPad.update { $0.board!.columns[1].cards.append(KanbanCard("Ship")) }
        try KanbanReplicas.sync(mac, into: iPad)
        try KanbanReplicas.sync(iPad, into: mac)
        #expect(iPad.root.board!.columns[0].name == "Backlog")
        let (macText, iPadText) = (try KanbanReplicas.text(mac), try KanbanReplicas.text(iPad))
        #expect(mac.root.board!.columns[1].cards.map(\.title) == ["Doing 1", "Doing 2", "Ship"])
        #expect(macText == iPadText)
    }

    /// After such an early edit, the replica's merge state no longer matches its model: it
    /// does not know the card it removed, so another replica's edit of that card makes every
    /// merge throw `malformed` (which reads as damaged bytes, though both replicas are healthy),
    /// and nothing that replica sends gets through any more. The edit should merge (the card
    /// staying removed, edited) and the later changes with it.
    @Test func aReplicaThatRemovedEarlyStillMergesLaterChanges() throws {
        let mac = Mediator(root: KanbanReplicas.makeLibrary())
        _ = mac.replicaID
        let iPad = try Mediator<Library>(opening: try mac.snapshot())
        try iPad.update { $0.board!.columns[0].cards.removeFirst() }
        _ = iPad.replicaID
        try mac.update { $0.board!.columns[0].cards[0].title = "Renamed" }
        try mac.update { $0.board!.title = "After" }
        try KanbanReplicas.sync(mac, into: iPad)
        #expect(iPad.root.board!.title == "After")
    }
}
