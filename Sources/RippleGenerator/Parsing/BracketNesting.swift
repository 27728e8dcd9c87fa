/// The brackets open at a point of an open-ended scan (an expression, a statement): `(` and `[`
/// apart from `{`, because a `}` with no `{` open ends the scan (it closes an enclosing body),
/// and the outermost one opened, which an unbalanced scan reports.
struct BracketNesting {
    private var depth = 0
    private var braces = 0
    private(set) var outermostOpen: Token?

    /// No bracket is open.
    var isOutermost: Bool { depth == 0 && braces == 0 }
    /// A bracket is still open.
    var isUnbalanced: Bool { !isOutermost }

    /// Follows one token; false for a `}` with no `{` open, which ends the scan.
    mutating func follow(_ token: Token) -> Bool {
        switch token.kind {
        case .leftParen, .leftBracket, .leftBrace:
            if isOutermost { outermostOpen = token }
            if token.kind == .leftBrace { braces += 1 } else { depth += 1 }
        case .rightParen, .rightBracket:
            depth = max(0, depth - 1)
        case .rightBrace:
            guard braces > 0 else { return false }
            braces -= 1
        default:
            break
        }
        return true
    }
}
