import Foundation

/// Writes the compact binary form of change sets and replica states: unsigned LEB128 varints,
/// zigzag varints for deltas, and strings and replica identities interned into tables that the
/// body refers to by index (each is written once however often it is named).
struct CompactWriter {
    /// Whether values' JSON texts are written where they stand rather than into the string
    /// table: for a replica's log, whose values are mostly all different, so that interning
    /// would only cost hashing each (change sets and states intern them).
    let valuesInline: Bool
    /// Whether the counters operations name are written as differences from the counter
    /// written before rather than from their change's first counter: for a replica's state and
    /// log, whose changes are long and name nodes one after the other (each then costs a byte,
    /// not the three a difference across a long change takes). Change sets keep their form.
    var relativeCounters = false
    /// Whether a value whose JSON text is an integer in its plain spelling is written as the
    /// number (a zigzag varint: `100000` takes 3 bytes, not a 7-byte table entry and its
    /// index): for replica states from ``ReplicaEngine/stateFormat`` on, whose registers and
    /// log hold a document's numbers. Change sets keep their form.
    var integerValues = false
    /// The last counter written while ``relativeCounters``.
    var lastCounter: UInt64 = 0
    /// The body: everything but the tables.
    private(set) var body: [UInt8] = []
    /// By bytes: two spellings of one text are two strings (see ``SpelledKey``).
    private var stringIndices: [SpelledKey: Int] = [:]
    private var strings: [String] = []
    private var replicaIndices: [ReplicaID: Int] = [:]
    private var replicas: [ReplicaID] = []

    init(valuesInline: Bool = false) {
        self.valuesInline = valuesInline
    }

    mutating func byte(_ value: UInt8) {
        body.append(value)
    }

    mutating func bool(_ value: Bool) {
        body.append(value ? 1 : 0)
    }

    mutating func varint(_ value: UInt64) {
        Self.appendVarint(value, to: &body)
    }

    mutating func varint(_ value: Int) {
        varint(UInt64(value))
    }

    /// A signed difference, zigzag encoded so that small negative ones stay short.
    mutating func delta(_ value: UInt64, from base: UInt64) {
        let difference = Int64(bitPattern: value &- base)
        varint(UInt64(bitPattern: (difference << 1) ^ (difference >> 63)))
    }

    /// A string, as its index in the string table.
    mutating func string(_ value: String) {
        varint(stringIndex(value))
    }

    mutating func stringIndex(_ value: String) -> Int {
        if strings.count <= 8, let index = strings.firstIndex(where: { $0._rippleHasSameBits(as: value) }) { return index }
        if let index = stringIndices[SpelledKey(value)] { return index }
        stringIndices[SpelledKey(value)] = strings.count
        strings.append(value)
        return strings.count - 1
    }

    /// A value's JSON text where it stands (``valuesInline``): its UTF-8 length shifted left,
    /// so that the low bit tells it from a node as in `value(_:base:)` (`shift` bits: with
    /// ``integerValues``, the next one tells it from a number), and its bytes.
    mutating func inlineText(_ text: String, shift: UInt64 = 1) {
        varint(UInt64(text.utf8.count) << shift)
        body += text.utf8
    }

    /// A replica identity, as its index in the replica table.
    mutating func replica(_ value: ReplicaID) {
        varint(replicaIndex(value))
    }

    mutating func replicaIndex(_ value: ReplicaID) -> Int {
        // A change set names a few replicas, each many times: comparing is cheaper than hashing.
        if replicas.count <= 8, let index = replicas.firstIndex(of: value) { return index }
        return Self.intern(value, indices: &replicaIndices, list: &replicas)
    }

    /// The encoded bytes: `format`, the string table, the replica table, then the body.
    func bytes(format: UInt8) -> Data {
        var output: [UInt8] = [format]
        Self.appendVarint(UInt64(strings.count), to: &output)
        for string in strings { Self.appendString(string, to: &output) }
        Self.appendVarint(UInt64(replicas.count), to: &output)
        for replica in replicas {
            for shift in stride(from: 0, to: 64, by: 8) { output.append(UInt8(truncatingIfNeeded: replica.rawValue >> shift)) }
        }
        output += body
        return Data(output)
    }

    private static func intern<Key: Hashable>(_ value: Key, indices: inout [Key: Int], list: inout [Key]) -> Int {
        if let index = indices[value] { return index }
        indices[value] = list.count
        list.append(value)
        return list.count - 1
    }

    static func appendVarint(_ value: UInt64, to output: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            output.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        output.append(UInt8(rest))
    }

    /// A table string: 0 and 16 bytes for a UUID in its canonical text (documents are named so),
    /// else its UTF-8 length plus one and its bytes.
    private static func appendString(_ string: String, to output: inout [UInt8]) {
        if string.utf8.count == 36, let uuid = UUID(uuidString: string), uuid.uuidString == string {
            output.append(0)
            withUnsafeBytes(of: uuid.uuid) { output += $0 }
            return
        }
        appendVarint(UInt64(string.utf8.count) + 1, to: &output)
        output += string.utf8
    }
}
