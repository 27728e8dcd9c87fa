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
package enum SchemeMessage: DiagnosticMessage, Hashable {
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
    package enum NotCodable: Hashable, Sendable {
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

    /// The message, phrased as the fix.
    package var text: String {
        switch self {
        case .emptyAnnotation(let prefix):
            return "empty annotation: write items after '// \(prefix):', such as 'node' or 'property'"
        case .malformedAnnotation(let expected, let found):
            return "malformed annotation: expected \(expected), found \(found)"
        case .unknownItem(let spelling, let suggestion):
            if let suggestion {
                return "unknown annotation item '\(spelling)'; did you mean '\(suggestion)'?"
            }
            let known = AnnotationItem.Name.allCases.map(\.rawValue).joined(separator: ", ")
            return "unknown annotation item '\(spelling)'; the items are \(known)"
        case .duplicateItem(let spelling):
            return "'\(spelling)' is given twice for this declaration; remove one"
        case .unexpectedValue(let item):
            return "'\(item.rawValue)' takes no value; write just '\(item.rawValue)'"
        case .missingValue(let item):
            return "'\(item.rawValue)' needs a value: write '\(item.usage)'"
        case .invalidValue(let item):
            let what = switch item.valueForm {
            case .name: "one name"
            case .typeName: "one type name"
            default: "a path or a list of paths"
            }
            return "'\(item.rawValue)' takes \(what): write '\(item.usage)'"
        case .docCommentAnnotation(let prefix):
            return "'/// \(prefix):' is a doc comment, not an annotation; write '// \(prefix):'"
        case .unreadAnnotation(let prefix):
            return "this comment looks like a Ripple annotation but is not read: write '// \(prefix): ...', "
                + "a line comment with '\(prefix)' in lowercase"

        case .danglingAnnotation(let prefix):
            return "annotation is followed by no declaration; put '// \(prefix):' directly above a class or a 'var'"
        case .unsupportedDeclaration(let declaration):
            return "annotations apply to classes and their 'var' members, not to \(declaration); remove the annotation"
        case .notAClass(let item, let name, let kind):
            return "'\(item.rawValue)' needs a class, and '\(name)' is \(kind); tracked model types are classes"
        case .itemOnWrongDeclaration(let item, let onClass):
            return onClass
                ? "'\(item.rawValue)' applies to 'var' members, not to classes"
                : "'\(item.rawValue)' applies to classes, not to members"
        case .memberOfUnannotatedClass(let member, let className, let prefix, let mayBeRoot):
            return "'\(member)' is annotated, but its class '\(className)' is not; "
                + "annotate '\(className)' with '// \(prefix): node'" + (mayBeRoot ? " (or 'root', if it is the model's root)" : "")
        case .memberOfUntrackableClass(let member, let className, let superclass):
            let reason = superclass.map {
                "it inherits from '\($0)', which is tracked, and a tracked class cannot inherit from another; "
                    + "remove the annotation, or declare the member in '\($0)'"
            } ?? "a generic class cannot be tracked; remove the annotation, or move the member to a tracked class"
            return "'\(member)' is annotated, but its class '\(className)' is not, and cannot be: " + reason
        case .memberOutsideClass(let member, let container):
            return "tracked member '\(member)' must be declared in the body of a class, not in \(container)"

        case .missingRoot(let prefix):
            return "no class is annotated '// \(prefix): root'; annotate the class at the top of the model"
        case .secondRoot(let name, let firstRoot):
            return "'\(name)' is a second root, but a model has one: '\(firstRoot)' is already the root; "
                + "annotate '\(name)' 'node' instead"
        case .firstRootHere(let name):
            return "'\(name)' is annotated 'root' here"
        case .redundantNode:
            return "'node' is implied by 'root'; remove it"
        case .missingTracker(let className):
            return "class '\(className)' has no tracker; add 'let tracker = Tracker()' to its body"
        case .requirementNotVisible(let requirement, let className, let access, let declaration):
            return "'\(requirement)' of class '\(className)' is \(access), but the generated code in another "
                + "file uses it; write '\(declaration)' (internal is enough, also in a public class)"
        case .misdeclaredHook(let misdeclaration):
            return misdeclaration.text
        case .conditionalMethod(let method):
            return "\(method) is declared inside #if: Ripple cannot tell whether it exists; declare it unconditionally "
                + "(its body may use #if)"
        case .inaccessibleClass(let name, let access):
            return "class '\(name)' is \(access), but the generated code lives in another file; "
                + "make it internal or wider"
        case .genericClass(let name):
            return "generic class '\(name)' cannot be tracked: its generated descriptor and scheme "
                + "need one concrete class; remove the generic parameters"
        case .conditionalClass(let name):
            return "tracked class '\(name)' is declared inside #if, and Ripple cannot evaluate compilation conditions; "
                + "declare it unconditionally, outside the #if (the bodies of its methods may use #if)"
        case .trackedSuperclass(let name, let superclass):
            return "'\(name)' inherits from '\(superclass)', which is tracked too, and a tracked class cannot "
                + "inherit from another; make one hold the other instead"

        case .missingUnderscore(let name):
            return "tracked member '\(name)' must start with '_': rename it '_\(name)'; "
                + "the generated accessor is named '\(name)'"
        case .accessorWithoutName(let member):
            return "tracked member '\(member)' leaves no name for its accessor, which is named without the first '_'; "
                + "give it a name after the '_', such as '_count' for an accessor 'count'"
        case .constantMember(let name):
            return "tracked member '\(name)' is a 'let', which never changes; make it 'var' or remove the annotation"
        case .staticMember(let name):
            return "tracked member '\(name)' is static; only instance members are tracked"
        case .conditionalMember(let name):
            return "tracked member '\(name)' is declared inside #if, and Ripple cannot evaluate compilation conditions; "
                + "declare it unconditionally: keep one '\(name)' outside the #if, and make its value conditional instead"
        case .implicitlyUnwrappedMember(let name, let type):
            let optional = type.dropLast() + "?"
            return "tracked member '\(name)' has the implicitly unwrapped type '\(type)', which the generated code "
                + "cannot name (in a cast, or as a generic argument); declare it '\(optional)'"
        case .inaccessibleMemberType(let typeName, let typeAccess, let accessor, let accessorAccess, let className):
            guard typeAccess >= .internal else {
                return "'\(typeName)' is \(typeAccess.rawValue), so the generated accessor of '\(accessor)', in another "
                    + "file, cannot use it: make '\(typeName)' internal or wider"
            }
            return "'\(typeName)' is \(typeAccess.rawValue), so the \(accessorAccess.rawValue) accessor of '\(accessor)' "
                + "cannot use it: make '\(typeName)' \(accessorAccess.rawValue), or the class '\(className)' \(typeAccess.rawValue)"
        case .shadowedTypeName(let member, let typeName, let declaration, let canQualify):
            return "the type of '\(member)' names '\(typeName)', which the generated code declares as a generic parameter "
                + "('\(declaration)'), so there it would not mean your type; rename your type '\(typeName)'"
                + (canQualify ? ", or write it with its module ('MyModule.\(typeName)')" : "")
        case .missingKind(let member):
            return "'\(member)' needs 'property' or 'node' in its annotation"
        case .conflictingKinds(let member):
            return "'\(member)' cannot be both 'property' and 'node'; keep the one that fits"
        case .sharedNode(let member):
            return "'shared' applies to properties, and '\(member)' is a 'node'; remove 'shared'"
        case .computedNeedsReadOnly(let member):
            return "computed member '\(member)' needs 'readOnly'"
        case .readOnlyStoredMember(let member):
            return "'readOnly' needs a computed member, and '\(member)' is stored, so its writes would not be "
                + "tracked; remove 'readOnly'"
        case .ignoredDependency(let member):
            return "'dependency' is ignored on '\(member)': only readOnly computed members have dependencies"
        case .missingDependency(let member):
            return "readOnly computed member '\(member)' has no 'dependency', so its readers are never "
                + "notified; add 'dependency = [path, ...]'"
        case .ignoredOnReadOnly(let item, let member):
            return "'\(item.rawValue)' is ignored on '\(member)', which is readOnly and never written"
        case .ignoredType(let member):
            return "'type' is ignored on property '\(member)'; it names the class of a 'node' member"
        case .cannotInferType(let member):
            return "cannot infer the type of '\(member)'; declare it: 'var \(member): Type = ...'"
        case .notANode(let typeName, let prefix):
            return "'\(typeName)' is not a ripple node; annotate class \(typeName) with '// \(prefix): node'"
        case .valueTypeNode(let member, let typeName):
            return "'\(typeName)' is a value type, and a 'node' member holds instances of annotated classes; "
                + "annotate '\(member)' 'property' instead of 'node'"
        case .undeclaredNodeType(let member, let typeName, _, let suggestion?):
            return "'\(typeName)' is not a ripple node; did you mean '\(suggestion)'? (the type of node member "
                + "'\(member)' must be a class annotated 'node')"
        case .undeclaredNodeType(let member, let typeName, let prefix, nil):
            return "'\(typeName)' is not a ripple node; annotate class \(typeName) with '// \(prefix): node', "
                + "or, if it is a value type, annotate '\(member)' 'property' instead of 'node'"
        case .unsupportedNodeShape(let member, let type):
            return "node member '\(member)' has type '\(type)', which is not a node shape; "
                + "use T, T?, [T], [T]?, Set<T>, [K: T] or [K: T]? where T is a node class"
        case .unknownNodeShape(let member, let type, let element):
            return "cannot tell how '\(member)' of type '\(type)' holds '\(element)' nodes; "
                + "write the type out ('\(element)?', '[\(element)]', ...) or initialize it with '[]' or '[:]'"
        case .contradictingType(let member, let type, let declared):
            return "'type = \(type)' contradicts the declared type '\(declared)' of '\(member)'; remove 'type'"
        case .accessorClash(let accessor, let member, let className):
            return "the generated accessor '\(accessor)' of '\(member)' clashes with the member '\(accessor)' "
                + "of '\(className)'; rename one of them"
        case .reservedAccessor(let accessor, let member):
            return "the generated accessor '\(accessor)' of '\(member)' clashes with a name the generated "
                + "code uses; rename '\(member)'"
        case .unknownSharedProperty(let name, let className, let suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "; name a stored 'property' member of it"
            return "'shared = \(name)' names no stored property of '\(className)'" + hint

        case .classIsolatedToOtherActor(let className, let actor):
            return "class '\(className)' is isolated to '@\(actor)', but Ripple's mediator calls into the model on "
                + "the main actor; make the class '@MainActor', or leave it nonisolated"
        case .methodIsolatedToOtherActor(let method, let className, let actor):
            return "'\(method)' of class '\(className)' is isolated to '@\(actor)', but Ripple's mediator calls it "
                + "on the main actor, within the update; make it '@MainActor' or 'nonisolated'"
        case .asyncMethod(let method, let className):
            return "'\(method)' of class '\(className)' is 'async', so Ripple never calls it: the mediator calls "
                + "it synchronously, within the update; make it synchronous (and start a Task in it for async work)"
        case .memberIsolation(let member, let isolation, let className):
            return "tracked member '\(member)' is '\(isolation)', but its class '\(className)' is not; the generated "
                + "code reaches all of a class's members from one isolation: remove '\(isolation)' from the member"
                + (isolation == "@MainActor" ? " and put it on the class" : "")
        case .isolatedBackgroundMember(let member, let item, let className):
            return "'\(member)' is '\(item)', but main-actor class '\(className)' isolates its storage to the main "
                + "actor; declare it 'nonisolated(unsafe) var \(member)': its accessor is then nonisolated, "
                + "and Ripple guards the storage with a lock"

        case .missingInitializer(let className):
            return "class '\(className)' has no 'init()'; add one (such as 'convenience init() { self.init(...) }'): "
                + "documents open \(Self.article(className)) \(className) through it, then set its saved members"
        case .inaccessibleInitializer(let className, let access):
            return "'init()' of class '\(className)' is \(access), but documents open \(Self.article(className)) "
                + "\(className) through it from the generated code in another file; make it internal (remove '\(access)')"
        case .failableInitializer(let className):
            return "'init()' of class '\(className)' is failable, but documents open \(Self.article(className)) "
                + "\(className) through it every time; add an 'init()' that cannot fail"
        case .effectfulInitializer(let className, let effect):
            return "'init()' of class '\(className)' \(effect), but documents open \(Self.article(className)) "
                + "\(className) through it synchronously; add an 'init()' that neither throws nor is async"
        case .notCodableMember(let member, let type, let reason):
            let cause = switch reason {
            case .functionType: "a function type cannot be encoded; store a Codable value instead"
            case .tuple: "a tuple cannot be encoded; use a Codable struct instead"
            case .any(let name): "'\(name)' cannot be encoded; use a Codable type instead"
            case .declaredWithoutCodable(let name): "'\(name)' does not conform to 'Codable'; add ': Codable' to '\(name)'"
            }
            return "'\(member)' is saved in documents, but its type '\(type)' is not Codable: \(cause), "
                + "or annotate '\(member)' 'discardable' to leave it out of documents"

        case .unknownDependency(let path, let member, let className, let suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            return "unknown dependency '\(path)': '\(className)' has no tracked member '\(member)'" + hint
        case .dependencyThroughProperty(let path, let property):
            return "dependency '\(path)' continues past property '\(property)'; only node members lead further"
        case .misplacedAll(let path):
            return "dependency '\(path)': 'all' can only end a path, right after a node member, as in 'shelves.all'"
        case .dependencyCycle(let members):
            // The last member is the first again; a long cycle is cut, and says where it returns.
            let path = members.count - 1 > NameList.shownCount
                ? NameList.text(Array(members.dropLast()), separator: " -> ") + ", back to " + (members.last ?? "")
                : members.joined(separator: " -> ")
            return "dependency cycle: \(path); remove one of these dependencies"

        case .untrackedWrite(let storage, let member, let classNames, let otherClassCount, let replacement):
            let classes = classNames.map { "'\($0)'" }.joined(separator: " or ")
                + (otherClassCount > 0 ? " or \(NameList.count(otherClassCount)) other classes" : "")
            return "'\(storage)' is the storage of '\(member)' of class \(classes): a write outside the class and its "
                + "extensions bypasses Ripple (no notification, undo step or document change); use '\(replacement)' "
                + "instead, inside an update"
        case .inaccessibleMember(let member, let modifier):
            return "'\(member)' is \(modifier), but Ripple's generated accessors live in another file; "
                + "make it internal (remove '\(modifier)')"
        }
    }
}

extension SchemeMessage {
    /// "an Account", "a User": by the first letter, which reads right for most names.
    fileprivate static func article(_ name: String) -> String {
        name.first.map { "AEIO".contains($0) } == true ? "an" : "a"
    }
}

/// A ``SchemeMessage`` at a place in the file being read.
package struct SchemeProblem: Hashable, Sendable {
    package var message: SchemeMessage
    package var location: SourceLocation

    package init(_ message: SchemeMessage, at location: SourceLocation) {
        self.message = message
        self.location = location
    }
}
