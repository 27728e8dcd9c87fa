import Foundation
@testable import Ripple
import Testing

/// `DocumentStore`: a document that saves itself, reopens to its last durable update after a
/// kill or a torn write, and is held by one store at a time.
@MainActor
@Suite struct DocumentStoreTests {
    /// A fresh folder for one test's documents.
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func titles(_ library: Library) -> [String] { library.shelves.map(\.title) }

    @Test func aNewDocumentIsCreatedSavedAndReopensToEveryUpdate() throws {
        let url = try folder().appendingPathComponent("library.ripple")
        do {
            let store = try DocumentStore<Library>(url: url)
            #expect(FileManager.default.fileExists(atPath: url.path), "a new document is written at once")
            #expect(!store.mediator.hasUnsavedChanges)
            try store.mediator.update { $0.shelves = [Shelf(id: 0, title: "A"), Shelf(id: 0, title: "B")] }
            #expect(!store.mediator.hasUnsavedChanges, "a durable document is saved")
            try store.mediator.update { $0.shelves[1].entries = ["x"] }
            try store.mediator.update { library in library.pinned = library.shelves[1] }
            try store.mediator.history.undo()
            #expect(!store.mediator.hasUnsavedChanges)
        }
        let reopened = try DocumentStore<Library>(url: url)
        #expect(titles(reopened.mediator.root) == ["A", "B"])
        #expect(reopened.mediator.root.shelves[1].entries == ["x"])
        #expect(reopened.mediator.root.pinned == nil, "the undo was journaled too")
        #expect(!reopened.mediator.hasUnsavedChanges && !reopened.mediator.history.canUndo)
    }

