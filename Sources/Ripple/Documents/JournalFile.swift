import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The journal of a ``DocumentStore``, open and locked: the patches committed since its
/// snapshot, appended one record each (``JournalFormat``), so that a document killed at any
/// instant reopens to its last durable update.
///
/// The lock is the journal's: a second store of the document finds it held, in this process or
/// another. The journal is never rewritten in place: a new one (after a save) is written whole
/// beside it, locked, synced, then renamed over it, so that a kill leaves one journal or the
/// other, never half of one; a store that opens the old file as it is replaced sees that it lost
/// the name and opens the new one.
final class JournalFile {
    let path: String
    private let files: any FileSystemCalls
    private var descriptor: Int32
    /// Where the next record goes: the end of the last whole record.
    private(set) var end: Int
    /// The sequence of the snapshot the journal follows: its records are the patches after it.
    private(set) var base: UInt64
    /// The generation of that snapshot.
    private(set) var generation: UInt64
    /// An append failed and could not be cut back: the file may end with a torn record, and must
    /// be replaced before anything is appended.
    private(set) var needsReplacing = false
    /// The journal's name may not be durable yet (syncing its folder failed after it was
    /// replaced): what is appended is durable only once it is.
    private var folderNeedsSync = false

    /// Opens (or creates) the journal at `path`, locked for this store alone.
    ///
    /// - Throws: ``DocumentError/locked(path:)`` when another store holds it;
    ///   ``DocumentError/fileError(path:operation:code:)``.
    init(path: String, files: any FileSystemCalls) throws {
        self.path = path
        self.files = files
        descriptor = try Self.openLocked(path, files: files)
        end = 0
        base = 0
        generation = 0
    }

    deinit {
        // What was appended is made durable; closing releases the lock.
        try? files.sync(descriptor)
        files.close(descriptor)
    }

    /// Opens `path` and locks it: the file that has the name once the lock is held (a store that
    /// replaces its journal renames a locked file over the one this may have opened).
    private static func openLocked(_ path: String, files: any FileSystemCalls) throws -> Int32 {
        // A process this one starts holds a copy of each descriptor until it runs its program
        // (close-on-exec acts then): a lock released just before may look held for a moment.
        var attempts = 0
        while true {
            let descriptor: Int32
            do {
                descriptor = try files.open(path, O_RDWR | O_CREAT, 0o644)
            } catch let error as SystemCallError {
                throw DocumentError.fileError(path: path, operation: "open", code: error.code)
            }
            do {
                if try files.lock(descriptor) {
                    let locked = try files.status(of: descriptor)
                    if let named = try files.status(atPath: path, followingLinks: true), named.isSameFile(as: locked) {
                        return descriptor
                    }
                    // Replaced since it was opened: the name is another file's now.
                    files.close(descriptor)
                    attempts += 1
                    guard attempts < 50 else { throw DocumentError.locked(path: path) }
                    continue
                }
            } catch let error as SystemCallError {
                files.close(descriptor)
                throw DocumentError.fileError(path: path, operation: "lock", code: error.code)
            }
            files.close(descriptor)
            attempts += 1
            guard attempts < 50 else { throw DocumentError.locked(path: path) }
            usleep(4_000)
        }
    }

    // MARK: Reading

    /// The journal's bytes, whole.
    func readAll() throws -> [UInt8] {
        try read(from: 0, upTo: nil)
    }

