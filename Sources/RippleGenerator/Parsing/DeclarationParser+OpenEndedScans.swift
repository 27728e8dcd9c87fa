/// The open-ended scans (types, expressions, statements).
///
/// They decide where a construct ends by Swift's line rules (`continuesLine(after:with:in:)`, in
/// DeclarationParser+Scanning.swift) and look past comments before consuming them.
extension DeclarationParser {
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
        var nesting = BracketNesting()
        var ternaries = 0
        var last: Token?
        loop: while true {
            let next = significantIndex(from: index)
            guard next < tokens.count else { break }
            let token = tokens[next]
            if nesting.isOutermost {
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
            guard nesting.follow(token) else {
                // An unclosed `(` or `[`; this `}` closes an enclosing body.
                if let outermostOpen = nesting.outermostOpen { reportUnbalanced(outermostOpen) }
                break loop
            }
            last = token
            index = next + 1
        }
        if index >= tokens.count && nesting.isUnbalanced, let outermostOpen = nesting.outermostOpen {
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
        var nesting = BracketNesting()
        var last: Token?
        while true {
            let next = significantIndex(from: index)
            guard next < tokens.count else { break }
            let token = tokens[next]
            if nesting.isOutermost, let last {
                if token.kind == .rightBrace { return }
                if token.kind == .semicolon {
                    advance(to: next + 1)
                    return
                }
                if token.startsLine && !Self.continuesLine(after: last, with: token, in: bytes) { return }
            }
            advance(to: next)
            guard nesting.follow(token) else {
                // Closes an enclosing body; consume it only if nothing else was.
                if last == nil { index = next + 1 }
                return
            }
            last = token
            index = next + 1
        }
        if nesting.isUnbalanced, let outermostOpen = nesting.outermostOpen {
            reportUnbalanced(outermostOpen)
        }
    }
}
