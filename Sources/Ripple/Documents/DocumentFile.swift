import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file of a ``DocumentStore``'s document, by its real path (every symbolic link resolved,
/// so that each name of the file leads to the same journal and lock), and the file it is.
///
/// A snapshot replaces it in three steps, so that a compaction can write the file while the app
/// goes on: ``write(_:)`` (to a file beside it, synced), ``install(_:syncingFolder:)`` (renamed
/// over it, the folder synced), or ``discard()``.
struct DocumentFile {
    /// The real path.
    let path: String
    let files: any FileSystemCalls
    /// The file the store read or wrote last: what must still be at ``path`` for a save to
    /// replace it (`nil` until there is one).
    private(set) var identity: FileStatus?
    /// That file, held open: while it is, the file system cannot give its inode to a file made
    /// in its place after it was deleted, which ``checkInPlace()`` would take for it.
    private var held: HeldFile?

    /// This file without the file it holds open: what a compaction's thread works with.
    var unheld: DocumentFile {
        var copy = self
        copy.held = nil
        return copy
    }

    var journalPath: String { path + ".journal" }
    var temporaryPath: String { path + ".saving" }

    /// The document at `path`, however it is named: a symbolic link leads to its target, a new
    /// document goes into the real folder.
    ///
    /// - Throws: ``DocumentError/brokenLink(path:)`` for a symbolic link to nothing;
    ///   ``DocumentError/fileError(path:operation:code:)`` for a folder (`EISDIR`), what is not
    ///   a regular file, or a folder that does not exist.
    init(resolving path: String, files: any FileSystemCalls) throws {
        self.files = files
        do {
            if let named = try files.status(atPath: path, followingLinks: false) {
                if named.kind == .symbolicLink, try files.status(atPath: path, followingLinks: true) == nil {
                    throw DocumentError.brokenLink(path: path)
                }
                self.path = try files.realPath(path)
            } else {
                // A new document: in its folder, resolved.
                let name = (path as NSString).lastPathComponent
                let folder = try files.realPath(JournalFile.folder(of: path))
                self.path = folder == "/" ? "/" + name : folder + "/" + name
            }
            if let found = try files.status(atPath: self.path, followingLinks: false) {
                guard found.kind != .folder else { throw SystemCallError(code: EISDIR) }
                guard found.kind == .regular else { throw SystemCallError(code: EINVAL) }
            }
        } catch let error as SystemCallError {
            throw DocumentError.fileError(path: path, operation: "open", code: error.code)
        }
    }

    // MARK: Reading

