/// Finds the end of a Swift string literal: plain, multi-line, raw, and interpolated to any depth.
///
/// An interpolation `\( ... )` is Swift code that may hold nested string literals, parentheses,
/// closures and comments, so the scanner keeps an explicit stack of open literals and
/// interpolations instead of recursing: input nested a million levels deep costs memory, never
/// the call stack. Each byte is looked at once (but for a bounded look-ahead after `#"""`), so
/// the scan is linear.
///
/// Like the compiler, it ends a single-line literal (and any interpolation inside it) at a line
/// break, so one missing quote damages one line, not the rest of the file.
struct StringLiteralScanner {
    /// What the scan found.
    struct Result {
        /// The offset just past the literal (or where an unterminated literal stops).
        var end: Int
        /// Unterminated literals, each with the offset of its opening delimiter.
        var problems: [(message: SyntaxMessage, offset: Int)]
        /// A line break lies inside the literal.
        var spansLines: Bool
    }

    /// An open string literal or an open interpolation.
    private struct Frame {
        var isInterpolation: Bool
        /// A multi-line literal, or an interpolation inside one.
        var allowsLineBreaks: Bool
        /// The number of `#` of a raw literal.
        var pounds: Int
        /// Open parentheses of an interpolation, its own `(` included.
        var parenthesisDepth: Int
        /// Where the literal's first `#` or quote is.
        var start: Int
    }

    /// Reused between literals so that scanning allocates nothing in the common case.
    private var frames: [Frame] = []

    /// How far `#"""` looks for a closing `"#` on its own line; the bound keeps the scan linear
    /// on any input.
    private static let longestOneLineRawLookAhead = 4096

