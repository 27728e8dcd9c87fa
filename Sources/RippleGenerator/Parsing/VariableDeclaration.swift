/// One binding of a `var` or `let` declaration, as written.
///
/// `var a = 1, b: Int = 2` gives two values with the same keyword, modifiers, attributes and
/// attached comments; ``bindingIndex`` tells them apart. In `var a, b: Int` both get the type
/// `Int`, as in Swift. Tuple patterns (`let (a, b) = pair`) and `_` produce nothing.
///
/// ```swift
/// // ripple: node
/// @ObservationIgnored private var _shelves: [Shelf] = []
/// ```
/// parses to `name == "_shelves"`, `modifiers == ["private"]`,
/// `attributes == ["@ObservationIgnored"]`, `typeAnnotation == "[Shelf]"` (``type`` read as an
/// array of `Shelf`), `initializer == "[]"` and one attached comment.
package struct VariableDeclaration: Equatable, Sendable {
    /// `let` rather than `var`.
    package var isLet: Bool
    /// The name, without backticks.
    package var name: String
    /// Where the name is.
    package var location: SourceLocation
    /// Where the `var` or `let` keyword is.
    package var keywordLocation: SourceLocation
    /// Modifiers as written: `static`, `private(set)`, `nonisolated(unsafe)`, `lazy`, `weak`, ...
    package var modifiers: [String]
    /// Attributes as written, arguments included: `@Published`, `@available(iOS 17, *)`.
    package var attributes: [String]
    /// The type annotation, read.
    package var type: TypeSyntax?
    /// Where the type annotation starts.
    package var typeLocation: SourceLocation?
    /// The initial value with whitespace runs collapsed: `[]`, `Shelf()`, `"abc"`.
    package var initializer: String?
    /// The type the initial value certainly has (see ``InitializerType``): `Int` for `0`,
    /// `Shelf` for `Shelf()`; `nil` when it is not certain.
    package var initializerType: TypeSyntax?
    /// Has a getter: an implicit one (`{ ... }`) or explicit `get`/`set`/`_read`/`_modify`.
    package var isComputed: Bool
    /// Has `willSet` or `didSet` observers.
    package var hasObservers: Bool
    /// The comments attached to the declaration, in source order.
    package var comments: [Comment]
    /// The position of this binding in its declaration (0 for the first).
    package var bindingIndex: Int
    /// The `#if` conditions the declaration is compiled under, outermost first, each a
    /// condition that must hold (`["DEBUG", "!(os(iOS))"]`); empty when unconditional. Joined
    /// with `&&` they re-create the guard.
    package var compilationConditions: [String]

    /// Creates a variable declaration.
    package init(
        isLet: Bool, name: String, location: SourceLocation, keywordLocation: SourceLocation,
        modifiers: [String] = [], attributes: [String] = [], type: TypeSyntax? = nil,
        typeLocation: SourceLocation? = nil, initializer: String? = nil, initializerType: TypeSyntax? = nil,
        isComputed: Bool = false,
        hasObservers: Bool = false, comments: [Comment] = [], bindingIndex: Int = 0,
        compilationConditions: [String] = []
    ) {
        self.isLet = isLet
        self.name = name
        self.location = location
        self.keywordLocation = keywordLocation
        self.modifiers = modifiers
        self.attributes = attributes
        self.type = type
        self.typeLocation = typeLocation
        self.initializer = initializer
        self.initializerType = initializerType
        self.isComputed = isComputed
        self.hasObservers = hasObservers
        self.comments = comments
        self.bindingIndex = bindingIndex
        self.compilationConditions = compilationConditions
    }

    /// The type annotation with whitespace normalized: `[String: Track]?`, `Set<Node>`.
    package var typeAnnotation: String? { type?.text }

    /// Declared `static` or `class`.
    package var isStatic: Bool { modifiers.contains("static") || modifiers.contains("class") }

    /// Holds storage: not computed (it may still have observers).
    package var isStored: Bool { !isComputed }
}
