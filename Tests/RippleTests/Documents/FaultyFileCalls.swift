import Foundation
@testable import Ripple

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system calls of a document store, made for real, except one: the Nth call fails as a
/// full or failing disk would (SQLite tests its I/O errors this way).
///
/// Syncs do not reach the disk (what a power cut keeps cannot be checked here; the crash tests
/// kill real processes), so that a test can run a whole session once per call.
final class FaultyFileCalls: FileSystemCalls, @unchecked Sendable {
    /// How the failing call fails.
    enum Fault: Equatable, CustomStringConvertible {
        /// With the errno a full or failing disk gives that call: `ENOSPC` for writes and for
        /// creating files, `ENOLCK` for `flock`, `EIO` for the others.
        case natural
        /// A write writes half its bytes, then the next write finds the disk full.
        case shortWrite
        /// The process dies before the call: it and every call after it, counted or not, fail
        /// and reach nothing (descriptors stay open until the store is dropped, as a kill
        /// leaves the files).
        case kill

        var description: String {
            switch self {
            case .natural: "fails"
            case .shortWrite: "is short"
            case .kill: "is where the process dies"
            }
        }
    }

    private let real = SystemFileCalls.shared
    /// The call that fails (counting from 1), or 0 for none.
    var failingCall = 0
    var fault = Fault.natural
    /// Only these calls count (all when empty), e.g. `["write"]`.
    var counted: Set<String> = []
    /// How many calls counted so far.
    private(set) var calls = 0
    /// The call that failed, and how, once it did.
    private(set) var failure: String?
    /// The descriptors open now, with their paths.
    private(set) var open: [Int32: String] = [:]
    /// Closes of descriptors not open through these calls (closed twice, say: the second close
    /// may close a descriptor another file has been given since).
    private(set) var strayCloses: [Int32] = []
    private var diskIsFull = false

    /// Called before each call with its name and its file's path: what another process does
    /// meanwhile.
    var beforeCall: ((String, String) -> Void)?

    /// Counts a call; throws if it is the one that fails.
    private func count(_ call: String, _ path: String, error: Int32 = EIO) throws {
        beforeCall?(call, path)
        if fault == .kill, failure != nil { throw SystemCallError(code: EIO) }
        guard counted.isEmpty || counted.contains(call) else { return }
        calls += 1
        guard calls == failingCall else { return }
        failure = "call \(calls), \(call) \((path as NSString).lastPathComponent), \(fault)"
        if fault != .shortWrite { throw SystemCallError(code: error) }
    }

    private func name(_ descriptor: Int32) -> String { open[descriptor] ?? "descriptor \(descriptor)" }

    func open(_ path: String, _ flags: Int32, _ mode: mode_t) throws -> Int32 {
        try count("open", path, error: flags & O_CREAT != 0 ? ENOSPC : EIO)
        let descriptor = try real.open(path, flags, mode)
        open[descriptor] = path
        return descriptor
    }

    func close(_ descriptor: Int32) {
        if open.removeValue(forKey: descriptor) == nil {
            // Not closed for real: it may be another file's now.
            strayCloses.append(descriptor)
            return
        }
        real.close(descriptor)
    }

    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        try count("read", name(descriptor))
        return try real.read(descriptor, into: buffer, at: offset)
    }

    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) throws -> Int {
        if diskIsFull {
            diskIsFull = false
            throw SystemCallError(code: ENOSPC)
        }
        try count("write", name(descriptor), error: ENOSPC)
        if failure != nil, calls == failingCall, fault == .shortWrite, bytes.count > 1 {
            diskIsFull = true
            return try real.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count / 2)]), at: offset)
        }
        return try real.write(descriptor, bytes, at: offset)
    }

    func sync(_ descriptor: Int32) throws {
        try count("fsync", name(descriptor))
    }

    func truncate(_ descriptor: Int32, to length: Int) throws {
        try count("truncate", name(descriptor))
        try real.truncate(descriptor, to: length)
    }

    func rename(_ source: String, to destination: String) throws {
        try count("rename", source)
        try real.rename(source, to: destination)
    }

    func unlink(_ path: String) throws {
        try count("unlink", path)
        try real.unlink(path)
    }

    func lock(_ descriptor: Int32) throws -> Bool {
        try count("lock", name(descriptor), error: ENOLCK)
        return try real.lock(descriptor)
    }

    func status(of descriptor: Int32) throws -> FileStatus {
        try count("fstat", name(descriptor))
        return try real.status(of: descriptor)
    }

    func status(atPath path: String, followingLinks: Bool) throws -> FileStatus? {
        try count("stat", path)
        return try real.status(atPath: path, followingLinks: followingLinks)
    }

    func realPath(_ path: String) throws -> String {
        try count("realpath", path)
        return try real.realPath(path)
    }

    func syncFolder(_ path: String) throws {
        try count("fsync folder", path)
    }

    func makeFolder(_ path: String) throws -> Bool {
        try count("mkdir", path, error: ENOSPC)
        return try real.makeFolder(path)
    }

    func folderContents(_ path: String) throws -> [String] {
        try count("list folder", path)
        return try real.folderContents(path)
    }
}
