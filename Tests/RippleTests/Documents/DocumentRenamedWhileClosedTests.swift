import Foundation
@testable import Ripple
import Testing

/// A document renamed, reached by a second hard link or duplicated while its store is closed
/// opens with every acknowledged update: its journal, left under the old name, is found by the
/// file its header names, and adopted (a rename, a link) or replayed only (a copy, which then
/// saves a snapshot of its own). A journal that may be its and does not read is damage.
@MainActor
@Suite struct DocumentRenamedWhileClosedTests {
    private let manager = FileManager.default

    private func folder() throws -> URL {
        let folder = manager.temporaryDirectory.appendingPathComponent("ripple-renamed-\(UUID().uuidString)")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A closed document at `folder/library.ripple`: a snapshot with shelf A, then B and C
    /// journaled.
    @discardableResult
    private func document(in folder: URL, replica: Bool = false, files: any FileSystemCalls = FaultyFileCalls()) throws -> URL {
        let url = folder.appendingPathComponent("library.ripple")
        let store = try DocumentStore<Library>(url: url, durability: .immediate, compaction: .manual, files: files)
        if replica { _ = store.mediator.replicaID }
        try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: "A")) }
        try store.save()
        for title in ["B", "C"] { try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: title)) } }
        return url
    }

    private func open(_ url: URL) throws -> DocumentStore<Library> {
        try DocumentStore<Library>(url: url, durability: .immediate, compaction: .manual, files: FaultyFileCalls())
    }

    private func titles(_ url: URL) throws -> [String] {
        try open(url).mediator.root.shelves.map(\.title)
    }

    private func names(_ folder: URL) throws -> [String] {
        try manager.contentsOfDirectory(atPath: folder.path).sorted()
    }

    private func replicaID(_ url: URL) throws -> ReplicaID {
        try open(url).mediator.replicaID
    }

    // MARK: Renamed, linked

    @Test(arguments: [false, true])
    func aDocumentRenamedWhileClosedAdoptsItsJournal(replica: Bool) throws {
        let folder = try folder()
        let url = try document(in: folder, replica: replica)
        let identity = try replica ? replicaID(url) : nil
        let renamed = folder.appendingPathComponent("Renamed.ripple")
        try manager.moveItem(at: url, to: renamed)
        #expect(try titles(renamed) == ["A", "B", "C"])
        #expect(try names(folder) == ["Renamed.ripple", "Renamed.ripple.journal"], "the journal follows the document")
        do {
            let store = try open(renamed)
            try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: "D")) }
        }
        #expect(try titles(renamed) == ["A", "B", "C", "D"])
        if replica { #expect(try replicaID(renamed) == identity, "a renamed replica is the same replica") }
    }

    @Test(arguments: [false, true])
    func aSecondHardLinkWhoseFirstNameIsRemovedAdoptsTheJournal(replica: Bool) throws {
        let folder = try folder()
        let url = try document(in: folder, replica: replica)
        let link = folder.appendingPathComponent("link.ripple")
        try manager.linkItem(at: url, to: link)
        try manager.removeItem(at: url)
        #expect(try titles(link) == ["A", "B", "C"])
        #expect(try names(folder) == ["link.ripple", "link.ripple.journal"])
        // The old name, made again, is a new document: nothing of the old journal is left there.
        #expect(try titles(url) == [])
    }

    @Test func aDocumentRenamedWhileItsStoreIsOpenUnderTheOldNameIsLocked() throws {
        let folder = try folder()
        let url = try document(in: folder)
        let store = try open(url)
        let renamed = folder.appendingPathComponent("Renamed.ripple")
        try manager.moveItem(at: url, to: renamed)
        #expect(throws: DocumentError.locked(path: url.path + ".journal")) { try open(renamed) }
        #expect(store.mediator.root.shelves.count == 3)
    }

    // MARK: Duplicated

    @Test(arguments: [false, true])
    func aDuplicateOfAClosedDocumentHoldsWhatTheOriginalShowedAndStandsAlone(replica: Bool) throws {
        let folder = try folder()
        let url = try document(in: folder, replica: replica)
        let journal = try Data(contentsOf: URL(fileURLWithPath: url.path + ".journal"))
        let copy = folder.appendingPathComponent("library copy.ripple")
        try manager.copyItem(at: url, to: copy)
        do {
            let store = try open(copy)
            #expect(store.mediator.root.shelves.map(\.title) == ["A", "B", "C"])
            try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: "copy")) }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + ".journal")) == journal, "the original's journal is its own")
        #expect(try names(folder) == ["library copy.ripple", "library copy.ripple.journal", "library.ripple", "library.ripple.journal"])
        #expect(try Mediator<Library>(opening: Data(contentsOf: copy)).root.shelves.count == 3, "the copy saved a snapshot of its own")
        #expect(try titles(url) == ["A", "B", "C"])
        #expect(try titles(copy) == ["A", "B", "C", "copy"])
        if replica { #expect(try replicaID(url) != replicaID(copy), "a copy is a replica of its own") }
    }

    // MARK: Not adopted

    @Test func theJournalOfAnotherDocumentInTheFolderIsNeverAdopted() throws {
        let folder = try folder()
        let url = try document(in: folder)
        // Another document beside it, and the journal of a third whose document was deleted.
        let other = folder.appendingPathComponent("other")
        try manager.createDirectory(at: other, withIntermediateDirectories: true)
        for name in ["first.ripple", "gone.ripple"] {
            let moved = folder.appendingPathComponent(name)
            try manager.moveItem(at: document(in: other), to: moved)
            try manager.moveItem(at: other.appendingPathComponent("library.ripple.journal"), to: URL(fileURLWithPath: moved.path + ".journal"))
        }
        try manager.removeItem(at: folder.appendingPathComponent("gone.ripple"))
        try manager.removeItem(at: other)
        let journals = try ["first.ripple.journal", "gone.ripple.journal"].map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        let renamed = folder.appendingPathComponent("Renamed.ripple")
        try manager.moveItem(at: url, to: renamed)
        #expect(try titles(renamed) == ["A", "B", "C"])
        #expect(try ["first.ripple.journal", "gone.ripple.journal"].map { try Data(contentsOf: folder.appendingPathComponent($0)) } == journals)
        #expect(try titles(folder.appendingPathComponent("first.ripple")) == ["A", "B", "C"])
        // A document whose journal held updates and is simply missing, beside them, is refused
        // (it opened at its snapshot before the snapshot was marked).
        try manager.removeItem(at: URL(fileURLWithPath: renamed.path + ".journal"))
        let path = try SystemFileCalls.shared.realPath(renamed.path) + ".journal"
        #expect(throws: DocumentError.journalMissing(path: path)) { try titles(renamed) }
    }

    @Test func aDamagedJournalUnderTheOldNameIsDamageAndLeftAsItIs() throws {
        let folder = try folder()
        let url = try document(in: folder)
        let journal = URL(fileURLWithPath: url.path + ".journal")
        var bytes = try Data(contentsOf: journal)
        // A bit of the header's generation.
        bytes[12] ^= 1
        try bytes.write(to: journal)
        let renamed = folder.appendingPathComponent("Renamed.ripple")
        try manager.moveItem(at: url, to: renamed)
        let snapshot = try Data(contentsOf: renamed)
        do {
            _ = try open(renamed)
            Issue.record("opened beside a damaged journal that may be its")
        } catch let error as DocumentError {
            guard case .damaged(let reason) = error else { throw error }
            #expect(reason.contains("library.ripple.journal"))
        }
        #expect(try Data(contentsOf: journal) == bytes && Data(contentsOf: renamed) == snapshot)
        #expect(try names(folder) == ["Renamed.ripple", "library.ripple.journal"], "no journal is left beside it")
    }

    // MARK: Format 2

    /// `journal` (format 3) as Ripple before format 3 wrote it: without the file.
    private func formatTwo(_ journal: [UInt8]) -> [UInt8] {
        func word(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        let size = Int(journal[8]) | Int(journal[9]) << 8
        var header = Array(journal[0..<4]) + word(2) + word(size - 16) + Array(journal[12..<28]) + Array(journal[44..<(size - 4)])
        header += word(Int(CRC32.checksum(header)))
        return header + journal[size...]
    }

    @Test func aFormatTwoJournalIsReadBesideItsDocumentAndUnderTheOldName() throws {
        let folder = try folder()
        let url = try document(in: folder)
        let journal = URL(fileURLWithPath: url.path + ".journal")
        let legacy = formatTwo(Array(try Data(contentsOf: journal)))
        #expect(legacy[4] == 2)
        try Data(legacy).write(to: journal)
        #expect(try titles(url) == ["A", "B", "C"], "beside its document")
        #expect(try Data(contentsOf: journal)[4] == 3, "replaced by format 3 once opened")
        try Data(legacy).write(to: journal)
        let renamed = folder.appendingPathComponent("Renamed.ripple")
        try manager.moveItem(at: url, to: renamed)
        #expect(try titles(renamed) == ["A", "B", "C"], "under the old name, whose document is gone")
        #expect(try names(folder) == ["Renamed.ripple", "Renamed.ripple.journal"])
    }

    // MARK: Faults

    @Test(arguments: [FaultyFileCalls.Fault.natural, .kill])
    func everyFailingCallOfAnAdoptionLosesNothing(fault: FaultyFileCalls.Fault) async throws {
        try await FaultScript.failEveryCall(fault, upTo: 200) { files in
            let folder = try folder()
            defer { try? manager.removeItem(at: folder) }
            let url = try document(in: folder)
            let renamed = folder.appendingPathComponent("Renamed.ripple")
            try manager.moveItem(at: url, to: renamed)
            var issues = 0
            do {
                let store = try DocumentStore<Library>(url: renamed, durability: .immediate, compaction: .manual, files: files)
                if store.mediator.root.shelves.map(\.title) != ["A", "B", "C"] {
                    Issue.record("\(files.failure ?? "no failure"): opened without the journal")
                    issues += 1
                }
            } catch {}
            let reopened = try titles(renamed)
            if reopened != ["A", "B", "C"] {
                Issue.record("\(files.failure ?? "no failure"): reopened as \(reopened)")
                issues += 1
            }
            return issues
        }
    }
}
