import RippleGenerator

/// One source file as `ripple-gen migrate` edits it: its bytes, tokens and lines, and the
/// questions an edit asks of them (where a declaration starts and ends, whether a line is blank,
/// how a body is indented).
///
/// Lines are 1-based, as in diagnostics; a line's range includes its line break.
struct EditableSource {
    let parsed: ParsedFile
    let tokens: [Token]
    /// The offset at which each line starts; `lineStarts[0] == 0`.
    let lineStarts: [Int]
    /// `\r\n` when the file's first line ends so, else `\n`: inserted lines use it.
    let lineBreak: String

    var file: SourceFile { parsed.file }
    var bytes: [UInt8] { parsed.file.bytes }
    var path: String { parsed.file.path }
    var lineCount: Int { lineStarts.count }

    init(_ parsed: ParsedFile) {
        self.parsed = parsed
        tokens = Lexer.tokenize(parsed.file).tokens
        var starts = parsed.file.lineStartOffsets
        let bytes = parsed.file.bytes
        if starts.count > 1, starts.last == bytes.count {
            starts.removeLast()
        }
        lineStarts = starts
        let firstBreak = bytes.firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
        lineBreak = firstBreak.map { bytes[$0] == UInt8(ascii: "\r") && $0 + 1 < bytes.count && bytes[$0 + 1] == UInt8(ascii: "\n") }
            == true ? "\r\n" : "\n"
    }

    // MARK: Positions

    /// The byte offset of a location.
    func offset(of location: SourceLocation) -> Int {
        lineStarts[min(max(location.line - 1, 0), lineCount - 1)] + location.column - 1
    }

    /// The 1-based line of a byte offset.
    func line(ofOffset offset: Int) -> Int {
        var low = 0
        var high = lineCount
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return low + 1
    }

    /// The bytes of a line, its line break included.
    func lineRange(_ line: Int) -> Range<Int> {
        lineStarts[line - 1]..<(line < lineCount ? lineStarts[line] : bytes.count)
    }

    /// Whether a line holds only whitespace.
    func isBlank(_ line: Int) -> Bool {
        bytes[lineRange(line)].allSatisfy(Self.isWhitespace)
    }

    /// The leading whitespace of a line.
    func indentation(ofLine line: Int) -> String {
        let range = lineRange(line)
        let end = bytes[range].firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? range.upperBound
        return file.text(range.lowerBound..<end)
    }

    /// The first non-blank byte of a line, if any.
    func firstByte(ofLine line: Int) -> UInt8? {
        bytes[lineRange(line)].first { !Self.isWhitespace($0) }
    }

