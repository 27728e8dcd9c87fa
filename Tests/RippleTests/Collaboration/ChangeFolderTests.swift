import Foundation
@testable import Ripple
import Testing

/// A ``ChangeFolder`` by example: what one replica appends, the others read once, whole, in
/// order, whatever a sync engine did to the files on the way.
@Suite struct ChangeFolderTests {
    let space: ScratchFolders
    let alice = ReplicaID(rawValue: 0xA)!
    let bob = ReplicaID(rawValue: 0xB)!
    let reader = ReplicaID(rawValue: 0xC)!

    init() throws {
        space = try ScratchFolders()
    }

    private func payload(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aReplicaReadsWhatTheOthersAppendedOnceAndInOrder() throws {
        let folder = space.url("shared")
        let a = try ChangeFolder(url: folder, replica: alice)
        let b = try ChangeFolder(url: folder, replica: bob)
        let c = try ChangeFolder(url: folder, replica: reader)
        try a.append(payload("a1"))
        try b.append(payload("b1"))
        try a.append(payload("a2"))
        #expect(try c.readNew() == [payload("a1"), payload("a2"), payload("b1")])
        #expect(try c.readNew().isEmpty)
        try b.append(payload("b2"))
        #expect(try c.readNew() == [payload("b2")])
        #expect(try a.readNew() == [payload("b1"), payload("b2")], "a replica never reads its own file")
        #expect(c.problems.isEmpty)
    }

    /// Breaker36: a shared folder's `sync()` with nothing new cost the document's size, since the
    /// last record read (a document's first change may be megabytes) was read again each time to
    /// tell an extended file from a replaced one. Its length and checksum tell it as well.
    @Test func readingNothingNewDoesNotReadTheLastRecordAgain() throws {
        let folder = space.url("shared")
        try ChangeFolder(url: folder, replica: alice).append([UInt8](repeating: 7, count: 1 << 20))
        let files = FaultyFileCalls()
        files.counted = ["read"]
        let c = try ChangeFolder(url: folder, replica: reader, files: files)
        #expect(try c.readNew().map(\.count) == [1 << 20])
        let first = files.calls
        #expect(try c.readNew().isEmpty)
        #expect(files.calls - first <= 1, "\(files.calls - first) reads for nothing new")
        try ChangeFolder(url: folder, replica: alice).append(payload("a2"))
        #expect(try c.readNew() == [payload("a2")])
        #expect(c.problems.isEmpty)
    }

    @Test func aReopenedReplicaGoesOnAfterItsRecordsAndCutsATornOneOff() throws {
        let folder = space.url("shared")
        try ChangeFolder(url: folder, replica: alice).append(payload("a1"))
        let own = folder.appendingPathComponent("\(alice).ripplechanges")
        let whole = try Data(contentsOf: own)
        // What a crash in the middle of an append leaves: the start of a record.
        try (whole + ChangeFolderFormat.record(payload("torn")).prefix(6)).write(to: own)
        let reopened = try ChangeFolder(url: folder, replica: alice)
        #expect(try Data(contentsOf: own) == whole)
        try reopened.append(payload("a2"))
        #expect(try ChangeFolder(url: folder, replica: reader).readNew() == [payload("a1"), payload("a2")])
    }

    @Test func anAppendToAnOwnFileThatWasReplacedOrRemovedThrowsAndWritesNothing() throws {
        let folder = space.url("shared")
        let a = try ChangeFolder(url: folder, replica: alice)
        try a.append(payload("a1"))
        let own = folder.appendingPathComponent(a.ownFileName)
        let before = try Data(contentsOf: own)
        // What a sync engine does when it downloads a version over the file: a new file.
        try before.write(to: own, options: .atomic)
        #expect(throws: DocumentError.self) { try a.append(payload("a2")) }
        #expect(try Data(contentsOf: own) == before)
        try FileManager.default.removeItem(at: own)
        #expect(throws: DocumentError.self) { try a.append(payload("a2")) }
        #expect(!FileManager.default.fileExists(atPath: own.path))
        try before.write(to: own)
        let reopened = try ChangeFolder(url: folder, replica: alice)
        try reopened.append(payload("a2"))
        #expect(try ChangeFolder(url: folder, replica: reader).readNew() == [payload("a1"), payload("a2")])
    }

    @Test func aFileArrivingCutShortIsReadUpToItsLastWholeRecordAndTheRestLater() throws {
        let source = try ChangeFolder(url: space.url("alice"), replica: alice)
        let written = (0..<5).map { payload("record \($0) " + String(repeating: "x", count: $0 * 7)) }
        for record in written { try source.append(record) }
        let bytes = try Data(contentsOf: space.url("alice").appendingPathComponent(source.ownFileName))
        for cut in 0...bytes.count {
            let destination = space.url("cut-\(cut)")
            let folder = try ChangeFolder(url: destination, replica: reader)
            let file = destination.appendingPathComponent(source.ownFileName)
            try bytes.prefix(cut).write(to: file)
            let first = try folder.readNew()
            try bytes.write(to: file)
            let rest = try folder.readNew()
            #expect(first + rest == written, "cut at \(cut)")
            #expect(written.starts(with: first))
            #expect(folder.problems.isEmpty)
        }
    }

    @Test func conflictCopiesAreReadAsOtherFiles() throws {
        let folder = space.url("shared")
        let a = try ChangeFolder(url: folder, replica: alice)
        try a.append(payload("a1"))
        let own = folder.appendingPathComponent(a.ownFileName)
        let c = try ChangeFolder(url: folder, replica: reader)
        #expect(try c.readNew() == [payload("a1")])
        for copy in ["\(alice) (1).ripplechanges", "\(alice) 2.ripplechanges"] {
            try FileManager.default.copyItem(at: own, to: folder.appendingPathComponent(copy))
        }
        #expect(try c.readNew() == [payload("a1"), payload("a1")])
        // A hidden name is a sync engine's file still arriving; other extensions are not ours.
        try FileManager.default.copyItem(at: own, to: folder.appendingPathComponent(".\(a.ownFileName)"))
        try FileManager.default.copyItem(at: own, to: folder.appendingPathComponent("\(a.ownFileName).icloud"))
        #expect(try c.readNew().isEmpty)
    }

    @Test func aFileReplacedByALongerVersionIsReadOnAndByAnotherFromItsStart() throws {
        let source = try ChangeFolder(url: space.url("alice"), replica: alice)
        let sourceFile = space.url("alice").appendingPathComponent(source.ownFileName)
        let folder = space.url("shared")
        let c = try ChangeFolder(url: folder, replica: reader)
        let file = folder.appendingPathComponent(source.ownFileName)
        try source.append(payload("a1"))
        let first = try Data(contentsOf: sourceFile)
        try first.write(to: file)
        #expect(try c.readNew() == [payload("a1")])
        try source.append(payload("a2"))
        // Written elsewhere and renamed into place, as sync engines do: another file, longer.
        try Data(contentsOf: sourceFile).write(to: file, options: .atomic)
        #expect(try c.readNew() == [payload("a2")])
        // An older, shorter version comes back: its records are read again (merging them twice
        // changes nothing), then the rest when it is replaced again.
        try first.write(to: file, options: .atomic)
        #expect(try c.readNew() == [payload("a1")])
        try Data(contentsOf: sourceFile).write(to: file, options: .atomic)
        #expect(try c.readNew() == [payload("a2")])
        // Another file of the same length under the name: read from its start.
        let other = try ChangeFolder(url: space.url("other"), replica: alice)
        try other.append(payload("z1"))
        try other.append(payload("z2"))
        try Data(contentsOf: space.url("other").appendingPathComponent(other.ownFileName)).write(to: file, options: .atomic)
        #expect(try c.readNew() == [payload("z1"), payload("z2")])
    }

    @Test func aDamagedRecordIsSkippedAndReportedAndTheRestRead() throws {
        let folder = space.url("shared")
        let a = try ChangeFolder(url: folder, replica: alice)
        for text in ["a1", "a2", "a3"] { try a.append(payload(text)) }
        let file = folder.appendingPathComponent(a.ownFileName)
        var bytes = try [UInt8](Data(contentsOf: file))
        let second = ChangeFolderFormat.headerSize + ChangeFolderFormat.recordHeaderSize + 2
        for damaged in second..<(second + ChangeFolderFormat.recordHeaderSize + 2) {
            bytes[damaged] ^= 0x40
            try Data(bytes).write(to: file)
            let c = try ChangeFolder(url: space.url("reader-\(damaged)"), replica: reader)
            try FileManager.default.copyItem(at: file, to: space.url("reader-\(damaged)").appendingPathComponent(a.ownFileName))
            #expect(try c.readNew() == [payload("a1"), payload("a3")], "byte \(damaged) changed")
            #expect(c.problems == [ChangeFolderProblem(file: a.ownFileName, kind: .damagedRecords(second..<(second + 10)))])
            #expect(try c.readNew().isEmpty && c.problems.isEmpty, "reported once")
            bytes[damaged] ^= 0x40
        }
    }

    @Test func aRecordClaimingAHugeSizeIsDamageAndRecordsOverTheLimitAreRefused() throws {
        let folder = space.url("shared")
        let a = try ChangeFolder(url: folder, replica: alice, maximumPayload: 64)
        #expect(throws: DocumentError.self) { try a.append([UInt8](repeating: 1, count: 65)) }
        #expect(throws: DocumentError.self) { try a.append([]) }
        try a.append(payload("a1"))
        let file = folder.appendingPathComponent(a.ownFileName)
        let huge: [UInt8] = [0xF0, 0xFF, 0xFF, 0xFF, 1, 2, 3, 4] + [UInt8](repeating: 7, count: 100)
        let after = ChangeFolderFormat.record(payload("a2"))
        try (Data(contentsOf: file) + huge + after).write(to: file)
        let c = try ChangeFolder(url: folder, replica: reader, maximumPayload: 64)
        #expect(try c.readNew() == [payload("a1"), payload("a2")])
        #expect(c.problems.count == 1)
    }

    @Test func filesThatAreNoChangeFilesOrOfALaterFormatAreSkippedAndReported() throws {
        let folder = space.url("shared")
        let c = try ChangeFolder(url: folder, replica: reader)
        try Data("not a change file at all".utf8).write(to: folder.appendingPathComponent("notes.ripplechanges"))
        var later = ChangeFolderFormat.header(replica: alice)
        later[4] = 9
        try Data(later + ChangeFolderFormat.record(payload("x"))).write(to: folder.appendingPathComponent("later.ripplechanges"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.ripplechanges"), withIntermediateDirectories: true)
        var damagedHeader = ChangeFolderFormat.header(replica: alice)
        damagedHeader[10] ^= 1
        try Data(damagedHeader + ChangeFolderFormat.record(payload("kept"))).write(to: folder.appendingPathComponent("damaged.ripplechanges"))
        #expect(try c.readNew() == [payload("kept")])
        #expect(
            c.problems == [
                ChangeFolderProblem(file: "damaged.ripplechanges", kind: .damagedHeader),
                ChangeFolderProblem(file: "folder.ripplechanges", kind: .notAChangeFile),
                ChangeFolderProblem(file: "later.ripplechanges", kind: .newerFormat(9)),
                ChangeFolderProblem(file: "notes.ripplechanges", kind: .notAChangeFile),
            ])
        #expect(c.problems.allSatisfy { !$0.description.isEmpty })
    }

    @Test func aReplicaNeverWritesOverAFileThatIsNotItsOwn() throws {
        let folder = space.url("shared")
        try ChangeFolder(url: folder, replica: bob).append(payload("b1"))
        let own = folder.appendingPathComponent("\(alice).ripplechanges")
        try FileManager.default.copyItem(at: folder.appendingPathComponent("\(bob).ripplechanges"), to: own)
        let before = try Data(contentsOf: own)
        #expect(throws: DocumentError.self) { try ChangeFolder(url: folder, replica: alice) }
        #expect(try Data(contentsOf: own) == before)
        try Data("plain text".utf8).write(to: own)
        #expect(throws: DocumentError.self) { try ChangeFolder(url: folder, replica: alice) }
        #expect(try Data(contentsOf: own) == Data("plain text".utf8))
        let file = space.url("a-file")
        try Data().write(to: file)
        #expect(throws: DocumentError.self) { try ChangeFolder(url: file, replica: alice) }
    }

    @Test func anUnreadableFileIsReportedAndReadOnceItCanBe() throws {
        let folder = space.url("shared")
        try ChangeFolder(url: folder, replica: alice).append(payload("a1"))
        let files = FaultyFileCalls()
        files.counted = ["open"]
        let c = try ChangeFolder(url: folder, replica: reader, files: files)
        files.failingCall = files.calls + 1
        #expect(try c.readNew().isEmpty)
        #expect(c.problems == [ChangeFolderProblem(file: "\(alice).ripplechanges", kind: .unreadable(operation: "open", code: EIO))])
        #expect(try c.readNew() == [payload("a1")])
    }
}

/// Folders made for one test, removed with it.
final class ScratchFolders: Sendable {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func url(_ name: String) -> URL { root.appendingPathComponent(name) }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }
}
