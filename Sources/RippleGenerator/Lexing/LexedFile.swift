/// A lexed file: the file with its line table, its tokens and the lexer's diagnostics.
struct LexedFile {
    /// The file, with the line table the lexer recorded.
    let file: SourceFile
    /// Every token in source order, comments included.
    let tokens: [Token]
    /// Unterminated literals and comments.
    let diagnostics: [Diagnostic]
}
