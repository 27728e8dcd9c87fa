import Foundation

/// Reads what ``CompactWriter`` writes, as a parser of untrusted bytes: every number and
/// length is checked against what is left before it is used, nothing is allocated by a size
/// the bytes claim, and anything else throws ``ReplicaError/malformed(_:)``.
struct CompactReader {
    /// Whether values' texts stand where they are (``CompactWriter/valuesInline``).
    let valuesInline: Bool
    /// Whether counters are differences from the one read before (``CompactWriter/relativeCounters``).
    var relativeCounters = false
    /// Whether integers are written as numbers (``CompactWriter/integerValues``).
    var integerValues = false
    /// The last counter read while ``relativeCounters``.
    var lastCounter: UInt64 = 0
    /// The format byte the bytes began with.
    let format: UInt8
    private let bytes: [UInt8]
    private var offset = 0
    private var strings: [String] = []
    private var replicas: [ReplicaID] = []

    /// Starts reading `data`, whose first byte must be `format`, and reads its tables.
    init(_ data: Data, format: UInt8, what: String, valuesInline: Bool = false) throws {
        try self.init(data, formats: [format], what: what, valuesInline: valuesInline)
    }

    /// Starts reading `data`, whose first byte must be one of `formats` (see ``format``).
    init(_ data: Data, formats: [UInt8], what: String, valuesInline: Bool = false) throws {
        self.valuesInline = valuesInline
        bytes = [UInt8](data)
        guard let first = bytes.first, formats.contains(first) else {
            throw ReplicaError.malformed("not \(what) in this format")
        }
        format = first
        offset = 1
        for _ in 0..<(try count()) { strings.append(try tableString()) }
        for _ in 0..<(try count()) {
            var raw: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) { raw |= UInt64(try byte()) << shift }
            replicas.append(ReplicaID(rawValue: raw) ?? .genesis)
        }
    }

    /// Resumes reading a change set's bytes at `position`, as ``ReplicaLog`` reads changes it
    /// holds as they came (those bytes were read whole once, so nothing in them throws).
    init(_ received: ReceivedBytes, at position: Int) {
        valuesInline = false
        format = ChangeSet.format
        bytes = received.bytes
        strings = received.strings
        replicas = received.replicas
        offset = position
    }

    /// The bytes read, with their tables: for reading again from a position (``position``).
    var received: ReceivedBytes {
        ReceivedBytes(bytes: bytes, strings: strings, replicas: replicas)
    }

    /// Where the next read begins.
    var position: Int { offset }

    /// Whether every byte was read.
    var isAtEnd: Bool { offset == bytes.count }

    /// Throws unless every byte was read (trailing bytes are not ours).
    func finish() throws {
        guard isAtEnd else { throw ReplicaError.malformed("\(bytes.count - offset) bytes past the end") }
    }

    mutating func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw ReplicaError.malformed("cut short") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func bool() throws -> Bool {
        switch try byte() {
        case 0: false
        case 1: true
        default: throw ReplicaError.malformed("a flag that is neither 0 nor 1")
        }
    }

    mutating func varint() throws -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            let next = try byte()
            guard shift < 63 || next <= 1 else { throw ReplicaError.malformed("a number past 64 bits") }
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return value }
        }
        throw ReplicaError.malformed("a number past 64 bits")
    }

    /// A count of things to follow, each of at least one byte: never more than the bytes left.
    mutating func count() throws -> Int {
        try checkedCount(try varint())
    }

    /// `value`, read as part of another number, as a count (``count()``).
    func checkedCount(_ value: UInt64) throws -> Int {
        guard value <= UInt64(bytes.count - offset) else { throw ReplicaError.malformed("a count past the end") }
        return Int(value)
    }

    /// What ``CompactWriter/delta(_:from:)`` wrote (wrapping, so no value overflows).
    mutating func delta(from base: UInt64) throws -> UInt64 {
        let zigzag = try varint()
        let difference = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
        return base &+ UInt64(bitPattern: difference)
    }

    mutating func string() throws -> String {
        try string(index: try varint())
    }

    func string(index: UInt64) throws -> String {
        guard index < UInt64(strings.count) else { throw ReplicaError.malformed("a string index out of range") }
        return strings[Int(index)]
    }

    mutating func replica() throws -> ReplicaID {
        try replica(index: try varint())
    }

    func replica(index: UInt64) throws -> ReplicaID {
        guard index < UInt64(replicas.count) else { throw ReplicaError.malformed("a replica index out of range") }
        return replicas[Int(index)]
    }

    /// What ``CompactWriter/inlineString(_:)`` wrote, whose length is `length`.
    mutating func inlineString(length: UInt64) throws -> String {
        guard length <= UInt64(bytes.count - offset) else { throw ReplicaError.malformed("a string past the end") }
        let end = offset + Int(length)
        defer { offset = end }
        let utf8 = bytes[offset..<end]
        // Decoding repairs what is not UTF-8 (a bad sequence becomes U+FFFD), so the text is
        // the bytes only if they were UTF-8: checked so, rather than by Foundation's
        // `String(bytes:encoding:)`, which costs many times more per string.
        let string = String(decoding: utf8, as: UTF8.self)
        // ASCII (every number's JSON text) is UTF-8 as it stands: checked faster than compared.
        guard utf8.allSatisfy({ $0 < 0x80 }) || string.utf8.elementsEqual(utf8) else {
            throw ReplicaError.malformed("a string that is not UTF-8")
        }
        return string
    }

    private mutating func tableString() throws -> String {
        let header = try varint()
        guard header > 0 else {
            var uuid = UUID().uuid
            try withUnsafeMutableBytes(of: &uuid) { buffer in
                for index in buffer.indices { buffer[index] = try byte() }
            }
            return UUID(uuid: uuid).uuidString
        }
        return try inlineString(length: header - 1)
    }
}
