/// How a declaration is isolated, as its attributes and modifiers spell it.
///
/// The generator reads only what is written: a class without an attribute may still be
/// isolated to the main actor by its target's default isolation
/// (`.defaultIsolation(MainActor.self)`), which no source file shows. So the generated code for
/// ``inferred`` compiles either way, and ``mainActor`` only adds what an explicit attribute
/// allows (an isolated conformance, calls without a runtime assertion).
package enum Isolation: Hashable, Sendable {
    /// Nothing written: the isolation of the enclosing type, or the target's default.
    case inferred
    /// `@MainActor`.
    case mainActor
    /// `nonisolated` or `nonisolated(unsafe)`.
    case nonisolated
    /// Another global actor, by its attribute's name: `DatabaseActor` for `@DatabaseActor`.
    case globalActor(String)

    /// The isolation that `attributes` and `modifiers` (as the parser keeps them: `@MainActor`,
    /// `nonisolated(unsafe)`) give a declaration.
    ///
    /// A global actor is recognised by its name: `MainActor`, or a capitalised name ending in
    /// `Actor` (`@DatabaseActor`). Other attributes (`@Observable`, `@objc`, property wrappers)
    /// say nothing about isolation.
    package init(attributes: [String], modifiers: [String]) {
        for attribute in attributes {
            let name = Self.name(of: attribute)
            if name == "MainActor" {
                self = .mainActor
                return
            }
            if name.hasSuffix("Actor"), name.first?.isUppercase == true {
                self = .globalActor(String(name))
                return
            }
        }
        self = modifiers.contains { $0 == "nonisolated" || $0.hasPrefix("nonisolated(") } ? .nonisolated : .inferred
    }

    /// The isolation of a member declared in an extension (or a type) isolated as `enclosing`:
    /// its own, if it spells one.
    package func inheriting(_ enclosing: Isolation) -> Isolation {
        self == .inferred ? enclosing : self
    }

    /// The attribute as written in a message: `@MainActor`, `nonisolated`.
    package var spelling: String {
        switch self {
        case .inferred: ""
        case .mainActor: "@MainActor"
        case .nonisolated: "nonisolated"
        case .globalActor(let name): "@\(name)"
        }
    }

    /// `MainActor` in `@MainActor`, `@_Concurrency.MainActor`, `@MainActor(unsafe)`.
    private static func name(of attribute: String) -> Substring {
        var name = Substring(attribute)
        if name.first == "@" { name = name.dropFirst() }
        if let end = name.firstIndex(where: { $0 == "(" || $0 == "<" }) { name = name[..<end] }
        if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
        return name
    }
}
