import Foundation
@testable import Ripple
import Testing

/// Issue 33's breaker: a garden edited as apps write it: SwiftUI-style writes outside updates
/// (implicit updates) on replicas, a document store and a shared folder, then sent, merged,
/// undone, and the store closed in the same main-actor turn.
@MainActor
@Suite struct GardenAppUsageProbeTests {
    typealias G = GardenReplicas

    /// A binding's write, then `changes(since:)` in the same turn: the change goes.
    @Test func aBindingsWriteIsSentAndConverges() throws {
        let replicas = try G.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        G.garden(mac).beds[0].name = "Herbs"
        let before = mac.version
        try iPad.merge(try mac.changes(since: iPad.version))
        #expect(G.garden(iPad).beds[0].name == "Herbs")
        #expect(mac.version != before || G.garden(iPad).beds[0].name == "Herbs")
        try G.syncAll(replicas)
        #expect(try G.text(mac) == G.text(iPad))
    }

    /// Finding (fixed): typing into a bed's name (writes outside updates, which coalesce into
    /// one undo step) while a merge of another member arrives between two keystrokes: one undo
    /// left "H", the typing split in two steps by a change that is not this replica's.
    @Test func typingAcrossAMergeUndoesAsOneStepAndConverges() throws {
        let replicas = try G.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        G.garden(mac).beds[0].name = "H"
        mac.commitImplicitUpdate()
        try iPad.update { $0.garden!.beds[1].area = 7 }
        try G.sync(iPad, into: mac)
        G.garden(mac).beds[0].name = "He"
        mac.commitImplicitUpdate()
        G.garden(mac).beds[0].name = "Herbs"
        mac.commitImplicitUpdate()
        try mac.history.undo()
        #expect(G.garden(mac).beds[0].name == "B0")
        #expect(G.garden(mac).beds[1].area == 7)
        #expect(!mac.history.canUndo)
        try mac.history.redo()
        #expect(G.garden(mac).beds[0].name == "Herbs")
        try G.syncAll(replicas)
        #expect(try G.text(mac) == G.text(iPad))
    }

    /// A merge that writes the member being typed ends the run: undo then brings back the
    /// merged value, not the one from before the typing.
    @Test func aMergeOfTheTypedMemberEndsTheRun() throws {
        let replicas = try G.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        G.garden(mac).beds[0].name = "H"
        mac.commitImplicitUpdate()
        try G.sync(mac, into: iPad)
        try iPad.update { $0.garden!.beds[0].name = "Roses" }
        try G.sync(iPad, into: mac)
        #expect(G.garden(mac).beds[0].name == "Roses")
        G.garden(mac).beds[0].name = "Roses!"
        mac.commitImplicitUpdate()
        try mac.history.undo()
        #expect(G.garden(mac).beds[0].name == "Roses")
        try mac.history.redo()
        #expect(G.garden(mac).beds[0].name == "Roses!")
        try G.syncAll(replicas)
        #expect(try G.text(mac) == G.text(iPad))
    }

    /// A binding's write to a document store's model, and the store closed in the same turn (a
    /// window closed right after typing): reopened, the write is there, or it was refused
    /// loudly; never lost in silence.
    @Test func aBindingsWriteBeforeAStoreClosesIsKept() throws {
        let folder = try G.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("garden.ripple")
        do {
            let store = try DocumentStore<Library>(url: url)
            try store.mediator.update { $0.garden = G.makeGarden(library: $0) }
            store.mediator.root.garden!.name = "Typed, then closed"
        }
        let reopened = try DocumentStore<Library>(url: url)
        #expect(reopened.mediator.root.garden?.name == "Typed, then closed")
    }

    /// Finding: the same for a shared folder's store, which a `DocumentStore` passes: the write
    /// is in the mediator, and reopened it is gone, with no error and no failure reported.
    @Test func aBindingsWriteBeforeASharedFolderStoreClosesIsKept() throws {
        let space = try G.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: space) }
        let folder = space.appendingPathComponent("Garden")
        let identity = space.appendingPathComponent("mac.replica")
        do {
            let store = try SharedFolderStore<Library>(folder: folder, identity: identity)
            try store.mediator.update { $0.garden = G.makeGarden(library: $0) }
            store.mediator.root.garden!.name = "Typed, then closed"
        }
        let reopened = try SharedFolderStore<Library>(folder: folder, identity: identity)
        #expect(reopened.mediator.root.garden?.name == "Typed, then closed")
    }

    /// A binding's write on a shared folder's store, committed: on disk (another device reads it).
    @Test func aCommittedBindingsWriteReachesTheFolder() throws {
        let space = try G.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: space) }
        let folder = space.appendingPathComponent("Garden")
        let store = try SharedFolderStore<Library>(folder: folder, identity: space.appendingPathComponent("mac.replica"))
        try store.mediator.update { $0.garden = G.makeGarden(library: $0) }
        store.mediator.root.garden!.beds[2].soil = .sand
        store.mediator.root.garden!.beds[2].sunny = false
        store.mediator.commitImplicitUpdate()
        let other = try SharedFolderStore<Library>(folder: folder, identity: space.appendingPathComponent("iPad.replica"))
        #expect(other.mediator.root.garden?.beds[2].sunny == false)
        #expect(try G.text(other.mediator) == G.text(store.mediator))
    }

    /// A binding's write that the next update makes invalid... A write outside updates on a
    /// replica, then a merge that removes the bed written: the edit is kept, hidden.
    @Test func aBindingsWriteToABedAnotherReplicaRemovedComesBackWithIt() throws {
        let replicas = try G.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try iPad.update { $0.garden!.beds.remove(at: 0) }
        G.garden(mac).beds[0].labels.insert("typed")
        try G.sync(iPad, into: mac)
        #expect(G.garden(mac).beds.count == 2)
        try iPad.history.undo()
        try G.syncAll(replicas)
        #expect(G.garden(iPad).beds.first?.labels == ["typed"])
        #expect(try G.text(mac) == G.text(iPad))
    }
}
