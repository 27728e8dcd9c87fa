/// Reads a ``TypeSyntax`` from the tokens of a type, as ``DeclarationParser`` scanned them.
///
/// The type is read in pieces: every token but operators, whose characters are read one by one
/// (`>?` closes generic arguments, then makes an optional). Each type inside the type has as
/// text the part of the whole text its pieces cover, and the names of the whole that fall in it.
struct TypeReader {
    /// A token, or one character of an operator token.
    private struct Piece {
        var kind: TokenKind
        /// The character, for a piece of an operator; 0 otherwise.
        var character: UInt8
        var token: Token
        /// Where the piece starts and ends in the type's text.
        var start: Int
        var end: Int
    }

    private let pieces: [Piece]
    private let text: [UInt8]
    /// The names of the whole type, in order.
    private let nameRanges: [Range<Int>]

    /// Reads the type of `tokens[range]`, whose text ends at the byte offset `byteLimit` when one
    /// is given (a type that ends inside a `>=` token).
    static func read(
        _ tokens: [Token], _ range: Range<Int>, in bytes: [UInt8], style: TokenText.Style, endingAt byteLimit: Int? = nil
    ) -> TypeSyntax {
        let text = TokenText.render(tokens, range, in: bytes, style: style, endingAt: byteLimit)
        let starts = TokenText.offsets(tokens, range, in: bytes, style: style)
        var pieces: [Piece] = []
        for (index, start) in zip(range, starts) where !tokens[index].kind.isComment {
            let token = tokens[index]
            let end = min(token.range.upperBound, byteLimit ?? .max)
            guard token.kind == .operator else {
                pieces.append(Piece(kind: token.kind, character: 0, token: token, start: start, end: start + end - token.range.lowerBound))
                continue
            }
            for offset in token.range.lowerBound..<end {
                let position = start + offset - token.range.lowerBound
                pieces.append(Piece(kind: .operator, character: bytes[offset], token: token, start: position, end: position + 1))
            }
        }
        let reader = TypeReader(pieces: pieces, text: Array(text.utf8), nameRanges: Self.nameRanges(of: pieces, in: bytes))
        return reader.type(0..<pieces.count)
    }

    /// The names among `pieces`: a word and the `.Word`s after it, unless it is an attribute's,
    /// follows a `.`, or labels an element in parentheses (`count` in `(_ count: Int)`).
    private static func nameRanges(of pieces: [Piece], in bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var openBrackets: [UInt8] = []
        var index = 0
        while index < pieces.count {
            let piece = pieces[index]
            index += 1
            switch (piece.kind, piece.character) {
            case (.leftParen, _): openBrackets.append(UInt8(ascii: "("))
            case (.leftBracket, _): openBrackets.append(UInt8(ascii: "["))
            case (.operator, UInt8(ascii: "<")): openBrackets.append(UInt8(ascii: "<"))
            case (.rightParen, _), (.rightBracket, _), (.operator, UInt8(ascii: ">")): _ = openBrackets.popLast()
            default: break
            }
            guard piece.kind == .identifier || piece.kind == .keyword,
                  index < 2 || pieces[index - 2].kind != .period else { continue }
            if bytes[piece.token.range.lowerBound] == UInt8(ascii: "`") {
                // The name inside the backticks.
                ranges.append((piece.start + 1)..<(piece.end - 1))
                continue
            }
            guard SwiftText.isNameByte(bytes[piece.token.range.lowerBound]) else { continue }
            var end = piece.end
            while index + 1 < pieces.count, pieces[index].kind == .period,
                  pieces[index + 1].kind == .identifier || pieces[index + 1].kind == .keyword {
                end = pieces[index + 1].end
                index += 2
            }
            let isLabel = index < pieces.count && pieces[index].kind == .colon && openBrackets.last == UInt8(ascii: "(")
            if !isLabel { ranges.append(piece.start..<end) }
        }
        return ranges
    }

    // MARK: Structure

    /// The type of `pieces[range]`.
    private func type(_ range: Range<Int>) -> TypeSyntax {
        guard let first = range.first, let last = range.last else {
            return TypeSyntax(text: "", form: .other, nameRanges: [], hasArrowOutsideBrackets: false)
        }
        let (start, end) = (pieces[first].start, pieces[last].end)
        return TypeSyntax(
            text: String(decoding: text[start..<end], as: UTF8.self), form: form(range),
            nameRanges: nameRanges.filter { $0.lowerBound >= start && $0.upperBound <= end }
                .map { ($0.lowerBound - start)..<($0.upperBound - start) },
            hasArrowOutsideBrackets: hasArrowOutsideBrackets(range))
    }

