import Foundation
@testable import Ripple
import Testing

/// A journal is this document's provably, or it is damage: a header that is not whole and
/// valid, a journal without its document, of another document or of a newer snapshot throws
/// `DocumentError.damaged` and leaves both files as they are, byte for byte. Only records the
/// snapshot beside the journal holds already are ever skipped.
@MainActor
@Suite struct DocumentJournalHeaderTests {
    /// A document with three journaled updates (titles A, B, C), closed.
    private func document() throws -> (url: URL, journal: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-header-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("library.ripple")
        let store = try open(url)
        for title in ["A", "B", "C"] { try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: title)) } }
        return (url, URL(fileURLWithPath: url.path + ".journal"))
    }

    /// A store whose syncs do not wait for the disk (these tests open hundreds).
    private func open(_ url: URL) throws -> DocumentStore<Library> {
        try DocumentStore<Library>(url: url, durability: .immediate, files: FaultyFileCalls())
    }

    private func titles(_ url: URL) throws -> [String] {
        try open(url).mediator.root.shelves.map(\.title)
    }

    /// Opening throws `damaged`, and leaves both files as they were.
    private func expectDamage(_ url: URL, _ comment: String) throws {
        let journal = URL(fileURLWithPath: url.path + ".journal")
        let before = (try? Data(contentsOf: url), try Data(contentsOf: journal))
        do {
            _ = try open(url)
            Issue.record("\(comment): opened")
        } catch let error as DocumentError {
            if case .damaged = error {} else { Issue.record("\(comment): \(error)") }
        }
        #expect((try? Data(contentsOf: url)) == before.0, "\(comment): the document is left as it was")
        #expect(try Data(contentsOf: journal) == before.1, "\(comment): the journal is left as it was")
    }

    @Test func everyChangedBitAndByteOfTheHeaderIsDamage() throws {
        let (url, journalURL) = try document()
        let journal = try Data(contentsOf: journalURL)
        let size = Int(journal[8]) | Int(journal[9]) << 8
        #expect(size == JournalFormat.header(generation: 0, base: 0, document: UUID().uuidString, file: .init(device: 0, inode: 0)).count)
        var opened = 0
        for offset in 0..<size {
            var values = (0..<8).map { journal[offset] ^ (1 << $0) }
            values += [0x00, 0xFF].filter { $0 != journal[offset] }
            for value in values {
                var changed = journal
                changed[offset] = value
                try changed.write(to: journalURL)
                try expectDamage(url, "byte \(offset) set to \(value)")
                opened += 1
            }
        }
        #expect(opened > size * 8)
        try journal.write(to: journalURL)
        #expect(try titles(url) == ["A", "B", "C"])
    }

    @Test func aJournalWhoseDocumentIsMissingIsDamage() throws {
        let (url, journal) = try document()
        try FileManager.default.removeItem(at: url)
        try expectDamage(url, "no document")
        #expect(!FileManager.default.fileExists(atPath: url.path), "no new document is made")
        #expect(FileManager.default.fileExists(atPath: journal.path))
    }

    @Test func aJournalThatHoldsNothingIsStartedAfresh() throws {
        let (url, journal) = try document()
        do {
            let store = try open(url)
            try store.save()
        }
        // A header alone, beside no document: nothing was ever appended to it.
        let header = try Data(contentsOf: journal)
        try FileManager.default.removeItem(at: url)
        #expect(try titles(url) == [], "a new document")
        // Zeros (a power cut as it was created) or nothing, beside a document.
        for nothing in [Data(count: header.count), Data()] {
            try nothing.write(to: journal)
            #expect(try titles(url) == [])
            #expect(try Data(contentsOf: journal).count == header.count, "a journal of the document again")
        }
    }

    @Test func aJournalOfAnotherDocumentIsDamage() throws {
        let (url, journal) = try document()
        let (other, _) = try document()
        try FileManager.default.removeItem(at: journal)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: other.path + ".journal"), to: journal)
        try expectDamage(url, "another document's journal")
    }

    @Test func aJournalFollowingANewerSnapshotThanTheDocumentIsDamage() throws {
        let (url, _) = try document()
        let older = try Data(contentsOf: url)
        do {
            let store = try open(url)
            try store.save()
            try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: "D")) }
        }
        // The document put back from an older copy, beside the newer journal.
        try older.write(to: url)
        try expectDamage(url, "an older document")
    }

    @Test func aJournalMissingItsFirstRecordIsDamage() throws {
        let (url, journalURL) = try document()
        let journal = try Data(contentsOf: journalURL)
        let size = Int(journal[8]) | Int(journal[9]) << 8
        let first = Int(journal[size]) | Int(journal[size + 1]) << 8
        var cut = journal.prefix(size)
        cut += journal.dropFirst(size + 8 + first)
        try cut.write(to: journalURL)
        try expectDamage(url, "a gap")
    }

    @Test func recordsTheSnapshotHoldsAreSkippedAndTheOthersApplied() throws {
        // Stopped after a new snapshot was renamed into place and before the journal was
        // replaced, the store had gone on appending (as a compaction does): the old journal holds
        // records up to the snapshot and after it.
        let (url, journalURL) = try document()
        let old = try Data(contentsOf: journalURL)
        do {
            let store = try open(url)
            try store.save()
            try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: "D")) }
        }
        let new = try Data(contentsOf: journalURL)
        let newHeader = Int(new[8]) | Int(new[9]) << 8
        try (old + new.dropFirst(newHeader)).write(to: journalURL)
        #expect(try titles(url) == ["A", "B", "C", "D"], "A, B and C are not applied twice; D is kept")
        #expect(try titles(url) == ["A", "B", "C", "D"], "and the journal was replaced by one of the snapshot")
    }

    @Test func aJournalOfTheFormerFormatIsStillRead() throws {
        let (url, journalURL) = try document()
        let journal = try Data(contentsOf: journalURL)
        let size = Int(journal[8]) | Int(journal[9]) << 8
        let generation = journal[12..<20]
        // Format 1: RPLJ, 1, the generation; then the same records.
        var legacy = Data("RPLJ".utf8) + Data([1, 0, 0, 0]) + generation
        legacy += journal.dropFirst(size)
        try legacy.write(to: journalURL)
        #expect(try titles(url) == ["A", "B", "C"])
        let upgraded = try Data(contentsOf: journalURL)
        #expect(upgraded[4] == 3 && upgraded.count == journal.count, "rewritten in the current format")
        #expect(try titles(url) == ["A", "B", "C"])
        // A changed generation in a header without a checksum: the records still say what they
        // hold, and a generation newer than the snapshot's is damage.
        legacy[8] ^= 2
        try legacy.write(to: journalURL)
        try expectDamage(url, "a newer generation")
        legacy[8] ^= 3
        try legacy.write(to: journalURL)
        #expect(try titles(url) == ["A", "B", "C"], "an older generation: its records are not in the snapshot, and apply")
    }
}
