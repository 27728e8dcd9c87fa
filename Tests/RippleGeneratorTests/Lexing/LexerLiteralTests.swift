import Testing
import RippleGenerator

@Suite struct LexerLiteralTests {
    @Test func stringWithNestedInterpolationIsOneToken() {
        let source = #"let s = "a \(b("c \(d + ")") e", { (x: Int) in "\(x)" })) f""#
        let lexed = lexSource(source)
        #expect(lexed.diagnostics.isEmpty)
        #expect(lexed.tokens.map(\.kind) == [.keyword, .identifier, .equal, .stringLiteral])
    }

    @Test func rawStringInterpolationNeedsItsPounds() {
        let source = ##"let s = #"plain \(not) \#(yes(")")) end"#; let t = 1"##
        let texts = lexedTexts(source)
        #expect(texts[3] == ##"#"plain \(not) \#(yes(")")) end"#"##)
        #expect(texts.suffix(4) == ["let", "t", "=", "1"])
    }

    @Test func multilineStringEscapedQuotesDoNotCloseIt() {
        let source = #"""
            let s = """
                a \""" b
                """
            let t = 1
            """#
        #expect(lexedTexts(source).suffix(4) == ["let", "t", "=", "1"])
    }

    @Test func emptyStringsAndEscapedBackslashes() {
        #expect(lexedTexts(#"f("", "\\", "\"")"#) == ["f", "(", #""""#, ",", #""\\""#, ",", #""\"""#, ")"])
    }

    @Test func integerLiterals() {
        let texts = lexedTexts("42 1_000 0x1F 0b1010 0o17 0xff.description pair.0.1")
        #expect(texts == ["42", "1_000", "0x1F", "0b1010", "0o17", "0xff", ".", "description", "pair", ".", "0", ".", "1"])
        #expect(lexedKinds("42 1_000 0x1F 0b1010 0o17").allSatisfy { $0 == .integerLiteral })
    }

    @Test func floatLiterals() {
        let source = "3.14 1e-9 2.5E+3 0x1.8p3 0xAp-2 1_0.0_1"
        #expect(lexedTexts(source) == ["3.14", "1e-9", "2.5E+3", "0x1.8p3", "0xAp-2", "1_0.0_1"])
        #expect(lexedKinds(source).allSatisfy { $0 == .floatLiteral })
    }

    @Test func rangesAreNotFractions() {
        #expect(lexedTexts("0..<5 1...3") == ["0", "..<", "5", "1", "...", "3"])
    }

    @Test func regexLiteralWhereAnExpressionStarts() {
        #expect(lexedKinds("let r = /ab+c/").last == .regexLiteral)
        #expect(lexedKinds("f(/a(b)c/, x)")[2] == .regexLiteral)
        #expect(lexedKinds("if x ~= /[0-9]+/ { }")[3] == .regexLiteral)
        #expect(lexedKinds("return /a\\/b/")[1] == .regexLiteral)
    }

    @Test func slashAfterAnOperandIsDivision() {
        #expect(lexedTexts("let r = a / b / c") == ["let", "r", "=", "a", "/", "b", "/", "c"])
        #expect(lexedTexts("x = (a)/2/3") == ["x", "=", "(", "a", ")", "/", "2", "/", "3"])
        #expect(lexedTexts("reduce(1, /)") == ["reduce", "(", "1", ",", "/", ")"])
        #expect(lexedTexts("let r = / 2 /") == ["let", "r", "=", "/", "2", "/"])
        #expect(lexedTexts("x /= 2") == ["x", "/=", "2"])
    }

    @Test func extendedRegexLiteral() {
        let source = """
            let r = #/
              a // not a comment
              "b
            /#
            let single = #/a/b/#
            """
        let lexed = lexSource(source)
        #expect(lexed.diagnostics.isEmpty)
        #expect(lexed.tokens.filter { $0.kind == .regexLiteral }.count == 2)
        #expect(lexed.tokens.filter(\.kind.isComment).isEmpty)
    }

    @Test func commentLikeTextInRegexIsNotAComment() {
        #expect(lexedCommentTexts("let r = /a\\/\\/b/ // real") == ["// real"])
    }
}
