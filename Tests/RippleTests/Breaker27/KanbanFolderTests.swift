import Foundation
@testable import Ripple
import Testing

/// Issue 27's breaker: a kanban board shared through a folder (two stores on one folder,
/// reopening, damaged and truncated change files, a missing identity file, a file that cannot
/// be written).
@MainActor
@Suite struct KanbanFolderTests {
    final class Place {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("breaker27-\(UUID().uuidString)")
        var folder: URL { root.appendingPathComponent("Shared") }
        func identity(_ name: String) -> URL { root.appendingPathComponent("Local/\(name).replica") }
        @MainActor func changeFile(of store: SharedFolderStore<Library>) -> URL {
            folder.appendingPathComponent("\(store.mediator.replicaID).ripplechanges")
        }
        deinit { try? FileManager.default.removeItem(at: root) }
    }

    /// The first store makes the shared document (a board), the second opens it.
    static func pair(_ place: Place) throws -> (SharedFolderStore<Library>, SharedFolderStore<Library>) {
        let mac = try SharedFolderStore<Library>(folder: place.folder, identity: place.identity("mac"))
        try mac.mediator.update { $0.board = KanbanReplicas.makeLibrary().board }
        let iPad = try SharedFolderStore<Library>(folder: place.folder, identity: place.identity("iPad"))
        return (mac, iPad)
    }

    static func text(_ store: SharedFolderStore<Library>) throws -> String {
        String(decoding: try store.mediator.snapshot(), as: UTF8.self)
    }

    @Test func twoStoresOnOneFolderConvergeAndReopenEqual() throws {
        let place = Place()
        var expected = ""
        do {
            let (mac, iPad) = try Self.pair(place)
            try mac.mediator.update { $0.board!.columns[0].cards[0].tags.insert("mac") }
            try iPad.mediator.update { $0.board!.columns[0].cards[0].tags.insert("iPad") }
            try iPad.mediator.update { $0.board!.assignees["x"] = "bob" }
            try mac.sync()
            try iPad.sync()
            #expect(try Self.text(mac) == Self.text(iPad))
            expected = try Self.text(mac)
        }
        let mac = try SharedFolderStore<Library>(folder: place.folder, identity: place.identity("mac"))
        #expect(try Self.text(mac) == expected)
        #expect(mac.mediator.root.board?.columns[0].cards[0].tags == ["mac", "iPad"])
    }

    @Test func aTruncatedChangeFileWaitsForTheRest() throws {
        let place = Place()
        let (mac, iPad) = try Self.pair(place)
        try iPad.mediator.update { $0.board!.title = "iPad" }
        let file = place.changeFile(of: iPad)
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count - 7).write(to: file)
        try mac.sync()
        try whole.write(to: file)
        try mac.sync()
        #expect(mac.mediator.root.board?.title == "iPad")
    }

    @Test func garbageInAnotherReplicasFileDoesNotStopItsLaterChanges() throws {
        let place = Place()
        let (mac, iPad) = try Self.pair(place)
        try iPad.mediator.update { $0.board!.title = "first" }
        let handle = try FileHandle(forWritingTo: place.changeFile(of: iPad))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"garbage\": tru\n".utf8))
        try handle.close()
        try iPad.mediator.update { $0.board!.columns[0].name = "second" }
        try mac.sync()
        #expect(mac.mediator.root.board?.title == "first")
        #expect(mac.mediator.root.board?.columns[0].name == "second")
    }

    @Test func aMissingIdentityFileGivesANewReplicaThatKeepsEverything() throws {
        let place = Place()
        let (mac, iPad) = try Self.pair(place)
        try iPad.mediator.update { $0.board!.title = "before" }
        try mac.sync()
        let oldID = iPad.mediator.replicaID
        try FileManager.default.removeItem(at: place.identity("iPad"))
        let again = try SharedFolderStore<Library>(folder: place.folder, identity: place.identity("iPad"))
        #expect(again.mediator.replicaID != oldID)
        #expect(again.mediator.root.board?.title == "before")
        try again.mediator.update { $0.board!.title = "after" }
        try mac.sync()
        #expect(try Self.text(mac) == Self.text(again))
    }

    /// `SharedFolderStore`'s docs say every update is on disk when it returns. When this
    /// replica's file cannot be written, the update throws and rolls back (it returned normally
    /// once, its failure going to the failure handler only, and a kill lost the edit).
    @Test func anUpdateWhoseChangeCannotBeWrittenSaysSo() throws {
        let place = Place()
        let (_, iPad) = try Self.pair(place)
        try iPad.mediator.update { $0.board!.title = "written" }
        // Root ignores permissions: put a folder where the change file is, so appends fail.
        let file = place.changeFile(of: iPad)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        var thrown: (any Error)?
        do { try iPad.mediator.update { $0.board!.title = "lost" } } catch { thrown = error }
        #expect(thrown != nil)
        // Refused before it committed: the model is as it was, nothing half applied.
        #expect(iPad.mediator.root.board?.title == "written")
    }
}
