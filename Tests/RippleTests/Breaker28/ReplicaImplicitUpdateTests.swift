import Foundation
@testable import Ripple
import Testing

/// Issue 28's breaker: writes outside an update (a SwiftUI binding's, an implicit update) on a
/// replica that syncs in the same main-actor turn, as an app with a sync timer or a socket does.
@MainActor
@Suite struct ReplicaImplicitUpdateTests {
    /// BuildingAnApp.md: "Anything that reads committed state commits a pending implicit update
    /// first". `changes(since:)` reads what the replica committed but does not commit: the
    /// user's typing is left out of what is sent (it goes out only with a later call). It
    /// should commit first, as `snapshot()` does.
    @Test func changesSinceCommitsAPendingImplicitUpdate() throws {
        let replicas = try KanbanReplicas.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        mac.root.board!.title = "Typed"
        let sent = try mac.changes(since: iPad.version)
        try iPad.merge(sent)
        #expect(iPad.root.board!.title == "Typed")
    }

    /// A merge that arrives while the user's write is pending (not committed yet): the write
    /// stays in the model but is never recorded as a change of this replica, so it is never
    /// sent, even after the implicit update commits. The replicas disagree for good, each
    /// believing it has everything. The write should be committed (and recorded) before the
    /// merge runs, then sent like any local update.
    @Test func aWritePendingDuringAMergeIsStillSent() throws {
        let replicas = try KanbanReplicas.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try iPad.update { $0.board!.assignees["ann"] = "Todo 1" }
        mac.root.board!.title = "Typed"
        try mac.merge(try iPad.changes(since: mac.version))
        mac.commitImplicitUpdate()
        try iPad.merge(try mac.changes(since: iPad.version))
        #expect(mac.root.board!.title == "Typed")
        #expect(mac.root.board!.assignees == ["ann": "Todo 1"])
        let (macText, iPadText) = (try KanbanReplicas.text(mac), try KanbanReplicas.text(iPad))
        #expect(iPad.root.board!.title == "Typed")
        #expect(macText == iPadText)
    }
}
