extension Lexer {
    // MARK: - Literals

    mutating func lexStringLiteral() {
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
    func regexMayStartHere() -> Bool {
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
    func endOfBareRegex(from start: Int) -> Int? {
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
    mutating func lexExtendedRegex(pounds: Int) {
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
    mutating func lexNumber() {
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
