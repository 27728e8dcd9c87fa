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
    /// The journal open: what is appended, and what a replacement copies from.
    private(set) var descriptor: Int32
    /// Where the next record goes: the end of the last whole record.
    private(set) var end: Int
    /// Where the first record goes: the header's size.
    private(set) var recordsStart = 0
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
    /// The identity of the file held open (its device and inode), learned once per file.
    private var heldIdentity: FileStatus?

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
    /// replaces its journal renames a locked file over the one this may have opened). Creates it
    /// when missing, if `creating`.
    static func openLocked(_ path: String, files: any FileSystemCalls, creating: Bool = true) throws -> Int32 {
        // A process this one starts holds a copy of each descriptor until it runs its program
        // (close-on-exec acts then): a lock released just before may look held for a moment.
        var attempts = 0
        while true {
            let descriptor: Int32
            do {
                descriptor = try files.open(path, creating ? O_RDWR | O_CREAT : O_RDWR, 0o644)
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
        try Self.read(descriptor, from: start, upTo: end, path: path, files: files)
    }

    /// The bytes of the journal open as `descriptor`, from `start` to `end` (to the file's end
    /// when `nil`).
    static func read(_ descriptor: Int32, from start: Int, upTo end: Int?, path: String, files: any FileSystemCalls) throws -> [UInt8] {
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

    /// Goes on from a journal of the document `document` in `file` read at opening: the next
    /// record goes at `end` (a torn record after it is cut off).
    func resume(generation: UInt64, base: UInt64, document: String, file: JournalFormat.FileIdentity, end: Int) throws {
        let size = try call("stat") { try files.status(of: descriptor) }.size
        if size > end { try call("truncate") { try files.truncate(descriptor, to: end) } }
        self.generation = generation
        self.base = base
        self.end = end
        recordsStart = JournalFormat.header(generation: generation, base: base, document: document, file: file).count
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

    /// Cuts the journal back to `end`, dropping the records appended after it (a merge whose
    /// changes were appended, then refused by the model): if that fails, ``needsReplacing``
    /// says that the journal must be replaced before the next append.
    func takeBack(to end: Int) {
        guard end < self.end, !needsReplacing else { return }
        do {
            try call("truncate") { try files.truncate(descriptor, to: end) }
            self.end = end
        } catch {
            needsReplacing = true
        }
    }

    /// Whether the journal's name still leads to the file this store holds and locks. A sync
    /// tool, a backup or a user may rename, delete or replace the journal while the store is
    /// open; what is appended to a file no name leads to is lost to the next opening, and its
    /// lock no longer keeps a second store out.
    ///
    /// - Complexity: One `stat` call (and an `fstat` after the journal is replaced).
    func isInPlace() -> Bool {
        if heldIdentity == nil { heldIdentity = try? files.status(of: descriptor) }
        guard let held = heldIdentity, let named = try? files.status(atPath: path, followingLinks: true) else { return false }
        return named.isSameFile(as: held)
    }

    /// Makes what was appended durable.
    func sync() throws {
        try call("fsync") { try files.sync(descriptor) }
        try syncFolderIfNeeded()
    }

    // MARK: Replacing

    /// A journal written whole beside this one (its path with `-new` appended), locked and
    /// synced: what ``adopt(_:copying:)`` renames over it.
    struct Replacement: Sendable {
        let descriptor: Int32
        let generation: UInt64
        let base: UInt64
        let recordsStart: Int
        /// Its length: where what is copied next goes.
        fileprivate(set) var end: Int
        /// How far the journal it replaces was copied into it.
        fileprivate(set) var copiedUpTo: Int
    }

    /// Replaces the journal with a new one following the snapshot of `generation`, whose
    /// sequence is `base`, in `file`, of the document `document`, holding the records of this one in the
    /// bytes `carried` (those appended after that snapshot was taken): written beside it, locked,
    /// synced, renamed over it, and its folder synced.
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)``; the journal is as it was then
    ///   (and no file is left beside it, unless removing one failed too).
    func replace(
        generation: UInt64, base: UInt64, document: String, file: JournalFormat.FileIdentity, carrying carried: Range<Int>? = nil
    ) throws {
        let replacement = try Self.prepareReplacement(
            of: path, files: files, generation: generation, base: base, document: document, file: file, from: descriptor,
            copying: carried ?? 0..<0)
        try adopt(replacement)
    }

    /// Writes a journal beside the one at `path`, open as `source`: following the snapshot of
    /// `generation`, whose sequence is `base`, in `file`, of the document `document`, holding the bytes
    /// `copied` of `source` (whole records). Locks it, syncs it.
    ///
    /// Runs on any thread: it reads `source` where its owner appends no more (before its end).
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)``; no file is left (unless
    ///   removing it failed too).
    static func prepareReplacement(
        of path: String, files: any FileSystemCalls, generation: UInt64, base: UInt64, document: String,
        file: JournalFormat.FileIdentity, from source: Int32, copying copied: Range<Int>
    ) throws -> Replacement {
        let header = JournalFormat.header(generation: generation, base: base, document: document, file: file)
        var bytes = header
        if !copied.isEmpty { bytes += try read(source, from: copied.lowerBound, upTo: copied.upperBound, path: path, files: files) }
        let temporary = path + "-new"
        let new: Int32
        do {
            new = try files.open(temporary, O_RDWR | O_CREAT | O_TRUNC, 0o644)
        } catch let error as SystemCallError {
            throw DocumentError.fileError(path: temporary, operation: "open", code: error.code)
        }
        do {
            guard try files.lock(new) else { throw DocumentError.locked(path: temporary) }
            try write(bytes, at: 0, to: new, path: temporary, files: files)
            try call("fsync", temporary) { try files.sync(new) }
        } catch {
            files.close(new)
            try? files.unlink(temporary)
            throw error
        }
        return Replacement(
            descriptor: new, generation: generation, base: base, recordsStart: header.count, end: bytes.count,
            copiedUpTo: copied.upperBound)
    }

    /// Copies into `replacement` the bytes of `source` from where it was copied up to `end`,
    /// and syncs it. Runs on any thread, as ``prepareReplacement(of:files:generation:base:document:file:from:copying:)``.
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)``; the replacement is to be
    ///   discarded then.
    static func extend(_ replacement: inout Replacement, of path: String, files: any FileSystemCalls, from source: Int32, upTo end: Int) throws {
        guard end > replacement.copiedUpTo else { return }
        let bytes = try read(source, from: replacement.copiedUpTo, upTo: end, path: path, files: files)
        let temporary = path + "-new"
        try write(bytes, at: replacement.end, to: replacement.descriptor, path: temporary, files: files)
        try call("fsync", temporary) { try files.sync(replacement.descriptor) }
        replacement.end += bytes.count
        replacement.copiedUpTo = end
    }

    /// Closes and removes a replacement that will not be adopted.
    static func discard(_ replacement: Replacement, of path: String, files: any FileSystemCalls) {
        files.close(replacement.descriptor)
        try? files.unlink(path + "-new")
    }

    /// Renames `replacement` over the journal and goes on with it, after copying into it the
    /// records appended since it was written (up to the journal's end), when `copying`.
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)``; the journal is as it was
    ///   then, and the replacement is discarded.
    func adopt(_ replacement: Replacement, copying: Bool = false) throws {
        var replacement = replacement
        do {
            if copying { try Self.extend(&replacement, of: path, files: files, from: descriptor, upTo: end) }
            try call("rename") { try files.rename(path + "-new", to: path) }
        } catch {
            Self.discard(replacement, of: path, files: files)
            throw error
        }
        files.close(descriptor)
        descriptor = replacement.descriptor
        heldIdentity = nil
        generation = replacement.generation
        base = replacement.base
        recordsStart = replacement.recordsStart
        end = replacement.end
        needsReplacing = false
        // The new name is durable once its folder is; until then a power cut may bring back the
        // old journal, which is valid beside either snapshot but lacks what is appended next.
        folderNeedsSync = true
        try? syncFolderIfNeeded()
    }

    /// Goes on with the journal open and locked as `adopted`, just renamed to ``path`` from the
    /// name it was left under (``JournalSearch``): the file this one had is gone. Its name is
    /// durable once the folder is synced (tried now, else before the next durable append); until
    /// then a power cut may bring back the old name, where opening finds it again.
    func take(_ adopted: Int32) {
        files.close(descriptor)
        descriptor = adopted
        heldIdentity = nil
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
        try Self.write(bytes, at: offset, to: descriptor, path: path, files: files)
    }

    /// Writes `bytes` whole at `offset`, however many calls it takes.
    private static func write(_ bytes: [UInt8], at offset: Int, to descriptor: Int32, path: String, files: any FileSystemCalls) throws {
        try files.writeWhole(bytes, at: offset, to: descriptor, path: path)
    }

    /// Runs `body`, a call on the journal's file, with its failure as a ``DocumentError``.
    private func call<Result>(_ operation: String, _ body: () throws -> Result) throws -> Result {
        try Self.call(operation, path, body)
    }

    /// Runs `body`, a call on the file at `path`, with its failure as a ``DocumentError``.
    private static func call<Result>(_ operation: String, _ path: String, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as SystemCallError {
            throw DocumentError.fileError(path: path, operation: operation, code: error.code)
        }
    }
}
