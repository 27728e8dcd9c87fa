/// Renders the generated Swift file of a model scheme.
///
/// Templates decide the shape of the generated code; the renderer decides only what they can
/// know, as plain values: names, types, flags and lists, already filtered the ways templates
/// need them (`storedMembers`, `nodeMembers`...). The variables are documented at the top of
/// each template in `Templates/`; each key below is the name a template reads.
///
/// ```swift
/// let code = String(decoding: try CodeRenderer(templates: .builtIn()).render(scheme), as: UTF8.self)
/// ```
package struct CodeRenderer: Sendable {
    package let templates: TemplateSet

    /// Creates a renderer that uses `templates`.
    package init(templates: TemplateSet = .builtIn()) {
        self.templates = templates
    }

    /// The generated file: every class of `scheme`, or only the header when it has none.
    ///
    /// - Returns: The file's UTF-8 bytes, as they are written.
    /// - Throws: `TemplateError` when a (user) template uses a variable that does not exist or
    ///   a value of the wrong kind.
    package func render(_ scheme: ModelScheme, observable: Bool = false, documents: Bool = false) throws(TemplateError) -> [UInt8] {
        // A root not explicitly `@MainActor` lists the classes that are with their isolated
        // conformances, which it can name on the main actor only.
        let hasMainActorClasses = scheme.classes.contains { $0.isolation == .mainActor }
        return try templates.render([
            "classes": .array(scheme.classes.map {
                Self.value(of: $0, observable: observable, hasMainActorClasses: hasMainActorClasses)
            }),
            "imports": .array(scheme.imports.map(TemplateValue.string)),
            "observable": .bool(observable),
            "documents": .bool(documents),
        ])
    }

    /// The variables of one class (`class` in the templates), of a model with `@MainActor`
    /// classes or not.
    private static func value(of nodeClass: NodeClass, observable: Bool, hasMainActorClasses: Bool) -> TemplateValue {
        let isMainActor = nodeClass.isolation == .mainActor
        let members = nodeClass.members.map { (member: $0, value: value(of: $0, inMainActorClass: isMainActor)) }
        func values(where isIncluded: (TrackedMember) -> Bool) -> TemplateValue {
            .array(members.filter { isIncluded($0.member) }.map(\.value))
        }
        let hooks = nodeClass.transactionHooks
        // A method declared `@MainActor` in a class that is not (explicitly): its witness asserts
        // the main actor, where the runtime calls it, to call it.
        let assumed = isMainActor ? [] : nodeClass.mainActorHooks
        let isRoot = nodeClass.role == .root
        return [
            "name": .string(nodeClass.qualifiedName),
            "simpleName": .string(nodeClass.name),
            // "an Account", "a User": by the first letter, which reads right for most names.
            "article": .string(nodeClass.qualifiedName.first.map { "AEIO".contains($0) } == true ? "an" : "a"),
            "access": .string(nodeClass.accessLevel.declarationPrefix),
            // The runtime's requirements are its generated-code interface: public witnesses are too.
            "conformanceAccess": .string(
                (nodeClass.conformanceAccessLevel == .public ? "@_spi(RippleGenerated) " : "")
                    + nodeClass.conformanceAccessLevel.declarationPrefix),
            // Isolated to the main actor for a `@MainActor` class (a class main-actor by the
            // target's default isolation gets the same from the compiler, which infers it).
            "conformances": .string((isMainActor ? "@MainActor " : "") + (isRoot ? "RippleRoot" : "RippleNode")),
            "isRoot": .bool(isRoot),
            "isValidating": .bool(nodeClass.isValidating),
            "isObservable": .bool(observable),
            "hasTransactionHooks": .bool(!hooks.isEmpty),
            "hasWillChange": .bool(hooks.contains(.willChange)),
            "hasDidCommit": .bool(hooks.contains(.didCommit)),
            "hasDidRollBack": .bool(hooks.contains(.didRollBack)),
            "members": values { _ in true },
            "storedMembers": values { !$0.isComputed },
            "nodeMembers": values(where: \.isNode),
            "schemeMembers": values { $0.sharedProperty == nil },
            "isMainActor": .bool(isMainActor),
            "validateAssumesMainActor": .bool(!isMainActor && nodeClass.validatesOnMainActor),
            "willChangeAssumesMainActor": .bool(assumed.contains(.willChange)),
            "didCommitAssumesMainActor": .bool(assumed.contains(.didCommit)),
            "didRollBackAssumesMainActor": .bool(assumed.contains(.didRollBack)),
            // A node a BackgroundNode handed out could reach the node's other members: only
            // values are offered.
            "backgroundMembers": values { $0.options.contains(.backgroundRead) && !$0.isNode },
            "documentConformance": .string((isMainActor ? "@MainActor " : "") + (isRoot ? "DocumentRoot" : "DocumentNode")),
            "makeExpression": .string(nodeClass.qualifiedName + "()"),
            "declaresDocumentVersion": .bool(nodeClass.declaresDocumentVersion),
            "declaresDocumentMigration": .bool(nodeClass.declaresDocumentMigration),
            "savedMembers": values(where: \.isSaved),
            "documentTypesAssumeMainActor": .bool(isRoot && !isMainActor && hasMainActorClasses),
        ]
    }

    /// The variables of one member of a class (`member` in the templates), explicitly
    /// `@MainActor` or not.
    private static func value(of member: TrackedMember, inMainActorClass isMainActor: Bool) -> TemplateValue {
        var shape = ""
        var nodeClass = ""
        // How documents write and apply the member: a value, one node, or a collection of them.
        var documentWrite = "value"
        var documentApply = "apply"
        if case .node(let nodeShape, let element) = member.kind {
            shape = nodeShape.rawValue
            nodeClass = element
            let isSingle = nodeShape == .single || nodeShape == .optional
            documentWrite = isSingle ? "node" : "nodes"
            documentApply = isSingle ? "applyNode" : "applyNodes"
        }
        let dependencies: [TemplateValue] = member.dependencies.map { dependency in
            [
                "text": .string(dependency.text),
                "steps": .array(dependency.steps.map { step in
                    switch step {
                    case .all: ["isAll": true, "member": nil]
                    case .member(let index): ["isAll": false, "member": .int(index)]
                    }
                }),
            ]
        }
        return [
            "name": .string(member.name),
            "identifier": .string(member.identifier),
            "storage": .string(member.storageName),
            "type": .string(member.type),
            "index": .int(member.index),
            "changeKey": .int(member.changeKey),
            "isNode": .bool(member.isNode),
            "shape": .string(shape),
            "nodeClass": .string(nodeClass),
            "isComputed": .bool(member.isComputed),
            "isShared": .bool(member.sharedProperty != nil),
            "sharedProperty": .string(member.sharedProperty ?? ""),
            "inScheme": .bool(member.sharedProperty == nil),
            "options": .array(member.options.map { .string($0.rawValue) }),
            "backgroundRead": .bool(member.options.contains(.backgroundRead)),
            "backgroundWrite": .bool(member.options.contains(.backgroundWrite)),
            "mayBeOptional": .bool(mayBeOptional(member)),
            "dependencies": .array(dependencies),
            // The texts in backticks, separated by commas: `a.b`, `c`.
            "dependencyList": .string(member.dependencies.map { "`\($0.text)`" }.joined(separator: ", ")),
            "isNonisolated": .bool(member.isNonisolated),
            "visitAssumesMainActor": .bool(member.holdsMainActorNodes && !isMainActor),
            "isSaved": .bool(member.isSaved),
            "documentWrite": .string(documentWrite),
            "documentApply": .string(documentApply),
        ]
    }

    /// Types known not to be optional, whatever module declares them.
    private static let nonOptionalTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Bool", "String", "Character", "Substring",
        "Date", "Data", "URL", "UUID", "Decimal",
    ]

    /// Whether the member's value may be an `Optional`, which must be converted to `Any`
    /// explicitly to avoid a warning.
    ///
    /// Certain only for node shapes, collection literals and standard types; any other name
    /// could be a typealias of an optional, so it counts as one (`as Any` is harmless).
    static func mayBeOptional(_ member: TrackedMember) -> Bool {
        let spelledOptional = isSpelledOptional(member.type)
        // A node type written out (not a typealias) shows its shape, which tells when the
        // spelling does not.
        if case .node(let shape, let element) = member.kind, shape.isOptional != spelledOptional,
           NodeTypeShape(reading: member.typeSyntax)?.element == element {
            return shape.isOptional
        }
        return spelledOptional
    }

    /// Whether a type's spelling says it is optional or may be: `T?`, `T!` and `Optional<T>`
    /// are, collections and the standard types of `nonOptionalTypes` are not, and any other
    /// name may be.
    private static func isSpelledOptional(_ type: String) -> Bool {
        if nonOptionalTypes.contains(type) {
            return false
        }
        if type.hasSuffix("?") || type.hasSuffix("!") || type.hasPrefix("Optional<") {
            return true
        }
        return !(type.hasPrefix("[") || type.hasPrefix("Set<") || type.hasPrefix("Array<") || type.hasPrefix("Dictionary<"))
    }
}