    private func form(_ range: Range<Int>) -> TypeSyntax.Form {
        guard let first = range.first, let last = range.last else { return .other }
        if pieces[first].kind == .attribute {
            return attributedForm(range)
        }
        if range.count > 1 && pieces[last].kind == .operator {
            switch pieces[last].character {
            case UInt8(ascii: "?"): return .optional(type(first..<last))
            case UInt8(ascii: "!"): return .implicitlyUnwrapped(type(first..<last))
            default: break
            }
        }
        switch pieces[first].kind {
        case .leftBracket:
            guard closingBracket(from: first) == last else { return .other }
            let parts = split(first + 1..<last, at: .colon)
            switch parts.count {
            case 1: return .array(type(parts[0]))
            case 2: return .dictionary(key: type(parts[0]), value: type(parts[1]))
            default: return .other
            }
        case .leftParen:
            guard closingBracket(from: first) == last else { return .other }
            return .tuple(first + 1 == last ? [] : split(first + 1..<last, at: .comma).map(type))
        case .identifier, .keyword:
            return namedForm(range)
        default:
            return .other
        }
    }

    /// `@Attribute Type`, `@convention(c) Type`: an attribute written without spaces, then a type.
    private func attributedForm(_ range: Range<Int>) -> TypeSyntax.Form {
        var next = range.lowerBound + 1
        if next < range.upperBound, pieces[next].kind == .leftParen, !pieces[next].token.followsWhitespace {
            guard let close = closingBracket(from: next) else { return .other }
            next = close + 1
        }
        guard next < range.upperBound,
              !text[pieces[range.lowerBound].start..<pieces[next - 1].end].contains(UInt8(ascii: " "))
        else { return .other }
        return .attributed(type(next..<range.upperBound))
    }

    /// `Name`, `Outer.Name`, `Name<Arguments>`.
    private func namedForm(_ range: Range<Int>) -> TypeSyntax.Form {
        var next = range.lowerBound + 1
        while next + 1 < range.upperBound, pieces[next].kind == .period,
              pieces[next + 1].kind == .identifier || pieces[next + 1].kind == .keyword {
            next += 2
        }
        let name = String(decoding: text[pieces[range.lowerBound].start..<pieces[next - 1].end], as: UTF8.self)
        guard SwiftText.isTypeName(name) else { return .other }
        if next == range.upperBound {
            return .named(name, arguments: [])
        }
        guard pieces[next].kind == .operator, pieces[next].character == UInt8(ascii: "<"),
              closingBracket(from: next) == range.upperBound - 1 else { return .other }
        return .named(name, arguments: split(next + 1..<range.upperBound - 1, at: .comma).map(type))
    }

    /// The position of the piece that closes the bracket at `open` (`(`, `[` or `<`), `nil`
    /// when none does. Angle brackets count only from a `<`.
    private func closingBracket(from open: Int) -> Int? {
        let countsAngles = pieces[open].kind == .operator
        var depth = 0
        for index in open..<pieces.count {
            switch (pieces[index].kind, pieces[index].character) {
            case (.leftParen, _), (.leftBracket, _), (.leftBrace, _):
                depth += 1
            case (.operator, UInt8(ascii: "<")) where countsAngles:
                depth += 1
            case (.rightParen, _), (.rightBracket, _), (.rightBrace, _):
                depth -= 1
                if depth == 0 { return index }
            case (.operator, UInt8(ascii: ">")) where countsAngles:
                depth -= 1
                if depth == 0 { return index }
            default:
                break
            }
        }
        return nil
    }

    /// `range` split at the `separator`s outside brackets; the whole range when a bracket in it
    /// does not close.
    private func split(_ range: Range<Int>, at separator: TokenKind) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var partStart = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let piece = pieces[index]
            if piece.kind == .leftParen || piece.kind == .leftBracket
                || (piece.kind == .operator && piece.character == UInt8(ascii: "<")) {
                guard let close = closingBracket(from: index), close < range.upperBound else { return [range] }
                index = close
            } else if piece.kind == separator {
                parts.append(partStart..<index)
                partStart = index + 1
            }
            index += 1
        }
        parts.append(partStart..<range.upperBound)
        return parts
    }

    private func hasArrowOutsideBrackets(_ range: Range<Int>) -> Bool {
        var depth = 0
        for index in range {
            switch pieces[index].kind {
            case .leftParen, .leftBracket: depth += 1
            case .rightParen, .rightBracket: depth -= 1
            case .arrow where depth <= 0: return true
            default: break
            }
        }
        return false
    }
}
