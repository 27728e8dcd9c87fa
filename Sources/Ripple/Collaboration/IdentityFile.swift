import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file of a device's own that keeps a ``SharedFolderStore``'s replica identity: the
/// identity in hexadecimal on its first line, and on its second the device, inode and birth of
/// the file it was written as (taken from the new file before its bytes are written, as
/// ``KeptReplica`` does for a store's document); after a clean close, on its third, where the
/// replica's change file ended then (``OwnFileMark``: `closed <end> <last record> <checksum>`).
///
/// A copy of the file (a backup put back on another device or beside the original, a
/// duplicate in the Finder) is another file: it opens as a new replica, whose changes go to a
/// file of their own, instead of a second writer of the original's numbers, which would skip
/// the original's changes as merged and lose them. A file written before identities kept their
/// file (one line) is taken as it is and rewritten with its file; a copy of such a file made
/// before that cannot be told.
enum IdentityFile {
    /// The identity kept at `path`: the one it holds when it is the file the identity was
    /// written as, else a new one, written there (so is a missing file).
    ///
    /// - Throws: ``ReplicaError/malformed(_:)`` when the file holds no identity;
    ///   ``DocumentError/fileError(path:operation:code:)`` when the file system refused.
    static func replicaID(at path: String, files: any FileSystemCalls) throws -> ReplicaID {
        try kept(at: path, files: files).replica
    }

    /// The identity kept at `path`, as ``replicaID(at:files:)`` gives it, and where its change
    /// file ended when its store last closed cleanly (nil after a crash, and for a new identity).
    static func kept(at path: String, files: any FileSystemCalls) throws -> (replica: ReplicaID, closedAt: OwnFileMark?) {
        guard let (text, file) = try read(path, files: files) else { return (try write(.random(), to: path, files: files), nil) }
        let lines = text.split(whereSeparator: \.isNewline)
        guard let first = lines.first, let raw = UInt64(first.trimmingCharacters(in: .whitespaces), radix: 16),
            let replica = ReplicaID(rawValue: raw)
        else { throw ReplicaError.malformed("the identity file \(path) does not hold a replica identity") }
        guard lines.count > 1 else { return (try write(replica, to: path, files: files), nil) }
        let kept = lines[1].split(separator: " ").compactMap { UInt64($0) }
        guard kept.count == 3 else { throw ReplicaError.malformed("the identity file \(path) does not say which file it is") }
        let isOriginal = kept[0] == file.device && kept[1] == file.inode && (kept[2] == file.birth || kept[2] == 0)
        guard isOriginal else { return (try write(.random(), to: path, files: files), nil) }
        return (replica, lines.count > 2 ? mark(in: lines[2]) : nil)
    }

    /// Writes a new identity to `path` in place of the one there, and returns it.
    static func renew(at path: String, files: any FileSystemCalls) throws -> ReplicaID {
        try write(.random(), to: path, files: files)
    }

    /// Keeps, with `replica`, where its change file ends as its store closes.
    static func recordClose(of replica: ReplicaID, at mark: OwnFileMark, to path: String, files: any FileSystemCalls) throws {
        _ = try write(replica, closedAt: mark, to: path, files: files)
    }

    /// The mark a line `closed <end> <last record> <checksum>` holds; nil for any other line.
    private static func mark(in line: Substring) -> OwnFileMark? {
        let words = line.split(separator: " ")
        guard words.count == 4, words[0] == "closed", let end = Int(words[1]), let last = Int(words[2]),
            let checksum = UInt32(words[3]), end > 0, last >= 0, last < end
        else { return nil }
        return OwnFileMark(end: end, lastRecord: last, checksum: checksum)
    }

    /// The text of the file at `path` and its status, or `nil` when there is no file.
    private static func read(_ path: String, files: any FileSystemCalls) throws -> (String, FileStatus)? {
        let descriptor: Int32
        do {
            descriptor = try files.open(path, O_RDONLY | O_CLOEXEC, 0)
        } catch let error as SystemCallError where error.code == ENOENT {
            return nil
        } catch let error as SystemCallError {
            throw DocumentError.fileError(path: path, operation: "open", code: error.code)
        }
        defer { files.close(descriptor) }
        let status = try ChangeFolder.call("stat", path) { try files.status(of: descriptor) }
        let bytes = try ChangeFolder.read(descriptor, from: 0, path: path, files: files)
        return (String(decoding: bytes, as: UTF8.self), status)
    }

    /// Writes `replica` to `path` with the file it is written as, whole or not at all (a new
    /// file renamed over the old, synced), and returns it.
    private static func write(_ replica: ReplicaID, closedAt mark: OwnFileMark? = nil, to path: String, files: any FileSystemCalls) throws
        -> ReplicaID
    {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
        // A name of its own, so that two processes making the file at once each write whole.
        let aside = path + ".\(ReplicaID.random().description).new"
        let descriptor = try ChangeFolder.call("open", aside) { try files.open(aside, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        var renamed = false
        defer {
            files.close(descriptor)
            if !renamed { try? files.unlink(aside) }
        }
        let file = try ChangeFolder.call("stat", aside) { try files.status(of: descriptor) }
        var text = "\(replica.description)\n\(file.device) \(file.inode) \(file.birth)\n"
        if let mark { text += "closed \(mark.end) \(mark.lastRecord) \(mark.checksum)\n" }
        try files.writeWhole(Array(text.utf8), at: 0, to: descriptor, path: aside)
        try ChangeFolder.call("fsync", aside) { try files.sync(descriptor) }
        try ChangeFolder.call("rename", aside) { try files.rename(aside, to: path) }
        renamed = true
        try ChangeFolder.call("sync the folder", folder) { try files.syncFolder(folder.isEmpty ? "." : folder) }
        return replica
    }
}
