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
enum TemplateScanner {
    /// A piece of the template after scanning: UTF-8 text, or a tag.
    enum Token {
        case text([UInt8])
        case tag(Tag)
    }

    struct Tag {
        enum Kind {
            /// `{{ … }}`
            case output
            /// `{% … %}`
            case block
            /// `{# … #}`
            case comment

            /// The closing delimiter, as it is quoted in messages.
            var closer: String {
                switch self {
                case .output: "}}"
                case .block: "%}"
                case .comment: "#}"
                }
            }
        }

        var kind: Kind
        /// The bytes between the delimiters, without whitespace-control dashes.
        var content: Range<Int>
        /// The offsets of the opening delimiter, and after the closing one.
        var start: Int
        var end: Int
        var trimsBefore: Bool
        var trimsAfter: Bool
    }

    /// A tag, or text up to a newline or a tag: the source as a list of lines of pieces.
    private enum Piece {
        case text(Range<Int>)
        case tag(Tag)
    }

    /// Scans `source` into tokens.
    ///
    /// - Throws: `TemplateError` for a tag that is never closed.
    static func tokens(of source: TemplateSource) throws(TemplateError) -> [Token] {
        var pieces = try pieces(of: source)
        removeBlockLines(from: &pieces, in: source.bytes)
        for case (let index, .tag(let tag)) in pieces.enumerated() {
            if tag.trimsBefore { trimWhitespace(of: &pieces, from: index - 1, by: -1, in: source.bytes) }
            if tag.trimsAfter { trimWhitespace(of: &pieces, from: index + 1, by: 1, in: source.bytes) }
        }
        // Join neighbouring text, across the comments dropped.
        var tokens: [Token] = []
        var text: [UInt8] = []
        for piece in pieces {
            switch piece {
            case .text(let range):
                text += source.bytes[range]
            case .tag(let tag) where tag.kind != .comment:
                if !text.isEmpty { tokens.append(.text(text)) }
                text = []
                tokens.append(.tag(tag))
            case .tag:
                continue
            }
        }
        return text.isEmpty ? tokens : tokens + [.text(text)]
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }

    private static func pieces(of source: TemplateSource) throws(TemplateError) -> [Piece] {
        let bytes = source.bytes
        var pieces: [Piece] = []
        var textStart = 0
        var offset = 0
        while offset < bytes.count {
            let kind: Tag.Kind? = switch offset + 1 < bytes.count && bytes[offset] == UInt8(ascii: "{") ? bytes[offset + 1] : 0 {
            case UInt8(ascii: "{"): .output
            case UInt8(ascii: "%"): .block
            case UInt8(ascii: "#"): .comment
            default: nil
            }
            guard kind != nil || bytes[offset] == UInt8(ascii: "\n") else {
                offset += 1
                continue
            }
            let textEnd = kind == nil ? offset + 1 : offset
            if textStart < textEnd {
                pieces.append(.text(textStart..<textEnd))
            }
            if let kind {
                let tag = try scanTag(kind, at: offset, in: source)
                pieces.append(.tag(tag))
                offset = tag.end
            } else {
                offset += 1
            }
            textStart = offset
        }
        if textStart < bytes.count {
            pieces.append(.text(textStart..<bytes.count))
        }
        return pieces
    }

    /// Scans the tag whose opening delimiter is at `start`.
    private static func scanTag(_ kind: Tag.Kind, at start: Int, in source: TemplateSource) throws(TemplateError) -> Tag {
        let bytes = source.bytes
        let closer = Array(kind.closer.utf8)
        var offset = start + 2
        let trimsBefore = offset < bytes.count && bytes[offset] == UInt8(ascii: "-")
        let contentStart = trimsBefore ? offset + 1 : offset
        offset = contentStart
        while offset + 1 < bytes.count {
            let byte = bytes[offset]
            if kind != .comment, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                // Skip strings, so that a closing delimiter inside one does not end the tag.
                guard let end = endOfString(startingAt: offset, in: bytes) else {
                    throw source.error(.unterminatedString(quote: Character(Unicode.Scalar(byte))), at: offset)
                }
                offset = end
                continue
            }
            if byte == closer[0], bytes[offset + 1] == closer[1] {
                let trimsAfter = offset > contentStart && bytes[offset - 1] == UInt8(ascii: "-")
                let content = contentStart..<(trimsAfter ? offset - 1 : offset)
                return Tag(
                    kind: kind, content: content, start: start, end: offset + 2, trimsBefore: trimsBefore,
                    trimsAfter: trimsAfter)
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
        let opener = String(decoding: bytes[start..<start + 2], as: UTF8.self)
        throw source.error(.unterminatedTag(opener: opener, closer: kind.closer), at: start)
    }

    /// The offset after the string literal starting at `start`, or `nil` when a newline or
    /// the end of the template comes before its closing quote.
    private static func endOfString(startingAt start: Int, in bytes: [UInt8]) -> Int? {
        var offset = start + 1
        while offset < bytes.count {
            switch bytes[offset] {
            case bytes[start]: return offset + 1
            case UInt8(ascii: "\n"): return nil
            case UInt8(ascii: "\\"): offset += 2
            default: offset += 1
            }
        }
        return nil
    }

    /// Rule 1: empties the text of every block line.
    private static func removeBlockLines(from pieces: inout [Piece], in bytes: [UInt8]) {
        var lineStart = 0
        for index in pieces.indices {
            // A line ends with a newline, or at the end of the template.
            if index < pieces.count - 1 {
                guard case .text(let range) = pieces[index], bytes[range.upperBound - 1] == UInt8(ascii: "\n") else {
                    continue
                }
            }
            let line = lineStart...index
            lineStart = index + 1
            var hasBlockTag = false
            var hasContent = false
            for piece in pieces[line] {
                switch piece {
                case .tag(let tag) where tag.kind == .output: hasContent = true
                case .tag: hasBlockTag = true
                case .text(let range): hasContent = hasContent || !bytes[range].allSatisfy(isWhitespace)
                }
            }
            guard hasBlockTag, !hasContent else { continue }
            for index in line {
                if case .text(let range) = pieces[index] {
                    pieces[index] = .text(range.lowerBound..<range.lowerBound)
                }
            }
        }
    }

    /// Rule 2: removes the whitespace of the text pieces from `start` on, going `step` by
    /// `step`, up to text that is not whitespace or a tag.
    private static func trimWhitespace(of pieces: inout [Piece], from start: Int, by step: Int, in bytes: [UInt8]) {
        var index = start
        while pieces.indices.contains(index), case .text(var range) = pieces[index] {
            while let byte = step < 0 ? range.last : range.first, isWhitespace(bytes[byte]) {
                range = step < 0 ? range.dropLast() : range.dropFirst()
            }
            pieces[index] = .text(range)
            guard range.isEmpty else { return }
            index += step
        }
    }
}
