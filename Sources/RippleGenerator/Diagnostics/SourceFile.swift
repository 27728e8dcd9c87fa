/// The bytes of one Swift source file, with its path and a line table for diagnostics.
///
/// Every later stage works on UTF-8 byte offsets; this type turns an offset into a
/// ``SourceLocation`` with a binary search over line starts computed once at creation.
/// `\n`, `\r\n` and a lone `\r` each end a line, as they do for the Swift compiler.
///
/// ```swift
/// let file = SourceFile(path: "Library.swift", text: source)
/// let location = file.location(ofOffset: token.range.lowerBound)
/// ```
package struct SourceFile: Sendable {
    /// The path used in diagnostics.
    package let path: String
    /// The UTF-8 content of the file.
    package let bytes: [UInt8]
    /// The byte offset at which each line starts; the first entry is always 0.
    private let lineStarts: [Int]

    /// Creates a source file from text.
    package init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Creates a source file from UTF-8 bytes (invalid UTF-8 is tolerated).
    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.lineStarts = Self.lineStarts(of: bytes)
    }

    /// The number of lines; a file without a final newline still counts its last line.
    package var lineCount: Int { lineStarts.count }

    /// The line and byte column of a byte offset; offsets outside the file are clamped to it.
    package func location(ofOffset offset: Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        // The last line start that is <= offset.
        var low = 0
        var high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset {
                low = middle
            } else {
                high = middle
            }
        }
        return SourceLocation(line: low + 1, column: offset - lineStarts[low] + 1)
    }

    /// The location of a byte offset, searching outward from the line `lineHint`.
    ///
    /// For callers that visit offsets mostly in order, as parsers do: the search costs the
    /// logarithm of the distance from the hint rather than of the file's length. `lineHint`
    /// (0-based) is updated to the line found.
    package func location(ofOffset offset: Int, lineHint: inout Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        let count = lineStarts.count
        var low = min(max(lineHint, 0), count - 1)
        var high: Int
        if lineStarts[low] <= offset {
            // Gallop forward to a line starting after the offset.
            var step = 1
            high = low + 1
            while high < count && lineStarts[high] <= offset {
                low = high
                high = low + step
                step *= 2
            }
            high = min(high, count)
        } else {
            // Gallop backward to a line starting at or before the offset.
            var step = 1
            high = low
            low = max(high - 1, 0)
            while low > 0 && lineStarts[low] > offset {
                high = low
                low = max(high - step, 0)
                step *= 2
            }
        }
        // Now lineStarts[low] <= offset < lineStarts[high] (or high == count).
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset {
                low = middle
            } else {
                high = middle
            }
        }
        lineHint = low
        return SourceLocation(line: low + 1, column: offset - lineStarts[low] + 1)
    }

    /// The text of a byte range, clamped to the file; invalid UTF-8 is repaired.
    package func text(_ range: Range<Int>) -> String {
        let lower = min(max(range.lowerBound, 0), bytes.count)
        let upper = min(max(range.upperBound, lower), bytes.count)
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    /// A diagnostic at a byte offset of this file.
    package func diagnostic(
        _ severity: Diagnostic.Severity, _ message: String, atOffset offset: Int
    ) -> Diagnostic {
        Diagnostic(severity: severity, message: message, file: path, location: location(ofOffset: offset))
    }

    private static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            let count = buffer.count
            while index < count {
                let byte = buffer[index]
                index += 1
                if byte == UInt8(ascii: "\n") {
                    starts.append(index)
                } else if byte == UInt8(ascii: "\r") {
                    if index < count && buffer[index] == UInt8(ascii: "\n") {
                        index += 1
                    }
                    starts.append(index)
                }
            }
        }
        return starts
    }
}
