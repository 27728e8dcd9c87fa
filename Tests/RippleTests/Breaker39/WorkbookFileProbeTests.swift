import Foundation
@testable import Ripple
import Testing

/// Issue 39's breaker: a workbook's document store and its files handled as users and their
/// tools handle them: the document moved to another folder or duplicated while closed, its
/// journal deleted, cut short or replaced by another document's while closed or open.
@MainActor
@Suite(.serialized) struct WorkbookFileProbeTests {
    typealias W = Workbooks

    private func text(_ store: DocumentStore<Library>) throws -> String { try W.text(store.mediator) }

    /// A closed store at `folder/name` with a snapshot and three journaled updates; what it acknowledged.
    private func makeStore(in folder: URL, name: String = "budget.ripple", replica: Bool) throws -> (
        url: URL, acknowledged: String
    ) {
        let url = folder.appendingPathComponent(name)
        let store = try DocumentStore<Library>(url: url, compaction: .manual)
        if replica { _ = store.mediator.replicaID }
        try store.mediator.update { $0.workbook = W.makeWorkbook() }
        try store.save()
        try store.mediator.update { _ in W.cell(store.mediator, "s0!0:1")!.value = .text("journaled 1") }
        try store.mediator.update { _ in W.sheet(store.mediator, "s1")!.zoom = 1.5 }
        try store.mediator.update { _ in W.cell(store.mediator, "s1!2:2")!.attachment = Data(repeating: 3, count: 2_000) }
        return (url, try text(store))
    }

    /// Opens `url` and says how it opened against `acknowledged`: nil when it holds it or is
    /// refused with an error, else what happened.
    private func openedProblem(_ url: URL, _ acknowledged: String) -> String? {
        do {
            let store = try DocumentStore<Library>(url: url)
            if try text(store) == acknowledged { return nil }
            let lost = W.cell(store.mediator, "s0!0:1")?.value != .text("journaled 1")
            return "opened without an error, \(lost ? "without the journaled updates" : "otherwise")"
        } catch {
            return nil
        }
    }

