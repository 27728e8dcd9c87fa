/// The methods of an annotated class that the runtime calls, found in the class's body or in
/// any extension of it: `validate()` and the transaction hooks.
struct ClassMethods {
    /// Where a found method is, and its access level.
    struct Method {
        var file: String
        var location: SourceLocation
        var access: AccessLevel
        /// As written on the method, or on the extension that declares it.
        var isolation: Isolation = .inferred
        /// The `#if` conditions it is compiled under (see
        /// ``FunctionDeclaration/compilationConditions``).
        var compilationConditions: [String] = []
    }

    /// The methods the runtime calls.
    enum Hook: Int, CaseIterable {
        /// `func validate() throws`.
        case validate
        /// `func transactionWillChange()`.
        case willChange
        /// `func transactionDidCommit()`.
        case didCommit
        /// `func transactionDidRollBack()`.
        case didRollBack

        /// The name it is reported by: `validate()`.
        var name: String {
            switch self {
            case .validate: "validate()"
            case .willChange: "transactionWillChange()"
            case .didCommit: "transactionDidCommit()"
            case .didRollBack: "transactionDidRollBack()"
            }
        }

        /// The declaration that a fix-it would write.
        var declaration: String {
            self == .validate ? "func validate() throws" : "func \(name)"
        }
    }

    /// Every declaration of each hook, by ``Hook/rawValue``, in the order found.
    private var declarations: [[Method]] = Hook.allCases.map { _ in [] }
    /// Methods that would be one of these but are `async`, which the runtime cannot call (it
    /// calls them synchronously, within an update): each with the name it is reported by.
    var asyncMethods: [(method: Method, name: String)] = []
    /// Methods most likely meant as one of these that are not (misspelled, or declared otherwise
    /// than the runtime calls them), each with what is wrong, reported when the class has no such
    /// method after all. The class's name is filled in when reported.
    var misdeclared: [(method: Method, hook: Hook, misdeclaration: HookMisdeclaration)] = []

    /// The methods among `functions`: instance methods without parameters, not async;
    /// `validate()` throws, the hooks do not. `enclosing` is the isolation of the extension
    /// that declares them (`.inferred` in a class's body, whose isolation is the class's).
    init(_ functions: [FunctionDeclaration], in file: String, enclosing: Isolation = .inferred) {
        // Read where they are, by index: a copy of a declaration would retain all its parts.
        for index in functions.indices {
            guard functions[index].kind == .function, let match = Hook.match(functions[index]) else { continue }
            let function = functions[index]
            var method = Method(
                file: file, location: function.location, access: AccessLevel(modifiers: function.modifiers),
                compilationConditions: function.compilationConditions)
            if !function.attributes.isEmpty || !function.modifiers.isEmpty || enclosing != .inferred {
                method.isolation = Isolation(attributes: function.attributes, modifiers: function.modifiers)
                    .inheriting(enclosing)
            }
            switch match {
            case .hook(let hook) where function.isAsync:
                asyncMethods.append((method, hook.name))
            case .hook(let hook):
                declarations[hook.rawValue].append(method)
            case .misdeclared(let hook, let problem):
                let staticModifier = function.modifiers.first { $0 == "static" || $0 == "class" }.map { $0 + " " } ?? ""
                let written = staticModifier + "func " + function.name + function.signature
                misdeclared.append((method, hook, HookMisdeclaration(hook, problem, written: written)))
            }
        }
    }

    /// What a file that may declare one of these methods holds (`func validate`,
    /// `func transaction`): such a file is parsed even without annotations, since an extension
    /// in it may give an annotated class its hooks. (A file that extends a class the parsed
    /// files declare is parsed too, whatever its methods are named: see ``ExtensionScan``.)
    static let declarationWords = ["func validate", "func transaction"]

    /// The methods meant as hooks that the class does not have, to report: a misdeclared
    /// `validate(_:)` beside a real `validate()` is an overload, not a mistake. Hooks declared
    /// only under `#if` count as had (they are reported on their own).
    func misdeclaredMethods(ofClass className: String) -> [(method: Method, misdeclaration: HookMisdeclaration)] {
        misdeclared.compactMap { found in
            guard declarations[found.hook.rawValue].isEmpty, !asyncMethods.contains(where: { $0.name == found.hook.name })
            else { return nil }
            var misdeclaration = found.misdeclaration
            misdeclaration.className = className
            return (found.method, misdeclaration)
        }
    }

    /// The method found for `hook`: its first declaration.
    subscript(hook: Hook) -> Method? { declarations[hook.rawValue].first }

    var validate: Method? { self[.validate] }
    var willChange: Method? { self[.willChange] }
    var didCommit: Method? { self[.didCommit] }
    var didRollBack: Method? { self[.didRollBack] }

    /// These methods, completed by those found elsewhere (another extension).
    func adding(_ other: ClassMethods?) -> ClassMethods {
        guard let other else { return self }
        var merged = self
        for hook in Hook.allCases {
            merged.declarations[hook.rawValue] += other.declarations[hook.rawValue]
        }
        merged.asyncMethods += other.asyncMethods
        merged.misdeclared += other.misdeclared
        return merged
    }

    /// Forgets each hook that exists only under some `#if` conditions, which the generator
    /// cannot evaluate, and returns its first declaration to report: the generated code calls
    /// a hook unconditionally. A hook declared in every branch of an `#if` (`#if` and `#else`)
    /// exists whatever the conditions; so does one compiled under the class's own conditions.
    mutating func removeConditional(classConditions: [String]) -> [(method: Method, name: String)] {
        var conditional: [(method: Method, name: String)] = []
        for hook in Hook.allCases {
            let found = declarations[hook.rawValue]
            guard let first = found.first,
                  !CompilationConditions.alwaysHolds(oneOf: found.map(\.compilationConditions), given: classConditions)
            else { continue }
            conditional.append((first, hook.name))
            declarations[hook.rawValue] = []
        }
        return conditional
    }

    /// Each found method with the declaration that a fix-it would write.
    var found: [(method: Method, name: String, declaration: String)] {
        Hook.allCases.compactMap { hook in self[hook].map { ($0, hook.name, hook.declaration) } }
    }

    /// The hooks found, as the scheme keeps them.
    var hooks: TransactionHooks {
        transactionHooks { _ in true }
    }

    /// The hooks found that are declared `@MainActor`.
    var mainActorHooks: TransactionHooks {
        transactionHooks { $0.isolation == .mainActor }
    }

    /// The transaction hooks found whose method satisfies `condition`.
    private func transactionHooks(where condition: (Method) -> Bool) -> TransactionHooks {
        var hooks: TransactionHooks = []
        if let method = willChange, condition(method) { hooks.insert(.willChange) }
        if let method = didCommit, condition(method) { hooks.insert(.didCommit) }
        if let method = didRollBack, condition(method) { hooks.insert(.didRollBack) }
        return hooks
    }
}

/// The transaction hooks a class declares.
package struct TransactionHooks: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `transactionWillChange()`: once per transaction, before the node's first write.
    package static let willChange = TransactionHooks(rawValue: 1 << 0)
    /// `transactionDidCommit()`: at the end of a transaction that wrote the node.
    package static let didCommit = TransactionHooks(rawValue: 1 << 1)
    /// `transactionDidRollBack()`: after a transaction that wrote the node was rolled back.
    package static let didRollBack = TransactionHooks(rawValue: 1 << 2)
}
