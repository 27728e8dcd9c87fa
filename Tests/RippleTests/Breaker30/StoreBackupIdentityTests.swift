import Foundation
@testable import Ripple
import Testing

/// A `DocumentStore`'s file put back from a backup, as the docs promise: "a copy of the file
/// (duplicated in the Finder, a backup put back, ...) opens as a new replica".
@MainActor
@Suite struct StoreBackupIdentityTests {
    private func inode(_ url: URL) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    }

    /// Backs up `url` (document and journal) to `backup`.
    private func copy(_ url: URL, to backup: URL) throws {
        try FileManager.default.copyItem(at: url, to: backup)
        try FileManager.default.copyItem(atPath: url.path + ".journal", toPath: backup.path + ".journal")
    }

    /// The original deleted, then the backup copied back in its place: on ext4, APFS and tmpfs
    /// the new file very often gets the inode the deleted one freed. The store took the backup
    /// for its own file and opened it as the same replica, at an older version: its next change
    /// got a number it had already given another change, which replicas that merged the old one
    /// dropped as a duplicate, so they never converged. The snapshot now keeps the file's birth
    /// too, which a copy cannot have: it opens as a new replica.
    @Test func aBackupPutBackInTheFreedInodeOpensAsANewReplica() throws {
        let space = try ScratchFolders()
        let url = space.url("Library.ripple")
        let backup = space.url("Backup.ripple")
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url)
        _ = store!.mediator.replicaID
        let other = try Mediator<Library>(opening: try store!.mediator.snapshot())
        _ = other.replicaID
        try store!.mediator.update { $0.userID = 1 }
        store = nil
        try copy(url, to: backup)
        store = try DocumentStore<Library>(url: url)
        let identity = store!.mediator.replicaID
        try store!.mediator.update { $0.scores["after backup"] = 1 }
        try other.merge(try store!.mediator.changes(since: other.version))
        store = nil
        let before = try inode(url)
        try FileManager.default.removeItem(at: url)
        try FileManager.default.removeItem(atPath: url.path + ".journal")
        try copy(backup, to: url)
        guard try inode(url) == before else { return }  // the file system gave another inode
        let restored = try DocumentStore<Library>(url: url)
        try restored.mediator.update { $0.userID = 2 }
        try other.merge(try restored.mediator.changes(since: other.version))
        try restored.mediator.merge(try other.changes(since: restored.mediator.version))
        let theirs = try other.snapshot()
        let ours = try restored.mediator.snapshot()
        #expect(restored.mediator.replicaID != identity)
        #expect(theirs == ours)
        #expect(other.root.userID == 2)
    }
    /// A copy of the store's file (document only, as the Finder duplicates it) opens as a new
    /// replica, edits, is dropped without saving and reopens: the same new replica, with its
    /// edit, which another replica receives; the original is still itself.
    @Test func aCopyThatEditsAndIsDroppedReopensAsTheSameNewReplica() throws {
        let space = try ScratchFolders()
        let url = space.url("Library.ripple")
        let duplicate = space.url("Library copy.ripple")
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url)
        let identity = store!.mediator.replicaID
        let other = try Mediator<Library>(opening: try store!.mediator.snapshot())
        _ = other.replicaID
        try store!.mediator.update { $0.userID = 1 }
        try store!.save()
        store = nil
        try FileManager.default.copyItem(at: url, to: duplicate)
        var copied: DocumentStore<Library>? = try DocumentStore<Library>(url: duplicate)
        let copyIdentity = copied!.mediator.replicaID
        try copied!.mediator.update { $0.scores["copy"] = 1 }
        copied = nil
        copied = try DocumentStore<Library>(url: duplicate)
        #expect(copied!.mediator.replicaID == copyIdentity)
        #expect(copied!.mediator.replicaID != identity)
        #expect(copied!.mediator.root.scores == ["copy": 1])
        try copied!.mediator.update { $0.scores["again"] = 2 }
        try other.merge(try copied!.mediator.changes(since: other.version))
        try copied!.mediator.merge(try other.changes(since: copied!.mediator.version))
        #expect(try other.snapshot() == copied!.mediator.snapshot())
        #expect(try DocumentStore<Library>(url: url).mediator.replicaID == identity)
    }
    /// A change that waits for its predecessor survives a save (compaction) and a drop; the
    /// store, reopened, serves its own changes to a third replica that started before either.
    @Test func aWaitingChangeSurvivesASaveAndAThirdReplicaCatchesUp() throws {
        let space = try ScratchFolders()
        let url = space.url("Library.ripple")
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url)
        _ = store!.mediator.replicaID
        let origin = try store!.mediator.snapshot()
        let other = try Mediator<Library>(opening: origin)
        let third = try Mediator<Library>(opening: origin)
        _ = (other.replicaID, third.replicaID)
        try other.update { $0.scores["first"] = 1 }
        let first = try other.changes(since: DocumentVersion())
        let afterFirst = other.version
        try other.update { $0.scores["second"] = 2 }
        try store!.mediator.merge(try other.changes(since: afterFirst))
        try store!.mediator.update { $0.userID = 4 }
        try store!.save()
        store = nil
        store = try DocumentStore<Library>(url: url)
        #expect(store!.mediator.root.scores.isEmpty)
        try store!.mediator.merge(first)
        #expect(store!.mediator.root.scores == ["first": 1, "second": 2])
        try third.merge(try store!.mediator.changes(since: third.version))
        try other.merge(try store!.mediator.changes(since: other.version))
        #expect(try third.snapshot() == store!.mediator.snapshot())
        #expect(try other.snapshot() == store!.mediator.snapshot())
        #expect(third.root.userID == 4)
    }
    /// A write outside an update (a SwiftUI binding's) on a store's mediator, sent by
    /// `changes(since:)` (which commits it) and then dropped: the change another replica holds
    /// must be on disk, or the reopened store numbers its next change alike and they diverge.
    @Test func anImplicitUpdateSentThenDroppedIsStillThereAfterReopening() throws {
        let space = try ScratchFolders()
        let url = space.url("Library.ripple")
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url)
        _ = store!.mediator.replicaID
        let other = try Mediator<Library>(opening: try store!.mediator.snapshot())
        _ = other.replicaID
        store!.mediator.root.userID = 8
        try other.merge(try store!.mediator.changes(since: other.version))
        #expect(other.root.userID == 8)
        store = nil
        store = try DocumentStore<Library>(url: url)
        #expect(store!.mediator.root.userID == 8)
        try store!.mediator.update { $0.scores["next"] = 1 }
        try other.merge(try store!.mediator.changes(since: other.version))
        try store!.mediator.merge(try other.changes(since: store!.mediator.version))
        #expect(try other.snapshot() == store!.mediator.snapshot())
    }
}
