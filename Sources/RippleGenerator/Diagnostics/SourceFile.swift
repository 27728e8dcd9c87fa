/// The bytes of one Swift source file, with its path and a line table for diagnostics.
///
/// Every later stage works on UTF-8 byte offsets; this type turns an offset into a
/// ``SourceLocation``. `\n`, `\r\n` and a lone `\r` each end a line, as they do for the Swift
/// compiler.
///
/// ```swift
/// let parsed = SwiftParser.parse(SourceFile(path: "Library.swift", text: source))
/// let location = parsed.file.location(ofOffset: token.range.lowerBound)
/// ```
///
/// The line table (where each line starts) is not computed when the file is created: the lexer
/// finds every line break anyway, so it records them as it goes, and ``SwiftParser`` hands back
/// the file with the table in ``ParsedFile/file``, where a location costs a binary search.
/// A file that was never lexed counts the line breaks in front of the offset instead, which
/// suits an occasional diagnostic but not a location per token.
package struct SourceFile: Sendable {
    /// The path used in diagnostics.
    package let path: String
    /// The UTF-8 content of the file.
    package let bytes: [UInt8]
    /// The byte offset at which each line starts (the first entry is always 0), once recorded.
    private let lineStarts: [Int]?

    /// Creates a source file from text.
    package init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Creates a source file from UTF-8 bytes (invalid UTF-8 is tolerated).
    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.lineStarts = nil
    }

    private init(path: String, bytes: [UInt8], lineStarts: [Int]) {
        self.path = path
        self.bytes = bytes
        self.lineStarts = lineStarts
    }

    /// This file with its line table, as the lexer recorded it.
    ///
    /// - Parameter lineStarts: The offset at which each line starts, in order, beginning with 0;
    ///   what ``SourceFile/appendLineStarts(of:in:to:)`` gives for the whole file.
    func withLineStarts(_ lineStarts: [Int]) -> SourceFile {
        SourceFile(path: path, bytes: bytes, lineStarts: lineStarts)
    }

    /// The byte offset at which each line starts, beginning with 0; a line break at the very
    /// end starts one more (empty) line.
    package var lineStartOffsets: [Int] {
        if let lineStarts { return lineStarts }
        var starts = [0]
        Self.appendLineStarts(of: bytes, in: bytes.indices, to: &starts)
        return starts
    }

    /// The number of lines; a file without a final newline still counts its last line.
    package var lineCount: Int {
        if let lineStarts { return lineStarts.count }
        return lineStart(before: bytes.count).line + 1
    }

    /// The line and byte column of a byte offset; offsets outside the file are clamped to it.
    package func location(ofOffset offset: Int) -> SourceLocation {
        var lineHint = 0
        return location(ofOffset: offset, lineHint: &lineHint)
    }

    /// The location of a byte offset, searching from the line `lineHint`.
    ///
    /// For callers that visit offsets mostly in order, as parsers do: an offset on the hinted
    /// line or a few lines below it costs a few comparisons, any other a binary search.
    /// `lineHint` (0-based) is updated to the line found.
    package func location(ofOffset offset: Int, lineHint: inout Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        guard let lineStarts else {
            let (line, start) = lineStart(before: offset)
            return SourceLocation(line: line + 1, column: offset - start + 1)
        }
        let line = Self.line(containing: offset, in: lineStarts, from: lineHint)
        lineHint = line
        return SourceLocation(line: line + 1, column: offset - lineStarts[line] + 1)
    }

    /// The 0-based line of `offset`: the last entry of `lineStarts` that is <= `offset`.
    @inline(__always)
    private static func line(containing offset: Int, in lineStarts: [Int], from hint: Int) -> Int {
        let count = lineStarts.count
        var low = min(max(hint, 0), count - 1)
        var high = count
        if lineStarts[low] <= offset {
            // Walk down a few lines from the hint.
            for _ in 0..<8 {
                if low + 1 == count || lineStarts[low + 1] > offset { return low }
                low += 1
            }
        } else {
            high = low
            low = 0
        }
        // Bisect, keeping lineStarts[low] <= offset < lineStarts[high] (or high == count).
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset {
                low = middle
            } else {
                high = middle
            }
        }
        return low
    }

    /// The 0-based line of `offset` and the offset where that line starts, by counting the line
    /// breaks in front of it: for a file without a line table.
    private func lineStart(before offset: Int) -> (line: Int, start: Int) {
        var line = 0
        var start = 0
        for index in 0..<offset where Self.endsLine(bytes, at: index) {
            line += 1
            start = index + 1
        }
        return (line, start)
    }

    /// Appends the offset after each line break in `buffer[range]` to `starts`.
    ///
    /// A `\r` whose `\n` follows it (even past the range) ends its line at the `\n`, so
    /// consecutive ranges that cover a file yield the file's line starts in order, each once.
    static func appendLineStarts<Bytes: RandomAccessCollection<UInt8>>(
        of buffer: Bytes, in range: Range<Int>, to starts: inout [Int]
    ) where Bytes.Index == Int {
        for index in range where endsLine(buffer, at: index) {
            starts.append(index + 1)
        }
    }

    /// Whether the byte at `index` is the last of a line break: `\n`, or `\r` without a `\n` after it.
    @inline(__always)
    static func endsLine<Bytes: RandomAccessCollection<UInt8>>(_ buffer: Bytes, at index: Int) -> Bool where Bytes.Index == Int {
        let byte = buffer[index]
        if byte == UInt8(ascii: "\n") { return true }
        return byte == UInt8(ascii: "\r") && (index + 1 == buffer.endIndex || buffer[index + 1] != UInt8(ascii: "\n"))
    }

    /// The text of a byte range, clamped to the file; invalid UTF-8 is repaired.
    package func text(_ range: Range<Int>) -> String {
        let lower = min(max(range.lowerBound, 0), bytes.count)
        let upper = min(max(range.upperBound, lower), bytes.count)
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }
}
