extension DeclarationParser {
    // MARK: - Small helpers

    /// Moves comments in the prefix to the dangling list and forgets its attributes and modifiers.
    mutating func flush(_ prefix: inout DeclarationPrefix) {
        danglingComments += prefix.comments
        prefix = DeclarationPrefix()
    }

    // The small helpers below are inlined: they run for most tokens, and a call to a method
    // that does not mutate copies the whole parser to pass it as `self`.

    /// The first index at or after `start` that is not a comment (`tokens.count` if none).
    @inline(__always)
    func significantIndex(from start: Int) -> Int {
        var next = start
        while next < tokens.count && tokens[next].kind.isComment { next += 1 }
        return next
    }

    /// The kind of the next token that is not a comment.
    @inline(__always)
    func nextSignificantKind() -> TokenKind? {
        let next = significantIndex(from: index)
        return next < tokens.count ? tokens[next].kind : nil
    }

    /// Moves to `target`, keeping the comments passed over as dangling.
    @inline(__always)
    mutating func advance(to target: Int) {
        while index < target {
            if tokens[index].kind.isComment { keepDangling(tokens[index]) }
            index += 1
        }
    }

    /// The head of a declaration named `name`: what `prefix` read in front of it, under the
    /// `#if` conditions open here.
    func head(_ name: String, at location: SourceLocation, keyword: SourceLocation, prefix: DeclarationPrefix) -> DeclarationHead {
        DeclarationHead(
            name: name, location: location, keywordLocation: keyword, modifiers: prefix.modifiers,
            attributes: prefix.attributes, comments: prefix.comments, compilationConditions: conditions.activeConditions)
    }

    /// Keeps the comment at `index`, if the token there is one, as dangling and steps past it:
    /// the token loops look through comments, which stay for the declarations around them.
    ///
    /// - Returns: whether there was a comment.
    mutating func skipDanglingComment() -> Bool {
        guard tokens[index].kind.isComment else { return false }
        keepDangling(tokens[index])
        index += 1
        return true
    }

    /// Adds a comment that is attached to no declaration to the dangling ones.
    mutating func keepDangling(_ comment: Token) {
        danglingComments.append(makeComment(comment))
    }

    mutating func makeComment(_ token: Token) -> Comment {
        let kind: Comment.Kind = switch token.kind {
        case .docLineComment: .docLine
        case .blockComment: .block
        case .docBlockComment: .docBlock
        default: .line
        }
        return Comment(kind: kind, text: commentText(token.range), location: location(of: token), range: token.range)
    }

    /// The text of a comment with the file's byte offsets, since annotation columns are counted
    /// in it: each byte of invalid UTF-8 reads `?`, where a repair to U+FFFD takes three bytes.
    private mutating func commentText(_ range: Range<Int>) -> String {
        let comment = bytes[range]
        if SourceCharacter.isValidUTF8(comment) { return String(decoding: comment, as: UTF8.self) }
        var repaired: [UInt8] = []
        var iterator = comment.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): repaired += scalar
            case .error(let length): repaired += repeatElement(UInt8(ascii: "?"), count: length)
            case .emptyInput: return String(decoding: repaired, as: UTF8.self)
            }
        }
    }

    mutating func location(of token: Token) -> SourceLocation {
        // A local hint, so that reading `file` does not overlap the write to `self`.
        var line = lineCursor
        let location = file.location(ofOffset: token.range.lowerBound, lineHint: &line)
        lineCursor = line
        return location
    }

    /// The text of a token's byte range.
    @inline(__always)
    mutating func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// A name as declared: backticks removed.
    @inline(__always)
    mutating func name(of token: Token) -> String {
        let range = token.range
        if range.count > 2 && bytes[range.lowerBound] == UInt8(ascii: "`") {
            return text(range.lowerBound + 1..<range.upperBound - 1)
        }
        return text(range)
    }

    @inline(__always)
    mutating func render(_ range: Range<Int>, style: TokenText.Style, endingAt byteLimit: Int? = nil) -> String {
        TokenText.render(tokens, range, in: bytes, style: style, endingAt: byteLimit)
    }

    @inline(__always)
    func startsWithByte(_ token: Token, _ byte: UInt8) -> Bool {
        !token.range.isEmpty && bytes[token.range.lowerBound] == byte
    }

    /// Whether the token's text is exactly `text`.
    @inline(__always)
    func spelled(_ token: Token, _ text: String) -> Bool {
        token.range.count == text.utf8.count && bytes[token.range].elementsEqual(text.utf8)
    }

    mutating func report(_ message: SyntaxMessage, at token: Token) {
        diagnostics.report(message, in: file, atOffset: token.range.lowerBound)
    }
}
