/// The bytes of a ``DocumentStore``'s journal: a header, then one record per patch.
///
/// The header (format 3) is `RPLJ`, the format, the header's size, the generation of the
/// snapshot the journal follows, that snapshot's patch sequence (the journal's base), the file
/// that snapshot is in (its device and inode, which a rename or a second hard link keeps: a
/// journal left under a document's old name is found by it, see ``JournalSearch``), the
/// document's name (its ``DocumentIdentities/document``), and a CRC-32 of all of it: a header
/// is this document's provably, and one changed bit is damage, never a journal to discard.
/// Integers are little-endian: 4 + 4 + 4 + 8 + 8 + 8 + 8 + 4 + name + 4 bytes.
///
/// A record is the length of its payload and the payload's CRC-32 (4 + 4 bytes), then the
/// payload, a patch as JSON. The length's top bit says that the record continues the previous
/// one's patch (what registrations wrote in the refresh of the update before it: the same
/// patch number). A record cut short or damaged at the end (a torn write) fails its length or
/// checksum and is dropped; one with whole records after it is damage.
///
/// Format 2 had no file; format 1 a 16-byte header, `RPLJ`, 1 and the generation, without name
/// or checksum, and no continued records: both are still read (and replaced by format 3 when
/// their document opens).
enum JournalFormat {
    static let magic: [UInt8] = Array("RPLJ".utf8)
    static let format: UInt32 = 3
    static let legacyHeaderSize = 16
    static let recordHeaderSize = 8
    /// The largest payload a record may hold (a larger length is damage).
    static let maximumPayload = 1 << 30
    /// The largest header a journal may have (a document's name is short).
    static let maximumHeaderSize = 4_096
    private static let continuesBit: UInt32 = 1 << 31
    /// The header's size without the name, by format (2 and 3).
    private static let fixedHeaderSizes: [UInt32: Int] = [2: 36, 3: 52]

    /// The file a journal follows the snapshot in: what every name of it shares.
    struct FileIdentity: Equatable {
        let device: UInt64
        let inode: UInt64

        init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }

