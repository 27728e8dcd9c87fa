import Foundation
@testable import Ripple
import Testing

/// A new user's first session: a document (a store's, or a plain mediator's) hands its
/// `snapshot()` to a second device before its first collaboration call; the second edits, then
/// both exchange changes as the article shows.
@MainActor
@Suite struct LateReplicaStartProbeTests {
    /// The second device's edit is made before its own first collaboration call, so it becomes
    /// part of where that replica starts (its genesis), not a change: `changes(since:)` handed
    /// an empty change set, the first merged it without a word, and from then on the two had
    /// the same version and different documents (`userID` 7 against 0), silently and for good.
    /// Now a replica that begins from a document without a replica state names its changes
    /// after that state too: the two refuse each other's changes with an error that says how to
    /// begin replicas, and a peer that did not edit before its first call still works.
    @Test(arguments: [false, true])
    func anEditOnAPeerOfADocumentNotYetCollaboratingReachesIt(throughAStore: Bool) throws {
        let space = try ScratchFolders()
        let store = throughAStore ? try DocumentStore<Library>(url: space.url("Library.ripple")) : nil
        let first = store?.mediator ?? Mediator(root: Library())
        let snapshot = try first.snapshot()
        let second = try Mediator<Library>(opening: snapshot)
        try second.update { $0.userID = 7 }
        #expect(throws: ReplicaError.otherDocument) { try first.merge(try second.changes(since: DocumentVersion())) }
        #expect(throws: ReplicaError.otherDocument) { try second.changes(since: first.version) }
        #expect(first.root.userID == 0)
        #expect("\(ReplicaError.otherDocument)".contains("begun from another state"))
        // A peer opened from the same snapshot that edits after its first call converges.
        let third = try Mediator<Library>(opening: snapshot)
        _ = third.replicaID
        try third.update { $0.userID = 9 }
        try first.merge(try third.changes(since: first.version))
        #expect(first.root.userID == 9)
    }
}
