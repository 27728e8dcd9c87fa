/// Turns a ``ModelScheme`` into the variables the templates render.
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
    /// The names of options and node shapes, stored once for all members.
    private let observable: Bool
    private let optionNames: StoredNames<MemberOption>
    private let shapeNames: StoredNames<NodeShape>

    /// Registers the layouts in `context`, and stores the names of options and shapes.
    private init(context: inout TemplateContext, observable: Bool) {
        self.observable = observable
        fileLayout = context.layout(["classes", "imports", "observable"])
        classLayout = context.layout([
            "name", "simpleName", "article", "access", "conformanceAccess", "conformances", "isRoot", "isValidating",
            "isObservable", "hasTransactionHooks", "hasWillChange", "hasDidCommit", "hasDidRollBack", "members", "storedMembers", "nodeMembers", "schemeMembers",
            "isMainActor", "validateAssumesMainActor", "willChangeAssumesMainActor", "didCommitAssumesMainActor",
            "didRollBackAssumesMainActor", "backgroundMembers",
        ])
        memberLayout = context.layout([
            "name", "identifier", "storage", "type", "index", "changeKey", "isNode", "shape", "nodeClass",
            "isComputed", "isShared", "sharedProperty", "inScheme", "options", "backgroundRead", "backgroundWrite",
            "mayBeOptional", "dependencies", "dependencyList", "isNonisolated", "visitAssumesMainActor",
        ])
        dependencyLayout = context.layout(["text", "steps"])
        stepLayout = context.layout(["isAll", "member"])
        optionNames = StoredNames(MemberOption.allCases, in: &context)
        shapeNames = StoredNames(NodeShape.allCases, in: &context)
    }

    /// The raw values of the cases of an enum, stored once: every member of a large model
    /// names a few of them, and storing each name once spares storing it every time.
    private struct StoredNames<Name: RawRepresentable<String> & Equatable> {
        private let names: [(name: Name, value: Value)]

        init(_ names: [Name], in context: inout TemplateContext) {
            self.names = names.map { ($0, context.string($0.rawValue)) }
        }

        /// The stored raw value of `name`.
        subscript(name: Name) -> Value {
            // A search of a few cases is cheaper than hashing one.
            names.first { $0.name == name }!.value
        }
    }

    /// The context of the whole generated file: `classes`, `imports` and `observable`.
    package static func file(_ schema: ModelScheme, observable: Bool = false) -> TemplateContext {
        var context = TemplateContext()
        let variables = RenderContext(context: &context, observable: observable)
        let classes = context.lazyArray(count: schema.classes.count) { context, index in
            variables.value(of: schema.classes[index], in: &context)
        }
        let imports = context.array(schema.imports.map { context.string($0) })
        context.setRoot(context.dictionary(
            variables.fileLayout, ["classes": classes, "imports": imports, "observable": .bool(observable)]))
        return context
    }

    /// The variables of one class.
    private func value(of nodeClass: borrowing NodeClass, in context: inout TemplateContext) -> Value {
        let isMainActor = nodeClass.isolation == .mainActor
        let (members, storedMembers, nodeMembers, schemeMembers, backgroundMembers) = nodeClass.members.withUnsafeBufferPointer { members in
            let all = context.array(count: members.count) { context, index in
                value(of: members[index], inMainActorClass: isMainActor, in: &context)
            }
            return (
                all,
                context.array(elementsOf: all) { !members[$0].isComputed },
                context.array(elementsOf: all) { members[$0].isNode },
                context.array(elementsOf: all) { members[$0].sharedProperty == nil },
                // A node a BackgroundNode handed out could reach the node's other members: only
                // values are offered.
                context.array(elementsOf: all) { members[$0].options.contains(.backgroundRead) && !members[$0].isNode }
            )
        }
        // A method declared `@MainActor` in a class that is not (explicitly): its witness asserts
        // the main actor, where the runtime calls it, to call it.
        let assumed = isMainActor ? [] : nodeClass.mainActorHooks
        return context.dictionary(classLayout, [
            "name": context.string(nodeClass.qualifiedName),
            "simpleName": context.string(nodeClass.name),
            "article": context.string(Self.article(of: nodeClass.qualifiedName)),
            "access": context.string(nodeClass.accessLevel.declarationPrefix),
            // The runtime's requirements are its generated-code interface: public witnesses are too.
            "conformanceAccess": context.string(
                (nodeClass.conformanceAccessLevel == .public ? "@_spi(RippleGenerated) " : "")
                    + nodeClass.conformanceAccessLevel.declarationPrefix),
            "conformances": context.string(Self.conformances(of: nodeClass)),
            "isRoot": .bool(nodeClass.role == .root),
            "isValidating": .bool(nodeClass.isValidating),
            "isObservable": .bool(observable),
            "hasTransactionHooks": .bool(!nodeClass.transactionHooks.isEmpty),
            "hasWillChange": .bool(nodeClass.transactionHooks.contains(.willChange)),
            "hasDidCommit": .bool(nodeClass.transactionHooks.contains(.didCommit)),
            "hasDidRollBack": .bool(nodeClass.transactionHooks.contains(.didRollBack)),
            "members": members,
            "storedMembers": storedMembers,
            "nodeMembers": nodeMembers,
            "schemeMembers": schemeMembers,
            "isMainActor": .bool(isMainActor),
            "validateAssumesMainActor": .bool(!isMainActor && nodeClass.validatesOnMainActor),
            "willChangeAssumesMainActor": .bool(assumed.contains(.willChange)),
            "didCommitAssumesMainActor": .bool(assumed.contains(.didCommit)),
            "didRollBackAssumesMainActor": .bool(assumed.contains(.didRollBack)),
            "backgroundMembers": backgroundMembers,
        ])
    }

    /// "an Account", "a User": by the first letter, which reads right for most names.
    private static func article(of name: String) -> String {
        switch name.first {
        case "A", "E", "I", "O": "an"
        default: "a"
        }
    }

    /// The protocols the class's extension conforms to: isolated to the main actor for a
    /// `@MainActor` class (a class main-actor by the target's default isolation gets the same
    /// from the compiler, which infers it).
    private static func conformances(of nodeClass: borrowing NodeClass) -> String {
        (nodeClass.isolation == .mainActor ? "@MainActor " : "") + (nodeClass.role == .root ? "RippleRoot" : "RippleNode")
    }

    /// The variables of one member of a class, explicitly `@MainActor` or not.
    private func value(
        of member: borrowing TrackedMember, inMainActorClass isMainActor: Bool, in context: inout TemplateContext
    ) -> Value {
        let empty = context.string("")
        var shape = empty
        var nodeClass = empty
        if case .node(let nodeShape, let element) = member.kind {
            shape = shapeNames[nodeShape]
            nodeClass = context.string(element)
        }
        let options = context.array(member.options.lazy.map { optionNames[$0] })
        let dependencies = member.dependencies.isEmpty
            ? context.array(EmptyCollection()) : value(of: member.dependencies, in: &context)
        let name = context.string(member.name)
        // The identifier is the name itself, unless the name is a keyword.
        let identifier = member.identifier
        return context.dictionary(memberLayout, [
            "name": name,
            "identifier": identifier == member.name ? name : context.string(identifier),
            "storage": context.string(member.storageName),
            "type": context.string(member.type),
            "index": .int(member.index),
            "changeKey": .int(member.changeKey),
            "isNode": .bool(member.isNode),
            "shape": shape,
            "nodeClass": nodeClass,
            "isComputed": .bool(member.isComputed),
            "isShared": .bool(member.sharedProperty != nil),
            "sharedProperty": member.sharedProperty.map { context.string($0) } ?? empty,
            "inScheme": .bool(member.sharedProperty == nil),
            "options": options,
            "backgroundRead": .bool(member.options.contains(.backgroundRead)),
            "backgroundWrite": .bool(member.options.contains(.backgroundWrite)),
            "mayBeOptional": .bool(Self.mayBeOptional(type: member.type, kind: member.kind)),
            "dependencies": dependencies,
            "dependencyList": member.dependencies.isEmpty ? empty : context.string(Self.list(of: member.dependencies)),
            "isNonisolated": .bool(member.isNonisolated),
            "visitAssumesMainActor": .bool(member.holdsMainActorNodes && !isMainActor),
        ])
    }

    /// The texts of `dependencies` in backticks, separated by commas: `` `a.b`, `c` ``.
    private static func list(of dependencies: [DependencyPath]) -> String {
        var list = ""
        for dependency in dependencies {
            list += list.isEmpty ? "`" : ", `"
            list += dependency.text
            list += "`"
        }
        return list
    }

    /// The variables of a member's dependencies; kept apart, as most members have none.
    @inline(never)
    private func value(of dependencies: [DependencyPath], in context: inout TemplateContext) -> Value {
        context.array(dependencies) { context, dependency in value(of: dependency, in: &context) }
    }

    /// The variables of one dependency: its `text` and its `steps`, each `isAll` or a `member` index.
    private func value(of dependency: DependencyPath, in context: inout TemplateContext) -> Value {
        let steps = context.array(dependency.steps) { context, step in
            switch step {
            case .all: context.dictionary(stepLayout, ["isAll": .bool(true), "member": .null])
            case .member(let index): context.dictionary(stepLayout, ["isAll": .bool(false), "member": .int(index)])
            }
        }
        return context.dictionary(dependencyLayout, ["text": context.string(dependency.text), "steps": steps])
    }

    /// Types known not to be optional, whatever module declares them.
    private static let nonOptionalTypes: [StaticString] = [
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
        var name = type
        return name.withUTF8 { bytes in
            // Comparing bytes is comparing characters when all are ASCII, and much cheaper.
            bytes.allSatisfy { $0 < 0x80 } ? isSpelledOptional(ascii: bytes) : isSpelledOptional(characters: type)
        }
    }

    /// `isSpelledOptional(_:)`, comparing characters.
    private static func isSpelledOptional(characters type: String) -> Bool {
        if type.hasSuffix("?") || type.hasSuffix("!") || type.hasPrefix("Optional<") {
            return true
        }
        if type.hasPrefix("[") || type.hasPrefix("Set<") || type.hasPrefix("Array<") || type.hasPrefix("Dictionary<") {
            return false
        }
        return !nonOptionalTypes.contains { $0.description == type }
    }

    /// `isSpelledOptional(_:)` for a name of ASCII bytes, comparing bytes.
    private static func isSpelledOptional(ascii name: UnsafeBufferPointer<UInt8>) -> Bool {
        func starts(with literal: StaticString) -> Bool {
            let prefix = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
            return name.count >= prefix.count && name.prefix(prefix.count).elementsEqual(prefix)
        }
        if name.last == UInt8(ascii: "?") || name.last == UInt8(ascii: "!") || starts(with: "Optional<") {
            return true
        }
        if starts(with: "[") || starts(with: "Set<") || starts(with: "Array<") || starts(with: "Dictionary<") {
            return false
        }
        return !nonOptionalTypes.contains { name.count == $0.utf8CodeUnitCount && starts(with: $0) }
    }
}
