/// Turns a ``ModelSchema`` into the variables the templates render.
///
/// Templates decide the shape of the generated code; this type decides only what they can
/// know, as plain values: names, types, flags and lists, already filtered the ways templates
/// need them (`storedMembers`, `nodeMembers`...). The variables are documented at the top of
/// each template in `Templates/`.
///
/// All classes share one ``TemplateContext/Layout`` of keys, and all members another, so the
/// variables of a member are an array of values, built without hashing a key. `classes` is a
/// lazy array: a class's variables are built when the template reaches it, and dropped after.
package struct RenderContext {
    private typealias Value = TemplateContext.Value

    private let fileLayout: TemplateContext.Layout
    private let classLayout: TemplateContext.Layout
    private let memberLayout: TemplateContext.Layout
    private let dependencyLayout: TemplateContext.Layout
    private let stepLayout: TemplateContext.Layout

    /// Registers the layouts in `context`.
    private init(context: inout TemplateContext) {
        fileLayout = context.layout(["classes", "imports"])
        classLayout = context.layout([
            "name", "simpleName", "article", "access", "conformanceAccess", "conformances", "isRoot", "isValidating",
            "members", "storedMembers", "nodeMembers", "schemeMembers",
        ])
        memberLayout = context.layout([
            "name", "identifier", "storage", "type", "index", "changeKey", "isNode", "shape", "nodeClass",
            "isComputed", "isShared", "sharedProperty", "inScheme", "options", "backgroundRead", "backgroundWrite",
            "mayBeOptional", "dependencies", "dependencyList",
        ])
        dependencyLayout = context.layout(["text", "steps"])
        stepLayout = context.layout(["isAll", "member"])
    }

    /// The context of the whole generated file: `classes` and `imports`.
    package static func file(_ schema: ModelSchema) -> TemplateContext {
        var context = TemplateContext()
        let variables = RenderContext(context: &context)
        let classes = context.lazyArray(count: schema.classes.count) { context, index in
            variables.value(of: schema.classes[index], in: &context)
        }
        let imports = context.array(schema.imports.map { context.string($0) })
        context.setRoot(context.dictionary(variables.fileLayout, ["classes": classes, "imports": imports]))
        return context
    }

    /// The variables of one class.
    private func value(of nodeClass: NodeClass, in context: inout TemplateContext) -> Value {
        var members: [Value] = []
        var storedMembers: [Value] = []
        var nodeMembers: [Value] = []
        var schemeMembers: [Value] = []
        for member in nodeClass.members {
            let value = value(of: member, in: &context)
            members.append(value)
            if !member.isComputed { storedMembers.append(value) }
            if member.isNode { nodeMembers.append(value) }
            if member.sharedProperty == nil { schemeMembers.append(value) }
        }
        var conformances = [nodeClass.role == .root ? "RippleRoot" : "RippleNode"]
        if nodeClass.isValidating {
            conformances = nodeClass.role == .root ? ["RippleRoot", "RippleValidating"] : ["RippleValidating"]
        }
        return context.dictionary(classLayout, [
            "name": context.string(nodeClass.qualifiedName),
            "simpleName": context.string(nodeClass.name),
            // "an Account", "a User": by the first letter, which reads right for most names.
            "article": context.string(nodeClass.qualifiedName.first.map { "AEIO".contains($0) } == true ? "an" : "a"),
            "access": context.string(nodeClass.accessLevel.declarationPrefix),
            "conformanceAccess": context.string(nodeClass.conformanceAccessLevel.declarationPrefix),
            "conformances": context.string(conformances.joined(separator: ", ")),
            "isRoot": .bool(nodeClass.role == .root),
            "isValidating": .bool(nodeClass.isValidating),
            "members": context.array(members),
            "storedMembers": context.array(storedMembers),
            "nodeMembers": context.array(nodeMembers),
            "schemeMembers": context.array(schemeMembers),
        ])
    }

    /// The variables of one member.
    private func value(of member: TrackedMember, in context: inout TemplateContext) -> Value {
        var shape = ""
        var nodeClass = ""
        if case .node(let nodeShape, let element) = member.kind {
            shape = nodeShape.rawValue
            nodeClass = element
        }
        let dependencies = member.dependencies.map { value(of: $0, in: &context) }
        let options = member.options.map { context.string($0.rawValue) }
        return context.dictionary(memberLayout, [
            "name": context.string(member.name),
            "identifier": context.string(member.identifier),
            "storage": context.string(member.storageName),
            "type": context.string(member.type),
            "index": .int(member.index),
            "changeKey": .int(member.changeKey),
            "isNode": .bool(member.isNode),
            "shape": context.string(shape),
            "nodeClass": context.string(nodeClass),
            "isComputed": .bool(member.isComputed),
            "isShared": .bool(member.sharedProperty != nil),
            "sharedProperty": context.string(member.sharedProperty ?? ""),
            "inScheme": .bool(member.sharedProperty == nil),
            "options": context.array(options),
            "backgroundRead": .bool(member.options.contains(.backgroundRead)),
            "backgroundWrite": .bool(member.options.contains(.backgroundWrite)),
            "mayBeOptional": .bool(Self.mayBeOptional(member)),
            "dependencies": context.array(dependencies),
            "dependencyList": context.string(member.dependencies.map { "`\($0.text)`" }.joined(separator: ", ")),
        ])
    }

    /// The variables of one dependency: its `text` and its `steps`, each `isAll` or a `member` index.
    private func value(of dependency: DependencyPath, in context: inout TemplateContext) -> Value {
        let steps = dependency.steps.map { step in
            switch step {
            case .all: context.dictionary(stepLayout, ["isAll": .bool(true), "member": .null])
            case .member(let index): context.dictionary(stepLayout, ["isAll": .bool(false), "member": .int(index)])
            }
        }
        return context.dictionary(dependencyLayout, ["text": context.string(dependency.text), "steps": context.array(steps)])
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
        let type = member.type
        let spelledOptional: Bool
        if type.hasSuffix("?") || type.hasSuffix("!") || type.hasPrefix("Optional<") {
            spelledOptional = true
        } else if type.hasPrefix("[") || type.hasPrefix("Set<") || type.hasPrefix("Array<") || type.hasPrefix("Dictionary<") {
            spelledOptional = false
        } else {
            spelledOptional = !nonOptionalTypes.contains(type)
        }
        // A node type written out (not a typealias) shows its shape; reading the type is needed
        // only when the shape says otherwise than the spelling.
        if case .node(let shape, let element) = member.kind, shape.isOptional != spelledOptional,
           NodeTypeShape(reading: type)?.element == element {
            return shape.isOptional
        }
        return spelledOptional
    }
}
