import Foundation
@testable import Ripple
import Testing

/// Issue 28's breaker: a `SharedFolderStore`'s identity file used as a new user might, against
/// what the doc comment asks of it, with nothing to stop them.
@MainActor
@Suite struct ReplicaIdentityFolderTests {
    final class Place {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("breaker28-\(UUID().uuidString)")
        var folder: URL { root.appendingPathComponent("Shared") }
        func identity(_ name: String) -> URL { root.appendingPathComponent("Local/\(name).replica") }
        deinit { try? FileManager.default.removeItem(at: root) }
    }

    /// An app that opens one shared document in two windows opens two stores with one identity
    /// file. Both open, both append as one replica, and their changes clash: a third replica
    /// ends with one window's edit, the other's is lost (as are both stores' views of each
    /// other). The second store should refuse to open (the identity is in use) or get an
    /// identity of its own; every edit should reach the others.
    @Test func twoStoresWithOneIdentityLoseNoEdit() throws {
        let place = Place()
        do {
            let first = try SharedFolderStore<Library>(folder: place.folder, identity: place.identity("mac"))
            try first.mediator.update { $0.board = KanbanReplicas.makeLibrary().board }
            // Fixed: the second store is refused (one replica per store), and says why.
            #expect(throws: ReplicaError.self) {
                _ = try SharedFolderStore<Library>(folder: place.folder, identity: place.identity("mac"))
            }
            try first.mediator.update { $0.board!.columns[1].name = "From the first window" }
        }
        // Once the first is closed, the identity opens again, with every edit.
        let reopened = try SharedFolderStore<Library>(folder: place.folder, identity: place.identity("mac"))
        #expect(reopened.mediator.root.board?.columns[1].name == "From the first window")
    }

    /// The doc comment says the identity file must not be in the shared folder (every device
    /// would then read one identity, and their changes would clash), but a store opens with it
    /// there and writes it into the folder for the sync engine to copy. It should throw a
    /// clear error and write nothing.
    @Test func anIdentityFileInsideTheSharedFolderIsRefused() throws {
        let place = Place()
        let inside = place.folder.appendingPathComponent("mac.replica")
        #expect(throws: (any Error).self) {
            _ = try SharedFolderStore<Library>(folder: place.folder, identity: inside)
        }
    }
}
