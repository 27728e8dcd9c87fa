import Foundation
@testable import Ripple
import Testing

/// An update of a shared folder's document is on disk before it commits: one whose change
/// cannot be appended (a full disk) is refused, as a `DocumentStore`'s is, instead of returning
/// and being lost to a kill before the next append (a breaker finding of issue 27).
@MainActor
@Suite struct SharedFolderAppendFaultTests {
    @Test(arguments: ["write", "fsync"])
    func anUpdateWhoseChangeCannotBeAppendedIsRefused(call: String) throws {
        let space = try ScratchFolders()
        let (folder, identity) = (space.url("Shared"), space.url("Local/mac.replica"))
        let files = FaultyFileCalls()
        var store: SharedFolderStore<Library>? = try SharedFolderStore<Library>(folder: folder, identity: identity, files: files)
        var reported = 0
        store!.mediator.failureHandler = { _ in reported += 1 }
        try store!.mediator.update { $0.userID = 4 }
        files.counted = [call]
        files.failingCall = files.calls + 1
        #expect(throws: (any Error).self) { try store!.mediator.update { $0.userID = 5 } }
        #expect(files.failure != nil)
        #expect(store!.mediator.root.userID == 4, "rolled back")
        #expect(reported == 0, "refused, not acknowledged and reported")
        try store!.mediator.update { $0.scores["after"] = 1 }
        store = nil
        // Killed now (dropped without a sync): the store and another replica have what returned.
        let reopened = try SharedFolderStore<Library>(folder: folder, identity: identity)
        #expect(reopened.mediator.root.userID == 4)
        #expect(reopened.mediator.root.scores["after"] == 1)
        let other = try SharedFolderStore<Library>(folder: folder, identity: space.url("Local/iPad.replica"))
        #expect(other.mediator.root.userID == 4)
        #expect(other.mediator.root.scores["after"] == 1)
        #expect(try other.mediator.snapshot() == reopened.mediator.snapshot())
    }
}
