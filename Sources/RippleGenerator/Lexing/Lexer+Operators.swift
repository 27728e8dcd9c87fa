extension Lexer {
    // MARK: - Operators and comments

    mutating func lexOperator() {
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
    mutating func lexSlash() {
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
}
