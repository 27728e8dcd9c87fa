import Foundation
@testable import Ripple
import Testing

/// The mediator's side of collaboration: a replica's committed updates become changes, and
/// another replica that merges them holds the same document (same snapshot, node for node).
@MainActor
@Suite struct ReplicaMediatorTests {
    /// Two replicas of one document: the first made from a library, the second opened from its
    /// snapshot.
    static func pair() throws -> (Mediator<Library>, Mediator<Library>) {
        let first = Mediator(root: makeLibrary())
        _ = first.replicaID
        let second = try Mediator<Library>(opening: try first.snapshot())
        _ = second.replicaID
        return (first, second)
    }

    /// The whole snapshot: byte for byte alike on replicas with the same changes.
    static func nodes(_ mediator: Mediator<Library>) throws -> String {
        String(decoding: try mediator.snapshot(), as: UTF8.self)
    }

    static func sync(_ from: Mediator<Library>, into to: Mediator<Library>) throws {
        try to.merge(try from.changes(since: to.version))
    }

    @Test func everyShapeOfChangeReachesTheOtherReplica() throws {
        let (first, second) = try Self.pair()
        try first.update { library in
            library.userID = 7
            library.shelves[0].title = "Renamed"
            library.shelves[1].entries = ["a", "b", "c"]
            library.catalog.tags = ["x", "y"]
            library.scores = ["one": 1, "two": 2]
            library.shelves.append(Shelf(id: 9, title: "New"))
            library.shelvesByKey["k"] = library.shelves[3]
            library.notes = [Note(id: 1, "n")]
        }
        try Self.sync(first, into: second)
        #expect(try Self.nodes(second) == Self.nodes(first))
        try first.update { library in
            library.shelves[1].entries.insert("z", at: 1)
            library.scores["one"] = nil
            library.scores["three"] = 3
            library.catalog.tags.remove("x")
            library.shelves.swapAt(0, 2)
            library.shelvesByKey["k"] = nil
            library.shelves.remove(at: 1)
        }
        try Self.sync(first, into: second)
        #expect(try Self.nodes(second) == Self.nodes(first))
        #expect(second.version == first.version)
    }

    @Test func aMergeIsNotRecordedForUndoAndIsTaggedRemote() throws {
        let (first, second) = try Self.pair()
        try first.update { $0.userID = 3 }
        var tags: [String?] = []
        let observer = second.observe("user", reads: [Library.scheme.userID]) { _ in tags = second.firingTags }
        try Self.sync(first, into: second)
        #expect(second.root.userID == 3)
        #expect(!second.history.canUndo)
        #expect(tags == ["remote"])
        _ = observer
    }

    @Test func mergingTheSameChangesTwiceChangesNothingMore() throws {
        let (first, second) = try Self.pair()
        try first.update { $0.shelves.append(Shelf(id: 5, title: "Five")) }
        let changes = try first.changes(since: DocumentVersion())
        try second.merge(changes)
        let once = try Self.nodes(second)
        try second.merge(changes)
        #expect(try Self.nodes(second) == once)
    }

    @Test func undoIsALocalChangeTheOthersReceive() throws {
        let (first, second) = try Self.pair()
        try first.update(undoName: "Title") { $0.shelves[0].title = "Changed" }
        try first.history.undo()
        try Self.sync(first, into: second)
        #expect(second.root.shelves[0].title == "Shelf 0")
        try first.history.redo()
        try Self.sync(first, into: second)
        #expect(second.root.shelves[0].title == "Changed")
    }

    @Test func anotherDocumentsChangesAreRefused() throws {
        let (first, _) = try Self.pair()
        let stranger = Mediator(root: makeLibrary())
        try first.update { $0.userID = 1 }
        #expect(throws: (any Error).self) { try stranger.merge(try first.changes(since: DocumentVersion())) }
        #expect(stranger.root.userID == 0)
    }

    /// Every value shape the test model saves, and keys of every kind (strings that need
    /// escaping, integers), as the specimen document holds them.
    @Test func everyValueShapeAndKeyKindReachesTheOtherReplica() throws {
        let first = Mediator(root: makeSpecimenLibrary())
        _ = first.replicaID
        let second = try Mediator<Library>(opening: try first.snapshot())
        _ = second.replicaID
        try first.update { library in
            let specimen = library.specimens[0]
            specimen.text += "!"
            specimen.note = nil
            specimen.count = 8
            specimen.values.insert(.text("neu"), at: 2)
            specimen.values.removeLast()
            specimen.matrix.append([0])
            specimen.table["c"] = [7]
            specimen.table["ä"] = nil
            specimen.maybeTexts.insert(nil, at: 0)
            specimen.tags.remove("grün")
            specimen.tags.insert("gelb")
            specimen.detail = nil
            specimen.byName["a\u{1}"] = nil
            specimen.byName["neu \"x\""] = specimen.byName["ab"]
            specimen.byNumber[-10] = nil
            specimen.byNumber[42] = Swatch()
            library.specimens[1].byName["z"] = nil
        }
        try Self.sync(first, into: second)
        #expect(try Self.nodes(second) == Self.nodes(first))
        #expect(second.root.specimens[0].byNumber.keys.sorted() == first.root.specimens[0].byNumber.keys.sorted())
    }
}

/// A document store's mediator is a replica like any other: it sends, merges, and reopens with
/// what it made and merged (see DocumentStoreReplicaTests for the rest).
@MainActor
@Suite struct ReplicaStoreTests {
    @Test func aStoresMediatorCollaborates() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replica-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Library.ripple")
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url)
        _ = store!.mediator.replicaID
        let other = try Mediator<Library>(opening: try store!.mediator.snapshot())
        try other.update { $0.scores["other"] = 1 }
        try store!.mediator.merge(try other.changes(since: store!.mediator.version))
        try store!.mediator.update { $0.userID = 7 }
        try other.merge(try store!.mediator.changes(since: other.version))
        let version = store!.mediator.version
        store = nil
        let reopened = try DocumentStore<Library>(url: url)
        #expect(reopened.mediator.version == version)
        #expect(try reopened.mediator.snapshot() == other.snapshot())
    }
}