    /// The last non-blank byte of a line, if any.
    func lastByte(ofLine line: Int) -> UInt8? {
        bytes[lineRange(line)].last { !Self.isWhitespace($0) }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    // MARK: Tokens

    /// The text of a token.
    func text(_ index: Int) -> String {
        file.text(tokens[index].range)
    }

    /// The index of the token that starts at `offset`.
    func tokenIndex(at offset: Int) -> Int? {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        return low < tokens.count && tokens[low].range.lowerBound == offset ? low : nil
    }

    /// The index of the first token at or after `offset`.
    func firstToken(from offset: Int) -> Int {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of the token that closes the bracket opened at `index`, if any.
    func closingToken(of index: Int) -> Int? {
        var depth = 0
        for current in index..<tokens.count {
            switch tokens[current].kind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace:
                depth -= 1
                if depth == 0 { return current }
            default: break
            }
        }
        return nil
    }

    /// The previous token that is not a comment.
    func previousCodeToken(before index: Int) -> Int? {
        var current = index - 1
        while current >= 0, tokens[current].kind.isComment { current -= 1 }
        return current >= 0 ? current : nil
    }

    /// The next token that is not a comment.
    func nextCodeToken(after index: Int) -> Int? {
        var current = index + 1
        while current < tokens.count, tokens[current].kind.isComment { current += 1 }
        return current < tokens.count ? current : nil
    }

    // MARK: Declarations

    /// The words that may stand in front of `var`, `let` and `func`.
    private static let modifiers: Set<String> = [
        "static", "class", "final", "public", "private", "fileprivate", "internal", "package", "open", "lazy",
        "weak", "unowned", "nonisolated", "override", "dynamic", "required", "convenience", "mutating",
        "nonmutating", "set", "unsafe", "safe",
    ]

    /// The first token of the declaration whose `var`/`let` keyword is at `keyword`: its first
    /// attribute or modifier.
    func declarationStart(keyword: Int) -> Int {
        var start = keyword
        var current = keyword - 1
        while current >= 0 {
            let token = tokens[current]
            if token.kind == .attribute || (token.kind == .identifier || token.kind == .keyword) && Self.modifiers.contains(text(current)) {
                start = current
                current -= 1
            } else if token.kind == .rightParen, let open = (0..<current).last(where: { tokens[$0].kind == .leftParen }),
                      open > 0, tokens[open - 1].kind == .attribute || Self.modifiers.contains(text(open - 1)) {
                start = open - 1
                current = open - 2
            } else {
                break
            }
        }
        return start
    }

    /// The last token of the declaration or statement that starts at `start`, and whether the
    /// code after it starts on a new line (so the lines it covers can be deleted whole).
    func statementEnd(from start: Int) -> (last: Int, endsLine: Bool) {
        var depth = 0
        var last = start
        var current = start
        while let next = nextCodeToken(after: current) {
            current = next
            let token = tokens[next]
            if depth == 0 {
                if token.kind == .rightBrace || token.kind == .semicolon {
                    return (last, token.startsLine)
                }
                if token.startsLine, !Self.continues(tokens[last].kind, with: token.kind) {
                    return (last, true)
                }
            }
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace: depth -= 1
            default: break
            }
            last = next
        }
        return (last, true)
    }

    /// Whether a token of kind `next` that starts a line continues the code before it, which
    /// ended with a token of kind `previous`: after `=`, an operator, `.` or `,`, or before
    /// an operator, `.` or a body's `{`.
    private static func continues(_ previous: TokenKind, with next: TokenKind) -> Bool {
        switch previous {
        case .equal, .operator, .period, .comma, .colon, .arrow: return true
        default: break
        }
        switch next {
        case .operator, .period, .leftBrace, .equal, .arrow: return true
        default: return false
        }
    }

    /// The lines of the declaration whose name is at `location`, from the comments right above
    /// it through its last line; `nil` when it shares a line with other code or is not the first
    /// binding of its `var`/`let`.
    func declarationLines(named location: SourceLocation) -> ClosedRange<Int>? {
        guard let name = tokenIndex(at: offset(of: location)),
              let keyword = previousCodeToken(before: name),
              tokens[keyword].keyword == .var || tokens[keyword].keyword == .let
        else { return nil }
        let start = declarationStart(keyword: keyword)
        let end = statementEnd(from: start)
        guard tokens[start].startsLine, end.endsLine else { return nil }
        let firstLine = line(ofOffset: tokens[start].range.lowerBound)
        return firstCommentLine(above: firstLine)...line(ofOffset: tokens[end.last].range.upperBound - 1)
    }

    /// The first line of the `//` comments directly above `line` (no blank line between), or
    /// `line` itself.
    func firstCommentLine(above line: Int) -> Int {
        var first = line
        while first > 1 {
            let index = firstToken(from: lineStarts[first - 2])
            guard index < tokens.count, tokens[index].kind == .lineComment || tokens[index].kind == .docLineComment,
                  self.line(ofOffset: tokens[index].range.lowerBound) == first - 1,
                  index + 1 == tokens.count || tokens[index + 1].startsLine
            else { break }
            first -= 1
        }
        return first
    }
}
