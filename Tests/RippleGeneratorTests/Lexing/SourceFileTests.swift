import Testing
import RippleGenerator

/// `SourceFile` and `Diagnostic` (Diagnostics/) as the lexer uses them.
@Suite struct SourceFileTests {
    @Test func locationsAreOneBasedWithByteColumns() {
        let file = SourceFile(path: "A.swift", text: "ab\né x\r\nz\rw")
        #expect(file.location(ofOffset: 0) == SourceLocation(line: 1, column: 1))
        #expect(file.location(ofOffset: 2) == SourceLocation(line: 1, column: 3))
        #expect(file.location(ofOffset: 3) == SourceLocation(line: 2, column: 1))
        #expect(file.location(ofOffset: 6) == SourceLocation(line: 2, column: 4))  // `é` is two bytes.
        #expect(file.location(ofOffset: 9) == SourceLocation(line: 3, column: 1))  // After `\r\n`.
        #expect(file.location(ofOffset: 11) == SourceLocation(line: 4, column: 1))  // After a lone `\r`.
        #expect(file.location(ofOffset: 99) == SourceLocation(line: 4, column: 2))
        #expect(file.lineCount == 4)
    }

    @Test func textOfARangeIsClamped() {
        let file = SourceFile(path: "A.swift", text: "hello")
        #expect(file.text(1..<3) == "el")
        #expect(file.text(3..<99) == "lo")
    }

    @Test func diagnosticsRenderAsCompilersDo() {
        let location = SourceLocation(line: 3, column: 9)
        #expect(Diagnostic(severity: .error, message: "bad", file: "M.swift", location: location).description
            == "M.swift:3:9: error: bad")
        #expect(Diagnostic(severity: .warning, message: "hmm", file: "M.swift", location: location).description
            == "M.swift:3:9: warning: hmm")
        #expect(Diagnostic(severity: .note, message: "see", file: "M.swift", location: location).description
            == "M.swift:3:9: note: see")
    }

    @Test func locationsOrderByLineThenColumn() {
        #expect(SourceLocation(line: 1, column: 9) < SourceLocation(line: 2, column: 1))
        #expect(SourceLocation(line: 2, column: 1) < SourceLocation(line: 2, column: 3))
    }
}
