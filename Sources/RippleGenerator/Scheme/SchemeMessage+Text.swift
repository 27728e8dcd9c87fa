extension SchemeMessage {
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
