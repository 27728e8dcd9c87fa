import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX calls a ``DocumentStore`` and its journal make, one method each: the real ones
/// (``SystemFileCalls``), or a test's, which makes any one of them fail as a full disk or a
/// failing one would (SQLite tests its I/O errors this way).
///
/// Each throws ``SystemCallError`` with the call's `errno`; callers say which file and what
/// for (``DocumentError/fileError(path:operation:code:)``).
protocol FileSystemCalls: AnyObject, Sendable {
    /// `open(2)`: a descriptor.
    func open(_ path: String, _ flags: Int32, _ mode: mode_t) throws -> Int32
    /// `close(2)`; what it may report is not acted on (every write that matters was synced).
    func close(_ descriptor: Int32)
    /// `pread(2)`: how many bytes were read (0 at the end).
    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int
    /// `pwrite(2)`: how many bytes were written, which may be fewer than asked.
    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) throws -> Int
    /// `fsync(2)`.
    func sync(_ descriptor: Int32) throws
    /// `ftruncate(2)`.
    func truncate(_ descriptor: Int32, to length: Int) throws
    /// `rename(2)`.
    func rename(_ source: String, to destination: String) throws
    /// `unlink(2)`.
    func unlink(_ path: String) throws
    /// `flock(2)`, exclusive and without waiting: whether the lock was taken (`false` when
    /// another descriptor holds it).
    func lock(_ descriptor: Int32) throws -> Bool
    /// `fstat(2)`.
    func status(of descriptor: Int32) throws -> FileStatus
    /// `lstat(2)`, or `stat(2)` when `followingLinks`: `nil` when nothing is there.
    func status(atPath path: String, followingLinks: Bool) throws -> FileStatus?
    /// `realpath(3)`: the path with every symbolic link resolved.
    func realPath(_ path: String) throws -> String
    /// `fsync(2)` of a folder, so that the names created or renamed in it stay after a power cut.
    func syncFolder(_ path: String) throws
    /// `mkdir(2)`: `false` when something is there already (``ChangeFolder`` creates its folder).
    func makeFolder(_ path: String) throws -> Bool
    /// `opendir(3)` and `readdir(3)`: the names in a folder, without `.` and `..`.
    func folderContents(_ path: String) throws -> [String]
}

extension FileSystemCalls {
    /// The file at `path` opened to read, or nil when there is none.
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)`` for any other failure.
    func openForReading(_ path: String) throws -> Int32? {
        do {
            return try open(path, O_RDONLY, 0)
        } catch let error as SystemCallError {
            if error.code == ENOENT { return nil }
            throw DocumentError.fileError(path: path, operation: "open", code: error.code)
        }
    }

    /// Writes `bytes` whole at `offset` of the file open as `descriptor`, however many calls it
    /// takes (a write may write fewer bytes than asked).
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)`` naming `path`.
    func writeWhole(_ bytes: [UInt8], at offset: Int, to descriptor: Int32, path: String) throws {
        var written = 0
        while written < bytes.count {
            let count: Int
            do {
                count = try bytes.withUnsafeBytes { try write(descriptor, UnsafeRawBufferPointer(rebasing: $0[written...]), at: offset + written) }
            } catch let error as SystemCallError {
                throw DocumentError.fileError(path: path, operation: "write", code: error.code)
            }
            // A write that writes nothing would loop forever: the disk is full.
            guard count > 0 else { throw DocumentError.fileError(path: path, operation: "write", code: ENOSPC) }
            written += count
        }
    }
}

/// A call of ``FileSystemCalls`` failed with `errno` `code`.
struct SystemCallError: Error {
    let code: Int32
}

/// What `stat(2)` says of a file that the store looks at.
struct FileStatus: Equatable {
    enum Kind { case regular, folder, symbolicLink, other }

    let kind: Kind
    /// The device and the file on it: the same for every name of one file.
    let device: UInt64
    let inode: UInt64
    /// How many names (hard links) the file has.
    let links: Int
    let size: Int
    /// When the file was made, in nanoseconds since 1970, or 0 where the file system does not
    /// keep it: a file copied in the place of a deleted one may get its inode, never its birth.
    /// Read for a descriptor (`status(of:)`); a path's status may leave it 0.
    var birth: UInt64 = 0

    /// Whether `other` is the same file (however named).
    func isSameFile(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode
    }
}

/// The calls themselves.
final class SystemFileCalls: FileSystemCalls, Sendable {
    static let shared = SystemFileCalls()

    func open(_ path: String, _ flags: Int32, _ mode: mode_t) throws -> Int32 {
        try retrying { systemOpen(path, flags | O_CLOEXEC, mode) }
    }

    func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        try retrying { pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) throws -> Int {
        try retrying { pwrite(descriptor, bytes.baseAddress, bytes.count, off_t(offset)) }
    }

    func sync(_ descriptor: Int32) throws {
        _ = try retrying { fsync(descriptor) }
    }

    func truncate(_ descriptor: Int32, to length: Int) throws {
        _ = try retrying { ftruncate(descriptor, off_t(length)) }
    }

    func rename(_ source: String, to destination: String) throws {
        _ = try retrying { systemRename(source, destination) }
    }

