/// Tests on eight bytes at once, for the lexer's longest runs: indentation and comment text.
///
/// A run of bytes is read as 64-bit words, the byte at the lowest offset in the lowest bits (the
/// "first lane"). Each test gives a mask with the high bit (0x80) of every lane that passes it
/// set and every other bit clear, so the first lane that passes a test is found with one
/// trailing-zero count. The tests are exact: no carry or borrow crosses from one lane into the
/// next.
enum ByteLanes {
    /// 0x01 in every lane.
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    /// 0x80 in every lane.
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    /// 0x7F in every lane.
    private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The eight bytes at `index`, which must leave eight bytes to read.
    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
        assert(index >= 0 && index + 8 <= bytes.count, "a word past the end of the buffer")
        return UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
    }

    /// The index (0...7) of the first non-zero lane of a non-zero word, such as a test's mask.
    @inline(__always)
    static func firstLane(_ mask: UInt64) -> Int {
        mask.trailingZeroBitCount >> 3
    }

    /// Lanes holding `byte`.
    @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        // A lane is zero when neither its low seven bits (plus 0x7F, which carries into the high
        // bit of the lane only) nor its high bit are set.
        return ~(((difference & lowBits) &+ lowBits) | difference) & highBits
    }
}
