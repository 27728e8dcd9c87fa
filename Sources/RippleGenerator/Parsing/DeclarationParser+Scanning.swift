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
            if skipDanglingComment() { continue }
            let token = tokens[index]
            switch token.kind {
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
            if keepingComments && skipDanglingComment() { continue }
            switch tokens[index].kind {
            case .leftBrace:
                depth += 1
            case .rightBrace:
                depth -= 1
                if depth == 0 {
                    index += 1
                    return true
                }
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
            if skipDanglingComment() { continue }
            let token = tokens[index]
            switch token.kind {
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

    mutating func reportUnbalanced(_ open: Token) {
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
            if skipDanglingComment() { continue }
            let token = tokens[index]
            switch token.kind {
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
