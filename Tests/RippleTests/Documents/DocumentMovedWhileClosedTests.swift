import Foundation
@testable import Ripple
import Testing

/// A document moved to another folder while closed (the Finder moves the one file), or whose
/// journal was deleted, never opens without the updates its journal held: its snapshot is
/// marked before anything is journaled after it (``SnapshotMark``), and a marked snapshot
/// whose journal is out of reach is ``DocumentError/journalMissing(path:)``, every file left as
/// it is. A snapshot nothing was journaled after opens alone, wherever it goes.
@MainActor
@Suite struct DocumentMovedWhileClosedTests {
    private let manager = FileManager.default

    private func folder() throws -> URL {
        let folder = manager.temporaryDirectory.appendingPathComponent("ripple-moved-\(UUID().uuidString)")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func open(_ url: URL, files: any FileSystemCalls = FaultyFileCalls()) throws -> DocumentStore<Library> {
        try DocumentStore<Library>(url: url, durability: .immediate, compaction: .manual, files: files)
    }

    private func titles(_ url: URL) throws -> [String] {
        try open(url).mediator.root.shelves.map(\.title)
    }

    private func names(_ folder: URL) throws -> [String] {
        try manager.contentsOfDirectory(atPath: folder.path).sorted()
    }

    private func add(_ title: String, to store: DocumentStore<Library>) throws {
        try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: title)) }
    }

    /// A closed document at `folder/library.ripple`: shelf A saved, then `journaled` journaled.
    @discardableResult
    private func document(in folder: URL, replica: Bool = false, journaled: [String] = ["B", "C"]) throws -> URL {
        let url = folder.appendingPathComponent("library.ripple")
        let store = try open(url)
        if replica { _ = store.mediator.replicaID }
        try add("A", to: store)
        try store.save()
        for title in journaled { try add(title, to: store) }
        return url
    }

    /// Moves `url`'s file alone into a new folder beside it; the new place.
    private func moveAlone(_ url: URL, into name: String = "Archive") throws -> URL {
        let other = url.deletingLastPathComponent().appendingPathComponent(name)
        try manager.createDirectory(at: other, withIntermediateDirectories: true)
        let moved = other.appendingPathComponent(url.lastPathComponent)
        try manager.moveItem(at: url, to: moved)
        return moved
    }

    private func missing(_ url: URL) throws -> DocumentError {
        .journalMissing(path: try SystemFileCalls.shared.realPath(url.path) + ".journal")
    }

    /// The byte of the snapshot at `url` that says whether a journal holds updates after it.
    private func mark(_ url: URL) throws -> Character? {
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        guard let range = text.range(of: "\"journalHoldsUpdates\":") else { return nil }
        return text[range.upperBound]
    }

    // MARK: Moved, deleted

    @Test(arguments: [false, true])
    func aDocumentMovedToAnotherFolderWhileClosedIsRefusedUntilItsJournalIsBack(replica: Bool) throws {
        let folder = try folder()
        defer { try? manager.removeItem(at: folder) }
        let url = try document(in: folder, replica: replica)
        let moved = try moveAlone(url)
        let before = try Data(contentsOf: moved)
        #expect(throws: try missing(moved)) { try open(moved) }
        #expect(try names(moved.deletingLastPathComponent()) == ["library.ripple"], "no journal made")
        #expect(try Data(contentsOf: moved) == before)
        try manager.moveItem(atPath: url.path + ".journal", toPath: moved.path + ".journal")
        #expect(try titles(moved) == ["A", "B", "C"], "the journal put back")
        do {
            let store = try open(moved)
            try add("D", to: store)
        }
        #expect(try titles(moved) == ["A", "B", "C", "D"])
    }

    @Test(arguments: [false, true])
    func aJournalDeletedWhileClosedIsRefusedNotDropped(replica: Bool) throws {
        let folder = try folder()
        defer { try? manager.removeItem(at: folder) }
        let url = try document(in: folder, replica: replica)
        try manager.removeItem(atPath: url.path + ".journal")
        #expect(throws: try missing(url)) { try open(url) }
        #expect(try names(folder) == ["library.ripple"])
        // Emptied (a journal is never empty beside a snapshot a store marked).
        try Data().write(to: URL(fileURLWithPath: url.path + ".journal"))
        #expect(throws: try missing(url)) { try open(url) }
    }

    @Test(arguments: [false, true])
    func aDocumentSavedOrCompactedBeforeItWasClosedOpensAloneWhereverItGoes(replica: Bool) async throws {
        let folder = try folder()
        defer { try? manager.removeItem(at: folder) }
        let url = try document(in: folder, replica: replica, journaled: [])
        #expect(try mark(url) == "0")
        let moved = try moveAlone(url)
        #expect(try titles(moved) == ["A"], "nothing was journaled after the snapshot")
        do {
            let store = try open(moved)
            try add("B", to: store)
            #expect(try mark(moved) == "1", "marked before the journal holds B")
            try await store.compact()
            #expect(try mark(moved) == "0", "a compaction that carries nothing writes it unmarked")
        }
        let again = try moveAlone(moved, into: "Again")
        #expect(try titles(again) == ["A", "B"])
    }

    @Test func aCompactionThatCarriesUpdatesMarksItsSnapshotBeforeItIsTheDocument() async throws {
        let folder = try folder()
        defer { try? manager.removeItem(at: folder) }
        let url = try document(in: folder, journaled: ["B"])
        do {
            let store = try open(url)
            let run = try store.startCompaction(reportsFailure: false)
            run.waitUntilWritten()
            try add("C", to: store)
            try await run.wait()
            #expect(store.generation == 3 && store.snapshotIsMarked)
        }
        #expect(try mark(url) == "1")
        let moved = try moveAlone(url)
        #expect(throws: try missing(moved)) { try open(moved) }
        try manager.moveItem(atPath: url.path + ".journal", toPath: moved.path + ".journal")
        #expect(try titles(moved) == ["A", "B", "C"])
    }

    @Test func aMarkedSnapshotBesideAJournalOfAnEarlierSnapshotWithNothingAfterItIsRefused() throws {
        let folder = try folder()
        defer { try? manager.removeItem(at: folder) }
        let url = try document(in: folder, journaled: [])
        let journal = URL(fileURLWithPath: url.path + ".journal")
        let earlier = try Data(contentsOf: journal)
        do {
            let store = try open(url)
            try add("B", to: store)
            try store.save()
            try add("C", to: store)
        }
        // The journal of the save before (the same document's, left in another folder, say).
        try earlier.write(to: journal)
        #expect(throws: try missing(url)) { try open(url) }
        #expect(try Data(contentsOf: journal) == earlier)
    }

    @Test func aDocumentMovedWhileOpenMarksItsFileWhereItWent() throws {
        let folder = try folder()
        defer { try? manager.removeItem(at: folder) }
        let url = try document(in: folder, journaled: [])
        let store = try open(url)
        let moved = try moveAlone(url)
        try add("B", to: store)
        #expect(try mark(moved) == "1")
        try manager.moveItem(at: moved, to: url)
        try add("C", to: store)
        try store.save()
        #expect(try mark(url) == "0")
    }

    // MARK: Older files

    /// `journal` (format 3) as Ripple before format 3 wrote it (`format` 2: without the file;
    /// 1: the 16-byte header, without name or checksum).
    private func legacy(_ journal: [UInt8], format: Int) -> [UInt8] {
        func word(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        let size = Int(journal[8]) | Int(journal[9]) << 8
        if format == 1 { return Array(journal[0..<4]) + word(1) + Array(journal[12..<20]) + journal[size...] }
        var header = Array(journal[0..<4]) + word(2) + word(size - 16) + Array(journal[12..<28]) + Array(journal[44..<(size - 4)])
        header += word(Int(CRC32.checksum(header)))
        return header + journal[size...]
    }

    @Test(arguments: [1, 2, 3])
    func aSnapshotWrittenBeforeTheMarkOpensWithItsJournalAndIsWrittenAgainMarkable(journalFormat: Int) throws {
        let folder = try folder()
        defer { try? manager.removeItem(at: folder) }
        let url = try document(in: folder)
        // As Ripple wrote it before the mark.
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        try Data(text.replacingOccurrences(of: ",\"journalHoldsUpdates\":1", with: "").utf8).write(to: url)
        #expect(try mark(url) == nil)
        let journal = URL(fileURLWithPath: url.path + ".journal")
        if journalFormat < 3 { try Data(legacy(Array(try Data(contentsOf: journal)), format: journalFormat)).write(to: journal) }
        #expect(try titles(url) == ["A", "B", "C"])
        #expect(try mark(url) == "0", "written again at once, holding the journal's updates")
        do {
            let store = try open(url)
            try add("D", to: store)
        }
        let moved = try moveAlone(url)
        #expect(throws: try missing(moved)) { try open(moved) }
    }

    // MARK: Faults

    @Test(arguments: [FaultyFileCalls.Fault.natural, .kill], [false, true])
    func everyFailingCallWhileMarkingLosesNothingSilently(fault: FaultyFileCalls.Fault, replica: Bool) async throws {
        try await FaultScript.failEveryCall(fault, upTo: 300) { files in
            let folder = try folder()
            defer { try? manager.removeItem(at: folder) }
            let url = try document(in: folder, replica: replica, journaled: [])
            var acknowledged = ["A"]
            do {
                let store = try open(url, files: files)
                for title in ["B", "C"] {
                    do {
                        try add(title, to: store)
                        acknowledged.append(title)
                    } catch {}
                }
            } catch {}
            var issues = 0
            func problem(_ text: String) {
                Issue.record("\(files.failure ?? "no failure"): \(text)")
                issues += 1
            }
            let moved = try moveAlone(url)
            let refusal = try missing(moved)
            do {
                let opened = try titles(moved)
                // Opened alone: only when nothing acknowledged was journaled after the snapshot.
                if !opened.starts(with: acknowledged) { problem("moved, opened as \(opened), \(acknowledged) acknowledged") }
                return issues
            } catch let error as DocumentError where error == refusal {
                if try names(moved.deletingLastPathComponent()) != ["library.ripple"] { problem("refused, but a file was made") }
            } catch {
                problem("moved, refused with \(error)")
            }
            try manager.moveItem(at: moved, to: url)
            let reopened = try titles(url)
            if !reopened.starts(with: acknowledged) { problem("moved back, opened as \(reopened), \(acknowledged) acknowledged") }
            return issues
        }
    }
}
