/// Finds the ``SwiftKeyword`` spelled by a run of bytes with one hash and one comparison.
///
/// An open-addressing table built once; the lexer looks up most identifiers it produces, so
/// the look-up must not allocate, hash a `String`, or touch more than a few cache lines. Each
/// slot packs all a look-up needs into one word: the keyword, and where its spelling starts
/// and how long it is in one byte array that holds every spelling back to back.
struct KeywordTable: Sendable {
    /// The shared table.
    static let shared = KeywordTable()

    private static let slotCount = 512
    /// Per slot: 0 when empty; otherwise the keyword's index + 1 in bits 0-7, the offset of its
    /// spelling in `spellings` in bits 8-23 and the spelling's length in bits 24-31.
    private let slots: [UInt32]
    /// Every keyword's spelling, back to back.
    private let spellings: [UInt8]
    private let keywords: [SwiftKeyword]
    private let longest: Int

    private init() {
        let keywords = SwiftKeyword.allCases
        var spellings: [UInt8] = []
        var slots = [UInt32](repeating: 0, count: Self.slotCount)
        for (index, keyword) in keywords.enumerated() {
            let spelling = Array(keyword.rawValue.utf8)
            var slot = Self.hash(spelling.count, spelling[0], spelling[spelling.count - 1])
            while slots[slot] != 0 {
                slot = (slot + 1) & (Self.slotCount - 1)
            }
            slots[slot] = UInt32(index + 1) | UInt32(spellings.count) << 8 | UInt32(spelling.count) << 24
            spellings += spelling
        }
        precondition(keywords.count < 256 && spellings.count < 1 << 16, "the slot layout holds the keywords")
        self.keywords = keywords
        self.spellings = spellings
        self.slots = slots
        self.longest = keywords.map(\.rawValue.utf8.count).max() ?? 0
    }

    @inline(__always)
    private static func hash(_ length: Int, _ first: UInt8, _ last: UInt8) -> Int {
        (length &* 61 &+ Int(first) &* 31 &+ Int(last) &* 7) & (slotCount - 1)
    }

    /// The keyword spelled by `bytes[start..<end]`, if any.
    @inline(__always)
    func keyword(in bytes: [UInt8], from start: Int, to end: Int) -> SwiftKeyword? {
        let length = end - start
        guard length >= 1, length <= longest else { return nil }
        var slot = Self.hash(length, bytes[start], bytes[end - 1])
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if Int(entry >> 24) == length {
                let spelling = Int(entry >> 8 & 0xFFFF)
                var offset = 0
                while offset < length && spellings[spelling + offset] == bytes[start + offset] {
                    offset += 1
                }
                if offset == length { return keywords[Int(entry & 0xFF) - 1] }
            }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
    }
}
