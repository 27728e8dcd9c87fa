/// Classifies bytes and Unicode scalars the way Swift's lexer does.
///
/// ASCII gets branch-cheap byte tests for the hot loops; other scalars are decoded from UTF-8
/// (invalid sequences are reported as `nil`, never read past the buffer) and classified with
/// the ranges of The Swift Programming Language's lexical structure.
enum SourceCharacter {
    @inline(__always)
    static func isIdentifierHead(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    /// Letters, digits, `_` and `$`.
    ///
    /// This runs for every byte of every name, so letters, most of those bytes, come first:
    /// `| 0x20` maps `A`-`Z` onto `a`-`z` (and no other byte onto a letter). The rest is one
    /// bit test: bit `n` of the two masks tells whether ASCII byte `n` (then `n + 64`)
    /// continues an identifier.
    @inline(__always)
    static func isIdentifierBody(_ byte: UInt8) -> Bool {
        if (byte | 0x20) &- UInt8(ascii: "a") < 26 { return true }
        let digitsAndDollar: UInt64 = 0x03FF_0010_0000_0000  // `$` is 36, `0`...`9` are 48...57.
        let lettersAndUnderscore: UInt64 = 0x07FF_FFFE_87FF_FFFE  // `A` is 65, `_` 95, `a` 97, `z` 122.
        let mask = byte < 64 ? digitsAndDollar : lettersAndUnderscore
        return byte < 128 && (mask >> (byte & 63)) & 1 != 0
    }

    /// The ASCII operator characters: `/ = - + ! * % < > & | ^ ~ ? .`.
    @inline(__always)
    static func isOperatorCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"),
             UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"),
             UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
             UInt8(ascii: "~"), UInt8(ascii: "?"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
             UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default:
            false
        }
    }

    /// Space, tab, vertical tab, form feed and NUL: whitespace that does not end a line.
    @inline(__always)
    static func isHorizontalWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0x0B || byte == 0x0C || byte == 0
    }

    @inline(__always)
    static func isNewline(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// Whitespace of any kind, or an opening bracket or separator: what makes an operator after
    /// it not "left-bound" in Swift's sense.
    @inline(__always)
    static func endsLeftBinding(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0,
             UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","),
             UInt8(ascii: ";"), UInt8(ascii: ":"):
            true
        default:
            false
        }
    }

    /// Decodes the scalar whose UTF-8 sequence starts at `index` (a byte >= 0x80).
    ///
    /// - Returns: the scalar value and the sequence length, or `nil` for invalid UTF-8.
    static func decodeScalar<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, at index: Int
    ) -> (value: UInt32, length: Int)? where Bytes.Index == Int {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
        default:
            return nil
        }
        guard index + length <= bytes.endIndex else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        // Reject overlong encodings and surrogates.
        switch length {
        case 3 where value < 0x800 || (0xD800...0xDFFF).contains(value): return nil
        case 4 where value < 0x10000 || value > 0x10FFFF: return nil
        default: break
        }
        return (value, length)
    }

    /// Whether `bytes` is well-formed UTF-8, which `String(decoding:as:)` keeps byte for byte.
    static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        // ASCII, the common case, in a loop without branches that the compiler vectorizes.
        if bytes.reduce(0, |) < 0x80 { return true }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] < 0x80 {
                index += 1
            } else if let scalar = decodeScalar(bytes, at: index) {
                index += scalar.length
            } else {
                return false
            }
        }
        return true
    }

    /// Unicode scalars that can start an operator (`→`, `≤`, `∘`, ...).
    static func isOperatorHead(_ value: UInt32) -> Bool {
        switch value {
        case 0x00A1...0x00A7, 0x00A9, 0x00AB, 0x00AC, 0x00AE, 0x00B0...0x00B1, 0x00B6, 0x00BB,
             0x00BF, 0x00D7, 0x00F7, 0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E,
             0x2041...0x2053, 0x2055...0x205E, 0x2190...0x23FF, 0x2500...0x2775,
             0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003, 0x3008...0x3020, 0x3030:
            true
        default:
            false
        }
    }

    /// Unicode scalars that can continue an operator: heads and combining marks.
    static func isOperatorContinuation(_ value: UInt32) -> Bool {
        switch value {
        case 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F,
             0xE0100...0xE01EF:
            true
        default:
            isOperatorHead(value)
        }
    }

    /// Unicode spaces (no-break space, the U+2000 block, byte-order mark, ...), which the
    /// lexer skips like ASCII spaces instead of gluing them into identifiers.
    static func isUnicodeWhitespace(_ value: UInt32) -> Bool {
        switch value {
        case 0x00A0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
            true
        default:
            false
        }
    }
}
