/// What a function and an ``OtherDeclaration`` both begin with: the name, where it and the
/// introducing keyword are, what is written in front of them, and the `#if` conditions around
/// them. The declarations read these as their own members (`function.name`), through
/// ``HeadedDeclaration``.
package struct DeclarationHead: Equatable, Sendable {
    /// The declared name, without backticks (each declaration says what it is for its kinds).
    package var name: String
    /// Where the name is.
    package var location: SourceLocation
    /// Where the introducing keyword (`func`, `init`, `typealias`, `case`, `import`, ...) is.
    package var keywordLocation: SourceLocation
    /// Modifiers as written: `static`, `mutating`, `public`, `override`, ...
    package var modifiers: [String]
    /// Attributes as written: `@MainActor`, `@discardableResult`.
    package var attributes: [String]
    /// The comments attached to the declaration, in source order.
    package var comments: [Comment]
    /// The `#if` conditions the declaration is compiled under, outermost first, each a
    /// condition that must hold (`["DEBUG", "!(os(iOS))"]`); empty when unconditional. Joined
    /// with `&&` they re-create the guard.
    package var compilationConditions: [String]

    /// Creates the head of a declaration.
    package init(
        name: String, location: SourceLocation, keywordLocation: SourceLocation, modifiers: [String] = [],
        attributes: [String] = [], comments: [Comment] = [], compilationConditions: [String] = []
    ) {
        self.name = name
        self.location = location
        self.keywordLocation = keywordLocation
        self.modifiers = modifiers
        self.attributes = attributes
        self.comments = comments
        self.compilationConditions = compilationConditions
    }
}

/// A declaration whose head is a ``DeclarationHead``: its fields read and write as the
/// declaration's own (`declaration.modifiers`).
@dynamicMemberLookup
package protocol HeadedDeclaration {
    /// The name, locations, prefix and conditions of the declaration.
    var head: DeclarationHead { get set }
}

extension HeadedDeclaration {
    /// A field of ``head``.
    package subscript<Value>(dynamicMember field: WritableKeyPath<DeclarationHead, Value>) -> Value {
        get { head[keyPath: field] }
        set { head[keyPath: field] = newValue }
    }
}
