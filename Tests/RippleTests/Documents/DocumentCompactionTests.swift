import Foundation
@testable import Ripple
import Testing

/// Compaction: a store writes a new snapshot and empties its journal by itself (its
/// `compaction` policy), reading the model's values on the main actor and encoding and writing
/// them off it; the bytes are those `save()` writes.
@MainActor
@Suite struct DocumentCompactionTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-compaction-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func size(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
    }

    private func makeRichLibrary(seed: Int) throws -> Mediator<Library> {
        let mediator = Mediator(root: makeLibrary(shelves: 3 + seed % 4))
        try mediator.update { library in
            library.userID = seed
            library.catalog.total = 12 * seed
            library.catalog.tags = ["a", "b\u{301}", "\(seed)"]
            library.shelves[0].entries = ["x", "y \"quoted\"", String(repeating: "é", count: seed)]
            library.shelves[1].children = [library.shelves[2]]
            library.shelves[2].children = [library.shelves[1]]
            library.pinned = library.shelves[0]
            library.shelvesByKey = ["first": library.shelves[0], "last": library.shelves[2]]
            library.archive = seed.isMultiple(of: 2) ? [library.shelves[1]] : nil
            library.settings.open("f\(seed)")
            library.scores = ["s": 3, "t": -seed]
            library.notes = [Note(id: 1, "note", replies: [Note(id: 2, "reply")])]
            library.chart.slices = [Slice("A", 60), Slice("B", 40)]
        }
        return mediator
    }

    @Test(arguments: 0..<6)
    func aCapturedDocumentEncodesOffTheMainActorToTheBytesOfASnapshot(seed: Int) async throws {
        let mediator = try makeRichLibrary(seed: seed)
        let expected = try mediator.snapshotBytes(extra: [("journal", 3)])
        let captured = try mediator.captureDocument(extra: [("journal", 3)])
        let encoded = try await Task.detached { try captured.encode() }.value
        #expect(encoded == expected)
        // Sendable values are kept to be encoded later, not encoded on the main actor.
        let kept = captured.members.filter { if case .text = $0.value { false } else { true } }
        #expect(kept.contains { $0.name == "title" } && kept.contains { $0.name == "entries" })
    }

    @Test func aCancelledEncodingStops() throws {
        let mediator = try makeRichLibrary(seed: 1)
        let captured = try mediator.captureDocument()
        #expect(throws: CancellationError.self) { try captured.encode(isCancelled: { true }) }
    }

    @Test func theAutomaticPolicyWaitsForTheJournalToOutgrowAnEighthOfTheSnapshot() {
        let policy = DocumentStore<Library>.Compaction.automatic
        #expect(!policy.isDue(journalBytes: 60_000, snapshotBytes: 1_000), "a small journal stays")
        #expect(policy.isDue(journalBytes: 70_000, snapshotBytes: 1_000))
        #expect(!policy.isDue(journalBytes: 100_000, snapshotBytes: 800_000))
        #expect(policy.isDue(journalBytes: 100_001, snapshotBytes: 800_000), "past an eighth of the snapshot")
        #expect(!DocumentStore<Library>.Compaction.manual.isDue(journalBytes: .max, snapshotBytes: 0))
        #expect(DocumentStore<Library>.Compaction.whenJournalExceeds(bytes: 10).isDue(journalBytes: 11, snapshotBytes: 1_000))
    }

    /// Waits (at most a few seconds) for the store's compactions to end.
    private func settle(_ store: DocumentStore<Library>) async throws {
        for _ in 0..<500 where store.compactionRun != nil || store.compactionIsScheduled {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(store.compactionRun == nil && !store.compactionIsScheduled)
    }

    @Test func theStoreCompactsByItselfAndReopensToEveryUpdate() async throws {
        let url = try folder().appendingPathComponent("library.ripple")
        let journal = url.path + ".journal"
        var largest = 0
        do {
            let store = try DocumentStore<Library>(url: url, compaction: .whenJournalExceeds(bytes: 4_000))
            for index in 0..<200 {
                try store.mediator.update { $0.shelves.append(Shelf(id: index, title: "Shelf \(index)")) }
                largest = max(largest, try size(journal))
                // The main actor is free between updates now and then, as in an app.
                if index.isMultiple(of: 10) { try await Task.sleep(for: .milliseconds(1)) }
            }
            try await settle(store)
            #expect(store.generation > 1, "the store compacted")
            #expect(try size(journal) < 8_000)
        }
        #expect(largest < 40_000, "the journal never grew far past the policy: \(largest)")
        let reopened = try DocumentStore<Library>(url: url)
        #expect(reopened.mediator.root.shelves.map(\.title) == (0..<200).map { "Shelf \($0)" })
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).count == 2)
    }

    @Test func aManualPolicyLetsTheJournalGrow() async throws {
        let url = try folder().appendingPathComponent("library.ripple")
        let store = try DocumentStore<Library>(url: url, compaction: .manual)
        for index in 0..<100 { try store.mediator.update { $0.shelves.append(Shelf(id: index, title: "Shelf \(index)")) } }
        try await Task.sleep(for: .milliseconds(50))
        #expect(store.generation == 1 && store.compactionRun == nil)
        #expect(try size(url.path + ".journal") > size(url.path))
    }

    @Test func openingAJournalPastThePolicyCompactsSoonAfter() async throws {
        let url = try folder().appendingPathComponent("library.ripple")
        do {
            let store = try DocumentStore<Library>(url: url, compaction: .manual)
            for index in 0..<100 { try store.mediator.update { $0.shelves.append(Shelf(id: index, title: "Shelf \(index)")) } }
        }
        let store = try DocumentStore<Library>(url: url, compaction: .whenJournalExceeds(bytes: 1_000))
        try await settle(store)
        #expect(store.generation == 2)
        #expect(try size(url.path + ".journal") < 1_000)
        #expect(store.mediator.root.shelves.count == 100)
    }

    @Test func updatesMadeWhileACompactionRunsGoToTheNewJournal() async throws {
        let url = try folder().appendingPathComponent("library.ripple")
        do {
            let store = try DocumentStore<Library>(url: url, compaction: .manual)
            try store.mediator.update { $0.shelves = [Shelf(id: 1, title: "A")] }
            let run = try store.startCompaction(reportsFailure: false)
            run.waitUntilWritten()
            try store.mediator.update { $0.shelves.append(Shelf(id: 2, title: "B")) }
            try await run.wait()
            #expect(store.generation == 2)
        }
        let snapshot = try Mediator<Library>(opening: try Data(contentsOf: url))
        #expect(snapshot.root.shelves.map(\.title) == ["A"], "the snapshot holds what was read")
        let reopened = try DocumentStore<Library>(url: url)
        #expect(reopened.mediator.root.shelves.map(\.title) == ["A", "B"], "the new journal carries the rest")
    }

    @Test func aSaveSupersedesACompactionInFlight() async throws {
        let url = try folder().appendingPathComponent("library.ripple")
        let store = try DocumentStore<Library>(url: url, compaction: .manual)
        try store.mediator.update { $0.shelves = [Shelf(id: 1, title: "A")] }
        let run = try store.startCompaction(reportsFailure: false)
        try store.mediator.update { $0.shelves.append(Shelf(id: 2, title: "B")) }
        try store.save()
        try await run.wait()
        #expect(store.generation == 2, "one snapshot: the save's")
        let snapshot = try Mediator<Library>(opening: try Data(contentsOf: url))
        #expect(snapshot.root.shelves.map(\.title) == ["A", "B"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).count == 2)
    }

    @Test func aStoreClosedWhileCompactingLeavesNoFileAndReleasesTheDocument() async throws {
        let url = try folder().appendingPathComponent("library.ripple")
        var run: CompactionRun?
        do {
            let store = try DocumentStore<Library>(url: url, compaction: .manual)
            try store.mediator.update { $0.shelves = [Shelf(id: 1, title: "A")] }
            run = try store.startCompaction(reportsFailure: false)
        }
        await #expect(throws: CancellationError.self) { try await run?.wait() }
        let reopened = try DocumentStore<Library>(url: url)
        #expect(reopened.mediator.root.shelves.map(\.title) == ["A"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).count == 2)
    }

    @Test func compactingInsideAnUpdateIsRefused() async throws {
        let url = try folder().appendingPathComponent("library.ripple")
        let store = try DocumentStore<Library>(url: url, compaction: .manual)
        try store.mediator.update { _ in
            #expect(throws: DocumentError.updateInProgress) { try store.startCompaction(reportsFailure: false) }
        }
        #expect(store.compactionRun == nil)
    }
}
