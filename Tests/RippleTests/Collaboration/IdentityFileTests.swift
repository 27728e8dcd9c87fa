import Foundation
import Testing

@testable import Ripple

/// The file that keeps a shared-folder replica's identity, and which file it is.
@Suite struct IdentityFileTests {
    private static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("identity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func theFileKeepsItsIdentityAndACopyIsANewReplica() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (path, copy) = (folder.appendingPathComponent("a.replica").path, folder.appendingPathComponent("b.replica").path)
        let made = try IdentityFile.replicaID(at: path, files: SystemFileCalls.shared)
        #expect(try IdentityFile.replicaID(at: path, files: SystemFileCalls.shared) == made)
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let copied = try IdentityFile.replicaID(at: copy, files: SystemFileCalls.shared)
        #expect(copied != made)
        #expect(try IdentityFile.replicaID(at: copy, files: SystemFileCalls.shared) == copied)
        #expect(try IdentityFile.replicaID(at: path, files: SystemFileCalls.shared) == made)
    }

    /// A file of one line (written before identities kept their file) is taken as it is.
    @Test func anOlderFileKeepsItsIdentity() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.replica").path
        try Data("1f2e3d4c5b6a7988\n".utf8).write(to: URL(fileURLWithPath: path))
        let replica = try IdentityFile.replicaID(at: path, files: SystemFileCalls.shared)
        #expect(replica.description == "1f2e3d4c5b6a7988")
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 2)
        #expect(try IdentityFile.replicaID(at: path, files: SystemFileCalls.shared) == replica)
    }

    @Test(arguments: ["", "zz\n", "1f2e3d4c5b6a7988\n12 x\n"])
    func aFileThatHoldsNoIdentityIsRefusedAndKept(_ text: String) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.replica").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ReplicaError.self) { try IdentityFile.replicaID(at: path, files: SystemFileCalls.shared) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    /// Whichever call fails, the file is the old one or the new one whole, never half written,
    /// and nothing is left beside it.
    @Test func everyFailingCallLeavesTheOldFileOrTheNewWhole() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.replica").path
        let old = "1f2e3d4c5b6a7988\n"
        var failingCall = 1
        while true {
            try Data(old.utf8).write(to: URL(fileURLWithPath: path))
            let calls = FaultyFileCalls()
            calls.failingCall = failingCall
            let replica = try? IdentityFile.replicaID(at: path, files: calls)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let isNewWhole = text.hasPrefix(old) && text.split(separator: "\n").count == 2 && text.hasSuffix("\n")
            #expect(text == old || isNewWhole, "call \(failingCall): \(text)")
            #expect(replica == nil || replica?.description == "1f2e3d4c5b6a7988")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.replica"])
            #expect(calls.open.isEmpty)
            if calls.failure == nil { break }
            failingCall += 1
        }
        #expect(failingCall > 5)
    }

    /// Where the change file ended at a clean close is kept with the identity, and read back; a
    /// line that is no such mark reads as no close (as after a crash).
    @Test func aCloseIsKeptWithTheIdentity() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.replica").path
        let (replica, none) = try IdentityFile.kept(at: path, files: SystemFileCalls.shared)
        #expect(none == nil)
        let mark = OwnFileMark(end: 120, lastRecord: 80, checksum: 0xDEAD_BEEF)
        try IdentityFile.recordClose(of: replica, at: mark, to: path, files: SystemFileCalls.shared)
        let kept = try IdentityFile.kept(at: path, files: SystemFileCalls.shared)
        #expect(kept.replica == replica && kept.closedAt == mark)
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "closed 120", with: "closed x")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        let damaged = try IdentityFile.kept(at: path, files: SystemFileCalls.shared)
        #expect(damaged.replica == replica && damaged.closedAt == nil)
    }
}
