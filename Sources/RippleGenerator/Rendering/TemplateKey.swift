/// A dictionary key with its hash, computed once: when a template is parsed, or when a
/// ``TemplateContext`` registers a layout.
///
/// Templates look up the same few keys millions of times (`member.identifier`); hashing the
/// name each time would cost more than the rest of the look-up. The hash is FNV-1a over the
/// UTF-8 bytes, the same in every process.
struct TemplateKey: Sendable, Equatable {
    let name: String
    let hash: Int

    init(_ name: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        self.name = name
        // FNV's low bits mix poorly; fold the high ones in, as tables index by the low bits.
        self.hash = Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// The name a loop's position is read through: `loop.index`.
    static let loop = TemplateKey("loop")

    static func == (lhs: TemplateKey, rhs: TemplateKey) -> Bool {
        lhs.hash == rhs.hash && lhs.name == rhs.name
    }
}
