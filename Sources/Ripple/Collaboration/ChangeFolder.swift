import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder that the replicas of a document share through a sync engine (iCloud Drive, Dropbox,
/// Syncthing, a network share): each replica appends records to a file of its own,
/// `<replica>.ripplechanges`, and reads the others' files.
///
/// One writer per file is what makes a folder a safe transport: sync engines copy whole files
/// and know nothing of merging, so two replicas writing one file would lose each other's
/// records to a conflict copy. A record is an opaque payload (an encoded change set: the caller
/// decides); it is framed with its length and a CRC-32 (``ChangeFolderFormat``), which is all
/// that lets a reader tell a whole record from what a sync engine has delivered only in part.
///
/// Reading tolerates what sync engines do, because records are idempotent upstream (merging a
/// change set twice changes nothing): a file that arrives late is read when it does; a file cut
/// short is read up to its last whole record, and the rest later; a conflict copy (`x (1)`,
/// `x 2`) is read as another file; a file replaced by a longer version is read on from where
/// reading stopped, one replaced by a shorter or different version is read again from its
/// start. What cannot be read (an unreadable file, a damaged record, a later format) is
/// skipped and reported in ``problems``, never a crash and never a stop.
final class ChangeFolder {
    /// The largest payload a record may hold unless the caller says otherwise: far above any
    /// change set an editing session makes, far below what would exhaust memory.
    static let defaultMaximumPayload = 1 << 28

    /// The folder's path.
    let path: String
    let replica: ReplicaID
    /// The name of this replica's own file in the folder.
    let ownFileName: String
    /// The largest payload written or read; a larger length in a file is damage.
    let maximumPayload: Int
    let files: any FileSystemCalls
    /// The own file, open for appending.
    let descriptor: Int32
    /// The folder as it was opened: a folder renamed or removed since is not this one.
    private let folderStatus: FileStatus?
    /// Where the next record goes: the end of the last whole record.
    private var end: Int
    /// Where the own file's last whole record ends, where it starts and its checksum: what a
    /// store keeps at a clean close to tell, when it opens again, that the file is still the one
    /// it wrote.
    private(set) var mark: OwnFileMark
    /// The replicas whose files ``readNew()`` found replaced by a shorter or another version
    /// since it last read them: their changes that version lacks may be held nowhere else.
    var replacedReplicas: Set<ReplicaID> = []
    /// How far each of the others' files has been read, by name.
    var progress: [String: FileProgress] = [:]
    /// What the last ``readNew()`` skipped.
    var problems: [ChangeFolderProblem] = []

    /// Opens the folder at `url` for `replica`: creates the folder if it is missing, and the
    /// replica's own file in it, or goes on from the one it has (a torn record at its end, what
    /// a crash during an append leaves, is cut off).
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)`` when the file system refuses,
    ///   ``DocumentError/damaged(reason:)`` when the replica's file holds another replica's
    ///   records or is no change file (it is left as it is).
    init(url: URL, replica: ReplicaID, maximumPayload: Int = defaultMaximumPayload, files: any FileSystemCalls = SystemFileCalls.shared)
        throws
    {
        let folderPath = url.standardizedFileURL.path
        path = folderPath
        self.replica = replica
        ownFileName = "\(replica).\(ChangeFolderFormat.fileExtension)"
        self.maximumPayload = maximumPayload
        self.files = files
        try Self.makeFolder(path, files: files)
        let ownPath = path + "/" + ownFileName
        let descriptor = try Self.call("open", ownPath) { try files.open(ownPath, O_RDWR | O_CREAT, 0o644) }
        let mark: OwnFileMark
        do {
            mark = try Self.prepareOwnFile(descriptor, path: ownPath, replica: replica, maximumPayload: maximumPayload, files: files)
            // The file's name must survive a power cut as its header does.
            try Self.call("sync the folder", folderPath) { try files.syncFolder(folderPath) }
        } catch {
            // Closed here only: the stored properties are not all set, so deinit does not run (a
            // second close could close a descriptor another file has been given since).
            files.close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.end = mark.end
        self.mark = mark
        folderStatus = try? files.status(atPath: folderPath, followingLinks: true)
    }

    /// Whether the folder's path still names the folder this opened (not one renamed or
    /// removed since, nor another made in its place).
    var folderIsInPlace: Bool {
        guard let folderStatus, let named = try? files.status(atPath: path, followingLinks: true) else { return false }
        return named.isSameFile(as: folderStatus)
    }

    deinit {
        files.close(descriptor)
    }

    // MARK: Appending

    /// Appends `record` to this replica's file; it is on disk (synced) when this returns.
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)`` when a write or the sync
    ///   fails: the file is cut back to what it held before, so that no half record stays; and
    ///   when the file was replaced or removed since the folder was opened (nothing written);
    ///   ``DocumentError/tooLarge(reason:)`` for a record over the limit and
    ///   ``DocumentError/unencodable(reason:)`` for an empty one, with nothing written.
    func append(_ record: [UInt8]) throws {
        let ownPath = path + "/" + ownFileName
        guard !record.isEmpty else {
            throw DocumentError.unencodable(reason: "an empty record cannot be written to \(ownPath) (it would read as zeros)")
        }
        guard record.count <= maximumPayload else {
            throw DocumentError.tooLarge(reason: "a record of \(record.count) bytes, over the limit of \(maximumPayload), for \(ownPath)")
        }
        let open = try checkOwnFileIsInPlace()
        // A failed append whose cutting back failed too left bytes after the end: cut them now,
        // or the record would follow a torn one, and the readers would wait for it forever.
        if open.size != end { try Self.call("truncate", ownPath) { try files.truncate(descriptor, to: end) } }
        let framed = ChangeFolderFormat.record(record)
        do {
            try files.writeWhole(framed, at: end, to: descriptor, path: ownPath)
            try Self.call("fsync", ownPath) { try files.sync(descriptor) }
        } catch {
            // Readers that saw the half record took it for one still arriving; once cut, they
            // read the next one in its place.
            try? files.truncate(descriptor, to: end)
            try? files.sync(descriptor)
            throw error
        }
        mark = OwnFileMark(end: end + framed.count, lastRecord: end, checksum: ChangeFolderFormat.recordChecksum(framed, at: 0))
        end = mark.end
    }

    /// Whether this replica's file still holds, as its record ending at `mark.end`, the record
    /// it ended with when `mark` was taken (records appended since do not matter): false when
    /// it was put back to an older version or replaced by another.
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)`` when it cannot be read.
    func ownFileContinues(_ mark: OwnFileMark) throws -> Bool {
        guard mark.lastRecord > 0 else { return mark.end == ChangeFolderFormat.headerSize }
        let bytes = try Self.read(descriptor, from: mark.lastRecord, path: path + "/" + ownFileName, files: files)
        return ChangeFolderFormat.recordEnd(bytes, at: 0, maximumPayload: maximumPayload) == mark.end - mark.lastRecord
            && ChangeFolderFormat.recordChecksum(bytes, at: 0) == mark.checksum
    }

    /// Checks that this replica's file is still the one it holds open, before an update commits
    /// a change that must be appended there, and returns its status.
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)`` when the file was replaced
    ///   or removed since the folder was opened, or cannot be examined.
    @discardableResult
    func checkOwnFileIsInPlace() throws -> FileStatus {
        let ownPath = path + "/" + ownFileName
        guard let open = try ownFileInPlace() else {
            throw DocumentError.fileError(path: ownPath, operation: "append (the file was replaced or removed while open: open the folder again)", code: ENOENT)
        }
        return open
    }

    /// The status of this replica's file if its name still names the file this folder holds
    /// open; nil when it was replaced or removed since.
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)`` when it cannot be examined.
    func ownFileInPlace() throws -> FileStatus? {
        let ownPath = path + "/" + ownFileName
        // A sync engine that replaced or removed the own file (a download over it, an eviction)
        // left this descriptor on a file no one reads: a record appended there would be lost.
        let open = try Self.call("stat", ownPath) { try files.status(of: descriptor) }
        let named = try Self.call("stat", ownPath) { try files.status(atPath: ownPath, followingLinks: false) }
        guard let named, named.isSameFile(as: open) else { return nil }
        return open
    }

    // MARK: Opening

    /// Creates the folder at `path` unless it is there.
    private static func makeFolder(_ path: String, files: any FileSystemCalls) throws {
        if try call("create the folder", path, { try files.makeFolder(path) }) {
            let parent = (path as NSString).deletingLastPathComponent
            try call("sync the folder", parent) { try files.syncFolder(parent.isEmpty ? "." : parent) }
            return
        }
        let status = try call("stat", path) { try files.status(atPath: path, followingLinks: true) }
        guard status?.kind == .folder else { throw DocumentError.fileError(path: path, operation: "create the folder", code: ENOTDIR) }
    }

    /// Readies the own file open as `descriptor`: writes its header if it has none yet (a new
    /// file, or one whose creation a crash cut short), or cuts a torn record off its end.
    /// Returns its last whole record's mark, whose end is where the next record goes.
    private static func prepareOwnFile(_ descriptor: Int32, path: String, replica: ReplicaID, maximumPayload: Int, files: any FileSystemCalls)
        throws -> OwnFileMark
    {
        let bytes = try read(descriptor, from: 0, path: path, files: files)
        switch ChangeFolderFormat.readHeader(bytes[...]) {
        case .incomplete:
            let header = ChangeFolderFormat.header(replica: replica)
            try call("truncate", path) { try files.truncate(descriptor, to: 0) }
            try files.writeWhole(header, at: 0, to: descriptor, path: path)
            try call("fsync", path) { try files.sync(descriptor) }
            return OwnFileMark(end: header.count, lastRecord: 0, checksum: 0)
        case .header(let owner, damaged: false) where owner == replica.rawValue:
            let scan = ChangeFolderFormat.scan(bytes, from: ChangeFolderFormat.headerSize, maximumPayload: maximumPayload)
            if bytes.count > scan.end {
                try call("truncate", path) { try files.truncate(descriptor, to: scan.end) }
                try call("fsync", path) { try files.sync(descriptor) }
            }
            guard let last = scan.records.last else { return OwnFileMark(end: scan.end, lastRecord: 0, checksum: 0) }
            return OwnFileMark(end: scan.end, lastRecord: last.start, checksum: ChangeFolderFormat.recordChecksum(bytes, at: last.start))
        case .header, .foreign, .newerFormat:
            // Never written over: the bytes may be someone's records, put here by mistake.
            throw DocumentError.damaged(reason: "\(path) is not replica \(replica)'s change file; move it away to write a new one")
        }
    }

    // MARK: Bytes

    /// The bytes of the file open as `descriptor` from `start` to its size when this is called
    /// (a file still growing is read on next time), or `count` of them at most.
    static func read(_ descriptor: Int32, from start: Int, count: Int? = nil, path: String, files: any FileSystemCalls) throws -> [UInt8] {
        var size = try call("stat", path) { try files.status(of: descriptor) }.size
        if let count { size = min(size, start + count) }
        var bytes: [UInt8] = []
        guard size > start else { return bytes }
        bytes.reserveCapacity(size - start)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while start + bytes.count < size {
            let wanted = min(chunk.count, size - start - bytes.count)
            let count = try call("read", path) {
                try chunk.withUnsafeMutableBytes {
                    try files.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted]), at: start + bytes.count)
                }
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }

    /// Runs `body`, a call on the file at `path`, with its failure as a ``DocumentError``.
    static func call<Result>(_ operation: String, _ path: String, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as SystemCallError {
            throw DocumentError.fileError(path: path, operation: operation, code: error.code)
        }
    }
}

/// Where a replica's own change file ends: the end of its last whole record, that record's start
/// (0 when it has none) and its payload's checksum.
struct OwnFileMark: Equatable {
    var end: Int
    var lastRecord: Int
    var checksum: UInt32
}
