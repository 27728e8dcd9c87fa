import Testing
import RippleGenerator

/// Unterminated constructs produce a token up to the end of the line (single-line) or of the
/// file, plus one diagnostic at the opening delimiter.
@Suite struct LexerUnterminatedTests {
    private func single(_ text: String) -> (texts: [String], diagnostic: Diagnostic?) {
        let lexed = lexSource(text)
        return (lexed.tokens.map { lexed.file.text($0.range) }, lexed.diagnostics.count == 1 ? lexed.diagnostics[0] : nil)
    }

    @Test func unterminatedStringEndsAtTheLineBreak() throws {
        let (texts, diagnostic) = single("let a = 1\nlet s = \"abc // x\nlet b = 2")
        let found = try #require(diagnostic)
        #expect(found.description == "Test.swift:2:9: error: unterminated string literal: expected '\"' before the end of the line")
        #expect(texts == ["let", "a", "=", "1", "let", "s", "=", "\"abc // x", "let", "b", "=", "2"])
    }

    @Test func unterminatedStringAtEndOfFile() throws {
        let (texts, diagnostic) = single("let s = \"abc")
        #expect(try #require(diagnostic).location == SourceLocation(line: 1, column: 9))
        #expect(texts.last == "\"abc")
    }

    @Test func unterminatedMultilineString() throws {
        let (texts, diagnostic) = single("let x = 1\n  let s = \"\"\"\n  abc\n  // no")
        let found = try #require(diagnostic)
        #expect(found.location == SourceLocation(line: 2, column: 11))
        #expect(found.message.hasPrefix("unterminated multi-line string literal"))
        #expect(texts.count == 8)
    }

    @Test func unterminatedRawString() throws {
        let (_, diagnostic) = single("let s = #\"abc\"\nlet t = 1")
        let found = try #require(diagnostic)
        #expect(found.location == SourceLocation(line: 1, column: 9))
        #expect(found.message == "unterminated raw string literal: expected '\"#' before the end of the line")
    }

    @Test func unterminatedInterpolationEndsTheStringAtTheLineBreak() throws {
        let (texts, diagnostic) = single("let s = \"a \\(f(\"b\"\nlet t = 1")
        #expect(try #require(diagnostic).location == SourceLocation(line: 1, column: 9))
        #expect(texts.suffix(4) == ["let", "t", "=", "1"])
    }

    @Test func unterminatedStringInsideMultilineInterpolationIsReportedWhereItStarts() {
        let source = "let s = \"\"\"\n  \\(f(\"b)\n  ))\n  \"\"\"\nlet t = 1"
        let lexed = lexSource(source)
        #expect(lexed.diagnostics.map(\.location) == [SourceLocation(line: 2, column: 7)])
        #expect(lexed.tokens.suffix(4).map { lexed.file.text($0.range) } == ["let", "t", "=", "1"])
    }

    @Test func unterminatedBlockComment() throws {
        let (texts, diagnostic) = single("let a = 1\n  /* outer /* inner */\nlet b = 2")
        let found = try #require(diagnostic)
        #expect(found.location == SourceLocation(line: 2, column: 3))
        #expect(found.message.hasPrefix("unterminated '/*' comment"))
        #expect(texts.count == 5)
    }

    @Test func unterminatedExtendedRegex() throws {
        let (texts, diagnostic) = single("let r = #/ab\nlet t = 1")
        #expect(try #require(diagnostic).message == "unterminated regex literal: expected '/#'")
        #expect(texts.suffix(4) == ["let", "t", "=", "1"])
    }

    @Test func unterminatedBareRegexIsDivision() {
        let lexed = lexSource("let r = /ab\nlet t = 1")
        #expect(lexed.diagnostics.isEmpty)
        #expect(lexed.tokens[3].kind == .operator)
    }

    @Test func danglingDelimitersAtEndOfFileNeverReadPastTheBuffer() {
        for text in ["\"", "#", "#\"", "\"\"\"", "/*", "/", "`", "@", "0x", "1e", "\\", "\"\\", "\"\\(", "#/", "<#", "0x1.", "1.", "$"] {
            let lexed = lexSource(text)
            #expect(lexed.tokens.last.map { $0.range.upperBound } == text.utf8.count, "\(text)")
        }
    }
}
