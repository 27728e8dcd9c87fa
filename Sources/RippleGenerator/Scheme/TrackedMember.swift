/// A `var` annotated `property` or `node` (or `shared`) in a tracked class.
package struct TrackedMember: Hashable, Sendable {
    /// What the member holds.
    package enum Kind: Hashable, Sendable {
        /// A value, tracked as a whole.
        case property
        /// Child nodes of class `element` (a qualified name) in the given shape.
        case node(NodeShape, element: String)
    }

    /// The declared name: `_total`.
    package var storageName: String
    /// The public name, the storage name without its leading underscore: `total`.
    package var name: String
    /// The type of the accessor, as generated code writes it: `Int`, `[Shelf]`.
    package var typeSyntax: TypeSyntax
    package var kind: Kind
    /// Whether the member is a computed `var` (then it is also readOnly).
    package var isComputed: Bool
    /// The options the runtime sees, in their canonical order.
    package var options: MemberOptions
    /// The member's position in its class.
    package var index: Int
    /// The change key its writes bump: its own index, or that of the property it shares.
    package var changeKey: Int
    /// The public name of the property named by `shared = name`.
    package var sharedProperty: String?
    /// For a readOnly computed member, what it reads.
    package var dependencies: [DependencyPath]
    /// Where the member's declaration is.
    package var location: SourceLocation
    /// Whether the accessor is `nonisolated`: a member shared with other threads
    /// (`allowBackgroundRead`/`Write`) whose storage is declared `nonisolated(unsafe)`, or whose
    /// class is `nonisolated`, so that it is usable off the main actor in any target.
    package var isNonisolated = false
    /// Whether the member holds nodes of a `@MainActor` class, whose conformance is usable on
    /// the main actor only: a class not explicitly `@MainActor` visits them asserting it.
    package var holdsMainActorNodes = false

    package init(
        storageName: String, name: String, type: TypeSyntax, kind: Kind, isComputed: Bool,
        options: MemberOptions, index: Int, changeKey: Int, sharedProperty: String? = nil,
        dependencies: [DependencyPath] = [], location: SourceLocation, isNonisolated: Bool = false
    ) {
        self.storageName = storageName
        self.name = name
        self.typeSyntax = type
        self.kind = kind
        self.isComputed = isComputed
        self.options = options
        self.index = index
        self.changeKey = changeKey
        self.sharedProperty = sharedProperty
        self.dependencies = dependencies
        self.location = location
        self.isNonisolated = isNonisolated
    }

    /// The text of ``typeSyntax``.
    package var type: String { typeSyntax.text }

    /// Whether the member holds child nodes.
    package var isNode: Bool {
        if case .node = kind { return true }
        return false
    }

    /// The class of its child nodes, for node members.
    package var nodeClassName: String? {
        if case .node(_, let element) = kind { return element }
        return nil
    }

    /// Whether documents save the member: it is stored, and neither discardable nor derived.
    package var isSaved: Bool {
        !isComputed && !options.contains(.discardable) && !options.contains(.derived)
    }

    /// Whether writes of the member have a setter.
    package var isReadOnly: Bool { options.contains(.readOnly) }

    /// The public name as code spells it: backticked when it is a keyword (`` `default` ``).
    package var identifier: String {
        SwiftParser.isReservedWord(name) ? "`\(name)`" : name
    }
}
