/// Splits a template's source into text and tags, and applies the whitespace rules.
///
/// The rules, applied in this order:
/// 1. A *block line*, a line whose only content is one or more `{% … %}` or `{# … #}` tags
///    with optional spaces and tabs around them, produces no output at all: its leading
///    whitespace, trailing whitespace and newline are removed. (Newlines inside a tag do not
///    end a line, so a comment spanning several lines vanishes the same way.)
/// 2. A `-` just inside a delimiter (`{%-`, `-%}`, also `{{-`, `-}}`, `{#-`, `-#}`) removes all
///    whitespace, newlines included, on that side of the tag.
///
/// Text around tags on any other line is kept as written. Comments are dropped once the
/// rules have run, so the text on both sides of one joins up.
struct TemplateScanner {
    /// A piece of the template after scanning.
    enum Token {
        case text(String)
        case tag(Tag)
    }

    /// A tag: its kind and where its content is.
    struct Tag {
        enum Kind {
            /// `{{ … }}`
            case output
            /// `{% … %}`
            case block
            /// `{# … #}`
            case comment
        }

        var kind: Kind
        /// The bytes between the delimiters, without whitespace-control dashes.
        var content: Range<Int>
        /// The offset of the opening delimiter.
        var start: Int
        var trimsBefore: Bool
        var trimsAfter: Bool

        /// The closing delimiter, as it is quoted in messages.
        var closer: String {
            switch kind {
            case .output: "}}"
            case .block: "%}"
            case .comment: "#}"
            }
        }
    }

    private enum Piece {
        case text(Range<Int>)
        case tag(Tag)
    }

    private let source: TemplateSource
    private var bytes: [UInt8] { source.bytes }

    /// Scans `source` into tokens.
    ///
    /// - Throws: `TemplateError` for a tag that is never closed.
    static func tokens(of source: TemplateSource) throws(TemplateError) -> [Token] {
        let scanner = TemplateScanner(source: source)
        var pieces = try scanner.pieces()
        pieces = scanner.removingBlockLines(from: pieces)
        scanner.applyTrimMarkers(to: &pieces)
        return scanner.tokens(from: pieces)
    }

    private init(source: TemplateSource) {
        self.source = source
    }

    // MARK: Splitting

    private func pieces() throws(TemplateError) -> [Piece] {
        var pieces: [Piece] = []
        var textStart = 0
        var offset = 0
        while offset + 1 < bytes.count {
            guard bytes[offset] == UInt8(ascii: "{") else {
                offset += 1
                continue
            }
            let kind: Tag.Kind
            switch bytes[offset + 1] {
            case UInt8(ascii: "{"): kind = .output
            case UInt8(ascii: "%"): kind = .block
            case UInt8(ascii: "#"): kind = .comment
            default:
                offset += 1
                continue
            }
            if textStart < offset {
                pieces.append(.text(textStart..<offset))
            }
            let (tag, end) = try scanTag(kind, at: offset)
            pieces.append(.tag(tag))
            offset = end
            textStart = end
        }
        if textStart < bytes.count {
            pieces.append(.text(textStart..<bytes.count))
        }
        return pieces
    }

