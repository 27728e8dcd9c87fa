import Testing
import RippleGenerator

/// Comment-like text inside other constructs must never become a comment token: an annotation
/// inside a string would otherwise be read as a real one.
@Suite struct LexerCommentTests {
    @Test func lineBlockAndDocCommentsHaveTheirKinds() {
        let lexed = lexSource("""
            // line
            /// doc line
            //// four slashes
            /* block */
            /** doc block */
            /***/
            /**/
            """)
        #expect(lexed.tokens.map(\.kind) == [
            .lineComment, .docLineComment, .lineComment, .blockComment, .docBlockComment,
            .blockComment, .blockComment,
        ])
    }

    @Test func commentLikeTextInStringLiteralIsNotAComment() {
        #expect(lexedCommentTexts(#"let a = "// ripple: property""#).isEmpty)
        #expect(lexedCommentTexts(#"let a = "/* ripple: node */""#).isEmpty)
        #expect(lexedKinds(#"let a = "// ripple: property""#).last == .stringLiteral)
    }

    @Test func commentLikeTextInEscapedQuotesIsNotAComment() {
        #expect(lexedCommentTexts(#"let a = "say \"// no\" // still string""#).isEmpty)
    }

    @Test func commentLikeTextInRawStringIsNotAComment() {
        #expect(lexedCommentTexts(##"let a = #"a "quoted" // ripple: property"#"##).isEmpty)
        #expect(lexedCommentTexts(###"let a = ##"a "# // ripple: node"##"###).isEmpty)
    }

    @Test func commentLikeTextInMultilineStringIsNotAComment() {
        let source = #"""
            let a = """
                // ripple: property
                /* not a comment
                """
            // real
            """#
        #expect(lexedCommentTexts(source) == ["// real"])
    }

    @Test func commentLikeTextInRawMultilineStringIsNotAComment() {
        let source = ##"""
            let a = #"""
                """ still inside
                // ripple: node
                """#
            // real
            """##
        #expect(lexedCommentTexts(source) == ["// real"])
    }

    @Test func commentLikeTextInInterpolationIsNotAComment() {
        #expect(lexedCommentTexts(#"let a = "x \(f("// ripple: property")) y" // real"#) == ["// real"])
        #expect(lexedCommentTexts(#"let a = "\(a.map { "\($0) // no" }.joined()) //no""#).isEmpty)
    }

    @Test func interpolationInMultilineStringMayContainComments() {
        let source = #"""
            let a = """
                \(value // a comment inside the interpolation
                )
                // ripple: property
                """
            """#
        let lexed = lexSource(source)
        #expect(lexed.diagnostics.isEmpty)
        #expect(lexed.tokens.map(\.kind) == [.keyword, .identifier, .equal, .stringLiteral])
    }

    @Test func blockCommentsNest() {
        let source = "/* outer /* inner */ // ripple: property */ let x = 1"
        #expect(lexedCommentTexts(source) == ["/* outer /* inner */ // ripple: property */"])
        #expect(lexedTexts(source).suffix(4) == ["let", "x", "=", "1"])
    }

    @Test func commentInsideNestedBlockCommentIsPartOfIt() {
        let source = """
            /*
             /* // ripple: node */
             let y = "
            */
            var z = 0
            """
        let lexed = lexSource(source)
        #expect(lexed.diagnostics.isEmpty)
        #expect(lexed.tokens.filter(\.kind.isComment).count == 1)
        #expect(lexedTexts(source).suffix(4) == ["var", "z", "=", "0"])
    }

    @Test func operatorCharactersStopBeforeAComment() {
        #expect(lexedTexts("a+/* c */b") == ["a", "+", "/* c */", "b"])
        #expect(lexedTexts("a ==// c\nb") == ["a", "==", "// c", "b"])
    }

    @Test func shebangLineIsAComment() {
        #expect(lexedKinds("#!/usr/bin/swift\nprint(1)").first == .lineComment)
    }

    @Test func tokensKnowWhetherTheyStartALine() {
        let lexed = lexSource("a b\n  c /* x\n */ d // e\nf")
        let starts = lexed.tokens.map { (lexed.file.text($0.range), $0.startsLine) }
        #expect(starts.map(\.0) == ["a", "b", "c", "/* x\n */", "d", "// e", "f"])
        #expect(starts.map(\.1) == [true, false, true, false, true, false, true])
    }
}
