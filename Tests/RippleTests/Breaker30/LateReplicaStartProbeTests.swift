import Foundation
@testable import Ripple
import Testing

/// A new user's first session: a document (a store's, or a plain mediator's) hands its
/// `snapshot()` to a second device before its first collaboration call; the second edits, then
/// both exchange changes as the article shows.
@MainActor
@Suite struct LateReplicaStartProbeTests {
    /// The second device's edit is made before its own first collaboration call, so it becomes
    /// part of where that replica starts (its genesis), not a change: `changes(since:)` hands
    /// an empty change set, the first merges it without a word, and from then on the two have
    /// the same version and different documents (`userID` 7 against 0), silently and for good.
    /// The article says to read `replicaID` on the first before taking the snapshot, but nothing
    /// tells a user who did not: the change sets name the same document and model. Either the
    /// opened mediator should count its edits as changes (as one opened from a collaborating
    /// snapshot does), or the two should refuse each other's change sets (their starting
    /// documents differ), with an error that says to begin from a replica's snapshot.
    @Test(arguments: [false, true])
    func anEditOnAPeerOfADocumentNotYetCollaboratingReachesIt(throughAStore: Bool) throws {
        let space = try ScratchFolders()
        let store = throughAStore ? try DocumentStore<Library>(url: space.url("Library.ripple")) : nil
        let first = store?.mediator ?? Mediator(root: Library())
        let second = try Mediator<Library>(opening: try first.snapshot())
        try second.update { $0.userID = 7 }
        var refused = false
        do {
            try first.merge(try second.changes(since: first.version))
        } catch {
            refused = true
        }
        withKnownIssue("a peer opened from a snapshot taken before the first collaboration call diverges silently") {
            #expect(refused || first.root.userID == 7)
        }
        // Both now claim to have everything the other has.
        #expect(first.version.includes(second.version) && second.version.includes(first.version))
        let same = try first.snapshot() == second.snapshot()
        withKnownIssue("a peer opened from a snapshot taken before the first collaboration call diverges silently") {
            #expect(refused || same)
        }
    }
}
