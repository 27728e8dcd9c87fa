/// Small tests of Swift text by its UTF-8 bytes: names, digits, whitespace. Types and
/// initializers come read from the parser (`TypeSyntax`, `InitializerType`).
package enum SwiftText {
    /// The text without leading and trailing whitespace.
    ///
    /// It goes by Unicode scalars rather than characters, which would cost breaking the text
    /// into graphemes: the two differ only for a combining mark right after the whitespace,
    /// which no Swift token starts with.
    package static func trimmed(_ text: some StringProtocol) -> String {
        // Most text has no whitespace at either end: keep it as it is.
        let bytes = Substring(text).utf8
        if let first = bytes.first, let last = bytes.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 {
            return String(text)
        }
        let scalars = Substring(text).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
              let last = scalars.lastIndex(where: { !isWhitespace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        // Nearly all text is ASCII, for which the property look-up is needlessly slow.
        scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// Whether `text` is a type name: identifiers separated by dots, as in `Outer.Shelf`.
    static func isTypeName(_ text: some StringProtocol) -> Bool {
        var isComponentStart = true
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard !isComponentStart else { return false }
                isComponentStart = true
            } else {
                guard isNameByte(byte), !(isComponentStart && isDigit(byte)) else { return false }
                isComponentStart = false
            }
        }
        return !isComponentStart
    }

    package static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    package static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
            true
        default:
            false
        }
    }
}
