/// A function, initializer, deinitializer or subscript, as written.
///
/// The body is skipped (its comments become dangling); the signature is kept as normalized text:
/// `func validate() throws` has `name == "validate"`, `signature == "() throws"`,
/// `isThrowing == true` and `parameterCount == 0`. Its ``DeclarationHead`` holds the name (without
/// backticks; operators keep their spelling, `==`; `init`, `deinit` and `subscript` for the
/// other kinds), where it and the keyword are, modifiers, attributes, comments and `#if`
/// conditions.
package struct FunctionDeclaration: HeadedDeclaration, Equatable, Sendable {
    /// Which kind of function declaration this is.
    package enum Kind: String, Hashable, Sendable {
        case function
        case initializer
        case deinitializer
        case `subscript`
    }

    /// Function, `init`, `deinit` or `subscript`.
    package var kind: Kind
    /// The name, where it and the keyword are, and what is written in front.
    package var head: DeclarationHead
    /// The generic parameter clause, brackets included: `<T: Equatable>`.
    package var genericParameters: String?
    /// The number of parameters.
    package var parameterCount: Int
    /// The number of parameters with a default value (`limit: Int = 10`).
    package var defaultedParameterCount: Int
    /// A failable initializer: `init?` or `init!`.
    package var isFailable: Bool
    /// Everything after the name up to the body, normalized: `(x: Int) async throws -> Bool`.
    package var signature: String
    /// The result type after `->`.
    package var returnType: String?
    /// Declared `async` (or `reasync`).
    package var isAsync: Bool
    /// Declared `throws`, `throws(E)` or `rethrows`.
    package var isThrowing: Bool
    /// Has a `{ ... }` body (protocol requirements have none).
    package var hasBody: Bool

    /// Creates a function declaration.
    package init(
        kind: Kind, head: DeclarationHead, genericParameters: String? = nil,
        parameterCount: Int = 0, defaultedParameterCount: Int = 0, isFailable: Bool = false,
        signature: String = "()", returnType: String? = nil,
        isAsync: Bool = false, isThrowing: Bool = false, hasBody: Bool = true
    ) {
        self.kind = kind
        self.head = head
        self.genericParameters = genericParameters
        self.parameterCount = parameterCount
        self.defaultedParameterCount = defaultedParameterCount
        self.isFailable = isFailable
        self.signature = signature
        self.returnType = returnType
        self.isAsync = isAsync
        self.isThrowing = isThrowing
        self.hasBody = hasBody
    }

    /// Whether a call can give no arguments: it has no parameter without a default value.
    package var isCallableWithoutArguments: Bool { defaultedParameterCount == parameterCount }

    /// Declared `static` or `class`.
    package var isStatic: Bool { head.modifiers.contains("static") || head.modifiers.contains("class") }
}
