import Foundation
@testable import Ripple
import Testing

/// A replica's own change file put back to an older version while its store is closed (a backup,
/// a sync engine's older revision), after another replica merged the newer changes: the
/// reopened replica numbers afresh as a new one, and the others write the lost changes back.
@MainActor
@Suite struct SharedFolderPutBackTests {
    @MainActor
    final class Place {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("put-back-\(UUID().uuidString)")
        var folder: URL { root.appendingPathComponent("Shared") }
        func identity(_ name: String) -> URL { root.appendingPathComponent("Local/\(name).replica") }
        func open(_ name: String) throws -> SharedFolderStore<Library> {
            try SharedFolderStore<Library>(folder: folder, identity: identity(name))
        }
        func file(of replica: ReplicaID) -> URL { folder.appendingPathComponent("\(replica).ripplechanges") }
        deinit { try? FileManager.default.removeItem(at: root) }
    }

    /// The Mac's file put back to before its last update while it was closed: the iPad merged
    /// that update. Returns the Mac's identity before, and the iPad.
    private func putBack(_ place: Place) throws -> (ReplicaID, SharedFolderStore<Library>) {
        let iPad = try place.open("iPad")
        var mac: SharedFolderStore<Library>? = try place.open("mac")
        let replica = mac!.mediator.replicaID
        try mac!.mediator.update { $0.scores["a"] = 1 }
        let older = try Data(contentsOf: place.file(of: replica))
        try mac!.mediator.update { $0.scores["b"] = 2 }
        try iPad.sync()
        mac = nil
        try older.write(to: place.file(of: replica), options: [])
        return (replica, iPad)
    }

    @Test func aReplicaReopenedAsItClosedKeepsItsIdentity() throws {
        let place = Place()
        var mac: SharedFolderStore<Library>? = try place.open("mac")
        let replica = mac!.mediator.replicaID
        try mac!.mediator.update { $0.scores["a"] = 1 }
        mac = nil
        #expect(try place.open("mac").mediator.replicaID == replica)
    }

    @Test func anOwnFilePutBackWhileClosedOpensAsANewReplica() throws {
        let place = Place()
        let (replica, iPad) = try putBack(place)
        let reopened = try place.open("mac")
        #expect(reopened.mediator.replicaID != replica)
        #expect(reopened.mediator.root.scores == ["a": 1])
        try reopened.mediator.update { $0.scores["c"] = 3 }
        try iPad.sync()
        #expect(iPad.mediator.root.scores == ["a": 1, "b": 2, "c": 3])
    }

    /// No close recorded (a crash), but the others' files hold the Mac's changes its own lacks.
    @Test func anOwnFilePutBackAfterACrashThatOthersBuiltOnOpensAsANewReplica() throws {
        let place = Place()
        let (replica, iPad) = try putBack(place)
        try iPad.mediator.update { $0.scores["b"] = 20 }
        let identity = try String(contentsOf: place.identity("mac"), encoding: .utf8)
        let lines = identity.split(separator: "\n")
        #expect(lines.count == 3)
        // Written in place, so that the identity file stays the same file.
        let handle = try FileHandle(forWritingTo: place.identity("mac"))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data((lines[0..<2].joined(separator: "\n") + "\n").utf8))
        try handle.close()
        let reopened = try place.open("mac")
        #expect(reopened.mediator.replicaID != replica)
    }

    /// The iPad, which edited nothing since it merged the Mac's lost update, writes it back: a
    /// replica that joins later and never saw the Mac's newer file has it.
    @Test func aReplicaThatFindsAnotherFilePutBackWritesItsChangesBack() throws {
        let place = Place()
        let (_, iPad) = try putBack(place)
        try iPad.sync()
        let later = try place.open("pc")
        #expect(later.mediator.root.scores == ["a": 1, "b": 2])
    }
}
