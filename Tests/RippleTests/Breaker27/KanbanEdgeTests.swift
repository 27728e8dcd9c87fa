import Foundation
@testable import Ripple
import Testing

/// Issue 27's breaker: the edges a new user meets next (a store's replica identity as the docs
/// describe it, a change set of another model, a huge collection).
@MainActor
@Suite struct KanbanEdgeTests {
    typealias R = KanbanReplicas

    /// `Mediator.replicaID`'s doc says "A DocumentStore keeps its mediator's identity across
    /// reopenings": it used to give a fresh random identity at each opening.
    @Test func aDocumentStoreKeepsItsReplicaIdentityAsTheDocSays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breaker27-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Board.ripple")
        var first: ReplicaID?
        do {
            let store = try DocumentStore<Library>(url: url)
            try store.mediator.update { $0.board = R.makeLibrary().board }
            first = store.mediator.replicaID
        }
        let again = try DocumentStore<Library>(url: url)
        #expect(again.mediator.replicaID == first)
    }

    @Test func aChangeSetOfAnotherModelIsRefusedWithNothingChanged() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { $0.board!.title = "x" }
        // The model's name altered in the encoded form (it is in the string table once).
        var encoded = try mac.changes(since: DocumentVersion()).encoded
        let name = try #require(encoded.firstRange(of: Data("\u{8}Library".utf8)))
        encoded.replaceSubrange(name, with: Data("\u{6}Board".utf8))
        let changes = try ChangeSet(encoded: encoded)
        let before = try R.text(iPad)
        // Breaker finding (fixed): it threw the internal ReplicaEngineError, not
        // ReplicaError.otherModel.
        #expect(throws: ReplicaError.otherModel(found: "Board", expected: "Library")) { try iPad.merge(changes) }
        #expect(throws: (any Error).self) { try iPad.merge(changes) }
        #expect(try R.text(iPad) == before)
    }

    @Test func aHugeColumnAndItsRemovalConverge() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { library in
            library.board!.columns[0].cards = (0..<2_000).map { KanbanCard("\($0)") }
        }
        try R.sync(mac, into: iPad)
        try iPad.update { $0.board!.columns[0].cards[1_000].points = 2 }
        try mac.update { $0.board!.columns[0].cards = [] }
        try R.sync(mac, into: iPad)
        try R.sync(iPad, into: mac)
        #expect(try R.text(iPad) == R.text(mac))
        #expect(R.board(iPad).columns[0].cards.isEmpty)
    }
}
