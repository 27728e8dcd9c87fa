/// Makes the parser's strings from UTF-8 bytes, one shared string per distinct long text.
///
/// A string of more than 15 UTF-8 bytes lives on the heap: making it costs an allocation, and
/// destroying the parse tree a free. Long texts repeat within a file (`// ripple: property`
/// above every property, the same doc comment or signature on many members), so the table
/// makes each of them once per file and hands out the same string again, at the price of a
/// hash of its bytes and a retain. Shorter strings are stored inline in the `String` value and
/// made directly: looking them up costs about as much as making them.
///
/// Every string is exactly `String(decoding: bytes, as: UTF8.self)`.
struct StringTable {
    /// Texts of at most this many bytes are stored inline in a `String`, so never shared.
    private static let longestInline = 15

    private struct Entry {
        var hash: UInt64
        /// Where the text's bytes start in `keys`; they are `string`'s bytes before any repair.
        var keyStart: Int
        var keyCount: Int
        /// Whether the bytes are valid UTF-8, so `string` holds them unchanged.
        var isValidUTF8: Bool
        var string: String
    }

    /// Per slot: 0 when empty, otherwise the index in `entries` + 1.
    private var slots = [Int32](repeating: 0, count: 64)
    /// A hash's slot is its top bits, the best mixed bits of a product: the 64 - log2(slots.count)
    /// bits below them are shifted out.
    private var slotShift: UInt64 = 64 - 6
    private var entries: [Entry] = []
    /// The bytes of every entry's text, back to back.
    private var keys: [UInt8] = []

    /// The string of `bytes`, invalid UTF-8 repaired as `String(decoding:as:)` repairs it.
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > Self.longestInline else { return Self.inlineString(bytes) }
        return entries[entry(for: bytes)].string
    }

    /// The string of `bytes` if they are valid UTF-8, `nil` otherwise (for a caller that
    /// repairs them its own way).
    mutating func validString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count > Self.longestInline else {
            return SourceCharacter.isValidUTF8(bytes) ? Self.inlineString(bytes) : nil
        }
        let entry = entry(for: bytes)
        return entries[entry].isValidUTF8 ? entries[entry].string : nil
    }

    /// A string of at most 15 bytes.
    private static func inlineString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Writing into the string's inline storage skips the general decoding path, which costs
        // twice as much for short texts; the bytes are validated (and repaired) alike.
        String(unsafeUninitializedCapacity: bytes.count) { $0.initialize(fromContentsOf: bytes) }
    }

    /// The index in `entries` of the text `bytes` (more than 15 of them), added if new.
    private mutating func entry(for bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = Self.hash(bytes)
        let slot = self.slot(of: bytes, hash: hash)
        if slots[slot] != 0 { return Int(slots[slot]) - 1 }
        entries.append(Entry(
            hash: hash, keyStart: keys.count, keyCount: bytes.count,
            isValidUTF8: SourceCharacter.isValidUTF8(bytes), string: String(decoding: bytes, as: UTF8.self)))
        keys.append(contentsOf: bytes)
        slots[slot] = Int32(truncatingIfNeeded: entries.count)
        if entries.count * 2 > slots.count { rehash() }
        return entries.count - 1
    }

    /// The slot holding the text `bytes`, or the empty slot where it goes.
    ///
    /// Not mutating, so that reading the arrays retains nothing.
    private func slot(of bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> slotShift)
        while slots[slot] != 0 {
            let entry = entries[Int(slots[slot]) - 1]
            if entry.hash == hash && entry.keyCount == bytes.count && keyMatches(entry.keyStart, bytes) {
                return slot
            }
            slot = (slot + 1) & mask
        }
        return slot
    }

    private func keyMatches(_ keyStart: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        keys.withUnsafeBufferPointer { keys in
            Self.equal(UnsafeRawPointer(keys.baseAddress! + keyStart), UnsafeRawPointer(bytes.baseAddress!), count: bytes.count)
        }
    }

    /// Doubles the slots.
    private mutating func rehash() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        slotShift -= 1
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash >> slotShift)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: index + 1)
        }
    }

    /// A hash of at least 16 bytes, read eight at a time (the last word overlapping the one
    /// before it).
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let base = UnsafeRawPointer(bytes.baseAddress!)
        let last = bytes.count - 8
        var hash = UInt64(truncatingIfNeeded: bytes.count)
        var offset = 0
        while offset < last {
            hash = (hash.rotated(by: 23) ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            offset += 8
        }
        return (hash.rotated(by: 23) ^ base.loadUnaligned(fromByteOffset: last, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
    }

    /// Whether `count` (at least 8) bytes at `left` and `right` are equal, compared a word at a time.
    private static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        let last = count - 8
        var offset = 0
        while offset < last {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        return left.loadUnaligned(fromByteOffset: last, as: UInt64.self)
            == right.loadUnaligned(fromByteOffset: last, as: UInt64.self)
    }
}

private extension UInt64 {
    @inline(__always)
    func rotated(by count: UInt64) -> UInt64 {
        self << count | self >> (64 - count)
    }
}
