/// The bytes of a ``ChangeFolder``'s files: a header, then one record per payload.
///
/// The header is `RPLC`, the format (1), the writing replica's identity and a CRC-32 of those
/// 16 bytes: 20 bytes, integers little-endian. The magic tells a change file from anything else
/// a shared folder holds; the format lets a later Ripple change the framing and this one skip
/// what it cannot read; the replica says whose records a file holds whatever a sync engine
/// named it (a conflict copy is renamed, its header is not).
///
/// A record is the length of its payload and the payload's CRC-32 (4 + 4 bytes), then the
/// payload. The length finds the next record without a parser; the checksum tells a whole record
/// from one a sync engine has delivered only in part, or damaged. A record never has an empty
/// payload: a file extended with zeros (what some file systems leave after a power cut) would
/// otherwise read as empty records, since the CRC-32 of nothing is 0.
enum ChangeFolderFormat {
    static let magic: [UInt8] = Array("RPLC".utf8)
    static let format: UInt32 = 1
    static let headerSize = 20
    static let recordHeaderSize = 8
    /// What a folder's files are named: the replica's identity and this extension.
    static let fileExtension = "ripplechanges"

    // MARK: Writing

    /// The header of the file of `replica`.
    static func header(replica: ReplicaID) -> [UInt8] {
        var bytes = magic
        store(format, into: &bytes)
        store(replica.rawValue, into: &bytes)
        store(CRC32.checksum(bytes), into: &bytes)
        return bytes
    }

    /// A record holding `payload` (never empty).
    static func record(_ payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(recordHeaderSize + payload.count)
        store(UInt32(payload.count), into: &bytes)
        store(CRC32.checksum(payload), into: &bytes)
        bytes += payload
        return bytes
    }

    // MARK: Reading

    /// What the first bytes of a file say.
    enum HeaderReading: Equatable {
        /// Too few bytes yet to tell, and nothing that rules out a change file (empty, zeros, or
        /// the start of a header): a file still arriving.
        case incomplete
        /// A change file of this format; `damaged` when its checksum fails (the magic and format
        /// are right, so its records, each checked on its own, are still read).
        case header(replica: UInt64, damaged: Bool)
        /// A change file of a later format, which this Ripple cannot read.
        case newerFormat(UInt32)
        /// Not a change file.
        case foreign
    }

    /// What `bytes`, the start of a file, say of it.
    static func readHeader(_ bytes: ArraySlice<UInt8>) -> HeaderReading {
        let start = bytes.startIndex
        if bytes.count < headerSize {
            let isStartOfHeader = zip(bytes, magic).allSatisfy { $0 == $1 }
            return isStartOfHeader || bytes.allSatisfy({ $0 == 0 }) ? .incomplete : .foreign
        }
        if bytes[start..<(start + headerSize)].allSatisfy({ $0 == 0 }) { return .incomplete }
        guard bytes[start..<(start + 4)].elementsEqual(magic) else { return .foreign }
        let version = load(UInt32.self, bytes, at: start + 4)
        guard version == format else { return version > format ? .newerFormat(version) : .foreign }
        let checksum = CRC32.checksum(bytes[start..<(start + 16)])
        return .header(replica: load(UInt64.self, bytes, at: start + 8), damaged: checksum != load(UInt32.self, bytes, at: start + 16))
    }

    /// What the records in `bytes` hold, from `offset` on.
    struct Scan {
        /// The whole records, in file order: where each starts, and its payload.
        var records: [(start: Int, payload: ArraySlice<UInt8>)] = []
        /// The stretches skipped as damage: bytes that are no whole record, with whole records
        /// after them.
        var damaged: [Range<Int>] = []
        /// Where the last whole record (or the damage skipped) ends: what follows is a record
        /// still arriving, read again next time.
        var end: Int
    }

    /// The records in `bytes` from `offset` on, none with a payload over `maximumPayload`.
    ///
    /// A stretch that is no whole record is the torn end of a file still arriving, unless a
    /// whole record follows it somewhere: then it is damage, skipped (records do not depend on
    /// each other, so what follows is still good). Telling the two apart needs no marker: a
    /// sync engine delivers a file's bytes in order, so a torn record is always the last.
    static func scan(_ bytes: [UInt8], from offset: Int, maximumPayload: Int) -> Scan {
        var scan = Scan(end: offset)
        var position = offset
        while position < bytes.count {
            if let end = recordEnd(bytes, at: position, maximumPayload: maximumPayload) {
                scan.records.append((position, bytes[(position + recordHeaderSize)..<end]))
                position = end
                scan.end = end
                continue
            }
            let next = ((position + 1)..<bytes.count).first { recordEnd(bytes, at: $0, maximumPayload: maximumPayload) != nil }
            guard let next else { break }
            scan.damaged.append(position..<next)
            position = next
        }
        return scan
    }

    /// Where the record at `offset` ends, if a whole one with a matching checksum starts there.
    static func recordEnd(_ bytes: [UInt8], at offset: Int, maximumPayload: Int) -> Int? {
        guard offset >= 0, offset + recordHeaderSize <= bytes.count else { return nil }
        let length = Int(load(UInt32.self, bytes[...], at: offset))
        let start = offset + recordHeaderSize
        // The limit keeps a damaged or hostile length from costing a checksum over the rest of a
        // large file at every offset the scan tries.
        guard length > 0, length <= maximumPayload, length <= bytes.count - start else { return nil }
        guard CRC32.checksum(bytes[start..<(start + length)]) == load(UInt32.self, bytes[...], at: offset + 4) else { return nil }
        return start + length
    }

    /// The payload checksum of the record at `offset` in `bytes` (which holds its header).
    static func recordChecksum(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        load(UInt32.self, bytes[...], at: offset + 4)
    }

    // MARK: Integers

    private static func load<Integer: FixedWidthInteger>(_ type: Integer.Type, _ bytes: ArraySlice<UInt8>, at offset: Int) -> Integer {
        var value: Integer = 0
        for index in (0..<MemoryLayout<Integer>.size).reversed() { value = value << 8 | Integer(bytes[offset + index]) }
        return value
    }

    private static func store<Integer: FixedWidthInteger>(_ value: Integer, into bytes: inout [UInt8]) {
        for index in 0..<MemoryLayout<Integer>.size { bytes.append(UInt8(truncatingIfNeeded: value >> (index * 8))) }
    }
}
