import Foundation
@testable import Ripple
import Testing

/// Issue 28's breaker: a sync engine delivers a shared folder's files in any order, so a device
/// can see another replica's change file before the folder's `genesis.ripple`.
@MainActor
@Suite struct ReplicaLateGenesisTests {
    /// The mac shares a board; the iPad's sync engine has copied the mac's change file but not
    /// `genesis.ripple` yet when the iPad opens the folder. The store takes the folder for an
    /// empty one and writes a genesis of its own, a new document, so the mac's changes are
    /// "of another document" and the iPad's own genesis now competes with the mac's (a conflict
    /// copy on iCloud Drive). It should not begin a new document in a folder that already holds
    /// change files: a clear error (open again once the folder has synced), nothing written.
    @Test func aFolderWithChangesButNoGenesisYetIsNotANewDocument() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("breaker28-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let macFolder = root.appendingPathComponent("Mac/Shared")
        let iPadFolder = root.appendingPathComponent("iPad/Shared")
        let mac = try SharedFolderStore<Library>(folder: macFolder, identity: root.appendingPathComponent("mac.replica"))
        try mac.mediator.update { $0.board = KanbanReplicas.makeLibrary().board }
        try FileManager.default.createDirectory(at: iPadFolder, withIntermediateDirectories: true)
        let macFile = "\(mac.mediator.replicaID).ripplechanges"
        try FileManager.default.copyItem(
            at: macFolder.appendingPathComponent(macFile), to: iPadFolder.appendingPathComponent(macFile))
        var opened: SharedFolderStore<Library>?
        var thrown: (any Error)?
        do {
            opened = try SharedFolderStore<Library>(folder: iPadFolder, identity: root.appendingPathComponent("iPad.replica"))
        } catch {
            thrown = error
        }
        let wroteGenesis = FileManager.default.fileExists(atPath: iPadFolder.appendingPathComponent("genesis.ripple").path)
        #expect(opened == nil)
        #expect(!wroteGenesis)
        #expect(thrown.map { "\($0)".contains("another document") } == false)
    }
}
