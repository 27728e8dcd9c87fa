import Testing
import RippleGenerator

/// `#"""` opens a multi-line raw literal only when its closing delimiter is not on the same
/// line, as for the compiler. Found by `SelfScanTests` in `ParserVariableTests.swift`.
@Suite struct LexerRawStringTests {
    @Test func rawTripleQuoteClosedOnItsLineIsAOneLineLiteral() {
        let source = ###"let a = #"""""#; let b = #""" x """#; let c = ##"""a"#b"##"###
        let lexed = lexSource(source)
        #expect(lexed.diagnostics.isEmpty)
        #expect(lexedTexts(source) == [
            "let", "a", "=", ##"#"""""#"##, ";", "let", "b", "=", ##"#""" x """#"##, ";", "let", "c", "=", ###"##"""a"#b"##"###,
        ])
    }

    @Test func rawTripleQuoteWithItsClosingOnALaterLineIsMultiline() {
        let source = ##"""
            let a = #"""
                "# is text here
                """#
            let b = 1
            """##
        let lexed = lexSource(source)
        #expect(lexed.diagnostics.isEmpty)
        #expect(lexedTexts(source).suffix(4) == ["let", "b", "=", "1"])
    }

    @Test func aOneLineRawTripleQuoteDoesNotSwallowTheFollowingMembers() {
        let parsed = parseSource(##"""
            class A {
                var quote = #"""""#
                var b = 1
            }
            """##)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.types.first?.members.map(\.name) == ["quote", "b"])
    }
}
