/// What has been read in front of a declaration: comments, attributes and modifiers.
///
/// The member loop fills it until a declaration keyword consumes it, or until anything else
/// (a statement, `}`, `#if`) makes its comments dangling.
struct DeclarationPrefix {
    var comments: [Comment] = []
    var attributes: [String] = []
    var modifiers: [String] = []

    var isEmpty: Bool { comments.isEmpty && attributes.isEmpty && modifiers.isEmpty }
}
