/// What documents need of an annotated class, found in its body or in any extension of it: the
/// initializers a document could make it through, and, on the root, the document's version and
/// migration (`static let documentVersion`, `static func migrateDocument(_:from:)`).
struct DocumentRequirements {
    /// An initializer that a call without arguments reaches (`init()`, or one whose every
    /// parameter has a default value).
    struct Initializer {
        var file: String
        var location: SourceLocation
        var access: AccessLevel
        /// `init?()` or `init!()`.
        var isFailable: Bool
        var isThrowing: Bool
        var isAsync: Bool
    }

    /// Where a static member the root declares is, and its access level.
    struct StaticMember {
        var file: String
        var location: SourceLocation
        var access: AccessLevel
    }

    /// The initializers callable without arguments, in the order found.
    var initializers: [Initializer] = []
    /// Whether an initializer not marked `convenience` is declared (in a class's body; an
    /// extension of a class declares convenience initializers only). Without one, Swift gives
    /// a class whose stored properties all have initial values an `init()`.
    var declaresDesignatedInitializer = false
    /// `static let documentVersion` (or `var`).
    var documentVersion: StaticMember?
    /// `static func migrateDocument(...)`.
    var migrateDocument: StaticMember?

    /// What a file that may declare any of these outside an annotated class holds: an
    /// extension (of a class, for its initializers; of a value type, for its `Codable`
    /// conformance). Such a file is parsed even without annotations when documents are on.
    static let declarationWords = ["extension"]

    /// The requirements among `functions` and `variables` of a class's body or of an extension.
    init(functions: [FunctionDeclaration], variables: [VariableDeclaration], in file: String) {
        // Read where they are, by index: a copy of a declaration would retain all its parts.
        for index in functions.indices {
            switch functions[index].kind {
            case .initializer:
                if !functions[index].modifiers.contains("convenience") { declaresDesignatedInitializer = true }
                guard functions[index].isCallableWithoutArguments else { continue }
                let function = functions[index]
                initializers.append(Initializer(
                    file: file, location: function.location, access: AccessLevel(modifiers: function.modifiers),
                    isFailable: function.isFailable, isThrowing: function.isThrowing, isAsync: function.isAsync))
            case .function where functions[index].isStatic && functions[index].name == "migrateDocument":
                if migrateDocument == nil {
                    migrateDocument = StaticMember(
                        file: file, location: functions[index].location, access: AccessLevel(modifiers: functions[index].modifiers))
                }
            default:
                continue
            }
        }
        for index in variables.indices where variables[index].isStatic && variables[index].name == "documentVersion" {
            if documentVersion == nil {
                documentVersion = StaticMember(
                    file: file, location: variables[index].location, access: AccessLevel(modifiers: variables[index].modifiers))
            }
        }
    }

    /// Whether a body or an extension declares nothing documents look for.
    var isEmpty: Bool {
        initializers.isEmpty && !declaresDesignatedInitializer && documentVersion == nil && migrateDocument == nil
    }

    /// These requirements, completed by those found elsewhere (another extension).
    func adding(_ other: DocumentRequirements?) -> DocumentRequirements {
        guard let other else { return self }
        var merged = self
        merged.initializers += other.initializers
        merged.declaresDesignatedInitializer = merged.declaresDesignatedInitializer || other.declaresDesignatedInitializer
        merged.documentVersion = merged.documentVersion ?? other.documentVersion
        merged.migrateDocument = merged.migrateDocument ?? other.migrateDocument
        return merged
    }

    /// Whether Swift gives a class with these stored properties an `init()` when it declares no
    /// designated initializer: every stored instance property has an initial value, is an
    /// optional `var` (`nil`), or has an attribute (a property wrapper, which may provide one).
    static func storedPropertiesAreInitialized(_ variables: [VariableDeclaration]) -> Bool {
        variables.indices.allSatisfy { index in
            let variable = variables[index]
            guard !variable.isStatic, variable.isStored, variable.initializer == nil, variable.attributes.isEmpty else {
                return true
            }
            guard !variable.isLet, let type = variable.typeAnnotation else { return false }
            return type.hasSuffix("?") || type.hasSuffix("!") || type.hasPrefix("Optional<")
        }
    }
}
