/// Parses JSON text (RFC 8259, UTF-8) into a ``JSONTape``, checking all of it: the grammar,
/// escapes, UTF-8, and a nesting depth of at most ``maximumDepth``.
///
/// It loops with a stack of its own instead of recursing, so no input can exhaust the call
/// stack; the depth limit is there for what decodes the tape, which does recurse.
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted, as in `JSONDecoder`.
    static let maximumDepth = 512

    private let input: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var entries: [UInt64] = []

    /// Parses `bytes`, a whole document: one value, with whitespace around it.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONTape {
        let result: Result<[UInt64], JSONSyntaxError> = bytes.withUnsafeBufferPointer { input in
            var parser = JSONParser(input: input)
            return Result { () throws(JSONSyntaxError) in try parser.parseDocument() }
        }
        return JSONTape(bytes: bytes, entries: try result.get())
    }

    private init(input: UnsafeBufferPointer<UInt8>) {
        self.input = input
        entries.reserveCapacity(input.count / 6 + 2)
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> [UInt64] {
        guard input.count <= Int(UInt32.max) else { throw error("the document is larger than 4 GiB", at: 0) }
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }  // a UTF-8 byte order mark
        // The open containers: their entries' indices, and the parent's count of children and kind.
        var open: [(entry: Int, parentCount: Int, parentIsObject: Bool)] = []
        var count = 0
        var isObject = false
        skipWhitespace()
        while true {
            // A value.
            count += 1
            guard count <= JSONTape.maximumSize else { throw error("an array or object with more than 2^28 elements") }
            guard position < input.count else { throw error("expected a value, found the end of the document") }
            switch input[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard open.count < Self.maximumDepth else {
                    throw error("arrays and objects nest deeper than \(Self.maximumDepth) levels")
                }
                open.append((entries.count, count, isObject))
                isObject = input[position] == UInt8(ascii: "{")
                entries.append(0)
                count = 0
                position += 1
                skipWhitespace()
                if position < input.count, input[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    break
                }
                if isObject { try parseKey() }
                continue
            case UInt8(ascii: "\""): try parseString()
            case UInt8(ascii: "t"): try parseLiteral("true", JSONTape.entry(.bool, flag: true, offset: position))
            case UInt8(ascii: "f"): try parseLiteral("false", JSONTape.entry(.bool, offset: position))
            case UInt8(ascii: "n"): try parseLiteral("null", JSONTape.entry(.null, offset: position))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
            default: throw error("expected a value, found \(found)")
            }
            // After a value: a comma and the next, or the end of containers, or of the document.
            while true {
                skipWhitespace()
                guard let container = open.last else {
                    guard position == input.count else { throw error("unexpected \(found) after the document's value") }
                    entries.append(JSONTape.entry(.null, offset: 0))  // the absent value
                    return entries
                }
                let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                guard position < input.count, input[position] == closing || input[position] == UInt8(ascii: ",") else {
                    throw error("expected ',' or '\(Unicode.Scalar(closing))', found \(found)")
                }
                position += 1
                if input[position - 1] == UInt8(ascii: ",") {
                    skipWhitespace()
                    if isObject { try parseKey() }
                    break
                }
                entries[container.entry] = JSONTape.entry(
                    isObject ? .object : .array, size: count, offset: entries.count)
                open.removeLast()
                (count, isObject) = (container.parentCount, container.parentIsObject)
            }
        }
    }

    /// A member's key and its colon, leaving the position at the value.
    private mutating func parseKey() throws(JSONSyntaxError) {
        guard position < input.count, input[position] == UInt8(ascii: "\"") else {
            throw error("expected a string key, found \(found)")
        }
        try parseString()
        skipWhitespace()
        guard position < input.count, input[position] == UInt8(ascii: ":") else {
            throw error("expected ':' after an object key, found \(found)")
        }
        position += 1
        skipWhitespace()
    }

    private mutating func parseString() throws(JSONSyntaxError) {
        let start = position + 1
        var index = start
        var escaped = false
        while true {
            // Eight bytes at a time to the next one that needs a look: most of a document's text
            // is in strings.
            #if _endian(little)
            while index &+ 8 <= input.count {
                let special = Self.specialBytes(input.loadWord(at: index))
                if special != 0 {
                    index &+= special.trailingZeroBitCount &>> 3
                    break
                }
                index &+= 8
            }
            #endif
            guard index < input.count else { throw error("unterminated string", at: start - 1) }
            let byte = input[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index = try escapeEnd(at: index)
            } else if byte >= 0x80 {
                index = try utf8End(at: index)
            } else if byte < 0x20 {
                throw error("a control character (\(found(at: index))) in a string: write it as an escape", at: index)
            } else {
                index += 1
            }
        }
        guard index - start <= JSONTape.maximumSize else { throw error("a string longer than 256 MiB", at: start) }
        entries.append(JSONTape.entry(.string, flag: escaped, size: index - start, offset: start))
        position = index + 1
    }

    /// The bytes of `word` that need a look in a string, each marked by its high bit: a quote,
    /// a backslash, a control character, or a byte above 0x7F (the first of a UTF-8 sequence to
    /// check). The usual "has a zero byte" tests, on bytes below 0x80 (the others are marked
    /// first); they may also mark a byte after a marked one, never one before: the first mark
    /// is exact.
    private static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeros(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
        let quotes = zeros(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
        let backslashes = zeros(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
        let controls = (word &- ones &* 0x20) & ~word & highs
        return (word & highs) | quotes | backslashes | controls
    }

    /// Checks the escape at `index` (a backslash) and returns the index after it.
    private func escapeEnd(at index: Int) throws(JSONSyntaxError) -> Int {
        guard index + 1 < input.count else { throw error("unterminated string", at: index) }
        switch input[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            let unit = try hexUnit(at: index + 2)
            if unit & 0xFC00 == 0xDC00 { throw error("a low surrogate \\u escape without a high one before it", at: index) }
            guard unit & 0xFC00 == 0xD800 else { return index + 6 }
            guard index + 7 < input.count, input[index + 6] == UInt8(ascii: "\\"), input[index + 7] == UInt8(ascii: "u"),
                try hexUnit(at: index + 8) & 0xFC00 == 0xDC00
            else { throw error("a high surrogate \\u escape without a low one after it", at: index) }
            return index + 12
        default:
            throw error("an invalid escape: a backslash before \(found(at: index + 1))", at: index)
        }
    }

    private func hexUnit(at index: Int) throws(JSONSyntaxError) -> UInt16 {
        var unit: UInt16 = 0
        for offset in 0..<4 {
            guard index + offset < input.count else { throw error("a \\u escape needs 4 hex digits", at: index - 2) }
            let byte = input[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a \\u escape needs 4 hex digits, found \(found(at: index + offset))", at: index + offset)
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// Checks the UTF-8 sequence starting at `index` and returns the index after it.
    private func utf8End(at index: Int) throws(JSONSyntaxError) -> Int {
        let lead = input[index]
        // The sequence's length, and the range of its second byte (which rules out overlong
        // forms, surrogates and scalars above U+10FFFF).
        let (length, second): (Int, ClosedRange<UInt8>) =
            switch lead {
            case 0xC2...0xDF: (2, 0x80...0xBF)
            case 0xE0: (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
            case 0xED: (3, 0x80...0x9F)
            case 0xF0: (4, 0x90...0xBF)
            case 0xF1...0xF3: (4, 0x80...0xBF)
            case 0xF4: (4, 0x80...0x8F)
            default: (0, 0...0)
            }
        guard length > 0, index + length <= input.count, second.contains(input[index + 1]),
            input[index + 2..<index + length].allSatisfy({ $0 & 0xC0 == 0x80 })
        else { throw error("invalid UTF-8", at: index) }
        return index + length
    }

    private mutating func parseNumber() throws(JSONSyntaxError) {
        let start = position
        var isInteger = true
        if input[position] == UInt8(ascii: "-") { position += 1 }
        let digits = position
        guard skipDigits() else { throw error("expected a digit, found \(found)") }
        if input[digits] == UInt8(ascii: "0"), position - digits > 1 { throw error("a number with a leading zero", at: start) }
        if position < input.count, input[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard skipDigits() else { throw error("expected a digit after '.', found \(found)") }
        }
        if position < input.count, input[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard skipDigits() else { throw error("expected a digit in the exponent, found \(found)") }
        }
        guard position - start <= JSONTape.maximumSize else { throw error("a number longer than 256 MiB", at: start) }
        entries.append(JSONTape.entry(.number, flag: isInteger, size: position - start, offset: start))
    }

    /// Skips digits; false when there was none.
    private mutating func skipDigits() -> Bool {
        let start = position
        while position < input.count, input[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        return position > start
    }

    private mutating func parseLiteral(_ literal: StaticString, _ entry: UInt64) throws(JSONSyntaxError) {
        let text = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard input[position...].starts(with: text) else { throw error("expected '\(literal)', found \(found)") }
        entries.append(entry)
        position += text.count
    }

    private mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    /// What is at the position, for error messages.
    private var found: String { found(at: position) }

    private func found(at index: Int) -> String {
        guard index < input.count else { return "the end of the document" }
        let byte = input[index]
        return (0x21..<0x7F).contains(byte) ? "'\(Unicode.Scalar(byte))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func error(_ message: String, at index: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: index ?? position, in: input)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The eight bytes at `index` as one word, in memory order; `index + 8` is within bounds.
    fileprivate func loadWord(at index: Int) -> UInt64 {
        UnsafeRawPointer(baseAddress! + index).loadUnaligned(as: UInt64.self)
    }
}
