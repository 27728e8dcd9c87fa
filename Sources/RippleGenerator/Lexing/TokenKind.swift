/// What a ``Token`` is.
///
/// Punctuation the declaration parser branches on gets its own case; every other operator is an
/// ``operator`` whose spelling the parser reads from the bytes when it matters (`<`, `?`, `&`).
/// Keywords that Swift reserves are ``keyword``; contextual words such as `actor`, `get` or
/// `final` stay ``identifier`` (they can name things) and carry their ``SwiftKeyword`` in
/// ``Token/keyword``.
package enum TokenKind: UInt8, Hashable, Sendable {
    /// A name: `tracker`, `` `class` ``, `naïve`, `$0`, `$name`, an editor placeholder.
    case identifier
    /// A reserved word such as `class`, `var` or `return` (not backticked).
    case keyword
    /// `42`, `0x1F`, `0b1010`, `0o17`, `1_000`.
    case integerLiteral
    /// `3.14`, `1e-9`, `0x1.8p3`.
    case floatLiteral
    /// Any string literal, interpolations included: `"a\(b)"`, `"""..."""`, `#"..."#`.
    case stringLiteral
    /// `/ab+c/` where an expression can start, and `#/.../#`.
    case regexLiteral
    /// Any other operator: `+`, `==`, `?`, `!`, `&`, `<`, `>`, `...`, `..<`.
    case `operator`
    /// A lone `=`.
    case equal
    /// `->`.
    case arrow
    /// A lone `.` (member access).
    case period
    /// `(`.
    case leftParen
    /// `)`.
    case rightParen
    /// `{`.
    case leftBrace
    /// `}`.
    case rightBrace
    /// `[`.
    case leftBracket
    /// `]`.
    case rightBracket
    /// `,`.
    case comma
    /// `:`.
    case colon
    /// `;`.
    case semicolon
    /// `\` that starts a key path.
    case backslash
    /// `#if`, `#else`, `#warning`, `#Preview` and every other `#name`.
    case poundKeyword
    /// `@name`; its arguments are separate tokens.
    case attribute
    /// `// ...` (also a `#!` line at the start of a script).
    case lineComment
    /// `/// ...`.
    case docLineComment
    /// `/* ... */`, nested ones included.
    case blockComment
    /// `/** ... */`.
    case docBlockComment
    /// Bytes that start no Swift token.
    case unknown

    /// Whether this is one of the four comment kinds.
    @inline(__always)
    package var isComment: Bool {
        rawValue >= TokenKind.lineComment.rawValue && rawValue <= TokenKind.docBlockComment.rawValue
    }
}
