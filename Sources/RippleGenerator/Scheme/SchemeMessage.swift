/// The problems found while reading annotations and building the model scheme, with their
/// wording.
///
/// Every message says what is wrong and how to fix it, in the terms the user wrote:
///
/// ```swift
/// SchemeMessage.unknownItem("readonly", suggestion: "readOnly").text
/// // "unknown annotation item 'readonly'; did you mean 'readOnly'?"
/// ```
///
/// Errors stop the generator from writing anything; warnings report a setting that is
/// ignored (never silently); notes point at a related place.
package enum SchemeMessage: DiagnosticMessage, Equatable {
    // MARK: Annotation syntax

    /// `// ripple:` with nothing after the colon.
    case emptyAnnotation(prefix: String)
    /// A line that does not follow `ITEM[, ITEM...]`.
    case malformedAnnotation(expected: String, found: String)
    /// A word that is not an item of the annotation language.
    case unknownItem(String, suggestion: String?)
    /// The same item twice on one declaration.
    case duplicateItem(String)
    /// `readOnly = x`.
    case unexpectedValue(item: AnnotationItem.Name)
    /// `shared` or `dependency` without `= value`.
    case missingValue(item: AnnotationItem.Name)
    /// `shared = [a, b]`, `shared = a.b`, `type = [T]`.
    case invalidValue(item: AnnotationItem.Name)
    /// `/// ripple: node`: a doc comment is not read as an annotation.
    case docCommentAnnotation(prefix: String)
    /// `// Ripple: node` or `/* ripple: node */`: a comment that reads like an annotation but
    /// is not written as one, so it is not read.
    case unreadAnnotation(prefix: String)

    // MARK: Placement

    /// An annotation with no declaration after it.
    case danglingAnnotation(prefix: String)
    /// An annotation on a function, an initializer, a struct member...: `"func 'reload'"`.
    case unsupportedDeclaration(String)
    /// `root` or `node` on a struct, enum, actor, protocol or extension.
    case notAClass(item: AnnotationItem.Name, name: String, kind: String)
    /// A class item on a member, or a member item on a class.
    case itemOnWrongDeclaration(item: AnnotationItem.Name, onClass: Bool)
    /// An annotated `var` in a class that is not annotated `root` or `node`; `mayBeRoot` when
    /// the model has no root yet.
    case memberOfUnannotatedClass(member: String, className: String, prefix: String, mayBeRoot: Bool)
    /// An annotated `var` in a class that is not annotated and cannot be: a generic class
    /// (`superclass` is `nil`), or a subclass of the tracked class `superclass`.
    case memberOfUntrackableClass(member: String, className: String, superclass: String?)
    /// An annotated `var` in a struct, enum, actor, protocol or extension.
    case memberOutsideClass(member: String, container: String)

    // MARK: Classes

    /// Node classes, but no root.
    case missingRoot(prefix: String)
    /// A second class annotated `root`.
    case secondRoot(name: String, firstRoot: String)
    /// The note at the first root when a second one is found.
    case firstRootHere(name: String)
    /// `root` and `node` on the same class.
    case redundantNode
    /// A root or node class without `let tracker = Tracker()`.
    case missingTracker(className: String)
    /// A `tracker` or `validate()` that the generated file cannot see (private or fileprivate).
    case requirementNotVisible(requirement: String, className: String, access: String, declaration: String)
    /// A method most likely meant as `validate()` or a hook that is not one (a warning).
    case misdeclaredHook(HookMisdeclaration)
    /// `validate()` or a hook declared only under `#if` conditions, which the generator cannot
    /// evaluate, while the generated code calls it unconditionally.
    case conditionalMethod(method: String)
    /// A class the generated file cannot see.
    case inaccessibleClass(name: String, access: String)
    /// A class with generic parameters.
    case genericClass(name: String)
    /// A tracked class declared inside `#if`, whose conditions the generator cannot evaluate.
    case conditionalClass(name: String)
    /// A tracked class whose superclass is tracked too.
    case trackedSuperclass(name: String, superclass: String)

    // MARK: Members

    /// `var total` instead of `var _total`.
    case missingUnderscore(name: String)
    /// `var _` (written `` `_` ``) or `var __`: without its first `_`, no name is left for the accessor.
    case accessorWithoutName(member: String)
    /// An annotated `let`.
    case constantMember(name: String)
    /// An annotated `static` or `class` var.
    case staticMember(name: String)
    /// A tracked member declared inside `#if` (within its class), whose conditions the
    /// generator cannot evaluate.
    case conditionalMember(name: String)
    /// A member of an implicitly unwrapped type (`Int!`), which generated code cannot name.
    case implicitlyUnwrappedMember(name: String, type: String)
    /// A member whose type is less visible than its generated accessor: `typeAccess` of the
    /// type, `accessorAccess` of the accessor of a member of `className`.
    case inaccessibleMemberType(
        typeName: String, typeAccess: AccessLevel, accessor: String, accessorAccess: AccessLevel, className: String)
    /// A member whose type names `typeName` where generated code declares a generic parameter
    /// of that name (`Root` in the scheme, `Node` in `BackgroundNode`), so that it would not
    /// mean the user's type there; `declaration` is the generated declaration. A property's type
    /// can be qualified by its module instead; a node class must be renamed.
    case shadowedTypeName(member: String, typeName: String, declaration: String, canQualify: Bool)
    /// A member annotation with neither `property`, `node` nor `shared`.
    case missingKind(member: String)
    /// Both `property` and `node`.
    case conflictingKinds(member: String)
    /// `shared` on a `node` member.
    case sharedNode(member: String)
    /// A computed member without `readOnly`.
    case computedNeedsReadOnly(member: String)
    /// `readOnly` on a stored member.
    case readOnlyStoredMember(member: String)
    /// `dependency` on a member that is not readOnly and computed (ignored).
    case ignoredDependency(member: String)
    /// A readOnly computed member without `dependency`.
    case missingDependency(member: String)
    /// A write modifier on a readOnly member, which is never written (ignored).
    case ignoredOnReadOnly(item: AnnotationItem.Name, member: String)
    /// `type = T` on a property (ignored).
    case ignoredType(member: String)
    /// No type annotation and an initializer whose type is not certain.
    case cannotInferType(member: String)
    /// A node member whose class is not annotated.
    case notANode(typeName: String, prefix: String)
    /// A node member whose type is a value type (`Int`, a struct): it wants `property`.
    case valueTypeNode(member: String, typeName: String)
    /// A node member whose type the sources do not declare: a class to annotate, or a value;
    /// or a misspelling of the node class `suggestion`.
    case undeclaredNodeType(member: String, typeName: String, prefix: String, suggestion: String?)
    /// A node member whose type is not one of the supported shapes.
    case unsupportedNodeShape(member: String, type: String)
    /// `type = T` on a member whose declared type does not show how it holds its nodes.
    case unknownNodeShape(member: String, type: String, element: String)
    /// `type = T` that contradicts the declared type.
    case contradictingType(member: String, type: String, declared: String)
    /// The public name of a member clashes with a member the class already has.
    case accessorClash(accessor: String, member: String, className: String)
    /// The public name of a member is a name the generated code needs.
    case reservedAccessor(accessor: String, member: String)
    /// `shared = name` where `name` is not a stored property of the class.
    case unknownSharedProperty(name: String, className: String, suggestion: String?)

    // MARK: Isolation

    /// A class isolated to a global actor other than the main actor, which the runtime calls on.
    case classIsolatedToOtherActor(className: String, actor: String)
    /// `validate()` or a hook isolated to a global actor other than the main actor.
    case methodIsolatedToOtherActor(method: String, className: String, actor: String)
    /// An `async` `validate()` or hook, which the runtime (calling synchronously) ignores.
    case asyncMethod(method: String, className: String)
    /// A tracked member isolated otherwise than its class (`@MainActor var _x` in a class that is not).
    case memberIsolation(member: String, isolation: String, className: String)
    /// A background member of a `@MainActor` class whose storage is isolated to the main actor.
    case isolatedBackgroundMember(member: String, item: String, className: String)

    // MARK: Documents

    /// With documents on, a class without an `init()` that a document can make it through.
    case missingInitializer(className: String)
    /// With documents on, an `init()` that the generated file cannot call.
    case inaccessibleInitializer(className: String, access: String)
    /// With documents on, a failable `init?()` (or `init!()`).
    case failableInitializer(className: String)
    /// With documents on, an `init()` that throws or is async.
    case effectfulInitializer(className: String, effect: String)
    /// With documents on, a saved member whose type is certainly not `Codable`.
    case notCodableMember(member: String, type: String, reason: NotCodable)

    /// Why a saved member's type is certainly not `Codable`.
    package enum NotCodable: Equatable, Sendable {
        case functionType
        case tuple
        /// `Any` or `AnyObject`, as written.
        case any(String)
        /// A type the sources declare without `Codable`, as written in the member's type.
        case declaredWithoutCodable(String)
    }

    // MARK: Dependencies

    /// A dependency path component that names no tracked member.
    case unknownDependency(path: String, member: String, className: String, suggestion: String?)
    /// A dependency path that continues past a property.
    case dependencyThroughProperty(path: String, property: String)
    /// `all` that is not the last component, or that follows a property.
    case misplacedAll(path: String)
    /// Computed members whose dependencies lead back to themselves: the members in order, the
    /// first repeated at the end.
    case dependencyCycle([String])

    // MARK: Access

    /// A write to the storage of a tracked member outside its class and the class's extensions
    /// (a warning): the classes with a stored member of that name (the first few, and how many
    /// more), and what to write instead.
    case untrackedWrite(storage: String, member: String, classNames: [String], otherClassCount: Int, replacement: String)
    /// A tracked member that the generated file cannot reach: `modifier` is `fileprivate`,
    /// `private`, `fileprivate(set)` or `private(set)`.
    case inaccessibleMember(member: String, modifier: String)

    /// How serious the problem is.
    package var severity: Diagnostic.Severity {
        switch self {
        case .docCommentAnnotation, .unreadAnnotation, .redundantNode, .ignoredDependency, .missingDependency,
             .ignoredOnReadOnly, .ignoredType:
            .warning
        case .asyncMethod, .misdeclaredHook, .untrackedWrite:
            .warning
        case .firstRootHere:
            .note
        default:
            .error
        }
    }
}

/// A ``SchemeMessage`` at a place in the file being read.
package struct SchemeProblem: Equatable, Sendable {
    package var message: SchemeMessage
    package var location: SourceLocation

    package init(_ message: SchemeMessage, at location: SourceLocation) {
        self.message = message
        self.location = location
    }
}
