/// Small readers of Swift type and expression text, as the parser hands it over (a type
/// annotation, an initializer expression).
///
/// They work on UTF-8 bytes and only ever answer "certainly this" or "don't know".
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

    /// Where the type names are in a type's text, as ranges of its UTF-8 bytes: each name with
    /// the `.Member` components after it (`Outer.Kind` is one), but not an argument label of a
    /// function type or tuple (`(_ count: Int)`), nor an attribute (`@Sendable`).
    ///
    /// ```swift
    /// SwiftText.typeNameRanges(in: "[String: Outer.Kind]?")   // [1..<7, 9..<19]
    /// ```
    static func typeNameRanges(in text: String) -> [Range<Int>] {
        let bytes = Array(text.utf8)
        var ranges: [Range<Int>] = []
        var openBrackets: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard isNameByte(byte) else {
                switch byte {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"):
                    openBrackets.append(byte)
                case UInt8(ascii: ")"), UInt8(ascii: "]"):
                    _ = openBrackets.popLast()
                case UInt8(ascii: ">") where index == 0 || bytes[index - 1] != UInt8(ascii: "-"):
                    _ = openBrackets.popLast()
                default:
                    break
                }
                index += 1
                continue
            }
            let start = index
            let previous = start > 0 ? bytes[start - 1] : 0
            // A name, and the components after its dots.
            while index < bytes.count, isNameByte(bytes[index])
                || (bytes[index] == UInt8(ascii: ".") && index + 1 < bytes.count && isNameByte(bytes[index + 1])) {
                index += 1
            }
            var next = index
            while next < bytes.count, bytes[next] == UInt8(ascii: " ") { next += 1 }
            let isLabel = next < bytes.count && bytes[next] == UInt8(ascii: ":") && openBrackets.last == UInt8(ascii: "(")
            if !isDigit(byte), previous != UInt8(ascii: "@"), previous != UInt8(ascii: "."), !isLabel {
                ranges.append(start..<index)
            }
        }
        return ranges
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

    /// The index of the bracket that closes the one at `start` (`(`, `[`, `{` or `<`), skipping
    /// string literals and nested brackets; `nil` when it is not closed.
    ///
    /// Angle brackets count only from a `<`, that is in type text: in an expression `<` and
    /// `>` are operators.
    static func closingBracket(in bytes: [UInt8], from start: Int) -> Int? {
        var scanner = NestingScanner(bytes: bytes)
        return scanner.run(.brackets(depth: 0, countsAngles: bytes[start] == UInt8(ascii: "<")), at: start)
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
        var scanner = NestingScanner(bytes: bytes)
        guard let literal = scanner.openLiteral(at: start) else { return nil }
        return scanner.run(literal, at: scanner.contentStart(of: literal))
    }
}

/// The scan behind ``SwiftText/closingBracket(in:from:)`` and ``SwiftText/stringLiteralEnd(in:from:)``:
/// brackets hold string literals, whose interpolations hold brackets, and so on, kept on a
/// stack of frames rather than in nested calls, so that no nesting exhausts the call stack.
///
/// A raw literal that does not close (`#"` without `"#`) is read as text from the byte after its
/// first `#`. Such retries could make the work grow with the square of the text, so the scan
/// gives up, answering "don't know" (`nil`), after looking at each byte four times over.
private struct NestingScanner {
    enum Frame {
        /// Brackets, of which `depth` are open; `<` and `>` count when `countsAngles`.
        case brackets(depth: Int, countsAngles: Bool)
        /// A string literal from `start`, delimited by `hashes` pounds and `quotes` quotes.
        case literal(start: Int, hashes: Int, quotes: Int)
    }

    let bytes: [UInt8]
    private var frames: [Frame] = []
    /// The bytes left to look at before giving up.
    private var budget: Int

    init(bytes: [UInt8]) {
        self.bytes = bytes
        budget = 4 * bytes.count + 64
    }

