/// A declaration the generator does not model further: a type alias, an enum case, an import...
///
/// They are kept, with their attached comments, so that a later stage can tell an annotation
/// written above one of them ("annotations go on `var` declarations") from an annotation above
/// nothing at all.
package struct OtherDeclaration: Equatable, Sendable {
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
    /// The declared name; for imports the module path (`Foundation`, `struct Foo.Bar`).
    package var name: String
    /// Where the name is.
    package var location: SourceLocation
    /// Where the introducing keyword is.
    package var keywordLocation: SourceLocation
    /// Modifiers as written.
    package var modifiers: [String]
    /// Attributes as written.
    package var attributes: [String]
    /// The comments attached to the declaration, in source order.
    package var comments: [Comment]
    /// The `#if` conditions the declaration is compiled under, outermost first, each a
    /// condition that must hold (`["DEBUG", "!(os(iOS))"]`); empty when unconditional. Joined
    /// with `&&` they re-create the guard.
    package var compilationConditions: [String]

    /// Creates a declaration.
    package init(
        kind: Kind, name: String, location: SourceLocation, keywordLocation: SourceLocation,
        modifiers: [String] = [], attributes: [String] = [], comments: [Comment] = [],
        compilationConditions: [String] = []
    ) {
        self.kind = kind
        self.name = name
        self.location = location
        self.keywordLocation = keywordLocation
        self.modifiers = modifiers
        self.attributes = attributes
        self.comments = comments
        self.compilationConditions = compilationConditions
    }
}
