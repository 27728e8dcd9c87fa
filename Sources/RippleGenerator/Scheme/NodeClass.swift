/// A class annotated `// ripple: root` or `// ripple: node`.
package struct NodeClass: Hashable, Sendable {
    /// Whether the class is the root of its model.
    package enum Role: String, Hashable, Sendable {
        case root, node
    }

    /// The name as declared: `Inner`.
    package var name: String
    /// The name with the names of the types it is nested in: `Outer.Inner`; what generated code
    /// extends and refers to.
    package var qualifiedName: String
    package var role: Role
    /// The access level of the generated accessors and scheme (the class's own, or the
    /// configured one).
    package var accessLevel: AccessLevel
    /// The access level of the generated protocol requirements (`_rippleDescriptor` and the
    /// `_ripple` methods): the class's own, which its conformance has, whatever is configured.
    package var conformanceAccessLevel: AccessLevel
    /// Whether the class declares `func validate() throws`, which the runtime then runs.
    package var isValidating: Bool
    /// The transaction hooks the class declares, in its body or an extension.
    package var transactionHooks: TransactionHooks
    /// The class's isolation as written: `@MainActor` gives it a conformance isolated to the
    /// main actor; without an attribute it may still be main-actor by the target's default.
    package var isolation: Isolation = .inferred
    /// Whether `validate()` is declared `@MainActor` (on it or on its extension).
    package var validatesOnMainActor = false
    /// The transaction hooks declared `@MainActor` (on them or on their extension).
    package var mainActorHooks: TransactionHooks = []
    /// Whether the root declares `static let documentVersion` (or `var`), in its body or an
    /// extension: the version of the documents it writes (otherwise 1). Read with documents on.
    package var declaresDocumentVersion = false
    /// Whether the root declares `static func migrateDocument(_:from:)`, which opens documents
    /// of older versions. Read with documents on.
    package var declaresDocumentMigration = false
    /// The tracked members, in declaration order; a member's position is its index.
    package var members: [TrackedMember]
    /// The file that declares the class.
    package var file: String
    /// Where the class's name is.
    package var location: SourceLocation

    package init(
        name: String, qualifiedName: String, role: Role, accessLevel: AccessLevel,
        conformanceAccessLevel: AccessLevel? = nil, isValidating: Bool, transactionHooks: TransactionHooks = [],
        members: [TrackedMember], file: String,
        location: SourceLocation
    ) {
        self.name = name
        self.qualifiedName = qualifiedName
        self.role = role
        self.accessLevel = accessLevel
        self.conformanceAccessLevel = conformanceAccessLevel ?? accessLevel
        self.isValidating = isValidating
        self.transactionHooks = transactionHooks
        self.members = members
        self.file = file
        self.location = location
    }

    /// The member with this public name.
    package func member(named name: String) -> TrackedMember? {
        members.first { $0.name == name }
    }
}
