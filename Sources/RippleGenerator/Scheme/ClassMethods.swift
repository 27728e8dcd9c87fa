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
    }

    /// `func validate() throws`.
    var validate: Method?
    /// `func transactionWillChange()`.
    var willChange: Method?
    /// `func transactionDidCommit()`.
    var didCommit: Method?
    /// `func transactionDidRollBack()`.
    var didRollBack: Method?
    /// Methods that would be one of these but are `async`, which the runtime cannot call (it
    /// calls them synchronously, within an update): each with the name it is reported by.
    var asyncMethods: [(method: Method, name: String)] = []

    /// The methods among `functions`: instance methods without parameters, not async;
    /// `validate()` throws, the hooks do not. `enclosing` is the isolation of the extension
    /// that declares them (`.inferred` in a class's body, whose isolation is the class's).
    init(_ functions: [FunctionDeclaration], in file: String, enclosing: Isolation = .inferred) {
        // Read in place: a copy of a declaration would retain all its parts.
        for index in functions.indices {
            guard functions[index].kind == .function, functions[index].parameterCount == 0, !functions[index].isStatic
            else { continue }
            var method = Method(
                file: file, location: functions[index].location, access: AccessLevel(modifiers: functions[index].modifiers))
            if !functions[index].attributes.isEmpty || !functions[index].modifiers.isEmpty || enclosing != .inferred {
                method.isolation = Isolation(attributes: functions[index].attributes, modifiers: functions[index].modifiers)
                    .inheriting(enclosing)
            }
            if functions[index].isAsync {
                if let name = Self.hookName(functions[index].name, isThrowing: functions[index].isThrowing) {
                    asyncMethods.append((method, name))
                }
                continue
            }
            switch (functions[index].name, functions[index].isThrowing) {
            case ("validate", true): validate = validate ?? method
            case ("transactionWillChange", false): willChange = willChange ?? method
            case ("transactionDidCommit", false): didCommit = didCommit ?? method
            case ("transactionDidRollBack", false): didRollBack = didRollBack ?? method
            default: break
            }
        }
    }

    /// What a file that may declare one of these methods holds (`func validate`,
    /// `func transaction`): such a file is parsed even without annotations, since an extension
    /// in it may give an annotated class its hooks.
    static let declarationWords = ["func validate", "func transaction"]

    /// These methods, completed by those found elsewhere (another extension).
    func adding(_ other: ClassMethods?) -> ClassMethods {
        guard let other else { return self }
        var merged = self
        merged.validate = validate ?? other.validate
        merged.willChange = willChange ?? other.willChange
        merged.didCommit = didCommit ?? other.didCommit
        merged.didRollBack = didRollBack ?? other.didRollBack
        merged.asyncMethods += other.asyncMethods
        return merged
    }

    /// The name a method is reported by, when its name and throwing make it `validate()` or a
    /// hook.
    private static func hookName(_ name: String, isThrowing: Bool) -> String? {
        switch (name, isThrowing) {
        case ("validate", true), ("transactionWillChange", false), ("transactionDidCommit", false),
             ("transactionDidRollBack", false):
            "\(name)()"
        default: nil
        }
    }

    /// Each found method with the declaration that a fix-it would write.
    var found: [(method: Method, name: String, declaration: String)] {
        [
            validate.map { ($0, "validate()", "func validate() throws") },
            willChange.map { ($0, "transactionWillChange()", "func transactionWillChange()") },
            didCommit.map { ($0, "transactionDidCommit()", "func transactionDidCommit()") },
            didRollBack.map { ($0, "transactionDidRollBack()", "func transactionDidRollBack()") },
        ].compactMap { $0 }
    }

    /// The hooks found, as the scheme keeps them.
    var hooks: TransactionHooks {
        var hooks: TransactionHooks = []
        if willChange != nil { hooks.insert(.willChange) }
        if didCommit != nil { hooks.insert(.didCommit) }
        if didRollBack != nil { hooks.insert(.didRollBack) }
        return hooks
    }

    /// The hooks found that are declared `@MainActor`.
    var mainActorHooks: TransactionHooks {
        var hooks: TransactionHooks = []
        if willChange?.isolation == .mainActor { hooks.insert(.willChange) }
        if didCommit?.isolation == .mainActor { hooks.insert(.didCommit) }
        if didRollBack?.isolation == .mainActor { hooks.insert(.didRollBack) }
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
