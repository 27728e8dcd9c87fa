import Foundation
@testable import Ripple
import Testing

/// Replicas that share a folder: each appends its own changes to its file there when an update
/// returns, and merges the others' when it syncs; one that reopens has every update that
/// returned, its own and those it merged.
@MainActor
@Suite struct SharedFolderStoreTests {
    final class Place {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString)")
        var folder: URL { root.appendingPathComponent("Shared") }
        func identity(_ name: String) -> URL { root.appendingPathComponent("Local/\(name).replica") }
        deinit { try? FileManager.default.removeItem(at: root) }
    }

    @Test func replicasConvergeThroughTheFolder() throws {
        let place = Place()
        let mac = try SharedFolderStore<Library>(folder: place.folder, identity: place.identity("mac"))
        let iPad = try SharedFolderStore<Library>(folder: place.folder, identity: place.identity("iPad"))
        #expect(mac.mediator.replicaID != iPad.mediator.replicaID)
        // Both edit before either syncs.
        try mac.mediator.update { $0.userID = 7 }
        try iPad.mediator.update { $0.catalog.tags.insert("new") }
        try mac.sync()
        try iPad.sync()
        #expect(mac.mediator.root.catalog.tags == ["new"])
        #expect(iPad.mediator.root.userID == 7)
        #expect(try mac.mediator.snapshot() == iPad.mediator.snapshot())
    }

    @Test func aReopenedReplicaHasEveryUpdateThatReturned() throws {
        let place = Place()
        let other: SharedFolderStore<Library>
        var before: Data
        do {
            let mac = try SharedFolderStore<Library>(folder: place.folder, identity: place.identity("mac"))
            other = try SharedFolderStore<Library>(folder: place.folder, identity: place.identity("iPad"))
            try other.mediator.update { $0.scores["b"] = 2 }
            try mac.sync()
            try mac.mediator.update { library in
                library.scores["a"] = 1
                library.catalog.tags.insert("kept")
            }
            before = try mac.mediator.snapshot()
        }
        let reopened = try SharedFolderStore<Library>(folder: place.folder, identity: place.identity("mac"))
        #expect(reopened.mediator.root.scores == ["a": 1, "b": 2])
        #expect(try reopened.mediator.snapshot() == before)
        #expect(!reopened.mediator.history.canUndo)
        // It goes on as the same replica: the other merges what it makes next.
        try reopened.mediator.update { $0.userID = 3 }
        try other.sync()
        #expect(other.mediator.root.userID == 3)
        #expect(try other.mediator.snapshot() == reopened.mediator.snapshot())
    }
}
