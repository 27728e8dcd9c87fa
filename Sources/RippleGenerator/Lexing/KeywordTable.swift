/// Finds the ``SwiftKeyword`` spelled by a run of bytes with one hash and one comparison.
///
/// An open-addressing table built once; the lexer looks up every identifier it produces, so
/// the look-up must not allocate or hash a `String`.
struct KeywordTable: Sendable {
    /// The shared table.
    static let shared = KeywordTable()

    private static let slotCount = 512
    /// Index + 1 into `keywords` for each slot; 0 marks an empty slot.
    private let slots: [UInt8]
    private let spellings: [[UInt8]]
    private let keywords: [SwiftKeyword]
    private let longest: Int

    private init() {
        let keywords = SwiftKeyword.allCases
        let spellings = keywords.map { Array($0.rawValue.utf8) }
        var slots = [UInt8](repeating: 0, count: Self.slotCount)
        for (index, spelling) in spellings.enumerated() {
            var slot = Self.hash(spelling.count, spelling[0], spelling[spelling.count - 1])
            while slots[slot] != 0 {
                slot = (slot + 1) & (Self.slotCount - 1)
            }
            slots[slot] = UInt8(index + 1)
        }
        self.keywords = keywords
        self.spellings = spellings
        self.slots = slots
        self.longest = spellings.map(\.count).max() ?? 0
    }

    @inline(__always)
    private static func hash(_ length: Int, _ first: UInt8, _ last: UInt8) -> Int {
        (length &* 61 &+ Int(first) &* 31 &+ Int(last) &* 7) & (slotCount - 1)
    }

    /// The keyword spelled by `bytes[start..<end]`, if any.
    func keyword(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> SwiftKeyword? {
        let length = end - start
        guard length >= 1, length <= longest else { return nil }
        var slot = Self.hash(length, bytes[start], bytes[end - 1])
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            let spelling = spellings[entry - 1]
            if spelling.count == length {
                var offset = 0
                while offset < length && spelling[offset] == bytes[start + offset] {
                    offset += 1
                }
                if offset == length { return keywords[entry - 1] }
            }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
    }
}
