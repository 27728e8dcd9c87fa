import Testing
import RippleGenerator

@Suite struct LexerNameAndOperatorTests {
    @Test func backtickedNamesAreIdentifiersWithoutKeyword() {
        let lexed = lexSource("var `class` = 1; `default`; `with space`")
        let names = lexed.tokens.filter { $0.kind == .identifier }
        #expect(names.map { lexed.file.text($0.range) } == ["`class`", "`default`", "`with space`"])
        #expect(names.allSatisfy { $0.keyword == nil })
    }

    @Test func unicodeIdentifiers() {
        #expect(lexedTexts("let naïve = été + 🐶 * Δx") == ["let", "naïve", "=", "été", "+", "🐶", "*", "Δx"])
        #expect(lexedKinds("naïve été 🐶 Δx").allSatisfy { $0 == .identifier })
    }

    @Test func unicodeOperators() {
        #expect(lexedTexts("a ∘ b → c") == ["a", "∘", "b", "→", "c"])
        #expect(lexedKinds("a ∘ b")[1] == .operator)
    }

    @Test func dollarIdentifiersAndPlaceholders() {
        #expect(lexedTexts("$0 + $name + $") == ["$0", "+", "$name", "+", "$"])
        #expect(lexedKinds("let x = <#value#>").last == .identifier)
    }

    @Test func reservedWordsAreKeywordsAndContextualOnesAreIdentifiers() {
        let lexed = lexSource("final class actor get")
        #expect(lexed.tokens.map(\.kind) == [.identifier, .keyword, .identifier, .identifier])
        #expect(lexed.tokens.map(\.keyword) == [.final, .class, .actor, .get])
    }

    @Test func attributesAndPoundKeywords() {
        let lexed = lexSource("@MainActor @available(iOS 17, *) #if DEBUG #warning(\"x\") #Preview")
        #expect(lexed.tokens.filter { $0.kind == .attribute }.map { lexed.file.text($0.range) } == ["@MainActor", "@available"])
        #expect(lexed.tokens.filter { $0.kind == .poundKeyword }.map { lexed.file.text($0.range) } == ["#if", "#warning", "#Preview"])
    }

    @Test func punctuation() {
        #expect(lexedKinds("( ) { } [ ] , : ; . -> = \\") == [
            .leftParen, .rightParen, .leftBrace, .rightBrace, .leftBracket, .rightBracket,
            .comma, .colon, .semicolon, .period, .arrow, .equal, .backslash,
        ])
    }

    @Test func postfixQuestionAndBangAreSingleTokens() {
        #expect(lexedTexts("a?.b!.c ?? d") == ["a", "?", ".", "b", "!", ".", "c", "??", "d"])
        #expect(lexedTexts("var x: [Int]?? = nil") == ["var", "x", ":", "[", "Int", "]", "?", "?", "=", "nil"])
        #expect(lexedTexts("x != y") == ["x", "!=", "y"])
    }

    @Test func dotOperators() {
        #expect(lexedTexts("a...b a..<b a .== b .foo") == ["a", "...", "b", "a", "..<", "b", "a", ".==", "b", ".", "foo"])
    }

    @Test func keyPaths() {
        #expect(lexedTexts(#"\Library.shelves"#) == [#"\"#, "Library", ".", "shelves"])
    }

    @Test func unknownBytesBecomeUnknownTokens() {
        let lexed = lexSource("a ' b \u{7F}")
        #expect(lexed.tokens.map(\.kind) == [.identifier, .unknown, .identifier, .unknown])
        let invalid = Lexer.tokenize(SourceFile(path: "x.swift", bytes: [0x61, 0xFF, 0xC3, 0x62]))
        #expect(invalid.tokens.map(\.kind) == [.identifier, .unknown, .unknown, .identifier])
    }

    @Test func byteOrderMarkIsSkipped() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("let x".utf8)
        let lexed = Lexer.tokenize(SourceFile(path: "x.swift", bytes: bytes))
        #expect(lexed.tokens.map(\.kind) == [.keyword, .identifier])
    }
}