    @Test func saveWritesASnapshotAndEmptiesTheJournal() throws {
        let url = try folder().appendingPathComponent("library.ripple")
        let journal = url.path + ".journal"
        do {
            let store = try DocumentStore<Library>(url: url)
            for index in 0..<20 { try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: "S\(index)")) } }
            let before = try FileManager.default.attributesOfItem(atPath: journal)[.size] as! Int
            try store.save()
            let after = try FileManager.default.attributesOfItem(atPath: journal)[.size] as! Int
            let header = JournalFormat.header(generation: 0, base: 0, document: store.mediator.identities.document, file: .init(device: 0, inode: 0))
            #expect(after == header.count && before > after, "the journal holds its header alone")
            #expect(!FileManager.default.fileExists(atPath: url.path + ".saving"))
            try store.mediator.update { $0.shelves[0].title = "first" }
        }
        let reopened = try DocumentStore<Library>(url: url)
        #expect(reopened.mediator.root.shelves.count == 20 && reopened.mediator.root.shelves[0].title == "first")
        let snapshot = try Mediator<Library>(opening: try Data(contentsOf: url))
        #expect(snapshot.root.shelves.count == 20 && snapshot.root.shelves[0].title == "S0", "the file holds the snapshot alone")
    }

    @Test func aTornLastRecordIsDroppedAtEveryByteOffset() throws {
        let directory = try folder()
        let url = directory.appendingPathComponent("library.ripple")
        var journalBefore = Data()
        do {
            let store = try DocumentStore<Library>(url: url)
            try store.mediator.update { $0.shelves = [Shelf(id: 0, title: "A")] }
            try store.mediator.update { $0.shelves[0].entries = ["kept"] }
            journalBefore = try Data(contentsOf: URL(fileURLWithPath: url.path + ".journal"))
            try store.mediator.update { $0.shelves[0].entries.append("torn") }
        }
        let journal = try Data(contentsOf: URL(fileURLWithPath: url.path + ".journal"))
        let snapshot = try Data(contentsOf: url)
        #expect(journal.count > journalBefore.count)
        for cut in journalBefore.count..<journal.count {
            try snapshot.write(to: url)
            try journal.prefix(cut).write(to: URL(fileURLWithPath: url.path + ".journal"))
            let store = try DocumentStore<Library>(url: url)
            #expect(store.mediator.root.shelves[0].entries == ["kept"], "cut at \(cut) of \(journal.count)")
            // The torn tail is gone: the next update follows the last whole record.
            try store.mediator.update { $0.shelves[0].entries.append("next") }
        }
        let store = try DocumentStore<Library>(url: url)
        #expect(store.mediator.root.shelves[0].entries == ["kept", "next"])
    }

    @Test func aDamagedRecordEndsTheJournal() throws {
        let url = try folder().appendingPathComponent("library.ripple")
        do {
            let store = try DocumentStore<Library>(url: url)
            try store.mediator.update { $0.shelves = [Shelf(id: 0, title: "A")] }
            try store.mediator.update { $0.shelves[0].title = "B" }
        }
        var journal = try Data(contentsOf: URL(fileURLWithPath: url.path + ".journal"))
        journal[journal.count - 3] ^= 0x20    // a flipped bit in the last payload
        try journal.write(to: URL(fileURLWithPath: url.path + ".journal"))
        let store = try DocumentStore<Library>(url: url)
        #expect(titles(store.mediator.root) == ["A"])
    }

    @Test func aSecondStoreOfTheSameDocumentIsRefused() throws {
        let url = try folder().appendingPathComponent("library.ripple")
        let store = try DocumentStore<Library>(url: url)
        let journal = try SystemFileCalls.shared.realPath(url.path) + ".journal"
        #expect(throws: DocumentError.locked(path: journal)) { try DocumentStore<Library>(url: url) }
        try store.mediator.update { $0.shelves = [Shelf(id: 0, title: "A")] }
        #expect(titles(store.mediator.root) == ["A"])
    }

    @Test func aStaleJournalOfAnOlderSnapshotIsIgnored() throws {
        // Killed after the new snapshot was renamed into place, before the journal was emptied.
        let url = try folder().appendingPathComponent("library.ripple")
        var oldJournal = Data()
        do {
            let store = try DocumentStore<Library>(url: url)
            try store.mediator.update { $0.shelves = [Shelf(id: 0, title: "A")] }
            try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: "B")) }
            oldJournal = try Data(contentsOf: URL(fileURLWithPath: url.path + ".journal"))
            try store.save()
        }
        try oldJournal.write(to: URL(fileURLWithPath: url.path + ".journal"))
        let store = try DocumentStore<Library>(url: url)
        #expect(titles(store.mediator.root) == ["A", "B"], "the old records are in the snapshot: not applied twice")
    }

    @Test func badFilesAreRefusedWithAClearError() throws {
        let directory = try folder()
        let cases: [(String, Data)] = [
            ("empty", Data()),
            ("garbage", Data("not a document at all".utf8)),
            ("another model", Data(#"{"format":1,"model":"Garden","version":1,"root":1,"nextID":2,"nodes":{}}"#.utf8)),
            ("a newer version", Data(#"{"format":1,"model":"Library","version":99,"root":1,"nextID":2,"nodes":{}}"#.utf8)),
            ("a newer format", Data(#"{"format":7}"#.utf8)),
        ]
        for (name, data) in cases {
            let url = directory.appendingPathComponent("\(name).ripple")
            try data.write(to: url)
            #expect(throws: DocumentError.self, "\(name)") { try DocumentStore<Library>(url: url) }
            #expect(try Data(contentsOf: url) == data, "\(name): a refused file is left as it was")
            // The lock was released: the file can be opened again (and refused again).
            #expect(throws: DocumentError.self) { try DocumentStore<Library>(url: url) }
        }
    }

    @Test func aLooserDurabilityIsSavedWhenTheJournalIsSynced() throws {
        let url = try folder().appendingPathComponent("library.ripple")
        do {
            let store = try DocumentStore<Library>(url: url, durability: .onSave)
            try store.mediator.update { $0.shelves = [Shelf(id: 0, title: "A")] }
            #expect(store.mediator.hasUnsavedChanges, "written, not yet durable")
            try store.sync()
            #expect(!store.mediator.hasUnsavedChanges)
            try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: "B")) }
            #expect(store.mediator.hasUnsavedChanges)
        }
        let reopened = try DocumentStore<Library>(url: url)
        #expect(titles(reopened.mediator.root) == ["A", "B"], "each update is written at once")
    }

    @Test func anIntervalSyncsOnItsOwn() async throws {
        let url = try folder().appendingPathComponent("library.ripple")
        let store = try DocumentStore<Library>(url: url, durability: .interval(.milliseconds(10)))
        try store.mediator.update { $0.shelves = [Shelf(id: 0, title: "A")] }
        #expect(store.mediator.hasUnsavedChanges)
        for _ in 0..<500 where store.mediator.hasUnsavedChanges { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!store.mediator.hasUnsavedChanges)
    }

    @Test func aRolledBackUpdateIsNotJournaled() throws {
        let url = try folder().appendingPathComponent("library.ripple")
        do {
            let store = try DocumentStore<Library>(url: url)
            try store.mediator.update { $0.shelves = [Shelf(id: 0, title: "A")] }
            struct Refused: Error {}
            #expect(throws: Refused.self) {
                try store.mediator.update {
                    $0.shelves.append(Shelf(id: 0, title: "B"))
                    throw Refused()
                }
            }
        }
        let reopened = try DocumentStore<Library>(url: url)
        #expect(titles(reopened.mediator.root) == ["A"])
    }
}
