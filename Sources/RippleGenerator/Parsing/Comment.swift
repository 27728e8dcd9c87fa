/// A comment the parser kept: attached to a declaration, or dangling.
///
/// `text` is the whole comment as written, delimiters included (`// ripple: property`,
/// `/** ... */`), so later stages can read annotations and quote them in diagnostics.
package struct Comment: Equatable, Sendable {
    /// The four comment forms Swift has.
    package enum Kind: Equatable, Sendable {
        /// `// ...`
        case line
        /// `/// ...`
        case docLine
        /// `/* ... */`
        case block
        /// `/** ... */`
        case docBlock
    }

    /// Which form the comment has.
    package var kind: Kind
    /// The full text, delimiters included; a byte of invalid UTF-8 reads `?`, so that byte
    /// offsets in the text are those of the file.
    package var text: String
    /// Where the comment starts.
    package var location: SourceLocation
    /// The byte range of the comment in its file.
    package var range: Range<Int>

    /// Creates a comment.
    package init(kind: Kind, text: String, location: SourceLocation, range: Range<Int>) {
        self.kind = kind
        self.text = text
        self.location = location
        self.range = range
    }

    /// Whether this is a `///` or `/** */` documentation comment.
    package var isDocumentation: Bool { kind == .docLine || kind == .docBlock }
}
