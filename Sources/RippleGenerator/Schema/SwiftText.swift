/// Small readers of Swift type and expression text, as the parser hands it over (a type
/// annotation, an initializer expression).
///
/// They work on UTF-8 bytes and only ever answer "certainly this" or "don't know".
enum SwiftText {
    /// The text without leading and trailing whitespace.
    ///
    /// It goes by Unicode scalars rather than characters, which would cost breaking the text
    /// into graphemes: the two differ only for a combining mark right after the whitespace,
    /// which no Swift token starts with.
    static func trimmed(_ text: some StringProtocol) -> String {
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
        isTypeName(text.utf8)
    }

    /// Whether `bytes` are the UTF-8 of a type name.
    static func isTypeName(_ bytes: some Sequence<UInt8>) -> Bool {
        var isComponentStart = true
        for byte in bytes {
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

    /// Whether `text` is a type name whose every component starts with an uppercase letter:
    /// `Shelf`, `Outer.Shelf`, but not `Shelf.make`.
    static func isCapitalizedTypeName(_ text: String) -> Bool {
        isTypeName(text) && text.split(separator: ".").allSatisfy { $0.first?.isUppercase == true }
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
            true
        default:
            false
        }
    }

    /// The index of the bracket that closes the one at `start` (`(`, `[`, `{` or `<`), skipping
    /// string literals and nested brackets; `nil` when it is not closed.
    ///
    /// Angle brackets count only from a `<`, that is in type text: in an expression `<` and
    /// `>` are operators.
    static func closingBracket(in bytes: [UInt8], from start: Int) -> Int? {
        let countsAngles = bytes[start] == UInt8(ascii: "<")
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "<") where countsAngles:
                depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index }
            // `->` in a function type is not a closing angle bracket.
            case UInt8(ascii: ">") where countsAngles && (index == 0 || bytes[index - 1] != UInt8(ascii: "-")):
                depth -= 1
                if depth == 0 { return index }
            case UInt8(ascii: "\""), UInt8(ascii: "#"):
                guard let end = stringLiteralEnd(in: bytes, from: index) else {
                    if bytes[index] == UInt8(ascii: "#") { break }
                    return nil
                }
                index = end - 1
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// Splits `text` at `separator` where it is not nested in brackets: `"K, [V]"` at `,`.
    static func splitTopLevel(_ text: String, at separator: UInt8) -> [String] {
        let bytes = Array(text.utf8)
        var parts: [String] = []
        var partStart = 0
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"):
                guard let close = closingBracket(in: bytes, from: index) else { return [text] }
                index = close
            case separator:
                parts.append(String(decoding: bytes[partStart..<index], as: UTF8.self))
                partStart = index + 1
            default:
                break
            }
            index += 1
        }
        parts.append(String(decoding: bytes[partStart...], as: UTF8.self))
        return parts
    }

    /// The index after the string literal that starts at `start` (`"…"`, `"""…"""`, `#"…"#`),
    /// or `nil` if no complete literal starts there.
    static func stringLiteralEnd(in bytes: [UInt8], from start: Int) -> Int? {
        let quote = UInt8(ascii: "\"")
        var index = start
        var hashes = 0
        while index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            hashes += 1
            index += 1
        }
        guard index < bytes.count, bytes[index] == quote else { return nil }
        let isMultiline = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
        let quotes = isMultiline ? 3 : 1
        index += quotes
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") && hasHashes(hashes, in: bytes, at: index + 1) {
                let escaped = index + 1 + hashes
                if escaped < bytes.count, bytes[escaped] == UInt8(ascii: "(") {
                    // An interpolation: skip the expression, strings inside it included.
                    guard let close = closingBracket(in: bytes, from: escaped) else { return nil }
                    index = close + 1
                } else {
                    index = escaped + 1
                }
                continue
            }
            if byte == quote, bytes[index...].prefix(quotes).allSatisfy({ $0 == quote }),
               hasHashes(hashes, in: bytes, at: index + quotes) {
                return index + quotes + hashes
            }
            if !isMultiline, byte == UInt8(ascii: "\n") { return nil }
            index += 1
        }
        return nil
    }

    private static func hasHashes(_ count: Int, in bytes: [UInt8], at index: Int) -> Bool {
        guard index + count <= bytes.count else { return false }
        return bytes[index..<index + count].allSatisfy { $0 == UInt8(ascii: "#") }
    }
}
