/// Small tests of Swift text by its UTF-8 bytes: names, digits, whitespace. Types and
/// initializers come read from the parser (`TypeSyntax`, `InitializerType`).
package enum SwiftText {
    /// The text without leading and trailing whitespace, by Unicode scalars: a combining mark
    /// right after the whitespace, which no Swift token starts with, is not kept with it.
    package static func trimmed(_ text: some StringProtocol) -> String {
        let scalars = Substring(text).unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
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
