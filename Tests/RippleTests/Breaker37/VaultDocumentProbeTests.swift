import Foundation
@testable import Ripple
import Testing

/// Issue 37's breaker: a vault's document store: back references to the root set and cleared
/// across saves and reopenings, damage at every byte of the files' first 64 bytes and a cut at
/// every length of the last record, and the Nth file call failing during save and open.
@MainActor
@Suite struct VaultDocumentProbeTests {
    typealias V = VaultReplicas

    private func text(_ store: DocumentStore<Library>) throws -> String { try V.text(store.mediator) }

    @Test(arguments: [false, true])
    func aBackReferenceToTheRootSetAndClearedAcrossSavesComesBackAsLeft(replica: Bool) async throws {
        let folder = try V.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("vault.ripple")
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url)
        if replica { _ = store!.mediator.replicaID }
        try store!.mediator.update { $0.vault = V.makeVault(library: $0) }
        // Each step: what it writes, then whether the vault's back reference names the root.
        let steps: [(String, Bool)] = [("clear", false), ("save", false), ("set", true), ("save", true), ("clear", false),
                                       ("compact", false), ("set", true), ("none", true), ("clear", false), ("none", false)]
        var problems: [String] = []
        for (index, (action, expected)) in steps.enumerated() {
            switch action {
            case "clear":
                try store!.mediator.update { library in
                    library.vault!.library = nil
                    library.vault!.top!.notes.first?.vault = nil
                }
            case "set":
                try store!.mediator.update { library in library.vault!.library = library }
            case "save": try store!.save()
            case "compact": try await store!.compact()
            default: break
            }
            let before = try text(store!)
            store = nil
            store = try DocumentStore<Library>(url: url)
            let vault = V.vault(store!.mediator)
            if (vault.library === store!.mediator.root) != expected { problems.append("step \(index) \(action): back reference is \(vault.library == nil ? "nil" : "set")") }
            if try text(store!) != before { problems.append("step \(index) \(action): reopened otherwise") }
            if !V.problems(store!.mediator).isEmpty { problems.append("step \(index): \(V.problems(store!.mediator))") }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// A store with a snapshot and a journal of three updates (the last one a large attachment).
    private func makeStore(in folder: URL, replica: Bool) throws -> (url: URL, states: [String]) {
        let url = folder.appendingPathComponent("vault.ripple")
        let store = try DocumentStore<Library>(url: url)
        if replica { _ = store.mediator.replicaID }
        try store.mediator.update { $0.vault = V.makeVault(library: $0) }
        try store.save()
        var states = [try text(store)]
        try store.mediator.update { _ in V.note(store.mediator, "n1")!.title = "first" }
        states.append(try text(store))
        try store.mediator.update { _ in V.note(store.mediator, "n2")!.status = .archived(reason: "é\u{301}") }
        states.append(try text(store))
        try store.mediator.update { _ in V.note(store.mediator, "n3")!.attachment = Data(repeating: 7, count: 3_000) }
        states.append(try text(store))
        return (url, states)
    }

    @Test(arguments: [false, true])
    func everyByteOfTheFilesFirst64BytesChangedOpensAsAcknowledgedOrIsRefused(replica: Bool) throws {
        let folder = try V.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, states) = try makeStore(in: folder, replica: replica)
        let journal = URL(fileURLWithPath: url.path + ".journal")
        var problems: [String] = []
        var refused = 0
        for file in [url, journal] {
            let original = try Data(contentsOf: file)
            for offset in 0..<min(64, original.count) {
                for mask: UInt8 in [0x01, 0xFF] {
                    var damaged = original
                    damaged[offset] ^= mask
                    try damaged.write(to: file)
                    let otherOriginal = try Data(contentsOf: file == url ? journal : url)
                    do {
                        let store = try DocumentStore<Library>(url: url)
                        if try text(store) != states.last! {
                            let which = states.firstIndex(of: try text(store)).map { "state \($0)" } ?? "an unknown state"
                            problems.append("\(file.lastPathComponent) byte \(offset) ^\(mask): opened \(which)")
                        }
                    } catch is DocumentError {
                        refused += 1
                        if try Data(contentsOf: file) != damaged || Data(contentsOf: file == url ? journal : url) != otherOriginal {
                            problems.append("\(file.lastPathComponent) byte \(offset) ^\(mask): refused, but the files changed")
                        }
                    } catch {
                        problems.append("\(file.lastPathComponent) byte \(offset) ^\(mask): \(type(of: error)) \(error)")
                    }
                    try original.write(to: file)
                    try? FileManager.default.removeItem(atPath: url.path + ".saving")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(8))")
        #expect(refused > 30)
    }

    @Test(arguments: [false, true])
    func theLastRecordCutAtEveryLengthOpensToTheUpdateBefore(replica: Bool) throws {
        let folder = try V.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, states) = try makeStore(in: folder, replica: replica)
        let journal = URL(fileURLWithPath: url.path + ".journal")
        let original = try Data(contentsOf: journal)
        // The last record's length: the journal before the last update.
        let shorter: Int
        do {
            let other = try V.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: other) }
            try FileManager.default.copyItem(at: url, to: other.appendingPathComponent("vault.ripple"))
            shorter = original.count - 3_000  // at least this much of it is the attachment
        }
        var problems: [String] = []
        for length in stride(from: original.count - 1, through: max(shorter - 400, 0), by: -1) {
            try original.prefix(length).write(to: journal)
            do {
                let store = try DocumentStore<Library>(url: url)
                let opened = try text(store)
                if opened != states[2] && opened != states[3] {
                    problems.append("cut to \(length): opened \(states.firstIndex(of: opened).map { "state \($0)" } ?? "an unknown state")")
                }
            } catch {
                // Cutting into the record before the last is damage to that one too; past it, a torn record must open.
                if length > shorter { problems.append("cut to \(length) of \(original.count): \(error)") }
            }
            try original.write(to: journal)
        }
        #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(6))")
    }

    @Test(arguments: [FaultyFileCalls.Fault.natural, .shortWrite])
    func everyFailingCallOfASaveAndAnOpenLosesNothing(fault: FaultyFileCalls.Fault) throws {
        var problems: [String] = []
        var reached = 0
        for call in 1...120 {
            let folder = try V.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("vault.ripple")
            let files = FaultyFileCalls()
            files.fault = fault
            var expected = ""
            var failed = "no fault"
            do {
                let store = try DocumentStore<Library>(url: url, durability: .immediate, compaction: .manual, files: files)
                let mediator = store.mediator
                _ = mediator.replicaID
                try mediator.update { $0.vault = V.makeVault(library: $0) }
                try mediator.update { _ in V.note(mediator, "n4")!.links = [] }
                let acknowledged = try V.text(mediator)
                files.failingCall = files.calls + call
                do { try store.save() } catch {}
                failed = files.failure ?? "no fault"
                if try V.text(mediator) != acknowledged { problems.append("call \(call): a save changed the document: \(failed)") }
                expected = acknowledged
                if (try? mediator.update({ _ in V.note(mediator, "n5")!.rating = 0.125 })) != nil { expected = try V.text(mediator) }
            }
            // Open with the same seam, failing a call of the opening too.
            let opening = FaultyFileCalls()
            opening.fault = fault
            opening.failingCall = call
            if let failing = try? DocumentStore<Library>(url: url, durability: .immediate, compaction: .manual, files: opening) {
                if try text(failing) != expected { problems.append("call \(call): opened with a failing call, not what it acknowledged") }
            }
            do {
                let reopened = try DocumentStore<Library>(url: url)
                if try text(reopened) != expected { problems.append("call \(call): reopened, not what it acknowledged: \(failed)") }
                problems += V.problems(reopened.mediator).map { "call \(call): \($0)" }
            } catch {
                problems.append("call \(call): does not reopen (\(error)) after \(failed) and a failed opening (\(opening.failure ?? "none"))")
            }
            guard files.failure != nil || opening.failure != nil else { break }
            reached += 1
        }
        #expect(problems.isEmpty, "\(problems.prefix(6))")
        #expect(reached > 3)
    }

    @Test func aStoreOpenedThroughASymbolicLinkToItsFolderLocksTheRealFile() throws {
        let folder = try V.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let store = try DocumentStore<Library>(url: link.appendingPathComponent("vault.ripple"))
        try store.mediator.update { $0.vault = V.makeVault(library: $0) }
        try store.save()
        #expect(throws: DocumentError.self) { try DocumentStore<Library>(url: real.appendingPathComponent("vault.ripple")) }
        try store.mediator.update { _ in V.note(store.mediator, "n0")!.title = "through the link" }
        let names = try FileManager.default.contentsOfDirectory(atPath: real.path).sorted()
        #expect(names == ["vault.ripple", "vault.ripple.journal"], "\(names)")
    }
}