    @Test(arguments: [false, true])
    func theDocumentMovedToAnotherFolderWhileClosedKeepsEveryAcknowledgedUpdate(replica: Bool) throws {
        let folder = try W.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, acknowledged) = try makeStore(in: folder, replica: replica)
        let other = folder.appendingPathComponent("Archive")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let moved = other.appendingPathComponent("budget.ripple")
        try FileManager.default.moveItem(at: url, to: moved)  // as the Finder moves it: the journal stays
        let problem = openedProblem(moved, acknowledged)
        // It opened without the journaled updates, and no error, until its snapshot was marked
        // as having a journal that holds updates (stop 44): now it is refused, naming the journal.
        #expect(problem == nil, "\(problem ?? "")")
        #expect(throws: DocumentError.journalMissing(path: try SystemFileCalls.shared.realPath(moved.path) + ".journal")) { try DocumentStore<Library>(url: moved) }
    }

    @Test(arguments: [false, true])
    func aDocumentDuplicatedWhileClosedOpensWithWhatItShowedAndBothOpen(replica: Bool) throws {
        let folder = try W.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, acknowledged) = try makeStore(in: folder, replica: replica)
        let copy = folder.appendingPathComponent("budget copy.ripple")
        try FileManager.default.copyItem(at: url, to: copy)  // the Finder's Duplicate copies the one file
        var problems: [String] = []
        let original = try DocumentStore<Library>(url: url)
        if try text(original) != acknowledged { problems.append("the original opens otherwise") }
        if let problem = openedProblem(copy, acknowledged) { problems.append("the copy \(problem)") }
        // It opened as the last snapshot without the journaled updates, and no error, until the
        // copy replayed the original's journal (stop 43).
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test(arguments: [false, true])
    func aDocumentCopiedWithItsJournalWhileClosedOpensBesideTheOriginalAsAReplicaOfItsOwn(replica: Bool) throws {
        let folder = try W.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, acknowledged) = try makeStore(in: folder, replica: replica)
        let copy = folder.appendingPathComponent("budget 2.ripple")
        try FileManager.default.copyItem(at: url, to: copy)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: url.path + ".journal"), to: URL(fileURLWithPath: copy.path + ".journal"))
        var problems: [String] = []
        let original = try DocumentStore<Library>(url: url)
        let duplicate = try DocumentStore<Library>(url: copy)
        if try text(original) != acknowledged { problems.append("the original opens otherwise") }
        if W.cell(duplicate.mediator, "s0!0:1")?.value != .text("journaled 1") {
            problems.append("the copy opens without the journaled updates")
        }
        if replica {
            if original.mediator.replicaID == duplicate.mediator.replicaID { problems.append("the copy is the same replica") }
            try original.mediator.update { _ in W.cell(original.mediator, "s0!1:1")!.text = "original's" }
            try duplicate.mediator.update { _ in W.cell(duplicate.mediator, "s0!1:1")!.formula = "=copy" }
            problems += try W.converge([original.mediator, duplicate.mediator])
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test(arguments: [false, true])
    func aJournalDeletedWhileClosedIsNotSilentlyDropped(replica: Bool) throws {
        let folder = try W.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, acknowledged) = try makeStore(in: folder, replica: replica)
        try FileManager.default.removeItem(atPath: url.path + ".journal")
        let problem = openedProblem(url, acknowledged)
        // It opened without the journaled updates, and no error, until the snapshot was marked
        // as having a journal that holds updates (stop 44).
        #expect(problem == nil, "\(problem ?? "")")
        #expect(throws: DocumentError.journalMissing(path: try SystemFileCalls.shared.realPath(url.path) + ".journal")) { try DocumentStore<Library>(url: url) }
    }

    @Test(arguments: [false, true])
    func aJournalCutShortAtEveryLengthWhileClosedOpensAPrefixOrRefuses(replica: Bool) throws {
        let folder = try W.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, _) = try makeStore(in: folder, replica: replica)
        let journalPath = url.path + ".journal"
        let whole = try Data(contentsOf: URL(fileURLWithPath: journalPath))
        let snapshot = try Data(contentsOf: url)
        var problems: [String] = []
        var outcomes: [String: Int] = [:]
        for length in stride(from: 0, to: whole.count, by: max(1, whole.count / 300)) {
            try snapshot.write(to: url)
            try whole.prefix(length).write(to: URL(fileURLWithPath: journalPath))
            do {
                let store = try DocumentStore<Library>(url: url)
                problems += W.problems(store.mediator).map { "length \(length): \($0)" }
                let value = W.cell(store.mediator, "s0!0:1")?.value
                outcomes["opened, journaled 1 \(value == .text("journaled 1"))", default: 0] += 1
                // What opened must take an update and reopen with it.
                try store.mediator.update { _ in W.sheet(store.mediator, "s0")!.name = "after \(length)" }
            } catch let error as DocumentError {
                outcomes["\(error)".prefix(12).description, default: 0] += 1
                if try Data(contentsOf: URL(fileURLWithPath: journalPath)) != whole.prefix(length) {
                    problems.append("length \(length): refused, but the journal changed")
                }
                continue
            }
            let again = try DocumentStore<Library>(url: url)
            if W.sheet(again.mediator, "after \(length)") == nil { problems.append("length \(length): lost the update after") }
        }
        print("breaker39 cut journal outcomes (replica \(replica)): \(outcomes)")
        #expect(problems.isEmpty, "\(problems.prefix(6))")
    }

    @Test(arguments: [false, true])
    func anotherDocumentsJournalPutInPlaceWhileClosedIsRefusedAndChangesNothing(replica: Bool) throws {
        let folder = try W.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, _) = try makeStore(in: folder, replica: replica)
        let (other, _) = try makeStore(in: folder, name: "other.ripple", replica: replica)
        let journal = URL(fileURLWithPath: url.path + ".journal")
        try FileManager.default.removeItem(at: journal)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: other.path + ".journal"), to: journal)
        let before = (try Data(contentsOf: url), try Data(contentsOf: journal))
        var problems: [String] = []
        do {
            let store = try DocumentStore<Library>(url: url)
            problems.append("opened with another document's journal: \(W.sheet(store.mediator, "s1")?.zoom ?? 0)")
        } catch let error as DocumentError {
            if case .damaged = error {} else { problems.append("refused as \(error)") }
        }
        if (try Data(contentsOf: url), try Data(contentsOf: journal)) != before { problems.append("the files changed") }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// The journal deleted, or replaced by another document's journal, while the store is open.
    @Test(arguments: [("delete", false), ("delete", true), ("replace", false), ("replace", true)])
    func aJournalDeletedOrReplacedWhileOpenLosesNoLaterUpdate(what: String, replica: Bool) throws {
        let folder = try W.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (other, _) = try makeStore(in: folder, name: "other.ripple", replica: replica)
        let url = folder.appendingPathComponent("budget.ripple")
        let journal = URL(fileURLWithPath: url.path + ".journal")
        var acknowledged = ""
        var problems: [String] = []
        do {
            let store = try DocumentStore<Library>(url: url, compaction: .manual)
            if replica { _ = store.mediator.replicaID }
            try store.mediator.update { $0.workbook = W.makeWorkbook() }
            try store.mediator.update { _ in W.cell(store.mediator, "s0!0:1")!.value = .text("before") }
            try FileManager.default.removeItem(at: journal)
            if what == "replace" {
                try FileManager.default.copyItem(at: URL(fileURLWithPath: other.path + ".journal"), to: journal)
            }
            try store.mediator.update { _ in W.cell(store.mediator, "s0!0:2")!.value = .text("after") }
            try store.mediator.update { _ in W.sheet(store.mediator, "s1")!.hidden = true }
            acknowledged = try text(store)
        }
        do {
            let store = try DocumentStore<Library>(url: url)
            if try text(store) != acknowledged { problems.append("reopened otherwise than acknowledged") }
        } catch {
            problems.append("does not reopen: \(error)")
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test(arguments: [false, true])
    func everyByteOfTheJournalsHeadFlippedIsRefusedAsDamageOrChangesNothing(replica: Bool) throws {
        let folder = try W.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, acknowledged) = try makeStore(in: folder, replica: replica)
        let journal = URL(fileURLWithPath: url.path + ".journal")
        let whole = try Data(contentsOf: journal)
        let snapshot = try Data(contentsOf: url)
        var problems: [String] = []
        for position in 0..<min(160, whole.count) {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                try snapshot.write(to: url)
                var bytes = whole
                bytes[position] ^= flip
                try bytes.write(to: journal)
                do {
                    let store = try DocumentStore<Library>(url: url)
                    if try text(store) != acknowledged {
                        problems.append("byte \(position) ^ \(flip): opened without an error, otherwise")
                    }
                } catch let error as DocumentError {
                    if case .damaged = error {} else { problems.append("byte \(position) ^ \(flip): \(error)") }
                    if try Data(contentsOf: journal) != bytes || Data(contentsOf: url) != snapshot {
                        problems.append("byte \(position) ^ \(flip): refused, and the files changed")
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(6))")
    }
}
