/// Renders the generated Swift file of a model scheme.
///
/// Templates decide the shape of the generated code; the renderer decides only what they can
/// know, as plain values: names, types, flags and lists, already filtered the ways templates
/// need them (`storedMembers`, `nodeMembers`...). The variables are documented at the top of
/// each template in `Templates/`. All classes share one list of keys, and all members another
/// (see ``TemplateDictionary``): a class or a member is an array of values, in their order.
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
    /// - Returns: The file's UTF-8 bytes, as they are written: the bench's annotated model's
    ///   17 MB copied into a `String` took another 7M instructions and 850 page faults a render.
    /// - Throws: `TemplateError` when a (user) template uses a variable that does not exist or
    ///   a value of the wrong kind.
    package func render(_ scheme: ModelScheme, observable: Bool = false, documents: Bool = false) throws(TemplateError) -> [UInt8] {
        // A root not explicitly `@MainActor` lists the classes that are with their isolated
        // conformances, which it can name on the main actor only.
        let hasMainActorClasses = scheme.classes.contains { $0.isolation == .mainActor }
        // The built-in templates write about a kilobyte per member and two and a half per class,
        // twice that with documents. Room made for it at once spares copying the output as it
        // grows, and the allocator the churn of ever larger buffers: grown by doubling, the
        // output of the bench's annotated model (17 MB) took about 10,000 page faults a render,
        // in most processes.
        let expectedSize = scheme.classes.reduce(0) { $0 + 2_500 + 1_000 * $1.members.count } * (documents ? 2 : 1)
        return try templates.render([
            "classes": .array(scheme.classes.map {
                Self.value(of: $0, observable: observable, hasMainActorClasses: hasMainActorClasses)
            }),
            "imports": .array(scheme.imports.map(TemplateValue.string)),
            "observable": .bool(observable),
            "documents": .bool(documents),
        ], expectedSize: expectedSize)
    }

    private static let classKeys = TemplateDictionary.Keys([
        "name", "simpleName", "article", "access", "conformanceAccess", "conformances", "isRoot", "isValidating",
        "isObservable", "hasTransactionHooks", "hasWillChange", "hasDidCommit", "hasDidRollBack", "members",
        "storedMembers", "nodeMembers", "schemeMembers", "isMainActor", "validateAssumesMainActor",
        "willChangeAssumesMainActor", "didCommitAssumesMainActor", "didRollBackAssumesMainActor", "backgroundMembers",
        "documentConformance", "makeExpression", "declaresDocumentVersion", "declaresDocumentMigration", "savedMembers",
        "documentTypesAssumeMainActor",
    ])
    private static let memberKeys = TemplateDictionary.Keys([
        "name", "identifier", "storage", "type", "index", "changeKey", "isNode", "shape", "nodeClass", "isComputed",
        "isShared", "sharedProperty", "inScheme", "options", "backgroundRead", "backgroundWrite", "mayBeOptional",
        "dependencies", "dependencyList", "isNonisolated", "visitAssumesMainActor", "isSaved", "documentWrite",
        "documentApply",
    ])
    private static let dependencyKeys = TemplateDictionary.Keys(["text", "steps"])
    private static let stepKeys = TemplateDictionary.Keys(["isAll", "member"])

    /// The variables of one class, of a model with `@MainActor` classes or not.
    private static func value(of nodeClass: NodeClass, observable: Bool, hasMainActorClasses: Bool) -> TemplateValue {
        // Lists with room for every member: an allocation each, rather than one per doubling.
        func list() -> [TemplateValue] {
            var list: [TemplateValue] = []
            list.reserveCapacity(nodeClass.members.count)
            return list
        }
        var (values, stored, saved, nodes, inScheme) = (list(), list(), list(), list(), list())
        var background: [TemplateValue] = []
        let isMainActor = nodeClass.isolation == .mainActor
        for member in nodeClass.members {
            let value = value(of: member, inMainActorClass: isMainActor)
            values.append(value)
            if !member.isComputed { stored.append(value) }
            if member.isSaved { saved.append(value) }
            if member.isNode { nodes.append(value) }
            if member.sharedProperty == nil { inScheme.append(value) }
            // A node a BackgroundNode handed out could reach the node's other members: only
            // values are offered.
            if member.options.contains(.backgroundRead) && !member.isNode { background.append(value) }
        }
        let hooks = nodeClass.transactionHooks
        // A method declared `@MainActor` in a class that is not (explicitly): its witness asserts
        // the main actor, where the runtime calls it, to call it.
        let assumed = isMainActor ? [] : nodeClass.mainActorHooks
        return classKeys.dictionary([
            .string(nodeClass.qualifiedName),  // name
            .string(nodeClass.name),  // simpleName
            // "an Account", "a User": by the first letter, which reads right for most names.
            .string(nodeClass.qualifiedName.first.map { "AEIO".contains($0) } == true ? "an" : "a"),  // article
            .string(nodeClass.accessLevel.declarationPrefix),  // access
            // The runtime's requirements are its generated-code interface: public witnesses are too.
            .string(
                (nodeClass.conformanceAccessLevel == .public ? "@_spi(RippleGenerated) " : "")
                    + nodeClass.conformanceAccessLevel.declarationPrefix),  // conformanceAccess
            // Isolated to the main actor for a `@MainActor` class (a class main-actor by the
            // target's default isolation gets the same from the compiler, which infers it).
            .string((isMainActor ? "@MainActor " : "") + (nodeClass.role == .root ? "RippleRoot" : "RippleNode")),  // conformances
            .bool(nodeClass.role == .root),  // isRoot
            .bool(nodeClass.isValidating),  // isValidating
            .bool(observable),  // isObservable
            .bool(!hooks.isEmpty),  // hasTransactionHooks
            .bool(hooks.contains(.willChange)),  // hasWillChange
            .bool(hooks.contains(.didCommit)),  // hasDidCommit
            .bool(hooks.contains(.didRollBack)),  // hasDidRollBack
            .array(values),  // members
            .array(stored),  // storedMembers
            .array(nodes),  // nodeMembers
            .array(inScheme),  // schemeMembers
            .bool(isMainActor),  // isMainActor
            .bool(!isMainActor && nodeClass.validatesOnMainActor),  // validateAssumesMainActor
            .bool(assumed.contains(.willChange)),  // willChangeAssumesMainActor
            .bool(assumed.contains(.didCommit)),  // didCommitAssumesMainActor
            .bool(assumed.contains(.didRollBack)),  // didRollBackAssumesMainActor
            .array(background),  // backgroundMembers
            .string((isMainActor ? "@MainActor " : "") + (nodeClass.role == .root ? "DocumentRoot" : "DocumentNode")),  // documentConformance
            .string(nodeClass.qualifiedName + "()"),  // makeExpression
            .bool(nodeClass.declaresDocumentVersion),  // declaresDocumentVersion
            .bool(nodeClass.declaresDocumentMigration),  // declaresDocumentMigration
            .array(saved),  // savedMembers
            .bool(nodeClass.role == .root && !isMainActor && hasMainActorClasses),  // documentTypesAssumeMainActor
        ])
    }

    /// The variables of one member of a class, explicitly `@MainActor` or not.
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
        let dependencies = member.dependencies.map { dependency in
            dependencyKeys.dictionary([
                .string(dependency.text),
                .array(dependency.steps.map { step in
                    switch step {
                    case .all: stepKeys.dictionary([true, nil])
                    case .member(let index): stepKeys.dictionary([false, .int(index)])
                    }
                }),
            ])
        }
        return memberKeys.dictionary([
            .string(member.name),  // name
            .string(member.identifier),  // identifier
            .string(member.storageName),  // storage
            .string(member.type),  // type
            .int(member.index),  // index
            .int(member.changeKey),  // changeKey
            .bool(member.isNode),  // isNode
            .string(shape),  // shape
            .string(nodeClass),  // nodeClass
            .bool(member.isComputed),  // isComputed
            .bool(member.sharedProperty != nil),  // isShared
            .string(member.sharedProperty ?? ""),  // sharedProperty
            .bool(member.sharedProperty == nil),  // inScheme
            .array(member.options.map { .string($0.rawValue) }),  // options
            .bool(member.options.contains(.backgroundRead)),  // backgroundRead
            .bool(member.options.contains(.backgroundWrite)),  // backgroundWrite
            .bool(mayBeOptional(type: member.type, kind: member.kind)),  // mayBeOptional
            .array(dependencies),  // dependencies
            // The texts in backticks, separated by commas: `a.b`, `c`.
            .string(member.dependencies.isEmpty ? "" : member.dependencies.map { "`\($0.text)`" }.joined(separator: ", ")),  // dependencyList
            .bool(member.isNonisolated),  // isNonisolated
            .bool(member.holdsMainActorNodes && !isMainActor),  // visitAssumesMainActor
            .bool(member.isSaved),  // isSaved
            .string(documentWrite),  // documentWrite
            .string(documentApply),  // documentApply
        ])
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
    ///
    /// Takes the member's `type` and `kind` rather than the member, which callers would copy.
    static func mayBeOptional(type: String, kind: TrackedMember.Kind) -> Bool {
        let spelledOptional = isSpelledOptional(type)
        // A node type written out (not a typealias) shows its shape; reading the type is needed
        // only when the shape says otherwise than the spelling.
        if case .node(let shape, let element) = kind, shape.isOptional != spelledOptional,
           NodeTypeShape(reading: type)?.element == element {
            return shape.isOptional
        }
        return spelledOptional
    }

    /// Whether a type's spelling says it is optional or may be: `T?`, `T!` and `Optional<T>`
    /// are, collections and the standard types of `nonOptionalTypes` are not, and any other
    /// name may be.
    private static func isSpelledOptional(_ type: String) -> Bool {
        // The standard types first: one look-up, where the spellings below take six comparisons.
        if nonOptionalTypes.contains(type) {
            return false
        }
        if type.hasSuffix("?") || type.hasSuffix("!") || type.hasPrefix("Optional<") {
            return true
        }
        return !(type.hasPrefix("[") || type.hasPrefix("Set<") || type.hasPrefix("Array<") || type.hasPrefix("Dictionary<"))
    }
}