        init(_ status: FileStatus) {
            self.init(device: status.device, inode: status.inode)
        }
    }

    /// What a journal's header says.
    struct Header: Equatable {
        let format: UInt32
        /// The generation of the snapshot the journal follows (``DocumentStore`` counts its saves).
        let generation: UInt64
        /// The sequence of that snapshot: the journal's records follow it (`nil` in format 1).
        let base: UInt64?
        /// The name of the document (`nil` in format 1).
        let document: String?
        /// The file the snapshot is in (`nil` before format 3).
        let file: FileIdentity?
        /// Where the first record starts.
        let size: Int
    }

    /// One whole record.
    struct Record {
        let payload: ArraySlice<UInt8>
        /// Whether it continues the previous record's patch.
        let continues: Bool
        /// Where it starts in the file.
        let start: Int
    }

    /// What a journal file holds.
    enum Contents {
        /// Nothing: an empty file, or zeros (a power cut while the journal was being created).
        case nothing
        /// A header, the whole records after it, and where the last one ends (a torn record may
        /// follow, up to the file's end).
        case journal(Header, records: [Record], end: Int)
    }

    // MARK: Writing

    /// The header of a journal following the snapshot of generation `generation`, whose
    /// sequence is `base`, in the file `file`, of the document named `document`.
    static func header(generation: UInt64, base: UInt64, document: String, file: FileIdentity) -> [UInt8] {
        let name = Array(document.utf8)
        var bytes = magic
        store(format, into: &bytes)
        store(UInt32(fixedHeaderSizes[format]! + name.count), into: &bytes)
        store(generation, into: &bytes)
        store(base, into: &bytes)
        store(file.device, into: &bytes)
        store(file.inode, into: &bytes)
        store(UInt32(name.count), into: &bytes)
        bytes += name
        store(CRC32.checksum(bytes), into: &bytes)
        return bytes
    }

    /// A record holding `payload`.
    static func record(_ payload: [UInt8], continues: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(recordHeaderSize + payload.count)
        store(UInt32(payload.count) | (continues ? continuesBit : 0), into: &bytes)
        store(CRC32.checksum(payload), into: &bytes)
        bytes += payload
        return bytes
    }

    // MARK: Reading

    /// What `bytes`, a journal file's, hold.
    ///
    /// - Throws: ``DocumentError/damaged(reason:)`` when the header is not a whole, valid one,
    ///   or a damaged record has whole records after it.
    static func contents(of bytes: [UInt8], path: String) throws -> Contents {
        if bytes.allSatisfy({ $0 == 0 }) { return .nothing }
        let header = try readHeader(bytes, path: path)
        var records: [Record] = []
        var offset = header.size
        while let (end, continues) = recordEnd(bytes, at: offset, format: header.format) {
            if records.isEmpty && continues {
                throw DocumentError.damaged(reason: "the journal's first record continues a record it does not hold (\(path))")
            }
            records.append(Record(payload: bytes[(offset + recordHeaderSize)..<end], continues: continues, start: offset))
            offset = end
        }
        // What does not check out is the torn end of the last append; unless whole records
        // follow it: then it is damage, which must not silently cost those records.
        if offset < bytes.count, ((offset + 1)..<bytes.count).contains(where: { recordEnd(bytes, at: $0, format: header.format) != nil }) {
            throw DocumentError.damaged(reason: "the journal's record at byte \(offset) is damaged and whole records follow it (\(path))")
        }
        return .journal(header, records: records, end: offset)
    }

    /// What the header at the start of `bytes` (a journal file's first bytes) says.
    ///
    /// - Throws: ``DocumentError/damaged(reason:)`` when it is not a whole, valid one.
    static func readHeader(_ bytes: [UInt8], path: String) throws -> Header {
        func damaged(_ reason: String) -> DocumentError {
            DocumentError.damaged(reason: "the journal's header \(reason) (\(path))")
        }
        guard bytes.count >= 8, Array(bytes[0..<4]) == magic else { throw damaged("does not start with RPLJ") }
        switch load(UInt32.self, bytes, at: 4) {
        case 1:
            guard bytes.count >= legacyHeaderSize else { throw damaged("is cut short") }
            return Header(
                format: 1, generation: load(UInt64.self, bytes, at: 8), base: nil, document: nil, file: nil, size: legacyHeaderSize)
        case let version where fixedHeaderSizes[version] != nil:
            let fixedHeaderSize = fixedHeaderSizes[version]!
            guard bytes.count >= fixedHeaderSize else { throw damaged("is cut short") }
            let size = Int(load(UInt32.self, bytes, at: 8))
            guard size >= fixedHeaderSize, size <= maximumHeaderSize, size <= bytes.count else {
                throw damaged(size > bytes.count ? "is cut short" : "gives a size it cannot have")
            }
            guard CRC32.checksum(bytes[0..<(size - 4)]) == load(UInt32.self, bytes, at: size - 4) else {
                throw damaged("fails its checksum")
            }
            // Format 3 has the file's device and inode before the name.
            let nameStart = fixedHeaderSize - 4
            let nameLength = Int(load(UInt32.self, bytes, at: nameStart - 4))
            guard nameLength == size - fixedHeaderSize,
                let name = String(validating: bytes[nameStart..<(nameStart + nameLength)], as: UTF8.self)
            else { throw damaged("holds no document name") }
            let file = version == 3 ? FileIdentity(device: load(UInt64.self, bytes, at: 28), inode: load(UInt64.self, bytes, at: 36)) : nil
            return Header(
                format: version, generation: load(UInt64.self, bytes, at: 12), base: load(UInt64.self, bytes, at: 20),
                document: name, file: file, size: size)
        case let other:
            throw damaged("names format \(other), which this Ripple does not read")
        }
    }

    /// Where the record at `offset` ends, and whether it continues the previous one, if a whole
    /// one with a matching checksum starts there (never an empty one: a file extended with
    /// zeros holds none).
    private static func recordEnd(_ bytes: [UInt8], at offset: Int, format: UInt32) -> (end: Int, continues: Bool)? {
        guard offset + recordHeaderSize <= bytes.count else { return nil }
        let word = load(UInt32.self, bytes, at: offset)
        let continues = format >= 2 && word & continuesBit != 0
        let length = Int(continues ? word & ~continuesBit : word)
        let start = offset + recordHeaderSize
        guard length > 0, length <= maximumPayload, length <= bytes.count - start else { return nil }
        guard CRC32.checksum(bytes[start..<(start + length)]) == load(UInt32.self, bytes, at: offset + 4) else { return nil }
        return (start + length, continues)
    }

    // MARK: Integers

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