    /// Scans the tag whose opening delimiter is at `start`; returns it and the offset after it.
    private func scanTag(_ kind: Tag.Kind, at start: Int) throws(TemplateError) -> (Tag, Int) {
        let closingMark: UInt8 = switch kind {
        case .output: UInt8(ascii: "}")
        case .block: UInt8(ascii: "%")
        case .comment: UInt8(ascii: "#")
        }
        var offset = start + 2
        let trimsBefore = offset < bytes.count && bytes[offset] == UInt8(ascii: "-")
        if trimsBefore {
            offset += 1
        }
        let contentStart = offset
        while offset + 1 < bytes.count {
            let byte = bytes[offset]
            if kind != .comment, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                // Skip strings, so that a closing delimiter inside one does not end the tag.
                guard let end = endOfString(startingAt: offset) else {
                    throw source.error(.unterminatedString(quote: Character(Unicode.Scalar(byte))), at: offset)
                }
                offset = end
                continue
            }
            if byte == closingMark, bytes[offset + 1] == UInt8(ascii: "}") {
                var contentEnd = offset
                let trimsAfter = contentEnd > contentStart && bytes[contentEnd - 1] == UInt8(ascii: "-")
                if trimsAfter {
                    contentEnd -= 1
                }
                let tag = Tag(
                    kind: kind, content: contentStart..<contentEnd, start: start,
                    trimsBefore: trimsBefore, trimsAfter: trimsAfter)
                return (tag, offset + 2)
            }
            // Another opening delimiter means this tag was never closed; say so here rather
            // than swallowing the rest of the template.
            if kind != .comment, byte == UInt8(ascii: "{"),
                bytes[offset + 1] == UInt8(ascii: "{") || bytes[offset + 1] == UInt8(ascii: "%")
            {
                break
            }
            offset += 1
        }
        let opener = kind == .output ? "{{" : kind == .block ? "{%" : "{#"
        let closer = String(decoding: [closingMark, UInt8(ascii: "}")], as: UTF8.self)
        throw source.error(.unterminatedTag(opener: opener, closer: closer), at: start)
    }

    /// The offset after the string literal starting at `start`, or `nil` when a newline or
    /// the end of the template comes before its closing quote.
    private func endOfString(startingAt start: Int) -> Int? {
        let quote = bytes[start]
        var offset = start + 1
        while offset < bytes.count {
            switch bytes[offset] {
            case quote: return offset + 1
            case UInt8(ascii: "\n"): return nil
            case UInt8(ascii: "\\"): offset += 2
            default: offset += 1
            }
        }
        return nil
    }

    // MARK: Whitespace rules

    private func isSpaceOrTab(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        isSpaceOrTab(byte) || byte == UInt8(ascii: "\n")
    }

    /// Rule 1: removes the text of every block line.
    private func removingBlockLines(from pieces: [Piece]) -> [Piece] {
        // Find the block lines as byte ranges, newline included.
        var blockLines: [Range<Int>] = []
        var lineStart = 0
        var hasBlockTag = false
        var hasOtherContent = false
        for piece in pieces {
            switch piece {
            case .tag(let tag):
                if tag.kind == .output {
                    hasOtherContent = true
                } else {
                    hasBlockTag = true
                }
            case .text(let range):
                for offset in range {
                    let byte = bytes[offset]
                    if byte == UInt8(ascii: "\n") {
                        if hasBlockTag && !hasOtherContent {
                            blockLines.append(lineStart..<offset + 1)
                        }
                        lineStart = offset + 1
                        hasBlockTag = false
                        hasOtherContent = false
                    } else if !isSpaceOrTab(byte) {
                        hasOtherContent = true
                    }
                }
            }
        }
        if hasBlockTag && !hasOtherContent {
            blockLines.append(lineStart..<bytes.count)
        }
        guard !blockLines.isEmpty else { return pieces }

        // Cut those ranges out of the text pieces. Both lists are in source order.
        var result: [Piece] = []
        result.reserveCapacity(pieces.count)
        var next = 0
        for piece in pieces {
            guard case .text(let range) = piece else {
                result.append(piece)
                continue
            }
            var cursor = range.lowerBound
            while next < blockLines.count, blockLines[next].lowerBound < range.upperBound {
                let blockLine = blockLines[next]
                if blockLine.lowerBound > cursor {
                    result.append(.text(cursor..<blockLine.lowerBound))
                }
                cursor = max(cursor, blockLine.upperBound)
                if blockLine.upperBound > range.upperBound {
                    break  // The block line continues past this piece.
                }
                next += 1
            }
            if cursor < range.upperBound {
                result.append(.text(cursor..<range.upperBound))
            }
        }
        return result
    }

    /// Rule 2: trims the text next to tags marked with `-`.
    private func applyTrimMarkers(to pieces: inout [Piece]) {
        for index in pieces.indices {
            guard case .tag(let tag) = pieces[index] else { continue }
            if tag.trimsBefore {
                var previous = index - 1
                while previous >= 0, case .text(var range) = pieces[previous] {
                    while !range.isEmpty, isWhitespace(bytes[range.upperBound - 1]) {
                        range = range.lowerBound..<range.upperBound - 1
                    }
                    pieces[previous] = .text(range)
                    guard range.isEmpty else { break }
                    previous -= 1
                }
            }
            if tag.trimsAfter {
                var following = index + 1
                while following < pieces.count, case .text(var range) = pieces[following] {
                    while !range.isEmpty, isWhitespace(bytes[range.lowerBound]) {
                        range = range.lowerBound + 1..<range.upperBound
                    }
                    pieces[following] = .text(range)
                    guard range.isEmpty else { break }
                    following += 1
                }
            }
        }
    }

    /// Joins neighbouring text (also across the comments it drops) into single tokens.
    private func tokens(from pieces: [Piece]) -> [Token] {
        var tokens: [Token] = []
        var pendingText: [UInt8] = []
        for piece in pieces {
            switch piece {
            case .text(let range):
                pendingText.append(contentsOf: bytes[range])
            case .tag(let tag) where tag.kind == .comment:
                continue
            case .tag(let tag):
                if !pendingText.isEmpty {
                    tokens.append(.text(String(decoding: pendingText, as: UTF8.self)))
                    pendingText.removeAll(keepingCapacity: true)
                }
                tokens.append(.tag(tag))
            }
        }
        if !pendingText.isEmpty {
            tokens.append(.text(String(decoding: pendingText, as: UTF8.self)))
        }
        return tokens
    }
}
