import Foundation
@testable import Ripple
import Testing

/// Issue 29's breaker: change sets through encoders, echoed back to their maker, and replicas
/// opened from each other's snapshots in a chain.
@MainActor
@Suite struct ReplicaDeliveryProbeTests {
    /// EditingTogether.md: ChangeSet and DocumentVersion are Codable through any encoder.
    @Test func changeSetsAndVersionsSurviveJSONAndPropertyLists() throws {
        let replicas = try KanbanReplicas.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { $0.board!.columns[1].cards.append(KanbanCard("Sent")) }
        let version = try PropertyListDecoder().decode(
            DocumentVersion.self, from: try PropertyListEncoder().encode(iPad.version))
        let sent = try JSONDecoder().decode(ChangeSet.self, from: try JSONEncoder().encode(try mac.changes(since: version)))
        try iPad.merge(sent)
        #expect(try KanbanReplicas.text(mac) == KanbanReplicas.text(iPad))
    }

    /// A relay sends a replica its own changes back: merging them changes nothing.
    @Test func aReplicasOwnChangesEchoedBackChangeNothing() throws {
        let replicas = try KanbanReplicas.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { $0.board!.title = "Mine" }
        try KanbanReplicas.sync(mac, into: iPad)
        let before = try KanbanReplicas.text(mac)
        try mac.merge(try iPad.changes(since: DocumentVersion()))
        try mac.merge(try mac.changes(since: DocumentVersion()))
        #expect(try KanbanReplicas.text(mac) == before)
        #expect(mac.history.canUndo)
    }

    /// Replicas opened in a chain (each from the last one's snapshot) are distinct replicas
    /// whose concurrent edits all converge.
    @Test func replicasOpenedInAChainAreDistinctAndConverge() throws {
        let first = try KanbanReplicas.replicas(1)[0]
        try first.update { $0.board!.title = "0" }
        var chain = [first]
        for index in 1..<4 {
            let next = try Mediator<Library>(opening: try chain.last!.snapshot())
            try next.update { $0.board!.assignees["\(index)"] = "x" }
            chain.append(next)
        }
        #expect(Set(chain.map(\.replicaID)).count == 4)
        for (a, b) in [(0, 3), (3, 0), (1, 2), (2, 1), (0, 1), (0, 2)] {
            try KanbanReplicas.sync(chain[a], into: chain[b])
        }
        for replica in chain { try KanbanReplicas.sync(chain[0], into: replica) }
        let texts = try Set(chain.map { try KanbanReplicas.text($0) })
        #expect(texts.count == 1)
        #expect(chain[1].root.board!.assignees.count == 3)
    }

    /// An app mixes up two documents and asks one for what the other's version lacks. A
    /// DocumentVersion named no document, so changes(since:) sent the whole history, which
    /// the receiver then refused as another document's: the mistake surfaced on the wrong
    /// device, after the whole history crossed the network. A version names its document now:
    /// changes(since:) throws ReplicaError at once.
    @Test func changesSinceAnotherDocumentsVersionIsRefused() throws {
        let mac = try KanbanReplicas.replicas(1)[0]
        let other = try KanbanReplicas.replicas(1)[0]
        try other.update { $0.board!.title = "Other" }
        #expect(throws: ReplicaError.otherDocument) { _ = try mac.changes(since: other.version) }
        #expect(throws: ReplicaError.self) { try other.merge(try mac.changes(since: other.version)) }
        #expect(other.root.board?.title == "Other")
    }
}
