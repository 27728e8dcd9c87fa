/// The Swift words the declaration parser recognizes, reserved and contextual.
///
/// The raw value is the spelling. ``isReserved`` tells the words Swift never accepts as plain
/// names (the lexer gives them ``TokenKind/keyword``) from contextual ones like `actor`, `final`
/// or `get`, which are ordinary identifiers outside the position that gives them meaning.
package enum SwiftKeyword: String, CaseIterable, Hashable, Sendable {
    // Declarations.
    case `associatedtype`, `case`, `class`, `enum`, `extension`, `func`, `import`, `let`
    case `operator`, `precedencegroup`, `protocol`, `struct`, `subscript`, `typealias`, `var`
    case initializer = "init"
    case deinitializer = "deinit"
    case actor, macro

    // Modifiers.
    case `public`, `private`, `fileprivate`, `internal`, `static`
    case package, open, final, override, convenience, required, mutating, nonmutating
    case lazy, weak, unowned, optional, dynamic, indirect, prefix, postfix, infix
    case nonisolated, distributed, consuming, borrowing, isolated
    case legacyConsuming = "__consuming"

    // Accessors.
    case get, set, willSet, didSet, unsafeAddress, unsafeMutableAddress
    case read = "_read"
    case modify = "_modify"

    // Effects and type words.
    case `throws`, `rethrows`, `inout`, `where`
    case async, reasync

    // Statements and expressions.
    case `return`, `if`, `guard`, `while`, `for`, `in`, `do`, `else`, `switch`, `default`
    case `break`, `continue`, `defer`, `fallthrough`, `repeat`, `throw`, `catch`, `try`
    case `as`, `is`
    case await
    case wildcard = "_"

    /// Whether Swift reserves the word: it names nothing unless backticked.
    package var isReserved: Bool {
        switch self {
        case .actor, .macro, .package, .open, .final, .override, .convenience, .required,
             .mutating, .nonmutating, .lazy, .weak, .unowned, .optional, .dynamic, .indirect,
             .prefix, .postfix, .infix, .nonisolated, .distributed, .consuming, .borrowing,
             .isolated, .legacyConsuming, .get, .set, .willSet, .didSet, .unsafeAddress,
             .unsafeMutableAddress, .read, .modify, .async, .reasync, .await:
            false
        default:
            true
        }
    }

    /// Whether the word can be a declaration modifier (`static`, `private`, `final`, `lazy`, ...).
    package var isModifier: Bool {
        switch self {
        case .public, .private, .fileprivate, .internal, .static, .class, .package, .open, .final,
             .override, .convenience, .required, .mutating, .nonmutating, .lazy, .weak, .unowned,
             .optional, .dynamic, .indirect, .prefix, .postfix, .infix, .nonisolated,
             .distributed, .consuming, .borrowing, .isolated, .legacyConsuming:
            true
        default:
            false
        }
    }

    /// Whether the word introduces a declaration (`actor` and `macro` only by context).
    package var isDeclarationIntroducer: Bool {
        switch self {
        case .associatedtype, .case, .class, .enum, .extension, .func, .import, .let, .operator,
             .precedencegroup, .protocol, .struct, .subscript, .typealias, .var, .initializer,
             .deinitializer, .actor, .macro:
            true
        default:
            false
        }
    }

    /// Whether the word names an accessor inside a property or subscript body.
    package var isAccessor: Bool {
        switch self {
        case .get, .set, .willSet, .didSet, .unsafeAddress, .unsafeMutableAddress, .read,
             .modify, .initializer:
            true
        default:
            false
        }
    }
}
