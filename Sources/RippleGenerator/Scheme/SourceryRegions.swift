/// The Sourcery markers of one file: its `// sourcery:inline:` ... `// sourcery:end` regions,
/// the inline regions that never end, and the `// sourcery:begin:` annotation blocks.
///
/// ```swift
/// let regions = SourceryRegions(parsed.file, parser: AnnotationParser(prefix: "sourcery"))
/// regions.inline.first?.lines   // 7...23
/// ```
///
/// The scheme reports what the regions hold; `ripple-gen migrate` deletes them.
package struct SourceryRegions: Sendable {
    /// One `// sourcery:inline:` ... `// sourcery:end` region.
    package struct Region: Hashable, Sendable {
        /// Where the `// sourcery:inline:` comment starts.
        package var start: SourceLocation
        /// Where the `// sourcery:end` comment starts.
        package var end: SourceLocation
        /// The lines from the opening comment through the closing one.
        package var lines: ClosedRange<Int> { start.line...end.line }
    }

    /// The complete inline regions, in source order.
    package var inline: [Region] = []
    /// Where each `// sourcery:inline:` without a `// sourcery:end` starts.
    package var unterminated: [SourceLocation] = []
    /// Where each `// sourcery:begin:` block starts, with the items of its line.
    package var blocks: [(location: SourceLocation, line: AnnotationParser.Line)] = []

    /// Finds the markers of `file`; none unless `parser` reads the sourcery dialect.
    package init(_ file: SourceFile, parser: AnnotationParser) {
        guard parser.dialect == .sourcery else { return }
        var open: SourceLocation?
        for token in Lexer.tokenize(file).tokens where token.kind == .lineComment {
            let location = file.location(ofOffset: token.range.lowerBound)
            guard let marker = parser.sourceryMarker(comment: file.text(token.range), at: location) else { continue }
            switch marker {
            case .inline:
                if let open { unterminated.append(open) }
                open = location
            case .end:
                if let start = open { inline.append(Region(start: start, end: location)) }
                open = nil
            case .begin(let line):
                blocks.append((location, line))
            case .file:
                continue
            }
        }
        if let open { unterminated.append(open) }
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
