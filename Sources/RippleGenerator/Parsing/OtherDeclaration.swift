/// A declaration the generator does not model further: a type alias, an enum case, an import...
///
/// They are kept, with their attached comments, so that a later stage can tell an annotation
/// written above one of them ("annotations go on `var` declarations") from an annotation above
/// nothing at all. Its ``DeclarationHead`` holds the declared name (for imports the module path:
/// `Foundation`, `struct Foo.Bar`), where it and the keyword are, modifiers, attributes, comments
/// and `#if` conditions.
package struct OtherDeclaration: HeadedDeclaration, Equatable, Sendable {
    /// Which declaration this is.
    package enum Kind: String, Hashable, Sendable {
        case typeAlias
        case associatedType
        /// One element of a `case` declaration; `case a, b` gives two.
        case enumCase
        case `import`
        case `operator`
        case precedenceGroup
        case macro
    }

    /// Which declaration this is.
    package var kind: Kind
    /// The name, where it and the keyword are, and what is written in front.
    package var head: DeclarationHead

    /// Creates a declaration.
    package init(kind: Kind, head: DeclarationHead) {
        self.kind = kind
        self.head = head
    }
}
