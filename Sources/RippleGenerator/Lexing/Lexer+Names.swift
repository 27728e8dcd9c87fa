extension Lexer {
    // MARK: - Names and punctuation

    mutating func lexPunctuation(_ kind: TokenKind) {
        let start = position
        position += 1
        append(kind, from: start)
    }

    mutating func skipIdentifierBody() {
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

    mutating func lexIdentifier() {
        let start = position
        let end = Self.endOfIdentifierBody(in: bytes, from: start + 1)
        position = end
        // Every keyword starts with a lowercase letter or `_`; type names skip the look-up.
        let keyword = bytes[start] >= UInt8(ascii: "_") ? keywords.keyword(in: bytes, from: start, to: end) : nil
        append(keyword?.isReserved == true ? .keyword : .identifier, from: start, keyword: keyword)
    }

    mutating func lexNonASCII() {
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
    mutating func lexBacktickedIdentifier() {
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

    mutating func lexAttribute() {
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
    mutating func lexPound() {
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
}
