/// A method that was most likely meant as `validate()` or a transaction hook but is not one, so
/// that Ripple never calls it: misspelled (`validte()`, `transactionDidRollback()`) or declared
/// otherwise than the runtime calls it (`func validate() -> Bool`, `static func validate()`, a
/// `validate` with parameters, a hook that throws).
///
/// ```swift
/// let function = SwiftParser.parse(SourceFile(path: "A.swift", text: "func validte() throws {}")).functions[0]
/// ClassMethods.Hook.match(function)   // .misdeclared(.validate, .misspelled)
/// ```
///
/// Reported as a warning, with the declaration to write, only when the class has no method that
/// is the hook: `validate(_:)` beside a real `validate()` is an overload, not a mistake.
package struct HookMisdeclaration: Equatable, Sendable {
    /// What is wrong with the method.
    package enum Problem: Equatable, Sendable {
        /// A name near the hook's (see ``ClassMethods/Hook/nearest(to:)``).
        case misspelled
        /// `static` or `class`.
        case isStatic
        /// Parameters, which a call without arguments cannot give.
        case hasParameters
        /// Generic parameters, which a call cannot infer.
        case isGeneric
        /// A result, which the runtime would drop: `-> Bool` for `validate`.
        case returnsValue
        /// `validate()` without `throws`: it cannot reject an update.
        case doesNotThrow
        /// A transaction hook that throws, which the runtime calls without `try`.
        case throwsError
    }

    package var problem: Problem
    /// The method as written: `static func validate() throws`.
    package var written: String
    /// The class it belongs to, as its name is written.
    package var className: String
    /// The hook it was meant as, as it is reported: `validate()`.
    package var hookName: String
    /// The hook's declaration, the fix: `func validate() throws`.
    package var declaration: String

    init(_ hook: ClassMethods.Hook, _ problem: Problem, written: String, className: String = "") {
        self.problem = problem
        self.written = written
        self.className = className
        hookName = hook.name
        declaration = hook.declaration
    }

    /// The warning, phrased as the fix.
    package var text: String {
        let isValidate = hookName == ClassMethods.Hook.validate.name
        let reason = switch problem {
        case .misspelled: ""
        case .isStatic: ": Ripple calls an instance method"
        case .hasParameters: ": Ripple calls \(hookName) without arguments"
        case .isGeneric: ": Ripple calls \(hookName) without generic parameters"
        case .returnsValue where isValidate: ": Ripple's validate() returns nothing, and rejects an update by throwing"
        case .returnsValue: ": Ripple's hooks return nothing"
        case .doesNotThrow: ": validate() rejects an update by throwing"
        case .throwsError: ": Ripple calls the transaction hooks without 'try'"
        }
        return "'\(written)' of class '\(className)' is never called by Ripple\(reason); did you mean '\(declaration)'?"
    }
}

extension ClassMethods.Hook {
    /// How a function declaration relates to the hooks.
    enum Match {
        /// It is the hook (possibly `async`, which is reported on its own).
        case hook(ClassMethods.Hook)
        /// It was most likely meant as the hook, and is not one.
        case misdeclared(ClassMethods.Hook, HookMisdeclaration.Problem)
    }

    /// What `function` (a `func`) is to the hooks: the hook itself, one misdeclared, or
    /// nothing (`nil`), which is most methods.
    static func match(_ function: FunctionDeclaration) -> Match? {
        if let hook = allCases.first(where: { $0.methodName == function.name }) {
            if function.isStatic { return .misdeclared(hook, .isStatic) }
            if function.parameterCount > 0 { return .misdeclared(hook, .hasParameters) }
            if function.genericParameters != nil { return .misdeclared(hook, .isGeneric) }
            if let result = function.returnType, !isVoid(result) { return .misdeclared(hook, .returnsValue) }
            if hook == .validate, !function.isThrowing { return .misdeclared(hook, .doesNotThrow) }
            if hook != .validate, function.isThrowing { return .misdeclared(hook, .throwsError) }
            return .hook(hook)
        }
        // A near name counts only on a method shaped like a hook: an instance method without
        // parameters or result (`validated() -> Bool` is another method).
        guard !function.isStatic, function.parameterCount == 0, function.returnType.map(isVoid) ?? true,
              let hook = nearest(to: function.name)
        else { return nil }
        return .misdeclared(hook, .misspelled)
    }

    /// The hook whose name `name` is a misspelling of: the same letters in another case
    /// (`transactionDidRollback`), or at most one edit away from `validate` and two from the
    /// longer names of the transaction hooks (an edit: a letter inserted, removed or replaced,
    /// or two neighbours swapped), so that `validator`, `invalidate` and `revalidate` are not.
    static func nearest(to name: String) -> Self? {
        let length = name.utf8.count
        for hook in allCases {
            let target = hook.methodName
            let limit = max(1, target.utf8.count / 8)
            // Most names are too short or too long to be near any hook: no distance computed.
            guard abs(target.utf8.count - length) <= limit, name != target else { continue }
            let distance = editDistance(Array(name.lowercased().utf8), Array(target.lowercased().utf8), limit: limit)
            if distance <= limit { return hook }
        }
        return nil
    }

    /// The method's name: `validate`.
    var methodName: String {
        switch self {
        case .validate: "validate"
        case .willChange: "transactionWillChange"
        case .didCommit: "transactionDidCommit"
        case .didRollBack: "transactionDidRollBack"
        }
    }

    /// Whether a result type is none: `Void` or `()`.
    private static func isVoid(_ type: String) -> Bool {
        type == "Void" || type == "()" || type == "Swift.Void"
    }
}
