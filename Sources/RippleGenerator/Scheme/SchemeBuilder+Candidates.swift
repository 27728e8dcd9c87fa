extension SchemeBuilder {
    /// A class annotated `root` or `node`, before its members are built.
    ///
    /// It keeps what building the class needs, read while the declaration is at hand. A class,
    /// so that handing one around copies a reference.
    final class Candidate {
        let name: String
        let qualifiedName: String
        let location: SourceLocation
        /// The declaration's `var` members, annotated or not, in source order.
        let variables: [VariableDeclaration]
        let annotation: Annotation
        let role: NodeClass.Role
        let file: String
        /// The first inherited type, which may be a tracked superclass.
        let superclass: String?
        let isGeneric: Bool
        /// The access level of the class, restricted by the types it is nested in.
        let access: AccessLevel
        /// The class's instance `tracker`, if declared.
        let tracker: Requirement?
        /// Whether the body was skipped unread (nested too deep): its members are unknown.
        let isBodySkipped: Bool
        /// `validate()` and the transaction hooks declared in the class's body.
        let methods: ClassMethods
        /// The initializers, document version and migration declared in the class's body (read
        /// only with documents on).
        let documentRequirements: DocumentRequirements
        /// The class's isolation, as its attributes and modifiers spell it.
        let isolation: Isolation
        /// The `#if` conditions the class is compiled under (see
        /// ``TypeDeclaration/compilationConditions``).
        let compilationConditions: [String]
        /// The annotated `var` members, as positions in `variables`, with their checked
        /// annotations; filled as they are read.
        var members: [AnnotatedMember] = []

        /// Where a declaration that the generated conformance relies on is, and its access level.
        struct Requirement {
            var location: SourceLocation
            var access: AccessLevel
        }

        /// Reads the candidate off `declaration`, nested in types that allow `enclosingAccess`.
        init(
            _ declaration: TypeDeclaration, enclosingAccess: AccessLevel, annotation: Annotation, role: NodeClass.Role,
            file: String, documents: Bool
        ) {
            name = declaration.name
            qualifiedName = declaration.qualifiedName
            location = declaration.location
            variables = declaration.members
            self.annotation = annotation
            self.role = role
            self.file = file
            superclass = declaration.inheritance.first
            isGeneric = declaration.genericParameters != nil
            access = min(AccessLevel(modifiers: declaration.modifiers), enclosingAccess)
            // Read where they are, by index: a copy of a declaration would retain all its parts.
            let variables = variables
            tracker = variables.indices.first { variables[$0].name == "tracker" && !variables[$0].isStatic }.map {
                Requirement(location: variables[$0].location, access: AccessLevel(modifiers: variables[$0].modifiers))
            }
            methods = ClassMethods(declaration.functions, in: file)
            documentRequirements = DocumentRequirements(
                functions: documents ? declaration.functions : [], variables: documents ? variables : [], in: file)
            isolation = Isolation(attributes: declaration.attributes, modifiers: declaration.modifiers)
            compilationConditions = declaration.compilationConditions
            isBodySkipped = declaration.isBodySkipped
            members.reserveCapacity(variables.count)
        }
    }

    /// An annotated `var` of a class that is not annotated, to report once every class is known.
    struct UnannotatedMember {
        var member: String
        var className: String
        /// The scope the class's superclass is looked up in: the class's qualified name.
        var scope: String
        /// The first inherited type, which may be a tracked superclass.
        var superclass: String?
        var isGeneric: Bool
        var location: SourceLocation
        var file: String
    }

    /// An annotated `var` of a candidate: its position in the declaration's members, and its
    /// checked annotation. (A struct rather than a tuple: an array of tuples is destroyed
    /// through generic code.)
    struct AnnotatedMember {
        var index: Int
        var annotation: Annotation
        /// The names of the annotation's items (``Annotation/names``), read while they were at
        /// hand: building the member then looks at the items only for those it needs.
        var names: UInt16
        /// Whether every item was read and kept: `false` when one was reported (unknown, or
        /// misplaced) and dropped, so that what the member is cannot be told.
        var isWhole: Bool
    }
}
