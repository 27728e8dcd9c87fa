import RippleGenerator

/// Lexes `text` as the file `Test.swift`.
func lexSource(_ text: String) -> (file: SourceFile, tokens: [Token], diagnostics: [Diagnostic]) {
    let file = SourceFile(path: "Test.swift", text: text)
    let (tokens, diagnostics) = Lexer.tokenize(file)
    return (file, tokens, diagnostics)
}

/// The text of every token of `text`.
func lexedTexts(_ text: String) -> [String] {
    let lexed = lexSource(text)
    return lexed.tokens.map { lexed.file.text($0.range) }
}

/// The kind of every token of `text`.
func lexedKinds(_ text: String) -> [TokenKind] {
    lexSource(text).tokens.map(\.kind)
}

/// The text of every comment token of `text`.
func lexedCommentTexts(_ text: String) -> [String] {
    let lexed = lexSource(text)
    return lexed.tokens.filter(\.kind.isComment).map { lexed.file.text($0.range) }
}