    func unlink(_ path: String) throws {
        _ = try retrying { systemUnlink(path) }
    }

    func lock(_ descriptor: Int32) throws -> Bool {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            if errno == EWOULDBLOCK { return false }
            throw SystemCallError(code: errno)
        }
        return true
    }

    func status(of descriptor: Int32) throws -> FileStatus {
        var info = stat()
        _ = try retrying { fstat(descriptor, &info) }
        var status = FileStatus(info)
        #if canImport(Glibc)
        status.birth = birthOf(descriptor)
        #endif
        return status
    }

    func status(atPath path: String, followingLinks: Bool) throws -> FileStatus? {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        if result != 0 {
            if errno == ENOENT { return nil }
            throw SystemCallError(code: errno)
        }
        // No birth here (on Linux another call): a journal looks at its name on every append.
        return FileStatus(info)
    }

    func realPath(_ path: String) throws -> String {
        guard let resolved = realpath(path, nil) else { throw SystemCallError(code: errno) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    func syncFolder(_ path: String) throws {
        let descriptor = try open(path, O_RDONLY, 0)
        defer { close(descriptor) }
        do {
            try sync(descriptor)
        } catch let error as SystemCallError where error.code == EINVAL {
            // A file system that cannot sync a folder keeps its names in order by itself.
        }
    }

    func makeFolder(_ path: String) throws -> Bool {
        while systemMakeFolder(path) != 0 {
            if errno == EINTR { continue }
            if errno == EEXIST { return false }
            throw SystemCallError(code: errno)
        }
        return true
    }

    func folderContents(_ path: String) throws -> [String] {
        guard let folder = opendir(path) else { throw SystemCallError(code: errno) }
        defer { closedir(folder) }
        var names: [String] = []
        while true {
            // readdir returns nil both at the end and on an error, which only errno tells apart.
            errno = 0
            guard let entry = readdir(folder) else {
                if errno != 0 { throw SystemCallError(code: errno) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    /// Runs a call until it is not interrupted; its result, or its `errno` thrown.
    private func retrying<Result: BinaryInteger>(_ call: () -> Result) throws -> Result {
        while true {
            let result = call()
            if result >= 0 { return result }
            if errno != EINTR { throw SystemCallError(code: errno) }
        }
    }
}

extension FileStatus {
    init(_ info: stat) {
        let type = info.st_mode & S_IFMT
        kind =
            type == S_IFREG ? .regular : type == S_IFDIR ? .folder : type == S_IFLNK ? .symbolicLink : .other
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        links = Int(info.st_nlink)
        size = Int(info.st_size)
        #if canImport(Darwin)
        birth = UInt64(max(0, info.st_birthtimespec.tv_sec)) * 1_000_000_000 + UInt64(max(0, info.st_birthtimespec.tv_nsec))
        #endif
    }
}

#if canImport(Glibc)
/// `statx(2)`, which alone tells a file's birth on Linux. Glibc declares it only for
/// `_GNU_SOURCE`, which Swift's Glibc module does not define, so it is looked up by name; a C
/// library without it (before glibc 2.28) leaves births unknown.
private typealias StatxCall = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UInt32, UnsafeMutableRawPointer) -> Int32
private let statxCall: StatxCall? = dlsym(nil, "statx").map { unsafeBitCast($0, to: StatxCall.self) }

/// `AT_EMPTY_PATH`, also declared only for `_GNU_SOURCE`: the descriptor's own file.
private let emptyPathFlag: Int32 = 0x1000

/// The birth `statx` reports for the file open as `descriptor`, or 0.
private func birthOf(_ descriptor: Int32) -> UInt64 {
    guard let statxCall else { return 0 }
    // struct statx is 256 bytes; stx_mask at 0, stx_btime (tv_sec Int64, tv_nsec UInt32) at 80.
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 8)
    defer { buffer.deallocate() }
    let birthMask: UInt32 = 0x800  // STATX_BTIME
    guard statxCall(descriptor, "", emptyPathFlag, birthMask, buffer) == 0, buffer.load(as: UInt32.self) & birthMask != 0 else { return 0 }
    let seconds = buffer.load(fromByteOffset: 80, as: Int64.self)
    let nanoseconds = buffer.load(fromByteOffset: 88, as: UInt32.self)
    return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(nanoseconds)
}

#endif

// The C functions, which methods of the same name would hide.

private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Glibc)
    Glibc.open(path, flags, mode)
    #else
    Darwin.open(path, flags, mode)
    #endif
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(descriptor)
    #else
    Darwin.close(descriptor)
    #endif
}

private func systemMakeFolder(_ path: String) -> Int32 {
    #if canImport(Glibc)
    Glibc.mkdir(path, 0o755)
    #else
    Darwin.mkdir(path, 0o755)
    #endif
}

private func systemRename(_ source: String, _ destination: String) -> Int32 {
    #if canImport(Glibc)
    Glibc.rename(source, destination)
    #else
    Darwin.rename(source, destination)
    #endif
}

private func systemUnlink(_ path: String) -> Int32 {
    #if canImport(Glibc)
    Glibc.unlink(path)
    #else
    Darwin.unlink(path)
    #endif
}
