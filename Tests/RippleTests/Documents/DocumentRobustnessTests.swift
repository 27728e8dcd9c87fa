import Foundation
@testable import Ripple
import RippleJSON
import Testing

/// What a tester pushing on documents found: each a case that crashed, lost data silently or
/// applied what it should have refused.
@MainActor
@Suite struct DocumentRobustnessTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-robust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A replica of a new original, and the patches the original makes, as they are made.
    private func pair() throws -> (original: Mediator<Library>, replica: Mediator<Library>, patches: PatchBox) {
        let original = Mediator(root: makeLibrary())
        let replica = try Mediator<Library>(opening: try original.snapshot())
        let box = PatchBox()
        original.patchRecorder.sinks.append { box.patches.append($0) }
        return (original, replica, box)
    }

    @MainActor
    final class PatchBox {
        var patches: [Patch] = []
    }

    @Test func aMediatorOutlivingItsStoreReportsThatItsUpdatesAreNotSaved() throws {
        let url = try folder().appendingPathComponent("library.ripple")
        var kept: Mediator<Library>?
        do {
            let store = try DocumentStore<Library>(url: url)
            kept = store.mediator
        }
        var failures: [String] = []
        kept?.failureHandler = { failures.append("\($0)") }
        try kept?.update { $0.userID = 5 }
        #expect(kept?.root.userID == 5)
        #expect(failures.count == 1 && failures[0].contains("store was released"))
        #expect(kept?.hasUnsavedChanges == true)
    }

    @Test func aDamagedRecordFollowedByWholeRecordsIsAnErrorAndTheJournalIsKept() throws {
        let url = try folder().appendingPathComponent("library.ripple")
        do {
            let store = try DocumentStore<Library>(url: url, durability: .onSave)
            for index in 0..<10 { try store.mediator.update { $0.userID = index + 1 } }
        }
        let journalURL = URL(fileURLWithPath: url.path + ".journal")
        var journal = try Data(contentsOf: journalURL)
        journal[30] ^= 0x20    // in the first record's payload
        try journal.write(to: journalURL)
        #expect(throws: DocumentError.self) { try DocumentStore<Library>(url: url) }
        #expect(try Data(contentsOf: journalURL) == journal, "the journal is left as it was")
    }

    @Test func aZeroFilledTailIsATornEndNotARecord() throws {
        let url = try folder().appendingPathComponent("library.ripple")
        do {
            let store = try DocumentStore<Library>(url: url)
            try store.mediator.update { $0.userID = 3 }
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: url.path + ".journal"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(count: 64))
        try handle.close()
        #expect(try DocumentStore<Library>(url: url).mediator.root.userID == 3)
    }

    @Test(arguments: [(1, Int.max), (Int.max, 1), (Int.max, Int.max)])
    func aSpliceOfHugeNumbersIsRefusedNotACrash(at: Int, removing: Int) throws {
        let (original, replica, box) = try pair()
        try original.update { $0.shelves.append(Shelf(id: 9, title: "new")) }
        let patch = box.patches[0]
        let forged = Patch(
            tag: nil,
            operations: [.splice(node: 1, member: "shelves", at: at, removing: removing, inserting: PatchValue(Array("[]".utf8)))],
            document: patch.document, sequence: patch.sequence)
        #expect(throws: DocumentError.self) { try replica.apply(forged) }
        #expect(replica.root.shelves.count == 3)
    }

    @Test func aPatchAppliedTwiceOrAfterAGapOrToAnotherDocumentIsRefused() throws {
        let (original, replica, box) = try pair()
        try original.update { $0.shelves.append(Shelf(id: 9, title: "new")) }
        try original.update { $0.userID = 4 }
        try original.update { $0.shelves.removeFirst() }
        try replica.apply(box.patches[0])
        #expect(throws: DocumentError.self, "twice") { try replica.apply(box.patches[0]) }
        #expect(throws: DocumentError.self, "after a gap") { try replica.apply(box.patches[2]) }
        #expect(replica.root.shelves.count == 4 && replica.root.userID == 0)
        let lookalike = try Mediator<Library>(opening: try Mediator(root: makeLibrary()).snapshot())
        #expect(throws: DocumentError.self, "another document") { try lookalike.apply(box.patches[0]) }
        try replica.apply(box.patches[1])
        try replica.apply(box.patches[2])
        #expect(try replica.snapshot() == original.snapshot())
    }

    @Test func aPatchThatFailsChangesNoNumbers() throws {
        let (original, replica, box) = try pair()
        try original.update { $0.shelves.append(Shelf(id: 9, title: "new")) }
        let patch = box.patches[0]
        let before = try replica.snapshot()
        let forged = Patch(
            tag: nil,
            operations: patch.operations + [.set(node: 999, member: "title", value: PatchValue(Array("\"x\"".utf8)))],
            document: patch.document, sequence: patch.sequence)
        #expect(throws: DocumentError.self) { try replica.apply(forged) }
        #expect(try replica.snapshot() == before, "not even the next node number")
        let wrongType = Patch(
            tag: nil, operations: [.set(node: 1, member: "userID", value: PatchValue(Array("\"seven\"".utf8)))],
            document: patch.document, sequence: patch.sequence)
        #expect(throws: DocumentError.self, "a value of the wrong type is a DocumentError") { try replica.apply(wrongType) }
        try replica.apply(patch)
        #expect(try replica.snapshot() == original.snapshot())
    }

    @Test func backgroundWrittenMembersAreJournaledAndPatched() throws {
        let url = try folder().appendingPathComponent("library.ripple")
        do {
            let store = try DocumentStore<Library>(url: url)
            try store.mediator.update { $0.job.progress = 0.75 }
        }
        #expect(try DocumentStore<Library>(url: url).mediator.root.job.progress == 0.75)
    }

    @Test func aSnapshotInsideAnUpdatesBodyIsRefused() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update { library in
            library.userID = 3
            #expect(throws: DocumentError.updateInProgress) { try mediator.snapshot() }
        }
    }

    @Test func aFolderIsNotADocument() throws {
        let url = try folder()
        #expect(throws: DocumentError.self) { try DocumentStore<Library>(url: url) }
        #expect(!FileManager.default.fileExists(atPath: url.path + ".journal"))
    }

    @Test func aNextNumberNearTheLimitIsRefused() throws {
        var text = String(decoding: try Mediator(root: makeLibrary()).snapshot(), as: UTF8.self)
        let range = try #require(text.range(of: #""nextID":[0-9]+"#, options: .regularExpression))
        text.replaceSubrange(range, with: "\"nextID\":18446744073709551614")
        #expect(throws: DocumentError.self) { try Mediator<Library>(opening: Data(text.utf8)) }
    }

    @Test func aMigrationKeepsEveryNumberExact() throws {
        let values: [String] = ["18446744073709551615", "9223372036854775809", "-0", "-9223372036854775808", "0.1"]
        for text in values {
            let parsed = try DocumentValue(DocumentJSON.parse(Array(text.utf8)))
            var bytes: [UInt8] = []
            try DocumentJSON.encode(parsed, into: &bytes)
            let back = try DocumentValue(DocumentJSON.parse(bytes))
            #expect(back == parsed, "\(text) came back as \(String(decoding: bytes, as: UTF8.self))")
            if text == "-0" { #expect(parsed == .double(-0.0) && String(decoding: bytes, as: UTF8.self).hasPrefix("-")) }
            if text.hasPrefix("1844") { #expect(parsed == .uint(.max)) }
        }
    }
}

/// A registration that captures its store (an autosaver) is a cycle through the mediator: it
/// must end, and the store close, once the registration is released.
@MainActor
@Suite struct RegistrationReleaseTests {
    @Test func releasingAnObserverThatCapturesItsStoreClosesTheStore() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-release-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("library.ripple")
        weak var weakStore: DocumentStore<Library>?
        do {
            let store = try DocumentStore<Library>(url: url)
            weakStore = store
            let saver = store.mediator.observe("saver", reads: [Library.scheme.userID]) { _ in try? store.save() }
            store.mediator.refresh()
            withExtendedLifetime(saver) {}
        }
        for _ in 0..<10 where weakStore != nil { await Task.yield() }
        #expect(weakStore == nil, "the store is released with the registration's body")
        let reopened = try DocumentStore<Library>(url: url)
        #expect(reopened.mediator.root.userID == 0)
    }
}