    /// The journal's bytes from `start` to `end` (to the file's end when `nil`).
    private func read(from start: Int, upTo end: Int?) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while end.map({ start + bytes.count < $0 }) ?? true {
            let wanted = min(chunk.count, end.map { $0 - start - bytes.count } ?? chunk.count)
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes {
                    try files.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted]), at: start + bytes.count)
                }
            } catch let error as SystemCallError {
                throw DocumentError.fileError(path: path, operation: "read", code: error.code)
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }

    /// Goes on from a journal read at opening: the next record goes at `end` (a torn record
    /// after it is cut off).
    func resume(generation: UInt64, base: UInt64, end: Int) throws {
        let size = try call("stat") { try files.status(of: descriptor) }.size
        if size > end { try call("truncate") { try files.truncate(descriptor, to: end) } }
        self.generation = generation
        self.base = base
        self.end = end
    }

    // MARK: Appending

    /// Appends one record holding `payload` (continuing the previous one's patch); `durable`
    /// waits for the disk to hold it.
    ///
    /// A failed append leaves no bytes behind: the file is cut back to where it ended (if that
    /// fails too, ``needsReplacing`` says that it must be replaced before the next append).
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)``; nothing was appended then.
    func append(_ payload: [UInt8], continues: Bool, durable: Bool) throws {
        precondition(!needsReplacing, "a journal that may end torn is appended to")
        let record = JournalFormat.record(payload, continues: continues)
        do {
            try write(record, at: end)
            if durable { try sync() }
        } catch {
            do {
                try call("truncate") { try files.truncate(descriptor, to: end) }
            } catch {
                needsReplacing = true
            }
            throw error
        }
        end += record.count
    }

    /// Makes what was appended durable.
    func sync() throws {
        try call("fsync") { try files.sync(descriptor) }
        try syncFolderIfNeeded()
    }

    // MARK: Replacing

    /// Replaces the journal with a new one following the snapshot of `generation`, whose
    /// sequence is `base`, of the document `document`, holding the records of this one in the
    /// bytes `carried` (those appended after that snapshot was taken): written beside it, locked,
    /// synced, renamed over it, and its folder synced.
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)``; the journal is as it was then
    ///   (and no file is left beside it, unless removing one failed too).
    func replace(generation: UInt64, base: UInt64, document: String, carrying carried: Range<Int>? = nil) throws {
        var bytes = JournalFormat.header(generation: generation, base: base, document: document)
        if let carried, !carried.isEmpty { bytes += try read(from: carried.lowerBound, upTo: carried.upperBound) }
        let temporary = path + "-new"
        let new: Int32
        do {
            new = try files.open(temporary, O_RDWR | O_CREAT | O_TRUNC, 0o644)
        } catch let error as SystemCallError {
            throw DocumentError.fileError(path: temporary, operation: "open", code: error.code)
        }
        do {
            guard try files.lock(new) else { throw DocumentError.locked(path: temporary) }
            try write(bytes, at: 0, to: new, path: temporary)
            try call("fsync", temporary) { try files.sync(new) }
            try call("rename", path) { try files.rename(temporary, to: path) }
        } catch {
            files.close(new)
            try? files.unlink(temporary)
            throw error
        }
        files.close(descriptor)
        descriptor = new
        self.generation = generation
        self.base = base
        end = bytes.count
        needsReplacing = false
        // The new name is durable once its folder is; until then a power cut may bring back the
        // old journal, which is valid beside either snapshot but lacks what is appended next.
        folderNeedsSync = true
        try? syncFolderIfNeeded()
    }

    /// Syncs the journal's folder if its name may not be durable yet.
    private func syncFolderIfNeeded() throws {
        guard folderNeedsSync else { return }
        try call("sync the folder of") { try files.syncFolder(Self.folder(of: path)) }
        folderNeedsSync = false
    }

    /// The folder holding `path`.
    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    // MARK: Bytes

    private func write(_ bytes: [UInt8], at offset: Int) throws {
        try write(bytes, at: offset, to: descriptor, path: path)
    }

    /// Writes `bytes` whole at `offset`, however many calls it takes.
    private func write(_ bytes: [UInt8], at offset: Int, to descriptor: Int32, path: String) throws {
        var written = 0
        while written < bytes.count {
            let count = try call("write", path) {
                try bytes.withUnsafeBytes { try files.write(descriptor, UnsafeRawBufferPointer(rebasing: $0[written...]), at: offset + written) }
            }
            // A write that writes nothing would loop forever: the disk is full.
            guard count > 0 else { throw DocumentError.fileError(path: path, operation: "write", code: ENOSPC) }
            written += count
        }
    }

    /// Runs `body`, a call on the file at `path` (the journal's by default), with its failure as
    /// a ``DocumentError``.
    private func call<Result>(_ operation: String, _ path: String? = nil, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as SystemCallError {
            throw DocumentError.fileError(path: path ?? self.path, operation: operation, code: error.code)
        }
    }
}
