/// Balanced skipping and the open-ended scans (types, expressions, statements).
///
/// Open-ended scans decide where a construct ends by Swift's line rules: a token that starts a
/// line ends the construct unless the line before ends with something that needs more (`,`,
/// `=`, a binary operator) or the new line starts with a continuation (`.member`, `-> T`, a
/// binary operator). They look past comments before consuming them, so a comment below the
/// construct stays for the next declaration.
extension DeclarationParser {
    // MARK: - Balanced groups

    /// Skips `( ... )` or `[ ... ]` at `index` through its closing bracket.
    ///
    /// A `}` that no `{` inside the group opened ends the group early (it belongs to an enclosing
    /// body), with a diagnostic at the opening bracket.
    ///
    /// - Returns: the number of elements: top-level commas plus one, or 0 for `()`.
    @discardableResult
    mutating func skipGroup() -> Int {
        skipParameterGroup().count
    }

    /// Skips a parameter clause `( ... )` at `index` as ``skipGroup()`` does.
    ///
    /// - Returns: the number of elements, and how many of them have a top-level `=` (a
    ///   parameter's default value).
    mutating func skipParameterGroup() -> (count: Int, defaulted: Int) {
        let open = tokens[index]
        index += 1
        var depth = 1
        var braces = 0
        var genericDepth = 0
        var commas = 0
        var isEmpty = true
        var defaulted = 0
        var isDefaulted = false
        var isEnded = false
        scan: while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .lineComment, .docLineComment, .blockComment, .docBlockComment:
                keepDangling(token)
                index += 1
                continue
            case .leftParen, .leftBracket:
                depth += 1
            case .rightParen, .rightBracket:
                depth -= 1
                if depth == 0 {
                    index += 1
                    isEnded = true
                    break scan
                }
            case .leftBrace:
                braces += 1
            case .rightBrace:
                if braces == 0 {
                    reportUnbalanced(open)
                    isEnded = true
                    break scan
                }
                braces -= 1
            case .comma:
                if depth == 1 && braces == 0 && genericDepth == 0 {
                    commas += 1
                    if isDefaulted { defaulted += 1 }
                    isDefaulted = false
                }
            case .equal:
                if depth == 1 && braces == 0 && genericDepth == 0 { isDefaulted = true }
            case .operator:
                // Only tight `<` opens generic arguments (`Dictionary<K, V>`), not `a < b`.
                if depth == 1 && braces == 0 {
                    if startsWithByte(token, UInt8(ascii: "<")) && !token.followsWhitespace {
                        genericDepth += genericBracketBalance(of: token)
                    } else if genericDepth > 0 {
                        genericDepth = max(0, genericDepth + genericBracketBalance(of: token))
                    }
                }
            default:
                break
            }
            isEmpty = false
            index += 1
        }
        if !isEnded { reportUnbalanced(open) }
        if isDefaulted { defaulted += 1 }
        return isEmpty ? (0, 0) : (commas + 1, defaulted)
    }

    /// Skips `{ ... }` at `index` through its closing brace, keeping its comments as dangling
    /// unless told otherwise.
    ///
    /// - Returns: whether the closing brace was found; otherwise `message` is reported at `{`.
    @discardableResult
    mutating func skipBraceBody(reporting message: @autoclosure () -> SyntaxMessage, keepingComments: Bool = true) -> Bool {
        let open = tokens[index]
        index += 1
        var depth = 1
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .leftBrace:
                depth += 1
            case .rightBrace:
                depth -= 1
                if depth == 0 {
                    index += 1
                    return true
                }
            case .lineComment, .docLineComment, .blockComment, .docBlockComment:
                if keepingComments { keepDangling(token) }
            default:
                break
            }
            index += 1
        }
        report(message(), at: open)
        return false
    }

    /// Skips a generic clause `< ... >` at `index`.
    ///
    /// - Returns: the token range of the clause.
    @discardableResult
    mutating func skipAngleBrackets() -> Range<Int> {
        let start = index
        var depth = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .lineComment, .docLineComment, .blockComment, .docBlockComment:
                keepDangling(token)
                index += 1
                continue
            case .leftBrace, .rightBrace, .semicolon, .equal:
                return start..<index  // Unclosed; the compiler will say so.
            case .operator:
                depth += genericBracketBalance(of: token)
            default:
                break
            }
            index += 1
            if depth <= 0 { break }
        }
        return start..<index
    }

    /// `<` count minus `>` count of an operator token (`>>` closes two; `->` closes none).
    func genericBracketBalance(of token: Token) -> Int {
        var balance = 0
        var offset = token.range.lowerBound
        while offset < token.range.upperBound {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "<") {
                balance += 1
            } else if byte == UInt8(ascii: ">")
                        && !(offset > token.range.lowerBound && bytes[offset - 1] == UInt8(ascii: "-")) {
                balance -= 1
            }
            offset += 1
        }
        return balance
    }

    private mutating func reportUnbalanced(_ open: Token) {
        let message: SyntaxMessage = switch open.kind {
        case .leftBracket: .unbalancedDelimiter(open: "[", close: "]")
        case .leftBrace: .unbalancedDelimiter(open: "{", close: "}")
        default: .unbalancedDelimiter(open: "(", close: ")")
        }
        report(message, at: open)
    }

    // MARK: - Line rules

    /// Whether `next`, which starts a line, continues the construct that `last` belongs to.
    ///
    /// Static, taking the bytes: a method that does not mutate gets a copy of the whole parser
    /// as `self` when called from one that does, and this runs at every line a scan crosses.
    static func continuesLine(after last: Token, with next: Token, in bytes: [UInt8]) -> Bool {
        switch last.kind {
        case .comma, .colon, .arrow, .period, .equal, .backslash, .leftParen, .leftBracket:
            return true
        case .operator:
            // A closing generic `>` (`Set<Node>`, `Set< Node >`) or a postfix `?`/`!` ends the
            // line's code; any other operator needs an operand on the next line.
            let first = bytes[last.range.lowerBound]
            if first == UInt8(ascii: ">") { return false }
            if !last.followsWhitespace && (first == UInt8(ascii: "?") || first == UInt8(ascii: "!")) { return false }
            return true
        case .keyword, .identifier:
            switch last.keyword {
            case .as, .is, .try, .await, .throw, .where, .in: return true
            default: break
            }
        default:
            break
        }
        switch next.kind {
        case .arrow, .period, .equal, .colon:
            return true
        case .operator:
            // A binary operator has space on both sides; `-x` or `!flag` starts a new statement.
            let after = next.range.upperBound
            guard after < bytes.count else { return false }
            let byte = bytes[after]
            return SourceCharacter.isHorizontalWhitespace(byte) || SourceCharacter.isNewline(byte)
        case .keyword:
            return next.keyword == .as || next.keyword == .is
        default:
            return false
        }
    }

    // MARK: - Open-ended scans

    /// Scans a type (or a `where` clause) from `index`.
    ///
    /// Stops, at its own nesting level, before `{`, `}`, `;`, `=`, and (as asked) `,`, `:` and
    /// `where`, and at a line break that ends it.
    ///
    /// - Returns: the token range, or `nil` if there is no type.
    @discardableResult
    mutating func scanType(
        stopsAtComma: Bool = true, stopsAtColon: Bool = true, stopsAtWhere: Bool = true
    ) -> Range<Int>? {
        let start = significantIndex(from: index)
        var depth = 0
        var genericDepth = 0
        var last: Token?
        loop: while true {
            let next = significantIndex(from: index)
            guard next < tokens.count else { break }
            let token = tokens[next]
            let isTopLevel = depth == 0 && genericDepth == 0
            if let last, isTopLevel, token.startsLine, !Self.continuesLine(after: last, with: token, in: bytes) { break }
            switch token.kind {
            case .leftBrace, .rightBrace, .semicolon:
                break loop
            case .equal where depth == 0:
                break loop
            case .comma where isTopLevel && stopsAtComma, .colon where isTopLevel && stopsAtColon:
                break loop
            case .keyword where token.keyword == .where && isTopLevel && stopsAtWhere:
                break loop
            case .rightParen where depth == 0, .rightBracket where depth == 0:
                break loop
            default:
                break
            }
            advance(to: next)
            switch token.kind {
            case .leftParen, .leftBracket:
                depth += 1
            case .rightParen, .rightBracket:
                depth -= 1
            case .operator:
                if depth == 0, genericDepth > 0, let equal = equalAfterClosingBrackets(token, count: genericDepth) {
                    // `Set<Node>= []`: the type ends inside the token, before its `=`.
                    typeEndsBeforeEqualAt = equal
                    index = next + 1
                    return start..<index
                }
                genericDepth = max(0, genericDepth + genericBracketBalance(of: token))
            default:
                break
            }
            last = token
            index = next + 1
        }
        return last == nil ? nil : start..<index
    }

    /// The offset of the `=` in a token made of exactly `count` `>` and one `=` (`>=`, `>>=`).
    private func equalAfterClosingBrackets(_ token: Token, count: Int) -> Int? {
        guard token.range.count == count + 1 else { return nil }
        let equal = token.range.upperBound - 1
        guard bytes[equal] == UInt8(ascii: "=") else { return nil }
        for offset in token.range.lowerBound..<equal where bytes[offset] != UInt8(ascii: ">") {
            return nil
        }
        return equal
    }

    /// Scans an expression from `index`: an initializer, a default or raw value.
    ///
    /// Stops, at its own nesting level, before `,`, `;`, `:` (outside a ternary) and closing
    /// brackets, at a line break that ends it, and before a `{` that opens an accessor block
    /// (`var x = 0 { didSet { ... } }`) rather than a trailing closure.
    ///
    /// - Returns: the token range, or `nil` if there is no expression.
    @discardableResult
    mutating func scanExpression() -> Range<Int>? {
        let start = significantIndex(from: index)
        var depth = 0
        var braces = 0
        var ternaries = 0
        var outermostOpen: Token?
        var last: Token?
        loop: while true {
            let next = significantIndex(from: index)
            guard next < tokens.count else { break }
            let token = tokens[next]
            if depth == 0 && braces == 0 {
                if let last, token.startsLine, !Self.continuesLine(after: last, with: token, in: bytes) { break }
                switch token.kind {
                case .comma, .semicolon, .rightBrace, .rightParen, .rightBracket:
                    break loop
                case .colon:
                    if ternaries > 0 {
                        ternaries -= 1
                    } else if !(last?.kind == .identifier && isLabeledTrailingClosure(colon: next)) {
                        break loop
                    }
                case .leftBrace:
                    if let last, !opensExpression(last), isAccessorBlock(at: next) { break loop }
                case .operator:
                    if token.followsWhitespace && spelled(token, "?") { ternaries += 1 }
                default:
                    break
                }
            }
            advance(to: next)
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace:
                if depth == 0 && braces == 0 { outermostOpen = token }
                if token.kind == .leftBrace { braces += 1 } else { depth += 1 }
            case .rightParen, .rightBracket:
                depth = max(0, depth - 1)
            case .rightBrace:
                if braces == 0 {
                    // An unclosed `(` or `[`; this `}` closes an enclosing body.
                    if let outermostOpen { reportUnbalanced(outermostOpen) }
                    break loop
                }
                braces -= 1
            default:
                break
            }
            last = token
            index = next + 1
        }
        if index >= tokens.count && (depth > 0 || braces > 0), let outermostOpen {
            reportUnbalanced(outermostOpen)
        }
        return last == nil ? nil : start..<index
    }

    /// Whether the `:` at `colon` belongs to a labeled trailing closure (`} label: {`).
    private func isLabeledTrailingClosure(colon: Int) -> Bool {
        let brace = significantIndex(from: colon + 1)
        return colon >= 2 && brace < tokens.count && tokens[brace].kind == .leftBrace
            && tokens[colon - 2].kind == .rightBrace
    }

    /// Whether an expression continues with an operand after `token` (so `{` is a closure).
    private func opensExpression(_ token: Token) -> Bool {
        switch token.kind {
        case .equal, .arrow, .comma, .colon, .leftParen, .leftBracket:
            return true
        case .operator:
            return token.followsWhitespace || !(spelled(token, "?") || spelled(token, "!"))
        case .keyword, .identifier:
            switch token.keyword {
            case .return, .in, .try, .await, .throw, .as, .is: return true
            default: return false
            }
        default:
            return false
        }
    }

    /// Skips a statement (top-level code, or anything the member loop cannot read), consuming
    /// at least one token.
    mutating func skipStatement() {
        var depth = 0
        var braces = 0
        var outermostOpen: Token?
        var last: Token?
        while true {
            let next = significantIndex(from: index)
            guard next < tokens.count else { break }
            let token = tokens[next]
            if depth == 0 && braces == 0, let last {
                if token.kind == .rightBrace { return }
                if token.kind == .semicolon {
                    advance(to: next + 1)
                    return
                }
                if token.startsLine && !Self.continuesLine(after: last, with: token, in: bytes) { return }
            }
            advance(to: next)
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace:
                if depth == 0 && braces == 0 { outermostOpen = token }
                if token.kind == .leftBrace { braces += 1 } else { depth += 1 }
            case .rightParen, .rightBracket:
                depth = max(0, depth - 1)
            case .rightBrace:
                if braces == 0 {
                    // Closes an enclosing body; consume it only if nothing else was.
                    if last == nil { index = next + 1 }
                    return
                }
                braces -= 1
            default:
                break
            }
            last = token
            index = next + 1
        }
        if depth > 0 || braces > 0, let outermostOpen {
            reportUnbalanced(outermostOpen)
        }
    }

    // MARK: - Accessor blocks

    /// Whether the `{` at `brace` opens accessors (`get`, `set`, `willSet`, `didSet`, ...).
    func isAccessorBlock(at brace: Int) -> Bool {
        firstAccessor(after: brace) != nil
    }

    /// The accessor keyword that starts the block at `brace`, past attributes and `mutating`.
    private func firstAccessor(after brace: Int) -> SwiftKeyword? {
        var next = brace + 1
        while next < tokens.count {
            let token = tokens[next]
            if token.kind.isComment {
                next += 1
                continue
            }
            if token.kind == .attribute {
                next += 1
                if next < tokens.count && tokens[next].kind == .leftParen && !tokens[next].followsWhitespace {
                    var depth = 0
                    repeat {
                        if tokens[next].kind == .leftParen { depth += 1 }
                        if tokens[next].kind == .rightParen { depth -= 1 }
                        next += 1
                    } while next < tokens.count && depth > 0
                }
                continue
            }
            guard token.kind == .identifier || token.kind == .keyword, let keyword = token.keyword else { return nil }
            switch keyword {
            case .mutating, .nonmutating, .legacyConsuming, .consuming, .borrowing:
                next += 1
            default:
                return keyword.isAccessor ? keyword : nil
            }
        }
        return nil
    }

    /// Skips the accessor block at `index` (a `{`), telling computed from observed.
    ///
    /// A block without accessor keywords is an implicit getter, so computed.
    mutating func skipAccessorBlock(
        of declaration: @autoclosure () -> String
    ) -> (isComputed: Bool, hasObservers: Bool) {
        let open = tokens[index]
        let hasAccessorList = firstAccessor(after: index) != nil
        index += 1
        var isComputed = !hasAccessorList
        var hasObservers = false
        var braces = 1
        var parentheses = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .lineComment, .docLineComment, .blockComment, .docBlockComment:
                keepDangling(token)
            case .leftBrace:
                braces += 1
            case .rightBrace:
                braces -= 1
                if braces == 0 {
                    index += 1
                    return (isComputed, hasObservers)
                }
            case .leftParen where braces == 1:
                parentheses += 1
            case .rightParen where braces == 1:
                parentheses = max(0, parentheses - 1)
            case .identifier, .keyword:
                if hasAccessorList && braces == 1 && parentheses == 0, let keyword = token.keyword, keyword.isAccessor {
                    if keyword == .willSet || keyword == .didSet {
                        hasObservers = true
                    } else {
                        isComputed = true
                    }
                }
            default:
                break
            }
            index += 1
        }
        report(.unterminatedBody(declaration: declaration()), at: open)
        return (isComputed, hasObservers)
    }
}
