// Documents: with `"documents": true` every class is made through its `init()` when a document
// opens, and every saved member is encoded and decoded. What the generated code could not do
// gets a diagnostic here, on the user's line, rather than a compiler error in the generated file:
// a class without a usable `init()`, a saved member whose type is certainly not `Codable`.

extension SchemeBuilder {
    /// The conformances a type declaration, or its extensions, lists; kept with documents on, to
    /// tell a saved member's type that is certainly not `Codable`.
    struct DeclaredConformances {
        /// The inherited types as written: `Codable`, `Equatable & Hashable`, `@unchecked Sendable`.
        var inheritance: [String] = []
        /// Whether an attribute may be a macro, which may add conformances no source shows.
        var mayHaveMacro = false
    }

    /// Remembers what documents need of a type declared in a file: its conformances (a struct,
    /// enum, class or protocol), or what an extension adds to a type (conformances, an
    /// initializer, a document version or migration).
    mutating func collectDocumentFacts(of type: TypeDeclaration, isNested: Bool, in path: String) {
        let mayHaveMacro = type.attributes.contains(where: Self.mayBeMacro)
        switch type.kind {
        case .extension where !isNested:
            extensionConformances[type.name, default: DeclaredConformances()].inheritance += type.inheritance
            if mayHaveMacro { extensionConformances[type.name]?.mayHaveMacro = true }
            let requirements = DocumentRequirements(functions: type.functions, variables: type.members, in: path)
            if !requirements.isEmpty {
                extensionRequirements[type.name] = requirements.adding(extensionRequirements[type.name])
            }
        case .struct, .enum, .class, .protocol:
            // A type declared twice (under `#if` and `#else`) has the conformances of either.
            declaredConformances[type.qualifiedName, default: DeclaredConformances()].inheritance += type.inheritance
            if mayHaveMacro { declaredConformances[type.qualifiedName]?.mayHaveMacro = true }
        case .actor, .extension:
            break
        }
    }

    /// Whether an attribute may be an attached macro: a capitalised name (`@Codable`, `@Model`)
    /// that is not a global actor (`@MainActor`).
    private static func mayBeMacro(_ attribute: String) -> Bool {
        guard case .inferred = Isolation(attributes: [attribute], modifiers: []) else { return false }
        return attribute.dropFirst().first?.isUppercase == true
    }

    // MARK: init()

    /// Reports a class that documents cannot make through `init()`, when documents are on, and
    /// records the root's document version and migration.
    mutating func checkDocumentRequirements(of candidate: Candidate, into nodeClass: inout NodeClass) {
        guard documents else { return }
        let requirements = candidate.documentRequirements.adding(extensionRequirements[candidate.qualifiedName])
        if candidate.role == .root {
            nodeClass.declaresDocumentVersion = requirements.documentVersion != nil
            nodeClass.declaresDocumentMigration = requirements.migrateDocument != nil
            for (member, declaration) in [
                (requirements.documentVersion, "static let documentVersion = 2"),
                (requirements.migrateDocument, "static func migrateDocument(_ document: inout DocumentMigration, from version: Int) throws"),
            ] {
                guard let member, member.access < .internal else { continue }
                let name = declaration.hasPrefix("static let") ? "documentVersion" : "migrateDocument(_:from:)"
                report(.requirementNotVisible(
                    requirement: name, className: candidate.name, access: member.access.rawValue, declaration: declaration),
                       at: member.location, in: member.file)
            }
        }
        // A body nested too deep to be read may declare anything.
        guard !candidate.isBodySkipped else { return }
        let usable = requirements.initializers.first { initializer in
            initializer.access >= .internal && !initializer.isFailable && !initializer.isThrowing && !initializer.isAsync
        }
        if usable != nil { return }
        let name = candidate.qualifiedName
        if let initializer = requirements.initializers.first {
            let message: SchemeMessage = if initializer.access < .internal {
                .inaccessibleInitializer(className: name, access: initializer.access.rawValue)
            } else if initializer.isFailable {
                .failableInitializer(className: name)
            } else {
                .effectfulInitializer(className: name, effect: initializer.isThrowing ? "throws" : "is async")
            }
            report(message, at: initializer.location, in: initializer.file)
            return
        }
        // Swift gives a class without designated initializers, whose stored properties all have
        // initial values, an `init()`.
        if !requirements.declaresDesignatedInitializer, DocumentRequirements.storedPropertiesAreInitialized(candidate.variables) {
            return
        }
        report(.missingInitializer(className: name), at: candidate.location, in: candidate.file)
    }

    // MARK: Codable

    /// Reports each saved member of `nodeClass` (stored, neither discardable nor derived) whose
    /// type is certainly not `Codable`: a function type, a tuple, `Any`, or a type declared in
    /// the sources without `Codable`. Types declared elsewhere are left to the compiler.
    mutating func checkSavedTypes(of nodeClass: NodeClass, declaredIn candidate: Candidate) {
        guard documents else { return }
        for member in nodeClass.members where member.isSaved && !member.isNode {
            guard let reason = nonCodablePart(of: member.typeSyntax, from: candidate.qualifiedName) else { continue }
            report(.notCodableMember(member: member.storageName, type: member.type, reason: reason),
                   at: member.location, in: nodeClass.file)
        }
    }

    /// Why `type` (written in the scope `scope`) is certainly not `Codable`, or `nil` when it may
    /// be: its elements, keys and wrapped values are looked at too.
    private func nonCodablePart(of type: TypeSyntax, from scope: String) -> SchemeMessage.NotCodable? {
        var pending = [type]
        // Each step goes one level into the type, so the walk ends; a bound keeps it short anyway.
        var steps = 0
        while let type = pending.popLast(), steps < 64 {
            steps += 1
            switch CodableReading(type) {
            case .function: return .functionType
            case .tuple: return .tuple
            case .any(let name): return .any(name)
            case .wrapping(let parts): pending += parts
            case .named(let name):
                if let qualified = lookUpType(name, from: scope), codability(of: qualified) == .notCodable {
                    return .declaredWithoutCodable(name)
                }
            case .unknown: continue
            }
        }
        return nil
    }

