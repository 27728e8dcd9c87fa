/// Splits the content of a `{{ … }}` or `{% … %}` tag into tokens.
struct TemplateTagLexer {
    /// A token inside a tag, with the byte offset it starts at.
    struct Token {
        enum Kind: Equatable {
            case identifier(String)
            case string(String)
            case integer(Int)
            case dot, pipe, comma, leftParenthesis, rightParenthesis, equal, notEqual
            /// The end of the tag's content; `closer` is its closing delimiter.
            case end(closer: String)
        }

        var kind: Kind
        var offset: Int

        /// The token as it is quoted in "expected …, found …" messages.
        var quoted: String {
            switch kind {
            case .identifier(let name): "'\(name)'"
            case .string(let string): "string \"\(string)\""
            case .integer(let integer): "'\(integer)'"
            case .dot: "'.'"
            case .pipe: "'|'"
            case .comma: "','"
            case .leftParenthesis: "'('"
            case .rightParenthesis: "')'"
            case .equal: "'=='"
            case .notEqual: "'!='"
            case .end(let closer): "'\(closer)'"
            }
        }
    }

    private let source: TemplateSource
    private let range: Range<Int>
    private var bytes: [UInt8] { source.bytes }

    /// The tokens of `tag`'s content, ending with an `.end` token at its closing delimiter.
    ///
    /// - Throws: `TemplateError` for a character no token starts with, or a bad string literal.
    static func tokens(
        of tag: TemplateScanner.Tag, in source: TemplateSource
    ) throws(TemplateError) -> [Token] {
        try TemplateTagLexer(source: source, range: tag.content).tokens(closer: tag.closer)
    }

    private init(source: TemplateSource, range: Range<Int>) {
        self.source = source
        self.range = range
    }

    private func tokens(closer: String) throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            let byte = bytes[offset]
            let start = offset
            let kind: Token.Kind
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                offset += 1
                continue
            case _ where Self.isIdentifierStart(byte):
                while offset < range.upperBound, Self.isIdentifierContinuation(bytes[offset]) {
                    offset += 1
                }
                kind = .identifier(source.text(start..<offset))
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                offset += 1
                while offset < range.upperBound, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
                    offset += 1
                }
                guard let integer = Int(source.text(start..<offset)) else {
                    throw source.error(.unexpectedCharacter(source.text(start..<offset), suggestion: nil), at: start)
                }
                kind = .integer(integer)
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let string: String
                (string, offset) = try stringLiteral(startingAt: offset)
                kind = .string(string)
            case UInt8(ascii: "."):
                kind = .dot
                offset += 1
            case UInt8(ascii: ","):
                kind = .comma
                offset += 1
            case UInt8(ascii: "("):
                kind = .leftParenthesis
                offset += 1
            case UInt8(ascii: ")"):
                kind = .rightParenthesis
                offset += 1
            case UInt8(ascii: "|"):
                if followedBy(UInt8(ascii: "|"), at: offset) {
                    throw source.error(.unexpectedCharacter("||", suggestion: "or"), at: start)
                }
                kind = .pipe
                offset += 1
            case UInt8(ascii: "="):
                guard followedBy(UInt8(ascii: "="), at: offset) else {
                    throw source.error(.unexpectedCharacter("=", suggestion: "=="), at: start)
                }
                kind = .equal
                offset += 2
            case UInt8(ascii: "!"):
                guard followedBy(UInt8(ascii: "="), at: offset) else {
                    throw source.error(.unexpectedCharacter("!", suggestion: "not"), at: start)
                }
                kind = .notEqual
                offset += 2
            case UInt8(ascii: "&"):
                let found = followedBy(UInt8(ascii: "&"), at: offset) ? "&&" : "&"
                throw source.error(.unexpectedCharacter(found, suggestion: "and"), at: start)
            default:
                throw source.error(.unexpectedCharacter(characterText(at: offset), suggestion: nil), at: start)
            }
            tokens.append(Token(kind: kind, offset: start))
        }
        tokens.append(Token(kind: .end(closer: closer), offset: range.upperBound))
        return tokens
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    private static func isIdentifierContinuation(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private func followedBy(_ byte: UInt8, at offset: Int) -> Bool {
        offset + 1 < range.upperBound && bytes[offset + 1] == byte
    }

    /// The whole (possibly multi-byte) character starting at `offset`, for messages.
    private func characterText(at offset: Int) -> String {
        var end = offset + 1
        while end < range.upperBound, bytes[end] & 0b1100_0000 == 0b1000_0000 {
            end += 1
        }
        return source.text(offset..<end)
    }

    /// Reads the string literal starting at `start`; returns its value and the offset after it.
    private func stringLiteral(startingAt start: Int) throws(TemplateError) -> (String, Int) {
        let quote = bytes[start]
        var value: [UInt8] = []
        var offset = start + 1
        while offset < range.upperBound, bytes[offset] != UInt8(ascii: "\n") {
            let byte = bytes[offset]
            if byte == quote {
                return (String(decoding: value, as: UTF8.self), offset + 1)
            }
            if byte == UInt8(ascii: "\\"), offset + 1 < range.upperBound {
                let escaped = bytes[offset + 1]
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): value.append(escaped)
                case UInt8(ascii: "n"): value.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): value.append(UInt8(ascii: "\t"))
                default:
                    let character = Character(characterText(at: offset + 1))
                    throw source.error(.invalidEscape(character), at: offset)
                }
                offset += 2
                continue
            }
            value.append(byte)
            offset += 1
        }
        throw source.error(.unterminatedString(quote: Character(Unicode.Scalar(quote))), at: start)
    }
}
