/// A template's source text as UTF-8 bytes, with the means to turn byte offsets into
/// locations and errors.
///
/// The scanner, the tag lexer and the parser all work on byte offsets into one of these.
struct TemplateSource {
    let name: String
    let bytes: [UInt8]
    /// The offset at which each line starts; line `n` (1-based) starts at `lineStarts[n - 1]`.
    private let lineStarts: [Int]

    init(name: String, text: String) {
        self.name = name
        let bytes = Array(text.utf8)
        self.bytes = bytes
        lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    }

    /// The line and column of a byte offset (`bytes.count` is the end of the template).
    func location(of offset: Int) -> TemplateLocation {
        // The last line that starts at or before `offset`: the one before the first that starts after it.
        var low = 0
        var high = lineStarts.count
        while low < high {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return TemplateLocation(line: low, column: offset - lineStarts[low - 1] + 1)
    }

    /// An error of this template at a byte offset.
    func error(_ reason: TemplateError.Reason, at offset: Int) -> TemplateError {
        TemplateError(templateName: name, location: location(of: offset), reason: reason)
    }

    /// The text of a range of bytes.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}
