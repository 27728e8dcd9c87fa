import Testing
import RippleGenerator

/// Invalid UTF-8 in a comment must not move the columns of what is found in it. Found by
/// `FuzzTests` (seed 2): an annotation error was reported past the end of its line.
@Suite struct ParserInvalidUTF8Tests {
    @Test func aCommentKeepsTheByteOffsetsOfTheFile() throws {
        let bytes = Array("// a ".utf8) + [0xFF, 0xE2, 0x80] + Array(" b\nlet x = 1\n".utf8)
        let parsed = SwiftParser.parse(SourceFile(path: "Test.swift", bytes: bytes))
        let comment = try #require(parsed.danglingComments.first ?? parsed.variables.first?.comments.first)
        #expect(comment.text == "// a ??? b")
        #expect(comment.text.utf8.count == comment.range.count)
    }

    /// It used to read as part of the word `\u{FFFD}shared` (three bytes for one), and the error
    /// at the end of the line was reported two columns past it.
    @Test func invalidUTF8InAnAnnotationIsReportedAtItsByte() throws {
        let line = Array("    // ripple: node, ".utf8) + [0xFF] + Array("shared = ".utf8)
        let source = Array(smallModel.replacingOccurrences(of: "    // ripple: node\n", with: "@@\n").utf8)
        let at = try #require(source.firstIndex(of: UInt8(ascii: "@")))
        let bytes = Array(source[..<at]) + line + Array(source[(at + 2)...])
        let file = SourceFile(path: "Library.swift", bytes: bytes)
        let diagnostics = SchemeBuilder().build([SwiftParser.parse(file)]).diagnostics
        #expect(diagnostics.map(\.description) == [
            "Library.swift:10:22: error: malformed annotation: expected an annotation item after ',', found '?'",
        ])
    }
}
