/// A class, struct, enum, actor, protocol or extension, with the members the generator reads.
///
/// ```swift
/// // ripple: root
/// @MainActor final class Library: Sendable {
///     let tracker = Tracker()
///     // ripple: property
///     var _userID = 0
/// }
/// ```
/// parses to `kind == .class`, `name == "Library"`, `modifiers == ["final"]`,
/// `attributes == ["@MainActor"]`, `inheritance == ["Sendable"]`, one attached comment and two
/// ``members``. Members inside `#if` blocks are all collected; declarations inside function
/// bodies are not members.
package struct TypeDeclaration: Equatable, Sendable {
    /// Which kind of type declaration this is; the raw value is the keyword.
    package enum Kind: String, Hashable, Sendable {
        case `class`
        case `struct`
        case `enum`
        case actor
        case `extension`
        case `protocol`
    }

    /// Which kind of declaration this is.
    package var kind: Kind
    /// The type's name; for an extension, the extended type as written (`Foo.Bar`).
    package var name: String
    /// The dotted path through enclosing types and extensions: `Outer.Inner`.
    package var qualifiedName: String
    /// Where the name (for an extension, the extended type) starts.
    package var location: SourceLocation
    /// Where the `class`/`struct`/... keyword is.
    package var keywordLocation: SourceLocation
    /// Modifiers as written: `public`, `final`, `open`, `fileprivate`, ...
    package var modifiers: [String]
    /// Attributes as written: `@MainActor`, `@Observable`, `@available(iOS 17, *)`.
    package var attributes: [String]
    /// Superclass and conformances as written, generic arguments kept: `Equatable`, `QWNode_S`.
    package var inheritance: [String]
    /// The generic parameter clause, brackets included: `<T: Equatable>`.
    package var genericParameters: String?
    /// The `where` clause without the keyword: `T: Hashable`.
    package var whereClause: String?
    /// The comments attached to the declaration, in source order.
    package var comments: [Comment]
    /// The `var`/`let` members, in source order.
    package var members: [VariableDeclaration]
    /// Functions, initializers, deinitializers and subscripts, in source order.
    package var functions: [FunctionDeclaration]
    /// Nested types and extensions, in source order.
    package var nested: [TypeDeclaration]
    /// Other member declarations: enum cases, type aliases, associated types...
    package var otherDeclarations: [OtherDeclaration]
    /// The byte range from `{` through `}`; `nil` when the body is missing.
    package var bodyRange: Range<Int>?
    /// Whether the body was skipped unread, nested deeper than the parser follows
    /// (``DeclarationParser/maximumNestingDepth``): its members are then unknown, not absent.
    package var isBodySkipped = false
    /// The `#if` conditions the declaration is compiled under, outermost first, each a
    /// condition that must hold (`["DEBUG", "!(os(iOS))"]`); empty when unconditional. Joined
    /// with `&&` they re-create the guard.
    package var compilationConditions: [String]

    /// Creates a type declaration.
    package init(
        kind: Kind, name: String, qualifiedName: String? = nil, location: SourceLocation,
        keywordLocation: SourceLocation, modifiers: [String] = [], attributes: [String] = [],
        inheritance: [String] = [], genericParameters: String? = nil, whereClause: String? = nil,
        comments: [Comment] = [], members: [VariableDeclaration] = [],
        functions: [FunctionDeclaration] = [], nested: [TypeDeclaration] = [],
        otherDeclarations: [OtherDeclaration] = [], bodyRange: Range<Int>? = nil,
        compilationConditions: [String] = []
    ) {
        self.kind = kind
        self.name = name
        self.qualifiedName = qualifiedName ?? name
        self.location = location
        self.keywordLocation = keywordLocation
        self.modifiers = modifiers
        self.attributes = attributes
        self.inheritance = inheritance
        self.genericParameters = genericParameters
        self.whereClause = whereClause
        self.comments = comments
        self.members = members
        self.functions = functions
        self.nested = nested
        self.otherDeclarations = otherDeclarations
        self.bodyRange = bodyRange
        self.compilationConditions = compilationConditions
    }
}
