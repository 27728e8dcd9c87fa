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
    private static let longestBareRegex = 4096

    private let bytes: [UInt8]
    private let keywords = KeywordTable.shared
    private var strings = StringLiteralScanner()
    /// The tokens so far.
    private var tokens: [Token] = []
    /// The offset at which each line starts, recorded as the line breaks go by.
    private var lineStarts = [0]
    /// What went wrong and where; made into diagnostics once the line table is complete.
    private var problems: [(message: SyntaxMessage, offset: Int)] = []
    private var position = 0
    /// A line break lies between the previous token and the next one.
    private var pendingLineStart = true
    /// Whitespace or a comment lies between the previous token and the next one.
    private var pendingWhitespace = true

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
    private func peek(_ index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    @inline(__always)
    private mutating func append(_ kind: TokenKind, from start: Int, keyword: SwiftKeyword? = nil, isUnterminated: Bool = false) {
        tokens.append(Token(
            kind: kind, keyword: keyword, range: start..<position,
            startsLine: pendingLineStart, followsWhitespace: pendingWhitespace, isUnterminated: isUnterminated))
        pendingLineStart = false
        pendingWhitespace = kind.isComment
    }

    private mutating func report(_ message: SyntaxMessage, at offset: Int) {
        problems.append((message, offset))
    }

    /// Records the line breaks inside the token that ends at `position`.
    private mutating func recordLineStarts(inTokenFrom start: Int) {
        SourceFile.appendLineStarts(of: bytes, in: start..<position, to: &lineStarts)
    }

    // The scans below are static, taking the bytes as an argument: a method would get a copy
    // of the whole lexer as `self` on every call, and they run for most tokens.

    /// The offset of the first line break at or after `start`, or the end of the bytes.
    private static func endOfLine(in bytes: [UInt8], from start: Int) -> Int {
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
    private func isLeftBound(_ start: Int) -> Bool {
        start > 0 && !pendingWhitespace && !SourceCharacter.endsLeftBinding(bytes[start - 1])
    }

    private func isIdentifierStart(at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        if byte < 0x80 { return SourceCharacter.isIdentifierHead(byte) }
        guard let scalar = SourceCharacter.decodeScalar(bytes, at: index) else { return false }
        return !SourceCharacter.isOperatorHead(scalar.value) && !SourceCharacter.isUnicodeWhitespace(scalar.value)
    }

    // MARK: - Names and punctuation

    private mutating func lexPunctuation(_ kind: TokenKind) {
        let start = position
        position += 1
        append(kind, from: start)
    }

    private mutating func skipIdentifierBody() {
        position = Self.endOfIdentifierBody(in: bytes, from: position)
    }

    /// The end of the identifier characters (ASCII or not) starting at `start`.
    ///
    /// The ASCII loop is inlined into the callers; a name with other characters continues in
    /// ``endOfUnicodeIdentifierBody(in:from:)``. (Names are too short for reading them eight
    /// bytes at a time to pay.)
    @inline(__always)
    private static func endOfIdentifierBody(in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count && SourceCharacter.isIdentifierBody(bytes[index]) { index += 1 }
        guard index < bytes.count && bytes[index] >= 0x80 else { return index }
        return endOfUnicodeIdentifierBody(in: bytes, from: index)
    }

    private static func endOfUnicodeIdentifierBody(in bytes: [UInt8], from start: Int) -> Int {
        let end = bytes.count
        var index = start
        while index < end {
            let byte = bytes[index]
            if SourceCharacter.isIdentifierBody(byte) {
                index += 1
            } else if byte >= 0x80, let scalar = SourceCharacter.decodeScalar(bytes, at: index),
                      !SourceCharacter.isOperatorHead(scalar.value),
                      !SourceCharacter.isUnicodeWhitespace(scalar.value) {
                index += scalar.length
            } else {
                break
            }
        }
        return index
    }

    private mutating func lexIdentifier() {
        let start = position
        let end = Self.endOfIdentifierBody(in: bytes, from: start + 1)
        position = end
        // Every keyword starts with a lowercase letter or `_`; type names skip the look-up.
        let keyword = bytes[start] >= UInt8(ascii: "_") ? keywords.keyword(in: bytes, from: start, to: end) : nil
        append(keyword?.isReserved == true ? .keyword : .identifier, from: start, keyword: keyword)
    }

    private mutating func lexNonASCII() {
        let start = position
        guard let scalar = SourceCharacter.decodeScalar(bytes, at: position) else {
            position += 1
            append(.unknown, from: start)
            return
        }
        if SourceCharacter.isUnicodeWhitespace(scalar.value) {
            position += scalar.length
            pendingWhitespace = true
        } else if SourceCharacter.isOperatorHead(scalar.value) {
            lexOperator()
        } else {
            position += scalar.length
            skipIdentifierBody()
            append(.identifier, from: start)
        }
    }

    /// `` `name` `` (any text up to the closing backtick on the same line, as raw identifiers
    /// allow); a lone backtick is an unknown token.
    private mutating func lexBacktickedIdentifier() {
        let start = position
        var index = start + 1
        let end = bytes.count
        while index < end && bytes[index] != UInt8(ascii: "`") && !SourceCharacter.isNewline(bytes[index]) {
            index += 1
        }
        if index < end && bytes[index] == UInt8(ascii: "`") && index > start + 1 {
            position = index + 1
            append(.identifier, from: start)
        } else {
            position = start + 1
            append(.unknown, from: start)
        }
    }

    private mutating func lexAttribute() {
        let start = position
        if isIdentifierStart(at: position + 1) {
            position += 1
            skipIdentifierBody()
            append(.attribute, from: start)
        } else {
            position += 1
            append(.unknown, from: start)
        }
    }

    /// `#if`, `#name`, a raw string `#"`, an extended regex `#/`, or an unknown `#`.
    private mutating func lexPound() {
        let start = position
        var index = position
        let end = bytes.count
        while index < end && bytes[index] == UInt8(ascii: "#") { index += 1 }
        let next = peek(index)
        if next == UInt8(ascii: "\"") {
            lexStringLiteral()
        } else if next == UInt8(ascii: "/") {
            lexExtendedRegex(pounds: index - start)
        } else if index == start + 1 && isIdentifierStart(at: index) {
            position = index
            skipIdentifierBody()
            append(.poundKeyword, from: start)
        } else {
            lexPunctuation(.unknown)
        }
    }

    // MARK: - Operators and comments

    private mutating func lexOperator() {
        let start = position
        let end = bytes.count
        let first = bytes[start]
        // A `?` or `!` bound to what precedes it is a one-character postfix token (`a?.b`, `x!`).
        if (first == UInt8(ascii: "?") || first == UInt8(ascii: "!")) && isLeftBound(start) {
            position += 1
            append(.operator, from: start)
            return
        }
        if first == UInt8(ascii: "<") && peek(start + 1) == UInt8(ascii: "#"),
           let placeholderEnd = endOfEditorPlaceholder(from: start) {
            position = placeholderEnd
            append(.identifier, from: start)
            return
        }
        // Only an operator that starts with a dot may contain dots (`...`, `..<`, `.==`).
        let allowsDots = first == UInt8(ascii: ".")
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte < 0x80 {
                guard SourceCharacter.isOperatorCharacter(byte) else { break }
                if byte == UInt8(ascii: ".") && !allowsDots { break }
                if byte == UInt8(ascii: "/") && index > start
                    && (peek(index + 1) == UInt8(ascii: "/") || peek(index + 1) == UInt8(ascii: "*")) {
                    break  // A comment starts inside the operator characters.
                }
                index += 1
            } else if let scalar = SourceCharacter.decodeScalar(bytes, at: index),
                      SourceCharacter.isOperatorContinuation(scalar.value) {
                index += scalar.length
            } else {
                break
            }
        }
        position = max(index, start + 1)
        let length = position - start
        if length == 1 && first == UInt8(ascii: "=") {
            append(.equal, from: start)
        } else if length == 1 && first == UInt8(ascii: ".") {
            append(.period, from: start)
        } else if length == 2 && first == UInt8(ascii: "-") && bytes[start + 1] == UInt8(ascii: ">") {
            append(.arrow, from: start)
        } else {
            append(.operator, from: start)
        }
    }

    /// `<#placeholder#>` on one line, which Swift reads as an identifier.
    ///
    /// Like Swift, the search stops at the next `<#`, so no byte is searched twice.
    private func endOfEditorPlaceholder(from start: Int) -> Int? {
        var index = start + 2
        let end = bytes.count
        while index + 1 < end && !SourceCharacter.isNewline(bytes[index]) {
            let pair = (bytes[index], bytes[index + 1])
            if pair == (UInt8(ascii: "#"), UInt8(ascii: ">")) { return index + 2 }
            if pair == (UInt8(ascii: "<"), UInt8(ascii: "#")) { return nil }
            index += 1
        }
        return nil
    }

    /// A comment, a regex literal, or an operator starting with `/`.
    private mutating func lexSlash() {
        let start = position
        let next = peek(start + 1)
        if next == UInt8(ascii: "/") {
            position = Self.endOfLine(in: bytes, from: start + 2)
            let length = position - start
            // `///` documents; `////` is an ordinary comment.
            let isDocumentation = length >= 3 && bytes[start + 2] == UInt8(ascii: "/")
                && (length == 3 || bytes[start + 3] != UInt8(ascii: "/"))
            append(isDocumentation ? .docLineComment : .lineComment, from: start)
        } else if next == UInt8(ascii: "*") {
            let comment = StringLiteralScanner.endOfBlockComment(bytes, from: start)
            position = comment.end
            if !comment.isTerminated { report(.unterminatedBlockComment, at: start) }
            let length = position - start
            // `/**` documents; `/***` and `/**/` do not.
            let isDocumentation = length >= 4 && bytes[start + 2] == UInt8(ascii: "*")
                && bytes[start + 3] != UInt8(ascii: "*") && bytes[start + 3] != UInt8(ascii: "/")
            append(isDocumentation ? .docBlockComment : .blockComment, from: start)
            if comment.spansLines {
                recordLineStarts(inTokenFrom: start)
                pendingLineStart = true
            }
        } else if regexMayStartHere(), let end = endOfBareRegex(from: start) {
            position = end
            append(.regexLiteral, from: start)
        } else {
            lexOperator()
        }
    }

    // MARK: - Literals

    private mutating func lexStringLiteral() {
        let start = position
        let result = strings.scan(bytes, from: start)
        for problem in result.problems {
            report(problem.message, at: problem.offset)
        }
        position = result.end
        append(.stringLiteral, from: start, isUnterminated: !result.problems.isEmpty)
        if result.spansLines { recordLineStarts(inTokenFrom: start) }
    }

    /// Whether the previous token leaves the lexer where an expression, so a regex, can start.
    private func regexMayStartHere() -> Bool {
        // Each comment is passed over by at most one such search, since the `/` then becomes
        // the last token.
        guard let previous = tokens.last(where: { !$0.kind.isComment }) else { return true }
        switch previous.kind {
        case .leftParen, .leftBracket, .leftBrace, .comma, .colon, .semicolon, .equal, .arrow:
            return true
        case .operator:
            // A binary operator (space on both sides), not a postfix one (`a! / 2`).
            return previous.followsWhitespace && pendingWhitespace
        case .keyword, .identifier:
            switch previous.keyword {
            case .return, .case, .in, .where, .if, .guard, .while, .throw, .try, .await:
                return true
            default:
                return false
            }
        default:
            return false
        }
    }

    /// The end of `/.../` at `start`, if the text reads as a regex literal: no leading or trailing
    /// space, a closing `/` on the same line, and no `)` closing more than it opened.
    private func endOfBareRegex(from start: Int) -> Int? {
        let limit = min(bytes.count, start + Self.longestBareRegex)
        var index = start + 1
        guard index < limit else { return nil }
        let first = bytes[index]
        if SourceCharacter.isHorizontalWhitespace(first) || SourceCharacter.isNewline(first) { return nil }
        var parenthesisDepth = 0
        while index < limit {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                if index + 1 < limit && SourceCharacter.isNewline(bytes[index + 1]) { return nil }
                index += 2
                continue
            case UInt8(ascii: "/"):
                if SourceCharacter.isHorizontalWhitespace(bytes[index - 1]) { return nil }
                return index + 1
            case UInt8(ascii: "("):
                parenthesisDepth += 1
            case UInt8(ascii: ")"):
                parenthesisDepth -= 1
                if parenthesisDepth < 0 { return nil }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return nil
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// `#/.../#`, multi-line when the opening delimiter ends its line.
    private mutating func lexExtendedRegex(pounds: Int) {
        let start = position
        let end = bytes.count
        var index = start + pounds + 1
        var probe = index
        while probe < end && SourceCharacter.isHorizontalWhitespace(bytes[probe]) { probe += 1 }
        let isMultiline = probe < end && SourceCharacter.isNewline(bytes[probe])
        scan: while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                index += index + 1 < end && !SourceCharacter.isNewline(bytes[index + 1]) ? 2 : 1
            case UInt8(ascii: "/"):
                var closing = index + 1
                while closing < end && closing - index - 1 < pounds && bytes[closing] == UInt8(ascii: "#") {
                    closing += 1
                }
                if closing - index - 1 == pounds {
                    position = closing
                    append(.regexLiteral, from: start)
                    if isMultiline { recordLineStarts(inTokenFrom: start) }
                    return
                }
                index += 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                if !isMultiline { break scan }
                index += 1
            default:
                index += 1
            }
        }
        report(.unterminatedRegexLiteral(closingDelimiter: "/" + String(repeating: "#", count: pounds)), at: start)
        position = index
        append(.regexLiteral, from: start)
        if isMultiline { recordLineStarts(inTokenFrom: start) }
    }

    /// Integer and floating-point literals in every radix Swift has.
    private mutating func lexNumber() {
        let start = position
        let end = bytes.count
        // After a dot this is a tuple index (`pair.0.1`): never a fraction.
        let isTupleIndex = start > 0 && bytes[start - 1] == UInt8(ascii: ".")
        var isFloat = false
        let radix = peek(start + 1)
        if bytes[start] == UInt8(ascii: "0") && radix == UInt8(ascii: "x") {
            position += 2
            skipDigits(hex: true)
            if !isTupleIndex && peek(position) == UInt8(ascii: ".") && SourceCharacter.isHexDigit(peek(position + 1)) {
                let dot = position
                position += 1
                skipDigits(hex: true)
                let exponent = peek(position)
                if exponent != UInt8(ascii: "p") && exponent != UInt8(ascii: "P")
                    && !SourceCharacter.isDigit(bytes[dot + 1]) {
                    position = dot  // `0xff.description`: a member, not a fraction.
                }
            }
            let exponent = peek(position)
            if exponent == UInt8(ascii: "p") || exponent == UInt8(ascii: "P") {
                isFloat = true
                skipExponent()
            }
        } else if bytes[start] == UInt8(ascii: "0") && (radix == UInt8(ascii: "b") || radix == UInt8(ascii: "o")) {
            position += 2
        } else {
            skipDigits(hex: false)
            if !isTupleIndex && peek(position) == UInt8(ascii: ".") && SourceCharacter.isDigit(peek(position + 1)) {
                isFloat = true
                position += 1
                skipDigits(hex: false)
            }
            let exponent = peek(position)
            if exponent == UInt8(ascii: "e") || exponent == UInt8(ascii: "E") {
                var index = position + 1
                if index < end && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                    index += 1
                }
                if index < end && SourceCharacter.isDigit(bytes[index]) {
                    isFloat = true
                    skipExponent()
                }
            }
        }
        // Swift rejects `1abc` or `0b102`; keeping the trailing characters in the literal stops
        // them from turning into a separate name.
        skipIdentifierBody()
        append(isFloat ? .floatLiteral : .integerLiteral, from: start)
    }

    private mutating func skipDigits(hex: Bool) {
        let end = bytes.count
        while position < end {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "_") || (hex ? SourceCharacter.isHexDigit(byte) : SourceCharacter.isDigit(byte))
            else { return }
            position += 1
        }
    }

    /// Skips `e`/`p`, an optional sign and the exponent digits.
    private mutating func skipExponent() {
        position += 1
        if peek(position) == UInt8(ascii: "+") || peek(position) == UInt8(ascii: "-") { position += 1 }
        skipDigits(hex: false)
    }
}
