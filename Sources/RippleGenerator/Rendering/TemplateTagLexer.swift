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
    static func tokens(of tag: TemplateScanner.Tag, in source: TemplateSource) throws(TemplateError) -> [Token] {
        let lexer = TemplateTagLexer(source: source, range: tag.content)
        var tokens: [Token] = []
        var offset = tag.content.lowerBound
        while let token = try lexer.token(at: &offset) {
            tokens.append(token)
        }
        return tokens + [Token(kind: .end(closer: tag.kind.closer), offset: tag.content.upperBound)]
    }

    /// The token at `offset` (after spaces), or `nil` at the end; moves `offset` past it.
    private func token(at offset: inout Int) throws(TemplateError) -> Token? {
        while offset < range.upperBound, " \t\r\n".utf8.contains(bytes[offset]) {
            offset += 1
        }
        guard offset < range.upperBound else { return nil }
        let start = offset
        let byte = bytes[offset]
        let followedBy = offset + 1 < range.upperBound ? bytes[offset + 1] : 0
        offset += 1
        let kind: Token.Kind
        switch UnicodeScalar(byte) {
        case "a"..."z", "A"..."Z", "_":
            while offset < range.upperBound, Self.isIdentifierContinuation(bytes[offset]) {
                offset += 1
            }
            kind = .identifier(source.text(start..<offset))
        case "0"..."9", "-":
            while offset < range.upperBound, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
                offset += 1
            }
            guard let integer = Int(source.text(start..<offset)) else {
                throw source.error(.unexpectedCharacter(source.text(start..<offset), suggestion: nil), at: start)
            }
            kind = .integer(integer)
        case "\"", "'":
            kind = .string(try stringLiteral(startingAt: start, end: &offset))
        case ".": kind = .dot
        case ",": kind = .comma
        case "(": kind = .leftParenthesis
        case ")": kind = .rightParenthesis
        case "|" where followedBy == UInt8(ascii: "|"):
            throw source.error(.unexpectedCharacter("||", suggestion: "or"), at: start)
        case "|": kind = .pipe
        case "=" where followedBy == UInt8(ascii: "="), "!" where followedBy == UInt8(ascii: "="):
            offset += 1
            kind = byte == UInt8(ascii: "=") ? .equal : .notEqual
        case "=": throw source.error(.unexpectedCharacter("=", suggestion: "=="), at: start)
        case "!": throw source.error(.unexpectedCharacter("!", suggestion: "not"), at: start)
        case "&":
            let found = followedBy == UInt8(ascii: "&") ? "&&" : "&"
            throw source.error(.unexpectedCharacter(found, suggestion: "and"), at: start)
        default:
            throw source.error(.unexpectedCharacter(characterText(at: start), suggestion: nil), at: start)
        }
        return Token(kind: kind, offset: start)
    }

    private static func isIdentifierContinuation(_ byte: UInt8) -> Bool {
        switch UnicodeScalar(byte) {
        case "a"..."z", "A"..."Z", "_", "0"..."9": true
        default: false
        }
    }

    /// The whole (possibly multi-byte) character starting at `offset`, for messages.
    private func characterText(at offset: Int) -> String {
        var end = offset + 1
        while end < range.upperBound, bytes[end] & 0b1100_0000 == 0b1000_0000 {
            end += 1
        }
        return source.text(offset..<end)
    }

    /// The value of the string literal starting at `start`; moves `end` past it.
    private func stringLiteral(startingAt start: Int, end: inout Int) throws(TemplateError) -> String {
        let quote = bytes[start]
        var value: [UInt8] = []
        var offset = start + 1
        while offset < range.upperBound, bytes[offset] != UInt8(ascii: "\n") {
            let byte = bytes[offset]
            if byte == quote {
                end = offset + 1
                return String(decoding: value, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\"), offset + 1 < range.upperBound {
                switch UnicodeScalar(bytes[offset + 1]) {
                case "\"", "'", "\\": value.append(bytes[offset + 1])
                case "n": value.append(UInt8(ascii: "\n"))
                case "t": value.append(UInt8(ascii: "\t"))
                default: throw source.error(.invalidEscape(Character(characterText(at: offset + 1))), at: offset)
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