    private enum Codability {
        case codable, notCodable, unknown
    }

    /// Whether the type declared in the sources as `qualifiedName` is `Codable`, through its
    /// declaration, its extensions, and the protocols and superclass they name that the sources
    /// declare too.
    private func codability(of qualifiedName: String) -> Codability {
        var visited: Set<String> = []
        var isUnknown = false
        var encodable = false
        var decodable = false
        var pending = [qualifiedName]
        while let name = pending.popLast() {
            guard visited.insert(name).inserted else { continue }
            guard let declared = declaredConformances[name] else {
                isUnknown = true
                continue
            }
            let extended = extensionConformances[name]
            if declared.mayHaveMacro || extended?.mayHaveMacro == true { return .unknown }
            for entry in declared.inheritance + (extended?.inheritance ?? []) {
                for part in entry.split(separator: "&") {
                    let inherited = Self.conformanceName(part)
                    switch inherited {
                    case "Codable":
                        encodable = true
                        decodable = true
                    case "Encodable":
                        encodable = true
                    case "Decodable":
                        decodable = true
                    default:
                        if inherited.hasPrefix("~") || inherited.hasPrefix("ExpressibleBy")
                            || Self.conformancesWithoutCodable.contains(inherited) {
                            continue
                        }
                        if let found = lookUpType(inherited, from: name) {
                            pending.append(found)
                        } else {
                            isUnknown = true
                        }
                    }
                }
            }
        }
        if encodable && decodable { return .codable }
        return isUnknown ? .unknown : .notCodable
    }

    /// An inherited type as a name to look up: `Sendable` for `@unchecked Sendable`, `Codable`
    /// for `Swift.Codable`, `Box` for `Box<Int>`.
    private static func conformanceName(_ text: Substring) -> String {
        var name = Substring(SwiftText.trimmed(text))
        while name.first == "@", let space = name.firstIndex(of: " ") {
            name = Substring(SwiftText.trimmed(name[space...]))
        }
        if let generic = name.firstIndex(of: "<") { name = name[..<generic] }
        for module in ["Swift.", "Foundation."] where name.hasPrefix(module) {
            name = name.dropFirst(module.count)
        }
        return String(name)
    }

    /// The qualified name of the type that `name` names when written inside `scope` (a type's
    /// qualified name), among the types the sources declare: innermost scope first, as Swift
    /// looks names up.
    private func lookUpType(_ name: String, from scope: String) -> String? {
        var scope = Substring(scope)
        while !scope.isEmpty {
            let qualified = "\(scope).\(name)"
            if declaredConformances[qualified] != nil { return qualified }
            scope = scope[..<(scope.lastIndex(of: ".") ?? scope.startIndex)]
        }
        return declaredConformances[name] != nil ? name : nil
    }

    /// Protocols and types that a declaration inherits without becoming `Codable`.
    static let conformancesWithoutCodable: Set<String> = standardValueTypes.union([
        "Equatable", "Hashable", "Comparable", "Sendable", "SendableMetatype", "Identifiable", "CaseIterable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "LosslessStringConvertible", "CustomReflectable",
        "TextOutputStreamable", "Error", "LocalizedError", "CustomNSError", "RawRepresentable", "Strideable",
        "AdditiveArithmetic", "Numeric", "BitwiseCopyable", "Copyable", "Escapable", "AnyObject", "Actor", "Sequence",
        "Collection", "IteratorProtocol", "OptionSet", "SetAlgebra", "ObservableObject", "Observable", "NSObject",
        "NSObjectProtocol", "NSCopying",
    ])
}

/// A type as the Codable check reads it: one level at a time.
private enum CodableReading {
    /// `(Int) -> Void`, `@Sendable () -> Void`.
    case function
    /// `(Int, String)`, `()`.
    case tuple
    /// `Any`, `AnyObject`.
    case any(String)
    /// Optionals, arrays, sets and dictionaries, and parentheses: the types they hold.
    case wrapping([TypeSyntax])
    /// A type name, without generic arguments: `Point`, `Chart.Problem`.
    case named(String)
    /// Anything else (`some P`, `any P`, a composition): left to the compiler.
    case unknown

    init(_ type: TypeSyntax) {
        if type.hasArrowOutsideBrackets {
            self = .function
            return
        }
        switch type.form {
        case .attributed(let attributed), .optional(let attributed), .implicitlyUnwrapped(let attributed),
             .array(let attributed):
            self = .wrapping([attributed])
        case .dictionary(let key, let value):
            self = .wrapping([key, value])
        case .tuple(let elements):
            self = elements.count == 1 ? .wrapping(elements) : .tuple
        case .named(let name, let arguments):
            if arguments.isEmpty, ["Any", "AnyObject", "Swift.Any", "Swift.AnyObject"].contains(name) {
                self = .any(name)
            } else if !arguments.isEmpty, ["Optional", "Array", "Set", "Dictionary", "ContiguousArray"].contains(name) {
                self = .wrapping(arguments)
            } else {
                self = .named(name)
            }
        case .other:
            // A generic type's member (`Box<Int>.Kind`) is read as the generic type.
            let name = type.text.prefix { $0 != "<" }
            self = !type.text.isEmpty && SwiftText.isTypeName(name) ? .named(String(name)) : .unknown
        }
    }
}
