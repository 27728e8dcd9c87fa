/// The Sourcery markers of one file: its `// sourcery:inline:` ... `// sourcery:end` regions,
/// the inline regions that never end, and the `// sourcery:begin:` annotation blocks.
///
/// ```swift
/// let markers = SourceryMarkers(parsed, parser: QuantwmDialect().parser)
/// markers.inline.first?.lines   // 7...23
/// ```
///
/// The dialect reports what the regions hold; `ripple-gen migrate` deletes them.
package struct SourceryMarkers: Sendable {
    /// One `// sourcery:inline:` ... `// sourcery:end` region.
    package struct Region: Equatable, Sendable {
        /// Where the `// sourcery:inline:` comment starts.
        package var start: SourceLocation
        /// Where the `// sourcery:end` comment starts.
        package var end: SourceLocation
        /// The lines from the opening comment through the closing one.
        package var lines: ClosedRange<Int> { start.line...end.line }
    }

    /// A Sourcery comment that is not an annotation.
    package enum Marker: Equatable, Sendable {
        /// `// sourcery:inline:Library.QuantwmDeclarationInline`: code that Sourcery generated
        /// follows, up to the next ``end``.
        case inline
        /// `// sourcery:end`: ends an inline region or an annotation block.
        case end
        /// `// sourcery:begin: ITEM, ...`: Sourcery's annotation block, which gives its items to
        /// every declaration up to the next ``end``; the line holds the items.
        case begin(AnnotationParser.Line)
        /// `// sourcery:file:...`: where Sourcery writes generated code.
        case file
    }

    /// The complete inline regions, in source order.
    package var inline: [Region] = []
    /// Where each `// sourcery:inline:` without a `// sourcery:end` starts.
    package var unterminated: [SourceLocation] = []
    /// Where each `// sourcery:begin:` block starts, with the items of its line.
    package var blocks: [(location: SourceLocation, line: AnnotationParser.Line)] = []

    /// Finds the markers among the comments of `file`, written with the prefix of `parser`.
    package init(_ file: ParsedFile, parser: AnnotationParser) {
        var open: SourceLocation?
        for comment in file.comments() where comment.kind == .line {
            guard let marker = Self.marker(comment, parser: parser) else { continue }
            switch marker {
            case .inline:
                if let open { unterminated.append(open) }
                open = comment.location
            case .end:
                if let start = open { inline.append(Region(start: start, end: comment.location)) }
                open = nil
            case .begin(let line):
                blocks.append((comment.location, line))
            case .file:
                continue
            }
        }
        if let open { unterminated.append(open) }
    }

    /// The marker a `//` comment is: `inline:`, `end`, `begin:` or `file:` right after the
    /// prefix and its colon; `nil` for any other comment.
    package static func marker(_ comment: Comment, parser: AnnotationParser) -> Marker? {
        guard let start = parser.itemsOffset(comment: comment.text) else { return nil }
        let bytes = Array(comment.text.utf8)
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let wordStart = bytes[start...].firstIndex { !isSpace($0) } ?? bytes.count
        let wordEnd = bytes[wordStart...].firstIndex { !SwiftText.isNameByte($0) } ?? bytes.count
        let hasColon = wordEnd < bytes.count && bytes[wordEnd] == UInt8(ascii: ":")
        switch String(decoding: bytes[wordStart..<wordEnd], as: UTF8.self) {
        case "end":
            return bytes[wordEnd...].allSatisfy(isSpace) ? .end : nil
        case "inline" where hasColon:
            return .inline
        case "file" where hasColon:
            return .file
        case "begin" where hasColon:
            return .begin(parser.parseItems(comment: comment.text, from: wordEnd + 1, at: comment.location))
        default:
            return nil
        }
    }

    /// The position in `regions` (line ranges in source order, apart from one another, as
    /// ``inline`` holds them) of the one that contains `line`, found by binary search.
    static func region(containing line: Int, in regions: [ClosedRange<Int>]) -> Int? {
        // The last region that starts at or before the line.
        var low = 0
        var high = regions.count
        while low < high {
            let middle = (low + high) / 2
            if regions[middle].lowerBound <= line { low = middle + 1 } else { high = middle }
        }
        return low > 0 && regions[low - 1].contains(line) ? low - 1 : nil
    }
}
