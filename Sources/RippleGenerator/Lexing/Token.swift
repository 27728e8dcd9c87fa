/// One lexical token: its kind and the byte range it covers in its ``SourceFile``.
///
/// A token stores offsets, never text, so lexing allocates nothing per token. The text is
/// `file.text(token.range)`, materialized only for what a later stage keeps. Offsets are stored
/// as 32-bit values (12 bytes per token), which is why the lexer reads at most 4 GiB of a file.
///
/// ```swift
/// let (tokens, _) = Lexer.tokenize(SourceFile(path: "A.swift", text: "final class A {}"))
/// tokens[1].keyword   // .class
/// tokens[2].kind      // .identifier
/// ```
package struct Token: Equatable, Sendable {
    /// What the token is.
    package var kind: TokenKind
    /// The keyword this word spells, for reserved (`kind == .keyword`) and contextual
    /// (`kind == .identifier`) keywords alike; `nil` for other words and for backticked names.
    package var keyword: SwiftKeyword?
    private var flags: UInt8
    private var start: UInt32
    private var end: UInt32

    private static let startsLineFlag: UInt8 = 1
    private static let followsWhitespaceFlag: UInt8 = 2
    private static let isUnterminatedFlag: UInt8 = 4

    /// Creates a token; `range` must lie within the first 4 GiB of the file.
    package init(
        kind: TokenKind, keyword: SwiftKeyword? = nil, range: Range<Int>,
        startsLine: Bool, followsWhitespace: Bool, isUnterminated: Bool = false
    ) {
        self.kind = kind
        self.keyword = keyword
        self.flags = (startsLine ? Self.startsLineFlag : 0) | (followsWhitespace ? Self.followsWhitespaceFlag : 0)
            | (isUnterminated ? Self.isUnterminatedFlag : 0)
        self.start = UInt32(truncatingIfNeeded: range.lowerBound)
        self.end = UInt32(truncatingIfNeeded: range.upperBound)
    }

    /// The bytes of the token, as offsets into the file.
    @inline(__always)
    package var range: Range<Int> { Int(start)..<Int(end) }

    /// A line break (possibly inside a block comment) separates this token from the previous one;
    /// true for the first token of the file.
    @inline(__always)
    package var startsLine: Bool { flags & Self.startsLineFlag != 0 }

    /// Whitespace or a comment separates this token from the previous one; true at file start.
    @inline(__always)
    package var followsWhitespace: Bool { flags & Self.followsWhitespaceFlag != 0 }

    /// A string literal that does not close (or holds one that does not), which the lexer reported.
    package var isUnterminated: Bool { flags & Self.isUnterminatedFlag != 0 }
}
