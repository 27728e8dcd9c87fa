/// Renders a run of tokens as canonical text: comments dropped, whitespace normalized.
///
/// Types get one canonical spelling whatever the source spacing, so later stages can match
/// them as strings: `[String : Track ]?` and `[String: Track]?` both render `[String: Track]?`,
/// `Set< Node >` renders `Set<Node>`, `(Int)->Void` renders `(Int) -> Void`.
///
/// Expressions keep the source's tightness and only collapse each run of whitespace, line
/// breaks and comments to one space (none just inside brackets or before a comma):
/// `[\n  1,\n  2\n]` renders `[1, 2]`. Token text (string literals included) is copied verbatim.
enum TokenText {
    enum Style {
        case type
        case expression
    }

    /// The text of the non-comment tokens of `tokens[range]`, cut at the byte offset `byteLimit`
    /// when one is given (a type that ends inside a `>=` token).
    ///
    /// The text is put together token by token, then made into a string.
    static func render(
        _ tokens: [Token], _ range: Range<Int>, in bytes: [UInt8],
        style: Style, endingAt byteLimit: Int? = nil
    ) -> String {
        guard let first = range.first, let last = range.last else { return "" }
        // One token is the common case (`0`, `Int`): its text as it is.
        if range.count == 1 && byteLimit == nil {
            return String(decoding: bytes[tokens[first].range], as: UTF8.self)
        }
        let start = tokens[first].range.lowerBound
        let end = min(tokens[last].range.upperBound, byteLimit ?? .max)
        if isCanonical(tokens, range, in: bytes, style: style) {
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        // The tokens and the spaces between them never take more bytes than the source span
        // they come from plus one space per token.
        var output: [UInt8] = []
        output.reserveCapacity(tokens[last].range.upperBound - start + range.count)
        var previous: Token?
        for token in tokens[range] where !token.kind.isComment {
            if let previous, needsSpace(between: previous, and: token, in: bytes, style: style) {
                output.append(UInt8(ascii: " "))
            }
            output += bytes[token.range.lowerBound..<min(token.range.upperBound, byteLimit ?? .max)]
            previous = token
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Where each token of `tokens[range]` starts in the text that ``render(_:_:in:style:endingAt:)``
    /// gives; a comment, which it leaves out, gets where the text before it ends.
    static func offsets(_ tokens: [Token], _ range: Range<Int>, in bytes: [UInt8], style: Style) -> [Int] {
        var offsets: [Int] = []
        var position = 0
        var previous: Token?
        for token in tokens[range] {
            guard !token.kind.isComment else {
                offsets.append(position)
                continue
            }
            if let previous, needsSpace(between: previous, and: token, in: bytes, style: style) {
                position += 1
            }
            offsets.append(position)
            position += token.range.count
            previous = token
        }
        return offsets
    }

    /// Whether the source text of `tokens[range]` is already its rendering: no comments, and
    /// between tokens exactly the one space the rendering puts there, or nothing.
    ///
    /// Most types and values are written that way (`[String]`, `Shelf()`, `[1, 2]`); their text
    /// is then taken from the source in one piece rather than copied token by token.
    private static func isCanonical(
        _ tokens: [Token], _ range: Range<Int>, in bytes: [UInt8], style: Style
    ) -> Bool {
        var previous = tokens[range.lowerBound]
        if previous.kind.isComment { return false }
        for index in range.lowerBound + 1..<range.upperBound {
            let token = tokens[index]
            if token.kind.isComment { return false }
            let gap = token.range.lowerBound - previous.range.upperBound
            if needsSpace(between: previous, and: token, in: bytes, style: style) {
                guard gap == 1 && bytes[previous.range.upperBound] == UInt8(ascii: " ") else { return false }
            } else if gap != 0 {
                return false
            }
            previous = token
        }
        return true
    }

    private static func needsSpace(
        between previous: Token, and next: Token, in bytes: [UInt8], style: Style
    ) -> Bool {
        let hadSpace = previous.range.upperBound < next.range.lowerBound
        switch style {
        case .expression:
            guard hadSpace else { return false }
            switch next.kind {
            case .comma, .rightParen, .rightBracket, .semicolon: return false
            case .period where next.startsLine: return false
            default: break
            }
            switch previous.kind {
            case .leftParen, .leftBracket, .backslash: return false
            default: return true
            }
        case .type:
            return needsSpaceInType(between: previous, and: next, hadSpace: hadSpace, in: bytes)
        }
    }

    private static func needsSpaceInType(
        between previous: Token, and next: Token, hadSpace: Bool, in bytes: [UInt8]
    ) -> Bool {
        switch next.kind {
        case .comma, .rightParen, .rightBracket, .period, .colon: return false
        case .arrow, .equal: return true
        default: break
        }
        switch previous.kind {
        case .leftParen, .leftBracket, .period, .backslash: return false
        case .comma, .colon, .arrow, .equal: return true
        default: break
        }
        if next.kind == .operator {
            switch bytes[next.range.lowerBound] {
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "."):
                return false  // Generic brackets, optionals, variadics hug their type.
            case UInt8(ascii: "~"):
                return hadSpace
            default:
                return true  // `&`, `==`.
            }
        }
        if previous.kind == .operator {
            switch bytes[previous.range.lowerBound] {
            case UInt8(ascii: "<"), UInt8(ascii: "~"):
                return false
            case UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "."):
                return hadSpace
            default:
                return true
            }
        }
        if previous.kind == .attribute {
            return hadSpace || next.kind != .leftParen  // `@convention(c)` but `@Sendable (Int) -> Void`.
        }
        if next.kind == .leftParen || next.kind == .leftBracket {
            return hadSpace  // `throws(E)`, but `some (P)`.
        }
        if isWord(next) && (isWord(previous) || previous.kind == .rightParen || previous.kind == .rightBracket) {
            return true  // `some View`, `) async throws`.
        }
        return hadSpace
    }

    private static func isWord(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .keyword, .attribute, .integerLiteral, .floatLiteral, .stringLiteral: true
        default: false
        }
    }
}