    /// The document's bytes, or `nil` when there is no document yet; notes the file it is.
    ///
    /// - Throws: ``DocumentError/hardLinked(path:links:)`` for a file with other names;
    ///   ``DocumentError/fileError(path:operation:code:)``.
    mutating func read() throws -> [UInt8]? {
        // Open to write too, so that the store can mark the snapshot wherever the file goes (see
        // SnapshotMark); a file this process may only read is written again at once.
        var writable = true
        var opened = try openForWriting()
        if opened == nil {
            writable = false
            opened = try files.openForReading(path)
        }
        guard let descriptor = opened else { return nil }
        // Closed on the way out unless kept.
        let held = HeldFile(descriptor, files: files, writable: writable)
        do {
            let status = try files.status(of: descriptor)
            guard status.links == 1 else { throw DocumentError.hardLinked(path: path, links: status.links) }
            var bytes = [UInt8](repeating: 0, count: status.size)
            var count = 0
            while true {
                if count == bytes.count { bytes += [UInt8](repeating: 0, count: max(4_096, count)) }
                let read = try bytes.withUnsafeMutableBytes {
                    try files.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[count...]), at: count)
                }
                if read == 0 { break }
                count += read
            }
            identity = status
            self.held = held
            bytes.removeSubrange(count...)
            return bytes
        } catch let error as SystemCallError {
            throw DocumentError.fileError(path: path, operation: "read", code: error.code)
        }
    }

    /// The document opened to read and write, or `nil` when there is none or this process may
    /// not write it.
    private func openForWriting() throws -> Int32? {
        do {
            return try files.open(path, O_RDWR, 0)
        } catch let error as SystemCallError {
            if [ENOENT, EACCES, EPERM, EROFS].contains(error.code) { return nil }
            throw DocumentError.fileError(path: path, operation: "open", code: error.code)
        }
    }

    /// Whether the file the store holds can be marked (it was opened to write).
    var isMarkable: Bool { held?.writable ?? false }

    /// Throws unless the file at ``path`` is still the one the store read or wrote last (or, for
    /// a document not written yet, unless something is there).
    ///
    /// - Throws: ``DocumentError/moved(path:)`` when it was renamed, moved, replaced or deleted;
    ///   ``DocumentError/hardLinked(path:links:)`` when it gained another name.
    func checkInPlace() throws {
        let found: FileStatus?
        do {
            found = try files.status(atPath: path, followingLinks: false)
        } catch let error as SystemCallError {
            throw DocumentError.fileError(path: path, operation: "stat", code: error.code)
        }
        // A new document: nothing may have taken its name meanwhile.
        guard let identity else {
            if found != nil { throw DocumentError.moved(path: path) }
            return
        }
        guard let found, found.isSameFile(as: identity) else { throw DocumentError.moved(path: path) }
        guard found.links == 1 else { throw DocumentError.hardLinked(path: path, links: found.links) }
    }

    // MARK: Writing

    /// Writes `bytes` to the file beside the document, and syncs it: what
    /// ``install(_:syncingFolder:)`` puts in its place. Leaves no file behind if it fails.
    func write(_ bytes: [UInt8]) throws -> WrittenFile {
        try write(naming: false) { _ in bytes }
    }

    /// Writes the bytes `make` gives for the file beside the document, once it exists, given its
    /// status: a replica's snapshot names the file it is written as (its device and inode, which
    /// renaming it over the document keeps, and a copy does not). Leaves no file behind if it
    /// fails.
    func write(_ make: (FileStatus) throws -> [UInt8]) throws -> WrittenFile {
        try write(naming: true, make)
    }

    /// Writes the bytes `make` gives (given the new file's status if `naming`, else a
    /// placeholder: no call is made for it).
    private func write(naming: Bool, _ make: (FileStatus) throws -> [UInt8]) throws -> WrittenFile {
        let temporary = temporaryPath
        let descriptor: Int32
        do {
            descriptor = try files.open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        } catch let error as SystemCallError {
            throw DocumentError.fileError(path: temporary, operation: "open", code: error.code)
        }
        let bytes: [UInt8]
        do {
            let named = naming ? try files.status(of: descriptor) : FileStatus(kind: .regular, device: 0, inode: 0, links: 1, size: 0)
            bytes = try make(named)
        } catch {
            files.close(descriptor)
            discard()
            guard let error = error as? SystemCallError else { throw error }
            throw DocumentError.fileError(path: temporary, operation: "stat", code: error.code)
        }
        var operation = "write"
        do {
            var written = 0
            while written < bytes.count {
                let count = try bytes.withUnsafeBytes {
                    try files.write(descriptor, UnsafeRawBufferPointer(rebasing: $0[written...]), at: written)
                }
                // A write that writes nothing would loop forever: the disk is full.
                guard count > 0 else { throw SystemCallError(code: ENOSPC) }
                written += count
            }
            operation = "fsync"
            try files.sync(descriptor)
            operation = "stat"
            let status = try files.status(of: descriptor)
            return WrittenFile(status: status, held: HeldFile(descriptor, files: files))
        } catch let error as SystemCallError {
            files.close(descriptor)
            discard()
            throw DocumentError.fileError(path: temporary, operation: operation, code: error.code)
        }
    }

    /// Renames the file ``write(_:)`` wrote, `written`, over the document, and syncs the folder
    /// (unless `syncingFolder` is `false`: a compaction syncs it off the main actor, with
    /// ``syncFolder()``, before its journal may follow the new snapshot).
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)``: when the rename failed, the
    ///   document is as it was and the written file is gone; when syncing the folder failed, the
    ///   new document is in place but a power cut may bring back the old one (the journal is
    ///   valid beside either).
    mutating func install(_ written: WrittenFile, syncingFolder: Bool = true) throws {
        do {
            try files.rename(temporaryPath, to: path)
        } catch let error as SystemCallError {
            discard()
            throw DocumentError.fileError(path: path, operation: "rename", code: error.code)
        }
        identity = written.status
        held = written.held
        if syncingFolder { try syncFolder() }
    }

    // MARK: Marking

    /// Marks the snapshot in the file the store holds, wherever it is now (renamed or moved
    /// while open): its byte at `offset` (``SnapshotMark``) written `1`, and synced.
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)``; the snapshot may be marked
    ///   or not then (both are valid: nothing was journaled after it yet).
    func mark(at offset: Int) throws {
        guard let held, held.writable else { throw DocumentError.fileError(path: path, operation: "write", code: EBADF) }
        try Self.mark(held.descriptor, at: offset, path: path, files: files)
    }

    /// Marks the snapshot ``write(_:)`` wrote, `written`, before it is installed: a compaction
    /// whose new journal carries records.
    func mark(_ written: WrittenFile, at offset: Int) throws {
        try Self.mark(written.held.descriptor, at: offset, path: temporaryPath, files: files)
    }

    private static func mark(_ descriptor: Int32, at offset: Int, path: String, files: any FileSystemCalls) throws {
        try files.writeWhole([UInt8(ascii: "1")], at: offset, to: descriptor, path: path)
        do {
            try files.sync(descriptor)
        } catch let error as SystemCallError {
            throw DocumentError.fileError(path: path, operation: "fsync", code: error.code)
        }
    }

    /// Syncs the document's folder: the name of a snapshot renamed into place is durable.
    func syncFolder() throws {
        do {
            try files.syncFolder(JournalFile.folder(of: path))
        } catch let error as SystemCallError {
            throw DocumentError.fileError(path: JournalFile.folder(of: path), operation: "fsync", code: error.code)
        }
    }

    /// Removes the file ``write(_:)`` wrote (if it can: else the next one replaces it).
    func discard() {
        try? files.unlink(temporaryPath)
    }

    /// Removes the document this store created and could not finish making (if it got as far
    /// as renaming it into place: never a file that took its name meanwhile).
    mutating func remove() {
        guard identity != nil else { return }
        try? files.unlink(path)
        identity = nil
        held = nil
    }
}

/// A snapshot written beside the document by ``DocumentFile/write(_:)``: the file it is, held
/// open until it is installed (then for as long as it is the document) or dropped.
struct WrittenFile: Sendable {
    let status: FileStatus
    fileprivate let held: HeldFile
}

/// A descriptor closed when the last copy of the value holding it goes.
private final class HeldFile: Sendable {
    let descriptor: Int32
    let files: any FileSystemCalls

    /// Whether it was opened to write.
    let writable: Bool

    init(_ descriptor: Int32, files: any FileSystemCalls, writable: Bool = true) {
        self.descriptor = descriptor
        self.files = files
        self.writable = writable
    }

    deinit { files.close(descriptor) }
}
