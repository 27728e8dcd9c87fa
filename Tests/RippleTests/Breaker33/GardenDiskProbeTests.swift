import Foundation
@testable import Ripple
import Testing

/// Issue 33's breaker: a garden shared through a folder, and kept in a replica's document store,
/// on a tiny real file system that fills up or turns read-only, and a shared folder renamed or
/// removed while open. Skipped where no tmpfs can be mounted.
@MainActor
@Suite(.serialized) struct GardenDiskProbeTests {
    typealias G = GardenReplicas
    private nonisolated static let canMount = TemporaryMount(kilobytes: 64) != nil

    /// Fills the file system of `folder`, but for what `ballast` holds.
    private func fill(_ folder: URL, ballast: URL) throws {
        try Data(count: 16 * 1_024).write(to: ballast)
        var index = 0
        while (try? Data(count: 1_024).write(to: folder.appendingPathComponent("filler-\(index)"))) != nil { index += 1 }
    }

    private func plant(_ index: Int) -> String { "seedling \(index) " + String(repeating: "~", count: 300) }

    /// A shared folder on a full disk: the update that does not fit throws and rolls back, the
    /// store goes on once there is room, and reopened, it holds every acknowledged update.
    @Test(.enabled(if: canMount, "no tmpfs can be mounted here"))
    func aSharedFolderOnAFullDiskRefusesTheUpdateAndGoesOnWhenThereIsRoom() throws {
        let mount = try #require(TemporaryMount(kilobytes: 256))
        let local = try G.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: local) }
        let folder = mount.folder.appendingPathComponent("Garden")
        let identity = local.appendingPathComponent("mac.replica")
        let ballast = mount.folder.appendingPathComponent("ballast")
        var acknowledged: [String] = []
        do {
            let store = try SharedFolderStore<Library>(folder: folder, identity: identity)
            try store.mediator.update { $0.garden = G.makeGarden(library: $0) }
            acknowledged = G.species(store.mediator)
            try fill(mount.folder, ballast: ballast)
            var refused = false
            for index in 0..<2_000 {
                do {
                    try store.mediator.update { $0.garden!.beds[0].plants.append(Plant(self.plant(index))) }
                    acknowledged = G.species(store.mediator)
                } catch {
                    refused = true
                    break
                }
            }
            #expect(refused, "the disk filled up")
            #expect(G.species(store.mediator) == acknowledged, "the update that did not fit rolled back")
            try FileManager.default.removeItem(at: ballast)
            try store.mediator.update { $0.garden!.beds[1].plants.append(Plant("after")) }
            acknowledged = G.species(store.mediator)
        }
        let reopened = try SharedFolderStore<Library>(folder: folder, identity: identity)
        #expect(G.species(reopened.mediator) == acknowledged)
        let other = try SharedFolderStore<Library>(folder: folder, identity: local.appendingPathComponent("iPad.replica"))
        #expect(G.species(other.mediator) == acknowledged)
    }

    /// A replica's document store on a full disk: updates and merges that do not fit throw and
    /// roll back, compaction fails without harm, and reopened, the store is the same replica with
    /// every acknowledged update.
    @Test(.enabled(if: canMount, "no tmpfs can be mounted here"))
    func aReplicaStoreOnAFullDiskKeepsEveryAcknowledgedChange() throws {
        let mount = try #require(TemporaryMount(kilobytes: 256))
        let url = mount.folder.appendingPathComponent("garden.ripple")
        let ballast = mount.folder.appendingPathComponent("ballast")
        let peer = Mediator(root: G.makeLibrary())
        _ = peer.replicaID
        var acknowledged: [String] = []
        var replica: ReplicaID?
        try peer.snapshot().write(to: url)
        do {
            let store = try DocumentStore<Library>(url: url, compaction: .whenJournalExceeds(bytes: 2_000))
            try store.mediator.merge(try peer.changes(since: store.mediator.version))
            replica = store.mediator.replicaID
            try fill(mount.folder, ballast: ballast)
            var refused = 0
            for index in 0..<400 where refused < 3 {
                do {
                    if index % 2 == 0 {
                        try store.mediator.update { $0.garden!.beds[0].plants.append(Plant(self.plant(index))) }
                    } else {
                        try peer.update { $0.garden!.beds[2].plants.append(Plant(self.plant(index))) }
                        try store.mediator.merge(try peer.changes(since: store.mediator.version))
                    }
                    acknowledged = G.species(store.mediator)
                } catch {
                    refused += 1
                    #expect(G.species(store.mediator) == acknowledged, "step \(index) rolled back: \(error)")
                }
            }
            #expect(refused > 0, "the disk filled up")
            try FileManager.default.removeItem(at: ballast)
            try store.mediator.update { $0.garden!.beds[1].plants.append(Plant("after")) }
            acknowledged = G.species(store.mediator)
        }
        let reopened = try DocumentStore<Library>(url: url)
        #expect(reopened.mediator.replicaID == replica)
        #expect(G.species(reopened.mediator) == acknowledged)
        // And it still converges with the peer.
        try reopened.mediator.merge(try peer.changes(since: reopened.mediator.version))
        try peer.merge(try reopened.mediator.changes(since: peer.version))
        #expect(try G.text(peer) == G.text(reopened.mediator))
    }

    /// The shared folder's file system read-only (mounted so; a store holding its file open
    /// keeps it writable): its own replica and a new device open it with the document, or
    /// refuse clearly; an update is refused and rolled back.
    @Test(.enabled(if: canMount, "no tmpfs can be mounted here"))
    func aReadOnlySharedFolderOpensOrRefusesClearlyAndLosesNothing() throws {
        let mount = try #require(TemporaryMount(kilobytes: 512))
        let local = try G.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: local) }
        let folder = mount.folder.appendingPathComponent("Garden")
        var acknowledged: [String] = []
        do {
            let store = try SharedFolderStore<Library>(folder: folder, identity: local.appendingPathComponent("mac.replica"))
            try store.mediator.update { $0.garden = G.makeGarden(library: $0) }
            acknowledged = G.species(store.mediator)
        }
        try #require(mount.makeReadOnly())
        for name in ["mac", "iPad"] {
            do {
                let store = try SharedFolderStore<Library>(folder: folder, identity: local.appendingPathComponent("\(name).replica"))
                #expect(G.species(store.mediator) == acknowledged, "\(name)")
                #expect(throws: (any Error).self) { try store.mediator.update { $0.garden!.beds[0].plants.append(Plant("ro")) } }
                #expect(G.species(store.mediator) == acknowledged, "\(name)")
                try? store.sync()
            } catch {
                #expect("\(error)".contains("Read-only") || "\(error)".contains("30"), "\(name): \(error)")
            }
        }
    }

    /// The shared folder renamed, then removed, while a store has it open: updates are refused
    /// (documented), and a sync neither crashes nor changes the document.
    @Test func aSharedFolderRenamedOrRemovedWhileOpenRefusesUpdates() throws {
        let space = try G.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: space) }
        let folder = space.appendingPathComponent("Garden")
        let store = try SharedFolderStore<Library>(folder: folder, identity: space.appendingPathComponent("mac.replica"))
        try store.mediator.update { $0.garden = G.makeGarden(library: $0) }
        let acknowledged = G.species(store.mediator)
        let renamed = space.appendingPathComponent("Garden 2")
        try FileManager.default.moveItem(at: folder, to: renamed)
        #expect(throws: (any Error).self) { try store.mediator.update { $0.garden!.beds[0].name = "renamed" } }
        #expect(store.mediator.root.garden?.beds[0].name == "B0")
        try? store.sync()
        #expect(G.species(store.mediator) == acknowledged)
        try FileManager.default.removeItem(at: renamed)
        #expect(throws: (any Error).self) { try store.mediator.update { $0.garden!.beds[0].name = "removed" } }
        try? store.sync()
        #expect(store.mediator.root.garden?.beds[0].name == "B0")
        // The renamed copy opens elsewhere as it was.
    }

    /// Finding: an identity file named through a symbolic link to the shared folder (an app's
    /// "Local" folder that a user or a setup script pointed at the synced one) is accepted and
    /// written into the shared folder, where the sync engine hands it to every device: the
    /// copied identity the docs warn of (edits lost without an error). Named by its plain path
    /// in the folder, it is refused (`identityNotOwn`).
    @Test func anIdentityFileLinkedIntoTheSharedFolderIsRefused() throws {
        let space = try G.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: space) }
        let folder = space.appendingPathComponent("Garden")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(throws: ReplicaError.self) {
            _ = try SharedFolderStore<Library>(folder: folder, identity: folder.appendingPathComponent("plain.replica"))
        }
        let link = space.appendingPathComponent("Local")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder)
        let store = try? SharedFolderStore<Library>(folder: folder, identity: link.appendingPathComponent("mac.replica"))
        #expect(store == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("mac.replica").path))
    }

    /// Two stores of one process whose identity files are hard links of one file are one replica:
    /// the second is refused (`identityNotOwn`), as it is for one path.
    @Test func aHardLinkedIdentityFileIsTheSameReplica() throws {
        let space = try G.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: space) }
        let folder = space.appendingPathComponent("Garden")
        let identity = space.appendingPathComponent("mac.replica")
        let first = try SharedFolderStore<Library>(folder: folder, identity: identity)
        try first.mediator.update { $0.garden = G.makeGarden(library: $0) }
        let linked = space.appendingPathComponent("linked.replica")
        try FileManager.default.linkItem(at: identity, to: linked)
        #expect(throws: (any Error).self) {
            _ = try SharedFolderStore<Library>(folder: space.appendingPathComponent("Garden"), identity: linked)
        }
    }
}
