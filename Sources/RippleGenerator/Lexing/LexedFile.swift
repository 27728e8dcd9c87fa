/// A lexed file: the file with its line table, its tokens and the lexer's diagnostics.
///
/// The tokens stay in the lexer's buffer: the parser reads them in place, and only
/// ``Lexer/tokenize(_:)`` copies them into an array.
struct LexedFile: ~Copyable {
    /// The file, with the line table the lexer recorded.
    let file: SourceFile
    /// Every token in source order, comments included.
    let tokens: TokenBuffer
    /// Unterminated literals and comments.
    let diagnostics: [Diagnostic]
}