    /// The literal that starts at `start`, if a quote follows its pounds.
    func openLiteral(at start: Int) -> Frame? {
        var index = start
        while index < bytes.count, bytes[index] == UInt8(ascii: "#") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let isMultiline = index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"")
            && bytes[index + 2] == UInt8(ascii: "\"")
        return .literal(start: start, hashes: index - start, quotes: isMultiline ? 3 : 1)
    }

    /// Where the text of a literal starts, after its opening delimiter.
    func contentStart(of literal: Frame) -> Int {
        guard case .literal(let start, let hashes, let quotes) = literal else { return 0 }
        return start + hashes + quotes
    }

    /// Scans from `index` inside `first` until it ends: the index of the closing bracket for
    /// brackets, the index after the closing delimiter for a literal; `nil` if it does not end.
    mutating func run(_ first: Frame, at start: Int) -> Int? {
        frames = [first]
        var index = start
        while let frame = frames.last {
            budget -= 1
            guard budget >= 0 else { return nil }
            // Each step moves `index` on, opens a frame, or ends the innermost one.
            let outcome: Int??
            switch frame {
            case .brackets(let depth, let countsAngles):
                outcome = stepInBrackets(depth: depth, countsAngles: countsAngles, at: &index)
            case .literal(_, let hashes, let quotes):
                outcome = stepInLiteral(hashes: hashes, quotes: quotes, at: &index)
            }
            guard let result = outcome else { continue }
            // The innermost frame ended, at `result`, or without closing when it is `nil`.
            while true {
                let finished = frames.removeLast()
                guard !frames.isEmpty else { return result }
                if let end = result {
                    // Brackets go on after a literal; a literal goes on after the `)` of an interpolation.
                    if case .literal = finished { index = end } else { index = end + 1 }
                    break
                }
                // A raw literal that does not close is text from the byte after its first `#`;
                // anything else that does not close leaves its parent unclosed too.
                if case .literal(let start, _, _) = finished, bytes[start] == UInt8(ascii: "#") {
                    index = start + 1
                    break
                }
            }
        }
        return nil
    }

    /// One byte inside brackets; an outcome when the brackets end (at their closing bracket,
    /// or `nil` when the text ends first).
    private mutating func stepInBrackets(depth: Int, countsAngles: Bool, at index: inout Int) -> Int?? {
        guard index < bytes.count else { return .some(nil) }
        var depth = depth
        switch bytes[index] {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
            depth += 1
        case UInt8(ascii: "<") where countsAngles:
            depth += 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            depth -= 1
            if depth == 0 { return .some(index) }
        // `->` in a function type is not a closing angle bracket.
        case UInt8(ascii: ">") where countsAngles && (index == 0 || bytes[index - 1] != UInt8(ascii: "-")):
            depth -= 1
            if depth == 0 { return .some(index) }
        case UInt8(ascii: "\""), UInt8(ascii: "#"):
            // A quote always opens a literal; a `#` without a quote after it is text.
            if let literal = openLiteral(at: index) {
                frames[frames.count - 1] = .brackets(depth: depth, countsAngles: countsAngles)
                frames.append(literal)
                index = contentStart(of: literal)
                return nil
            }
        default:
            break
        }
        frames[frames.count - 1] = .brackets(depth: depth, countsAngles: countsAngles)
        index += 1
        return nil
    }

    /// One step inside a literal; an outcome when the literal ends (after its closing
    /// delimiter, or `nil` when it does not close).
    private mutating func stepInLiteral(hashes: Int, quotes: Int, at index: inout Int) -> Int?? {
        guard index < bytes.count else { return .some(nil) }
        let byte = bytes[index]
        if byte == UInt8(ascii: "\\") && hasHashes(hashes, at: index + 1) {
            let escaped = index + 1 + hashes
            if escaped < bytes.count, bytes[escaped] == UInt8(ascii: "(") {
                // An interpolation: brackets, strings inside them included.
                frames.append(.brackets(depth: 0, countsAngles: false))
                index = escaped
            } else {
                index = escaped + 1
            }
            return nil
        }
        if byte == UInt8(ascii: "\""), bytes[index...].prefix(quotes).allSatisfy({ $0 == UInt8(ascii: "\"") }),
           hasHashes(hashes, at: index + quotes) {
            return .some(index + quotes + hashes)
        }
        if quotes == 1, byte == UInt8(ascii: "\n") { return .some(nil) }
        index += 1
        return nil
    }

    private func hasHashes(_ count: Int, at index: Int) -> Bool {
        guard index + count <= bytes.count else { return false }
        return bytes[index..<index + count].allSatisfy { $0 == UInt8(ascii: "#") }
    }
}
