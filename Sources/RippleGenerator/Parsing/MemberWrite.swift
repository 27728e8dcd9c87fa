/// A write to a member reached through a dot, read from the tokens around it: `task._title = x`,
/// `task._count += 1`, `task?._tags.append(y)`, `task._tags[0] = y`, `swap(&a._x, &b._x)`.
///
/// ```swift
/// let file = SourceFile(path: "A.swift", text: "task._title = x")
/// let tokens = Lexer.tokenize(file).tokens
/// MemberWrite(memberAt: 2, in: tokens, of: file.bytes, reachesInside: true)?.base   // 0..<5, "task."
/// ```
///
/// A read (`let t = task._title`, `task._title == x`, `task._tags.count`), a key path
/// (`\Task._title`) or an implicit member (`._title`) is none. Without the types, mutating
/// methods are known by name: those of the standard library's collections, strings and numbers
/// (`append`, `insert`, `remove...`, `sort`, `toggle`, `formUnion`, ...).
package struct MemberWrite: Equatable, Sendable {
    /// How the member is written.
    package enum Kind: Equatable, Sendable {
        /// `=` or a compound assignment (`+=`), to it or through a subscript or member of it.
        case assignment
        /// A mutating method of it or of a part of it: `task._tags.append(y)`.
        case mutatingCall
        /// Passed `inout`: `&task._title`.
        case inoutArgument
    }

    package var kind: Kind
    /// The bytes of the expression the member is reached through, with its dot: `task.`,
    /// `tasks[0]?.`, `&task.` (without the `&`).
    package var base: Range<Int>

    /// The longest stretch of tokens looked through on either side of the member: a write is
    /// written close to it, and the bound keeps a file of many accesses linear.
    static let reach = 512

    /// The write of the member whose name is `tokens[index]`, if it is one. `reachesInside` says
    /// whether writing a part of the member's value writes the member (a value type's property,
    /// `task._point.x = 3`); for a member holding objects (nodes), only the member itself and its
    /// elements count (`task._shelves[0] = shelf`), not the objects' own members.
    package init?(memberAt index: Int, in tokens: [Token], of bytes: [UInt8], reachesInside: Bool) {
        guard index >= 2, tokens[index - 1].kind == .period, !tokens[index].followsWhitespace,
              let start = Self.startOfBase(endingAt: index - 2, in: tokens, of: bytes)
        else { return nil }
        let before = start > 0 ? tokens[start - 1] : nil
        // `\Task._title` and `\.tasks._title` are key paths, `._title` an implicit member.
        if before?.kind == .backslash || before?.kind == .period { return nil }
        base = tokens[start].range.lowerBound..<tokens[index - 1].range.upperBound
        // A prefix `&`: written against its operand.
        let isInout = before.map { $0.kind == .operator && bytes[$0.range].elementsEqual("&".utf8) } == true
            && !tokens[start].followsWhitespace
        guard let kind = Self.use(after: index, in: tokens, of: bytes, reachesInside: reachesInside, isInout: isInout) else {
            return nil
        }
        self.kind = kind
    }

    // MARK: Before the member

    /// The first token of the expression whose last token is `tokens[end]` (what stands before
    /// the dot), through calls, subscripts, `?` and `!`; `nil` when nothing does.
    private static func startOfBase(endingAt end: Int, in tokens: [Token], of bytes: [UInt8]) -> Int? {
        var index = end
        var start: Int?
        let limit = max(0, end - reach)
        while index >= limit {
            let token = tokens[index]
            if isPostfix(token, in: bytes) {
                index -= 1
            } else if token.kind == .rightParen || token.kind == .rightBracket {
                // A call or a subscript continues with what is called; parentheses alone end it.
                guard let open = matchingOpen(of: index, in: tokens, limit: limit) else { return start }
                start = open
                guard open > 0, !tokens[open].followsWhitespace, endsOperand(tokens[open - 1], in: bytes) else { return open }
                index = open - 1
            } else if token.kind == .identifier {
                start = index
                guard index >= 2, tokens[index - 1].kind == .period, !tokens[index - 1].followsWhitespace || tokens[index - 1].startsLine
                else { return index }
                index -= 2
            } else {
                return start
            }
        }
        return start
    }

    /// Whether `token` can end an operand, so that a `(` or `[` right after it calls or
    /// subscripts it.
    private static func endsOperand(_ token: Token, in bytes: [UInt8]) -> Bool {
        token.kind == .identifier || token.kind == .rightParen || token.kind == .rightBracket || isPostfix(token, in: bytes)
    }

    /// The `(` or `[` that `tokens[close]` closes.
    private static func matchingOpen(of close: Int, in tokens: [Token], limit: Int) -> Int? {
        var depth = 0
        var index = close
        while index >= limit {
            switch tokens[index].kind {
            case .rightParen, .rightBracket: depth += 1
            case .leftParen, .leftBracket:
                depth -= 1
                if depth == 0 { return index }
            case .leftBrace, .rightBrace: return nil
            default: break
            }
            index -= 1
        }
        return nil
    }

    // MARK: After the member

    /// Where a chain after the member has gone.
    private enum Position {
        /// At the member itself: `task._tags`, `task._tags?`.
        case member
        /// At an element of it: `task._tags[0]`.
        case element
        /// Into a part of the value: `task._point.x`.
        case inside
    }

    /// How the member at `index` is used, if it is written.
    private static func use(
        after index: Int, in tokens: [Token], of bytes: [UInt8], reachesInside: Bool, isInout: Bool
    ) -> Kind? {
        var index = index + 1
        var position = Position.member
        let limit = min(tokens.count, index + reach)
        while index < limit {
            let token = tokens[index]
            if isPostfix(token, in: bytes) {
                index += 1
            } else if token.kind == .leftBracket, !token.startsLine {
                // The objects of a node member are elements; their own members are theirs.
                guard reachesInside || position == .member,
                      let close = matchingClose(of: index, in: tokens, limit: limit) else { return nil }
                if position == .member { position = .element }
                index = close + 1
            } else if token.kind == .period, index + 1 < limit, tokens[index + 1].kind == .identifier {
                if index + 2 < limit, tokens[index + 2].kind == .leftParen || tokens[index + 2].kind == .leftBrace,
                   !tokens[index + 2].startsLine {
                    guard reachesInside || position == .member else { return nil }
                    return mutatingMethods.contains(bytes[tokens[index + 1].range]) ? .mutatingCall : nil
                }
                guard reachesInside else { return nil }
                position = .inside
                index += 2
            } else {
                break
            }
        }
        if isInout { return .inoutArgument }
        guard index < limit else { return nil }
        if tokens[index].kind == .equal { return .assignment }
        if tokens[index].kind == .operator, isAssignment(bytes[tokens[index].range]) { return .assignment }
        return nil
    }

    /// The `]` that closes the `[` at `open`.
    private static func matchingClose(of open: Int, in tokens: [Token], limit: Int) -> Int? {
        var depth = 0
        var index = open
        while index < limit {
            switch tokens[index].kind {
            case .leftParen, .leftBracket: depth += 1
            case .rightParen, .rightBracket:
                depth -= 1
                if depth == 0 { return index }
            case .leftBrace, .rightBrace: return nil
            default: break
            }
            index += 1
        }
        return nil
    }

    /// A `?` or `!` written right after an operand: optional chaining or a forced unwrap.
    private static func isPostfix(_ token: Token, in bytes: [UInt8]) -> Bool {
        guard token.kind == .operator, !token.followsWhitespace, token.range.count == 1 else { return false }
        let byte = bytes[token.range.lowerBound]
        return byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!")
    }

    /// Whether an operator assigns: `+=`, `&<<=`, `??=`; not `==`, `!=`, `<=`, `>=`, `===`,
    /// `!==` or `~=`.
    private static func isAssignment(_ spelling: ArraySlice<UInt8>) -> Bool {
        guard spelling.last == UInt8(ascii: "="), spelling.count >= 2 else { return false }
        return !comparisons.contains(spelling)
    }

    private static let comparisons: Set<ArraySlice<UInt8>> = Set(["==", "!=", "<=", ">=", "===", "!==", "~="].map { ArraySlice($0.utf8) })

    /// The mutating methods of the standard library's collections, strings and numbers (and
    /// SwiftUI's `move(fromOffsets:toOffset:)`), which write the value they are called on.
    static let mutatingMethods: Set<ArraySlice<UInt8>> = Set([
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "removeValue",
        "replaceSubrange", "popFirst", "popLast", "sort", "reverse", "shuffle", "swapAt", "partition", "formUnion",
        "formIntersection", "formSymmetricDifference", "subtract", "update", "updateValue", "merge", "reserveCapacity",
        "toggle", "negate", "round", "formSquareRoot", "formRemainder", "formTruncatingRemainder", "addProduct", "move",
        "trimPrefix",
    ].map { ArraySlice($0.utf8) })
}
