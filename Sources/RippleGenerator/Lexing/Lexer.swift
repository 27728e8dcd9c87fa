/// Splits Swift source into ``Token``s in one linear pass over its UTF-8 bytes.
///
/// The lexer knows every construct that can hide comment-like or brace-like text: string
/// literals of all forms with interpolations nested to any depth, nested block comments, regex
/// literals, backticked names. So `// ripple: property` inside a string, a raw string or a
/// nested comment never becomes a comment token, and a `}` inside a string never closes a body.
///
/// ```swift
/// let file = SourceFile(path: "Library.swift", text: source)
/// let (tokens, diagnostics) = Lexer.tokenize(file)
/// ```
///
/// Tokens hold byte ranges, not text. Unterminated literals and comments produce a token that
/// runs to the end of the line or file plus a diagnostic at the opening delimiter; no input can
/// make the lexer crash, loop, or read outside the buffer.
///
/// On the way the lexer records where each line starts, the table that turns offsets into
/// locations: line breaks between tokens are recorded as they are skipped, and the few tokens
/// that span lines (block comments, multi-line string and regex literals) are scanned for them
/// again. So the file is not read a second time just to find its lines.
///
/// A bare `/` starts a regex literal only where Swift could start an expression with one (after
/// `(`, `,`, `=`, `:`, `[`, `{`, `;`, `->`, a binary operator, `return`, `case`, ...), when
/// no space follows it and a closing `/` follows on the same line; in doubt it is an operator.
package struct Lexer {
    /// A bare `/.../` regex longer than this on one line is read as division instead; the bound
    /// keeps the look-ahead, and so the whole lexer, linear on any input.
    static let longestBareRegex = 4096

    let bytes: [UInt8]
    let keywords = KeywordTable.shared
    var strings = StringLiteralScanner()
    /// The tokens so far.
    var tokens: [Token] = []
    /// The offset at which each line starts, recorded as the line breaks go by.
    private var lineStarts = [0]
    /// What went wrong and where; made into diagnostics once the line table is complete.
    var problems: [(message: SyntaxMessage, offset: Int)] = []
    var position = 0
    /// A line break lies between the previous token and the next one.
    var pendingLineStart = true
    /// Whitespace or a comment lies between the previous token and the next one.
    var pendingWhitespace = true

    /// Lexes a whole file.
    ///
    /// - Parameter file: The source to lex.
    /// - Returns: Every token in source order, comments included, and the diagnostics for
    ///   unterminated literals and comments.
    package static func tokenize(_ file: SourceFile) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        let lexed = lex(file)
        return (lexed.tokens, lexed.diagnostics)
    }

    /// Lexes a whole file and records its line table.
    ///
    /// - Parameter file: The source to lex.
    /// - Returns: `file` with its line table, so that locations in it cost a binary search; its
    ///   tokens; and the diagnostics for unterminated literals and comments.
    static func lex(_ file: SourceFile) -> LexedFile {
        // Tokens store 32-bit offsets; nothing past 4 GiB is read, but its lines still count.
        let limit = min(file.bytes.count, Int(UInt32.max))
        var lexer = Lexer(bytes: limit < file.bytes.count ? Array(file.bytes[..<limit]) : file.bytes)
        if limit < file.bytes.count { lexer.problems.append((.fileTooLarge(limit: limit), limit)) }
        lexer.run()
        SourceFile.appendLineStarts(of: file.bytes, in: limit..<file.bytes.count, to: &lexer.lineStarts)
        let lexedFile = file.withLineStarts(lexer.lineStarts)
        var diagnostics = DiagnosticCollector()
        for problem in lexer.problems {
            diagnostics.report(problem.message, in: lexedFile, atOffset: problem.offset)
        }
        return LexedFile(file: lexedFile, tokens: lexer.tokens, diagnostics: diagnostics.diagnostics)
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        tokens.reserveCapacity(bytes.count / 5)
        lineStarts.reserveCapacity(bytes.count / 32 + 16)
    }

    // MARK: - Main loop

    private mutating func run() {
        let end = bytes.count
        if end >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            position = 3  // A byte-order mark.
        }
        if position + 1 < end && bytes[position] == UInt8(ascii: "#") && bytes[position + 1] == UInt8(ascii: "!") {
            let start = position
            position = Self.endOfLine(in: bytes, from: position)  // A script's `#!` line.
            append(.lineComment, from: start)
        }
        while position < end {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C, 0:
                position = Self.endOfSpaces(in: bytes, from: position + 1)
                pendingWhitespace = true
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                if SourceFile.endsLine(bytes, at: position) { lineStarts.append(position + 1) }
                position = Self.endOfSpaces(in: bytes, from: position + 1)
                pendingWhitespace = true
                pendingLineStart = true
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                lexIdentifier()
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                lexNumber()
            case UInt8(ascii: "\""):
                lexStringLiteral()
            case UInt8(ascii: "#"):
                lexPound()
            case UInt8(ascii: "/"):
                lexSlash()
            case UInt8(ascii: "("): lexPunctuation(.leftParen)
            case UInt8(ascii: ")"): lexPunctuation(.rightParen)
            case UInt8(ascii: "{"): lexPunctuation(.leftBrace)
            case UInt8(ascii: "}"): lexPunctuation(.rightBrace)
            case UInt8(ascii: "["): lexPunctuation(.leftBracket)
            case UInt8(ascii: "]"): lexPunctuation(.rightBracket)
            case UInt8(ascii: ","): lexPunctuation(.comma)
            case UInt8(ascii: ":"): lexPunctuation(.colon)
            case UInt8(ascii: ";"): lexPunctuation(.semicolon)
            case UInt8(ascii: "\\"): lexPunctuation(.backslash)
            case UInt8(ascii: "."):
                if SourceCharacter.isOperatorCharacter(peek(position + 1)) {
                    lexOperator()
                } else {
                    lexPunctuation(.period)
                }
            case UInt8(ascii: "`"):
                lexBacktickedIdentifier()
            case UInt8(ascii: "$"):
                let start = position
                position += 1
                skipIdentifierBody()
                append(.identifier, from: start)
            case UInt8(ascii: "@"):
                lexAttribute()
            case UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
                 UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"),
                 UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"),
                 UInt8(ascii: "?"):
                lexOperator()
            case 0x80...:
                lexNonASCII()
            default:
                lexPunctuation(.unknown)
            }
        }
    }

    // MARK: - Helpers

    @inline(__always)
    func peek(_ index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    @inline(__always)
    mutating func append(_ kind: TokenKind, from start: Int, keyword: SwiftKeyword? = nil, isUnterminated: Bool = false) {
        tokens.append(Token(
            kind: kind, keyword: keyword, range: start..<position,
            startsLine: pendingLineStart, followsWhitespace: pendingWhitespace, isUnterminated: isUnterminated))
        pendingLineStart = false
        pendingWhitespace = kind.isComment
    }

    mutating func report(_ message: SyntaxMessage, at offset: Int) {
        problems.append((message, offset))
    }

    /// Records the line breaks inside the token that ends at `position`.
    mutating func recordLineStarts(inTokenFrom start: Int) {
        SourceFile.appendLineStarts(of: bytes, in: start..<position, to: &lineStarts)
    }

    // The scans below are static, taking the bytes as an argument: a method would get a copy
    // of the whole lexer as `self` on every call, and they run for most tokens.

    /// The offset of the first line break at or after `start`, or the end of the bytes.
    static func endOfLine(in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        let end = bytes.count
        // One comparison for most bytes: both line breaks are below every printable character.
        while index < end && (bytes[index] > UInt8(ascii: "\r") || !SourceCharacter.isNewline(bytes[index])) {
            index += 1
        }
        return index
    }

    /// The end of a run of spaces starting at `start`.
    private static func endOfSpaces(in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        let end = bytes.count
        while index < end && bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index
    }



    /// Whether an operator at `start` touches the token before it (`x!`, `a?.b`).
    func isLeftBound(_ start: Int) -> Bool {
        start > 0 && !pendingWhitespace && !SourceCharacter.endsLeftBinding(bytes[start - 1])
    }

    func isIdentifierStart(at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        if byte < 0x80 { return SourceCharacter.isIdentifierHead(byte) }
        guard let scalar = SourceCharacter.decodeScalar(bytes, at: index) else { return false }
        return !SourceCharacter.isOperatorHead(scalar.value) && !SourceCharacter.isUnicodeWhitespace(scalar.value)
    }
}
