/// Reads a JSON text into plain Swift values, and says where it is invalid: the byte offset of
/// its first error, which a diagnostic turns into a line and column.
///
/// Objects read as `[String: Any]` (a key given twice keeps its last value), arrays as
/// `[Any]`, strings as `String`, `true` and `false` as `Bool` (and only they: `1` is an `Int`),
/// integers as `Int`, other numbers as `Double`, `null` as ``Null``.
///
/// Not Foundation's `JSONDecoder` (which the plugins use for the one key they read): on Linux
/// its error for invalid JSON says neither where nor what ("The given data was not valid
/// JSON.", no underlying error), it checks a string's escapes only when the string is decoded,
/// and it keeps the first of a repeated key; `ripple.json`'s errors say `file:line:column:`
/// and what is wrong.
///
/// ```swift
/// let value = try JSONReader.value(of: Array(#"{ "observable": true }"#.utf8))
/// (value as? [String: Any])?["observable"] as? Bool   // true
/// ```
enum JSONReader {
    /// The first error of a text: where it is (a byte offset) and what is wrong.
    struct Failure: Error, Equatable {
        var offset: Int
        var message: String
    }

    /// `null`.
    struct Null: Hashable {}

    /// How deep arrays and objects may nest: far more than a configuration needs, and little
    /// enough that reading recurses safely on any thread.
    static let maximumDepth = 64

    /// The value that `bytes` hold, which must be one JSON value between optional whitespace.
    static func value(of bytes: [UInt8]) throws(Failure) -> Any {
        var reader = Reader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.isAtEnd else { throw reader.failure("expected the end of the text after the JSON value") }
        return value
    }
}

/// The cursor of ``JSONReader``.
private struct Reader {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position >= bytes.count }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): position += 1
            default: return
            }
        }
    }

    /// A failure at the current position, saying what was expected and what is there.
    func failure(_ expected: String) -> JSONReader.Failure {
        JSONReader.Failure(offset: position, message: "\(expected), found \(found)")
    }

    /// What the text holds at the current position, as a message quotes it.
    private var found: String {
        guard !isAtEnd else { return "the end of the text" }
        var end = position + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'" + String(decoding: bytes[position..<end], as: UTF8.self) + "'"
    }

    mutating func readValue(depth: Int) throws(JSONReader.Failure) -> Any {
        guard !isAtEnd else { throw failure("expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            return try readObject(depth: depth + 1)
        case UInt8(ascii: "["):
            return try readArray(depth: depth + 1)
        case UInt8(ascii: "\""):
            return try readString()
        case UInt8(ascii: "t"):
            try readWord("true")
            return true
        case UInt8(ascii: "f"):
            try readWord("false")
            return false
        case UInt8(ascii: "n"):
            try readWord("null")
            return JSONReader.Null()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readNumber()
        default:
            throw failure("expected a value (an object, an array, a string, a number, true, false or null)")
        }
    }

    /// Reads the `{` or `[` of an object or an array at `depth`, and its `closer` when it is
    /// empty; returns whether it was.
    private mutating func open(depth: Int, closedBy closer: Unicode.Scalar) throws(JSONReader.Failure) -> Bool {
        guard depth <= JSONReader.maximumDepth else {
            throw JSONReader.Failure(offset: position, message: "arrays and objects nest more than \(JSONReader.maximumDepth) deep")
        }
        position += 1
        skipWhitespace()
        guard !isAtEnd, bytes[position] == UInt8(ascii: closer) else { return false }
        position += 1
        return true
    }

    private mutating func readObject(depth: Int) throws(JSONReader.Failure) -> [String: Any] {
        var object: [String: Any] = [:]
        if try open(depth: depth, closedBy: "}") { return object }
        while true {
            skipWhitespace()
            guard !isAtEnd, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            let key = try readString()
            skipWhitespace()
            guard !isAtEnd, bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':' after the key") }
            position += 1
            skipWhitespace()
            object[key] = try readValue(depth: depth)
            skipWhitespace()
            guard !isAtEnd, bytes[position] == UInt8(ascii: ",") || bytes[position] == UInt8(ascii: "}") else {
                throw failure("expected ',' or '}' after a value of the object")
            }
            position += 1
            if bytes[position - 1] == UInt8(ascii: "}") { return object }
        }
    }

    private mutating func readArray(depth: Int) throws(JSONReader.Failure) -> [Any] {
        var array: [Any] = []
        if try open(depth: depth, closedBy: "]") { return array }
        while true {
            skipWhitespace()
            array.append(try readValue(depth: depth))
            skipWhitespace()
            guard !isAtEnd, bytes[position] == UInt8(ascii: ",") || bytes[position] == UInt8(ascii: "]") else {
                throw failure("expected ',' or ']' after a value of the array")
            }
            position += 1
            if bytes[position - 1] == UInt8(ascii: "]") { return array }
        }
    }

    private mutating func readWord(_ word: String) throws(JSONReader.Failure) {
        let expected = word.utf8
        guard bytes.count - position >= expected.count, bytes[position..<(position + expected.count)].elementsEqual(expected) else {
            throw failure("expected a value (an object, an array, a string, a number, true, false or null)")
        }
        position += expected.count
    }

    private mutating func readNumber() throws(JSONReader.Failure) -> Any {
        let start = position
        func digits() -> Int {
            let first = position
            while position < bytes.count, SwiftText.isDigit(bytes[position]) { position += 1 }
            return position - first
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        guard digits() > 0 else { throw failure("expected a digit") }
        if bytes[integerStart] == UInt8(ascii: "0"), position - integerStart > 1 {
            throw JSONReader.Failure(offset: integerStart, message: "a number cannot start with 0, found '0'")
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard digits() > 0 else { throw failure("expected a digit after '.'") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { throw failure("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let integer = Int(text) { return integer }
        return Double(text) ?? .infinity
    }

    private mutating func readString() throws(JSONReader.Failure) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flushRun() {
            scalars.append(contentsOf: String(decoding: bytes[runStart..<position], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard !isAtEnd else { throw failure("expected '\"' to close the string") }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                flushRun()
                position += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flushRun()
                scalars.append(try readEscape())
                runStart = position
            case 0..<0x20:
                throw failure("expected '\"' to close the string (a line break in a string is written '\\n')")
            default:
                position += 1
            }
        }
    }

    /// The character of the escape at the current `\`.
    private mutating func readEscape() throws(JSONReader.Failure) -> Unicode.Scalar {
        position += 1
        guard !isAtEnd else { throw failure("expected an escaped character after '\\'") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try readHexUnit()
            guard (0xD800..<0xDC00).contains(unit) else { return Unicode.Scalar(unit) ?? "\u{FFFD}" }
            // A high surrogate, which a `\u` low surrogate completes.
            guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
            else { return "\u{FFFD}" }
            position += 2
            let low = try readHexUnit()
            guard (0xDC00..<0xE000).contains(low) else { return "\u{FFFD}" }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
        default:
            position -= 1
            throw failure("expected an escape ('\\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t' or '\\u') after '\\'")
        }
    }

    /// The four hexadecimal digits of a `\u` escape.
    private mutating func readHexUnit() throws(JSONReader.Failure) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard !isAtEnd, let digit = Self.hexValue(bytes[position]) else { throw failure("expected 4 hexadecimal digits after '\\u'") }
            unit = unit << 4 | digit
            position += 1
        }
        return unit
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