    /// Scans the literal whose opening delimiter (first `#` or quote) is at `start`.
    mutating func scan(_ bytes: [UInt8], from start: Int) -> Result {
        let end = bytes.count
        var problems: [(message: SyntaxMessage, offset: Int)] = []
        var spansLines = false
        frames.removeAll(keepingCapacity: true)
        var index = start
        open(bytes, at: &index)

        while index < end {
            let top = frames.count - 1
            let frame = frames[top]
            let byte = bytes[index]
            // A line break, in text or in an interpolation alike.
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if frame.allowsLineBreaks {
                    index += 1
                    spansLines = true
                } else if closeFramesAtLineBreak(&problems) {
                    return Result(end: index, problems: problems, spansLines: spansLines)
                }
                continue
            }
            if !frame.isInterpolation {
                switch byte {
                case UInt8(ascii: "\\"):
                    var next = index + 1
                    var pounds = 0
                    while pounds < frame.pounds && next < end && bytes[next] == UInt8(ascii: "#") {
                        pounds += 1
                        next += 1
                    }
                    if pounds < frame.pounds {
                        index += 1  // A plain backslash inside a raw literal.
                    } else if next < end && bytes[next] == UInt8(ascii: "(") {
                        frames.append(Frame(
                            isInterpolation: true, allowsLineBreaks: frame.allowsLineBreaks,
                            pounds: 0, parenthesisDepth: 1, start: index))
                        index = next + 1
                    } else if next < end && !SourceCharacter.isNewline(bytes[next]) {
                        index = next + 1  // Skip the escaped character, so `\"` does not close.
                    } else {
                        index = next  // A line continuation, or a backslash at the end of a line.
                    }
                case UInt8(ascii: "\""):
                    if let length = closingLength(bytes, frame, at: index) {
                        index += length
                        frames.removeLast()
                        if frames.isEmpty { return Result(end: index, problems: problems, spansLines: spansLines) }
                    } else {
                        index += 1
                    }
                default:
                    // Plain text runs up to the next byte this switch handles.
                    index += 1
                    while index < end && !Self.isSpecialInText(bytes[index]) { index += 1 }
                }
            } else {
                switch byte {
                case UInt8(ascii: "("):
                    frames[top].parenthesisDepth += 1
                    index += 1
                case UInt8(ascii: ")"):
                    frames[top].parenthesisDepth -= 1
                    index += 1
                    if frames[top].parenthesisDepth == 0 { frames.removeLast() }
                case UInt8(ascii: "\""):
                    open(bytes, at: &index)
                case UInt8(ascii: "#"):
                    var next = index
                    while next < end && bytes[next] == UInt8(ascii: "#") { next += 1 }
                    if next < end && bytes[next] == UInt8(ascii: "\"") {
                        open(bytes, at: &index)
                    } else {
                        index = next
                    }
                case UInt8(ascii: "/") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "*"):
                    let comment = Self.endOfBlockComment(bytes, from: index)
                    index = comment.end
                    spansLines = spansLines || comment.spansLines
                case UInt8(ascii: "/") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "/"):
                    if frame.allowsLineBreaks {
                        while index < end && !SourceCharacter.isNewline(bytes[index]) { index += 1 }
                    } else if closeFramesAtLineBreak(&problems) {
                        // A line comment cannot end inside a single-line literal.
                        return Result(end: index, problems: problems, spansLines: spansLines)
                    }
                default:
                    index += 1
                }
            }
        }
        // The end of the file: the outermost literal is the one left open.
        let outermost = frames[0]
        problems.append((unterminatedMessage(for: outermost), outermost.start))
        return Result(end: end, problems: problems, spansLines: spansLines)
    }

    /// A backslash, a quote or a line break: what can end a run of plain text in a literal.
    @inline(__always)
    private static func isSpecialInText(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") || SourceCharacter.isNewline(byte)
    }

    /// Pushes the literal whose delimiter starts at `index` and moves past the delimiter.
    private mutating func open(_ bytes: [UInt8], at index: inout Int) {
        let start = index
        var pounds = 0
        while index < bytes.count && bytes[index] == UInt8(ascii: "#") {
            pounds += 1
            index += 1
        }
        // As for the compiler, `#"""` opens a one-line raw literal when its closing `"#` follows
        // on the same line: `#"""""#` is the text `"""`.
        let isMultiline = index + 2 < bytes.count
            && bytes[index + 1] == UInt8(ascii: "\"") && bytes[index + 2] == UInt8(ascii: "\"")
            && (pounds == 0 || !Self.closesOnItsLine(bytes, from: index + 2, pounds: pounds))
        index += isMultiline ? 3 : 1
        frames.append(Frame(
            isInterpolation: false, allowsLineBreaks: isMultiline, pounds: pounds,
            parenthesisDepth: 0, start: start))
    }

    /// Whether a quote followed by `pounds` `#` comes at or after `start`, before the line ends.
    private static func closesOnItsLine(_ bytes: [UInt8], from start: Int, pounds: Int) -> Bool {
        let end = bytes.count
        let limit = min(end, start + longestOneLineRawLookAhead)
        var index = start
        while index < limit && !SourceCharacter.isNewline(bytes[index]) {
            index += 1
            guard bytes[index - 1] == UInt8(ascii: "\"") else { continue }
            var found = 0
            while found < pounds && index + found < end && bytes[index + found] == UInt8(ascii: "#") { found += 1 }
            if found == pounds { return true }
        }
        return false
    }

    /// The length of the closing delimiter at `index` (a quote) for `frame`, if it is one.
    private func closingLength(_ bytes: [UInt8], _ frame: Frame, at index: Int) -> Int? {
        var next = index + 1
        if frame.allowsLineBreaks {
            guard next + 1 < bytes.count,
                  bytes[next] == UInt8(ascii: "\""), bytes[next + 1] == UInt8(ascii: "\"")
            else { return nil }
            next += 2
        }
        guard next + frame.pounds <= bytes.count else { return nil }
        for offset in 0..<frame.pounds where bytes[next + offset] != UInt8(ascii: "#") {
            return nil
        }
        return next + frame.pounds - index
    }

    /// A line break closes every single-line literal and interpolation on top of the stack.
    ///
    /// - Returns: whether nothing is left open, so the token ends at the line break.
    private mutating func closeFramesAtLineBreak(_ problems: inout [(message: SyntaxMessage, offset: Int)]) -> Bool {
        var kept = frames.count
        while kept > 0 && !frames[kept - 1].allowsLineBreaks { kept -= 1 }
        if let literal = frames[kept...].first(where: { !$0.isInterpolation }) {
            problems.append((unterminatedMessage(for: literal), literal.start))
        }
        frames.removeSubrange(kept...)
        return frames.isEmpty
    }

    private func unterminatedMessage(for frame: Frame) -> SyntaxMessage {
        let pounds = String(repeating: "#", count: frame.pounds)
        return frame.allowsLineBreaks
            ? .unterminatedMultilineStringLiteral(closingDelimiter: "\"\"\"" + pounds)
            : .unterminatedStringLiteral(closingDelimiter: "\"" + pounds)
    }

    /// The end of the block comment at `start` (`/*`), honoring nesting.
    ///
    /// - Returns: the offset past `*/` (or the end of the buffer), whether the comment was closed,
    ///   and whether it spans a line break.
    static func endOfBlockComment(
        _ bytes: [UInt8], from start: Int
    ) -> (end: Int, isTerminated: Bool, spansLines: Bool) {
        let end = bytes.count
        var index = start + 2
        var depth = 1
        var spansLines = false
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "*") && index + 1 < end && bytes[index + 1] == UInt8(ascii: "/") {
                index += 2
                depth -= 1
                if depth == 0 { return (index, true, spansLines) }
            } else if byte == UInt8(ascii: "/") && index + 1 < end && bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                depth += 1
            } else {
                if SourceCharacter.isNewline(byte) { spansLines = true }
                index += 1
            }
        }
        return (end, false, spansLines)
    }
}
