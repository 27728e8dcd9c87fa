import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The journal of a ``DocumentStore``: the patches committed since its snapshot, appended one
/// record each, so that a document killed at any instant reopens to its last durable update.
///
/// The file starts with a header, `RPLJ`, its format (1) and the generation of the snapshot
/// it follows (little-endian, 4 + 4 + 8 bytes); then records, each the length of its payload and
/// the payload's CRC-32 (4 + 4 bytes), then the payload, a patch as JSON. A record cut short or
/// damaged (a torn write, a power cut) fails its length or checksum: reading stops there, and
/// what follows is dropped. A journal of another generation is stale (the store was killed after
/// writing a new snapshot, before emptying the journal): everything in it is in the snapshot.
final class JournalFile {
    let path: String
    private let descriptor: Int32
    private static let magic: [UInt8] = Array("RPLJ".utf8)
    static let headerSize = 16
    static let recordHeaderSize = 8
    /// The largest payload a record may hold (a larger length is damage).
    static let maximumPayload = 1 << 30

    /// Opens (or creates) the journal at `path`, locked for this store alone.
    ///
    /// - Throws: ``DocumentError/locked(path:)`` when another store holds it.
    init(path: String) throws {
        self.path = path
        let isNew = access(path, F_OK) != 0
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw DocumentError.fileError(path: path, operation: "open", code: errno) }
        // A process this one starts holds a copy of each descriptor until it runs its program
        // (close-on-exec acts then): a lock released just before may look held for a moment.
        var attempts = 0
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            attempts += 1
            if code == EWOULDBLOCK, attempts < 50 {
                usleep(4_000)
                continue
            }
            close(descriptor)
            if code == EWOULDBLOCK { throw DocumentError.locked(path: path) }
            throw DocumentError.fileError(path: path, operation: "lock", code: code)
        }
        self.descriptor = descriptor
        // A new file's name is durable once its folder is synced.
        if isNew { Self.syncFolder(of: path) }
    }

    /// Syncs the folder holding `path`, so that a file created or renamed in it stays.
    static func syncFolder(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    deinit {
        // What was appended is made durable; closing releases the lock.
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// The payloads of the valid records of generation `generation`, in order; the file is cut
    /// after the last one (a torn record is dropped). Empty, and the file started afresh, when
    /// the journal belongs to another generation or is not a journal.
    func readRecords(generation: UInt64) throws -> [[UInt8]] {
        let bytes = try readAll()
        guard bytes.count >= Self.headerSize, Array(bytes[0..<4]) == Self.magic,
            Self.load(UInt32.self, bytes, at: 4) == 1, Self.load(UInt64.self, bytes, at: 8) == generation
        else {
            try reset(generation: generation)
            return []
        }
        var records: [[UInt8]] = []
        var offset = Self.headerSize
        while let end = Self.recordEnd(bytes, at: offset) {
            records.append(Array(bytes[(offset + Self.recordHeaderSize)..<end]))
            offset = end
        }
        if offset < bytes.count {
            // What does not check out is the torn end of the last append, cut off; unless whole
            // records follow it: then it is damage, which must not silently cost those records.
            if ((offset + 1)..<bytes.count).contains(where: { Self.recordEnd(bytes, at: $0) != nil }) {
                throw DocumentError.damaged(
                    reason: "the journal's record at byte \(offset) is damaged and whole records follow it (\(path))")
            }
            try truncate(to: offset)
        }
        return records
    }

    /// Where the record at `offset` ends, if a whole one with a matching checksum starts there
    /// (never an empty one: a file extended with zeros holds none).
    private static func recordEnd(_ bytes: [UInt8], at offset: Int) -> Int? {
        guard offset + recordHeaderSize <= bytes.count else { return nil }
        let length = Int(load(UInt32.self, bytes, at: offset))
        let start = offset + recordHeaderSize
        guard length > 0, length <= maximumPayload, length <= bytes.count - start else { return nil }
        guard CRC32.checksum(bytes[start..<(start + length)]) == load(UInt32.self, bytes, at: offset + 4) else { return nil }
        return start + length
    }

    /// Appends one record holding `payload`; `durable` waits for the disk to hold it.
    func append(_ payload: [UInt8], durable: Bool) throws {
        var record: [UInt8] = []
        record.reserveCapacity(Self.recordHeaderSize + payload.count)
        Self.store(UInt32(payload.count), into: &record)
        Self.store(CRC32.checksum(payload), into: &record)
        record += payload
        try write(record)
        if durable { try sync() }
    }

    /// Empties the journal and starts generation `generation`, durably.
    func reset(generation: UInt64) throws {
        try truncate(to: 0)
        var header = Self.magic
        Self.store(UInt32(1), into: &header)
        Self.store(generation, into: &header)
        try write(header)
        try sync()
    }

    /// Makes what was appended durable.
    func sync() throws {
        guard fsync(descriptor) == 0 else { throw DocumentError.fileError(path: path, operation: "fsync", code: errno) }
    }

    // MARK: Bytes

    private func readAll() throws -> [UInt8] {
        guard lseek(descriptor, 0, SEEK_SET) >= 0 else { throw DocumentError.fileError(path: path, operation: "seek", code: errno) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw DocumentError.fileError(path: path, operation: "read", code: errno)
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    private func write(_ bytes: [UInt8]) throws {
        guard lseek(descriptor, 0, SEEK_END) >= 0 else { throw DocumentError.fileError(path: path, operation: "seek", code: errno) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw DocumentError.fileError(path: path, operation: "write", code: errno)
            }
            written += count
        }
    }

    private func truncate(to length: Int) throws {
        guard ftruncate(descriptor, off_t(length)) == 0 else {
            throw DocumentError.fileError(path: path, operation: "truncate", code: errno)
        }
    }

    private static func load<Integer: FixedWidthInteger>(_ type: Integer.Type, _ bytes: [UInt8], at offset: Int) -> Integer {
        var value: Integer = 0
        for index in (0..<MemoryLayout<Integer>.size).reversed() { value = value << 8 | Integer(bytes[offset + index]) }
        return value
    }

    private static func store<Integer: FixedWidthInteger>(_ value: Integer, into bytes: inout [UInt8]) {
        for index in 0..<MemoryLayout<Integer>.size { bytes.append(UInt8(truncatingIfNeeded: value >> (index * 8))) }
    }
}

/// CRC-32 (IEEE 802.3, as zlib computes it), to tell a record written whole from a torn one.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}

/// `write(2)`, which the name of a method would hide.
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
