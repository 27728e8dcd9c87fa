import RippleGenerator
import Testing

/// One test per scheme message: a snippet in, the exact `path:line:column: severity: message`
/// lines out.
@Suite struct SchemeDiagnosticsTests {
    // MARK: Annotation syntax

    @Test func unknownItemSuggestsTheNearestSpelling() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property, readonly
                var _count = 0
            }
            """) == ["Model.swift:4:26: error: unknown annotation item 'readonly'; did you mean 'readOnly'?"])
    }

    @Test func unknownItemWithoutANearSpellingListsTheItems() {
        #expect(schemeDiagnostics("""
            // ripple: root, tracked
            final class Library {
                let tracker = Tracker()
            }
            """) == [
                "Model.swift:1:18: error: unknown annotation item 'tracked'; the items are root, node, property, "
                    + "shared, type, readOnly, dependency, discardable, derived, allowBackgroundRead, allowBackgroundWrite",
            ])
    }

    @Test func malformedAnnotationSaysWhatWasExpected() {
        #expect(schemeDiagnostics("""
            // ripple: root node
            final class Library {
                let tracker = Tracker()
                // ripple: property, dependency = [a,
                var _count = 0
            }
            """) == [
                "Model.swift:1:17: error: malformed annotation: expected ',' between annotation items, found 'node'",
                "Model.swift:4:42: error: malformed annotation: expected a path after ',', found the end of the line",
            ])
    }

    @Test func emptyAnnotation() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple:
                var _count = 0
            }
            """) == [
                "Model.swift:4:5: error: empty annotation: write items after '// ripple:', such as 'node' or 'property'",
            ])
    }

    @Test func duplicateItem() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                // ripple: property, discardable
                var _count = 0
            }
            """) == ["Model.swift:5:16: error: 'property' is given twice for this declaration; remove one"])
    }

    @Test func unexpectedValue() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property, discardable = yes
                var _count = 0
            }
            """) == ["Model.swift:4:40: error: 'discardable' takes no value; write just 'discardable'"])
    }

    @Test func missingValue() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var _count = 0
                // ripple: property, shared
                var _label = ""
            }
            """) == ["Model.swift:6:26: error: 'shared' needs a value: write 'shared = name'"])
    }

    @Test func invalidValue() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var _count = 0
                // ripple: property, shared = [count]
                var _label = ""
            }
            """) == ["Model.swift:6:35: error: 'shared' takes one name: write 'shared = name'"])
    }

    @Test func docCommentAnnotationIsAWarning() {
        #expect(schemeDiagnostics("""
            /// ripple: root
            final class Library {
                let tracker = Tracker()
            }
            """) == ["Model.swift:1:1: warning: '/// ripple:' is a doc comment, not an annotation; write '// ripple:'"])
    }

    // MARK: Placement

    @Test func annotationFollowedByNoDeclaration() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
            }
            """) == [
                "Model.swift:4:5: error: annotation is followed by no declaration; "
                    + "put '// ripple:' directly above a class or a 'var'",
            ])
    }

    @Test func annotationOnAFunctionOrAStruct() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                func reload() {}
            }
            // ripple: property
            struct Point {}
            """) == [
                "Model.swift:4:5: error: annotations apply to classes and their 'var' members, not to func 'reload'; "
                    + "remove the annotation",
                "Model.swift:7:1: error: annotations apply to classes and their 'var' members, not to struct 'Point'; "
                    + "remove the annotation",
            ])
    }

    @Test func rootOrNodeOnANonClass() {
        #expect(schemeDiagnostics("""
            // ripple: node
            struct Point {}
            // ripple: root
            actor Store {}
            """) == [
                "Model.swift:1:12: error: 'node' needs a class, and 'Point' is a struct; tracked model types are classes",
                "Model.swift:3:12: error: 'root' needs a class, and 'Store' is an actor; tracked model types are classes",
            ])
    }

    @Test func itemOnTheWrongKindOfDeclaration() {
        #expect(schemeDiagnostics("""
            // ripple: root, readOnly
            final class Library {
                let tracker = Tracker()
                // ripple: property, root
                var _count = 0
            }
            """) == [
                "Model.swift:1:18: error: 'readOnly' applies to 'var' members, not to classes",
                "Model.swift:4:26: error: 'root' applies to classes, not to members",
            ])
    }

    @Test func memberOfAClassThatIsNotAnnotated() {
        #expect(schemeDiagnostics("""
            final class Library {
                // ripple: property
                var _count = 0
            }
            """) == [
                "Model.swift:2:5: error: '_count' is annotated, but its class 'Library' is not; "
                    + "annotate 'Library' with '// ripple: node' (or 'root', if it is the model's root)",
            ])
    }

    @Test func memberOutsideAClass() {
        #expect(schemeDiagnostics("""
            struct Point {
                // ripple: property
                var _x = 0
            }
            """) == ["Model.swift:2:5: error: tracked member '_x' must be declared in the body of a class, not in struct 'Point'"])
    }

    // MARK: Classes

    @Test func missingRootWhenThereAreNodes() {
        #expect(schemeDiagnostics("""
            // ripple: node
            final class Shelf {
                let tracker = Tracker()
            }
            """) == [
                "Model.swift:1:1: error: no class is annotated '// ripple: root'; annotate the class at the top of the model",
            ])
    }

    @Test func secondRootIsAnErrorWithANoteAtTheFirst() {
        #expect(schemeDiagnostics([
            "A.swift": "// ripple: root\nfinal class Library {\n    let tracker = Tracker()\n}\n",
            "B.swift": "import Ripple\n\n// ripple: root\nfinal class Archive {\n    let tracker = Tracker()\n}\n",
        ]) == [
            "B.swift:3:12: error: 'Archive' is a second root, but a model has one: 'Library' is already the root; "
                + "annotate 'Archive' 'node' instead",
            "A.swift:1:12: note: 'Library' is annotated 'root' here",
        ])
    }

    @Test func nodeNextToRootIsRedundant() {
        #expect(schemeDiagnostics("""
            // ripple: root, node
            final class Library {
                let tracker = Tracker()
            }
            """) == ["Model.swift:1:18: warning: 'node' is implied by 'root'; remove it"])
    }

    @Test func missingTrackerSaysWhichLineToAdd() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                // ripple: property
                var _count = 0
            }
            """) == ["Model.swift:2:13: error: class 'Library' has no tracker; add 'let tracker = Tracker()' to its body"])
    }

    @Test func internalTrackerAndValidateOfAPublicClassAreFine() {
        #expect(schemeDiagnostics("""
            // ripple: root
            public final class Library {
                let tracker = Tracker()
                func validate() throws {}
            }
            """) == [])
    }

    @Test func privateTrackerAndValidateAreOutOfTheGeneratedFilesReach() {
        #expect(schemeDiagnostics("""
            // ripple: root
            public final class Library {
                private let tracker = Tracker()
                fileprivate func validate() throws {}
            }
            """) == [
                "Model.swift:3:17: error: 'tracker' of class 'Library' is private, but the generated code in another "
                    + "file uses it; write 'let tracker = Tracker()' (internal is enough, also in a public class)",
                "Model.swift:4:22: error: 'validate()' of class 'Library' is fileprivate, but the generated code in "
                    + "another file uses it; write 'func validate() throws' (internal is enough, also in a public class)",
            ])
    }

    @Test func privateAndFileprivateClassesAreInaccessible() {
        #expect(schemeDiagnostics("""
            // ripple: root
            private final class Library {
                let tracker = Tracker()
            }
            private enum Scope {
                // ripple: node
                final class Shelf {
                    let tracker = Tracker()
                }
            }
            """) == [
                "Model.swift:2:21: error: class 'Library' is private, but the generated code lives in another file; "
                    + "make it internal or wider",
                "Model.swift:7:17: error: class 'Scope.Shelf' is private, but the generated code lives in another file; "
                    + "make it internal or wider",
            ])
    }

    @Test func genericClass() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Box<Content> {
                let tracker = Tracker()
            }
            """) == [
                "Model.swift:2:13: error: generic class 'Box' cannot be tracked: its generated descriptor and scheme "
                    + "need one concrete class; remove the generic parameters",
            ])
    }

    @Test func trackedClassInheritingFromATrackedClass() {
        #expect(schemeDiagnostics("""
            // ripple: root
            class Library {
                let tracker = Tracker()
            }
            // ripple: node
            final class Archive: Library {}
            """) == [
                "Model.swift:6:13: error: 'Archive' inherits from 'Library', which is tracked too, and a tracked class "
                    + "cannot inherit from another; make one hold the other instead",
            ])
    }

    // MARK: Members

    @Test func memberNameWithoutUnderscore() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var total = 0
            }
            """) == [
                "Model.swift:5:9: error: tracked member 'total' must start with '_': rename it '_total'; "
                    + "the generated accessor is named 'total'",
            ])
    }

    @Test func constantMember() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                let _id = 0
            }
            """) == [
                "Model.swift:5:9: error: tracked member '_id' is a 'let', which never changes; make it 'var' or remove the annotation",
            ])
    }

    @Test func staticMember() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                static var _shared = 0
            }
            """) == ["Model.swift:5:16: error: tracked member '_shared' is static; only instance members are tracked"])
    }

    @Test func memberWithoutKind() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: discardable
                var _selection = 0
            }
            """) == ["Model.swift:4:5: error: '_selection' needs 'property' or 'node' in its annotation"])
    }

    @Test func memberWithBothKinds() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property, node
                var _count = 0
            }
            """) == ["Model.swift:4:26: error: '_count' cannot be both 'property' and 'node'; keep the one that fits"])
    }

    @Test func sharedOnANode() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var _count = 0
                // ripple: node, shared = count
                var _shelf = Library()
            }
            """) == ["Model.swift:6:22: error: 'shared' applies to properties, and '_shelf' is a 'node'; remove 'shared'"])
    }

    @Test func computedMemberNeedsReadOnly() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var _count = 0
                // ripple: property, dependency = [count]
                var _double: Int { _count * 2 }
            }
            """) == ["Model.swift:7:9: error: computed member '_double' needs 'readOnly'"])
    }

    @Test func readOnlyOnAStoredMember() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property, readOnly
                var _count = 0
            }
            """) == [
                "Model.swift:4:26: error: 'readOnly' needs a computed member, and '_count' is stored, so its writes "
                    + "would not be tracked; remove 'readOnly'",
            ])
    }

    @Test func dependencyOnAStoredMemberIsIgnored() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var _count = 0
                // ripple: property, dependency = [count]
                var _label = ""
            }
            """) == [
                "Model.swift:6:26: warning: 'dependency' is ignored on '_label': only readOnly computed members have dependencies",
            ])
    }

    @Test func readOnlyComputedMemberWithoutDependency() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property, readOnly
                var _now: Int { 0 }
            }
            """) == [
                "Model.swift:5:9: warning: readOnly computed member '_now' has no 'dependency', so its readers are "
                    + "never notified; add 'dependency = [path, ...]'",
            ])
    }

    @Test func writeModifiersOnAReadOnlyMemberAreIgnored() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var _count = 0
                // ripple: property, readOnly, discardable, allowBackgroundRead, dependency = [count]
                var _double: Int { _count * 2 }
            }
            """) == [
                "Model.swift:6:36: warning: 'discardable' is ignored on '_double', which is readOnly and never written",
                "Model.swift:6:49: warning: 'allowBackgroundRead' is ignored on '_double', which is readOnly and never written",
            ])
    }

    @Test func typeOnAPropertyIsIgnored() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property, type = Int
                var _count = 0
            }
            """) == ["Model.swift:4:26: warning: 'type' is ignored on property '_count'; it names the class of a 'node' member"])
    }

    @Test func typeThatCannotBeInferred() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var _items = makeItems()
            }
            """) == ["Model.swift:5:9: error: cannot infer the type of '_items'; declare it: 'var _items: Type = ...'"])
    }

    @Test func nodeTypeThatIsNotANode() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: node
                var _shelves: [Shelf] = []
            }
            final class Shelf {}
            """) == ["Model.swift:5:19: error: 'Shelf' is not a ripple node; annotate class Shelf with '// ripple: node'"])
    }

    @Test func nodeOfAValueTypeSuggestsProperty() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: node
                var _count = 0
                // ripple: node
                var _titles: [String] = []
                // ripple: node
                var _origin: Point? = nil
                // ripple: node
                var _when: Foundation.Date? = nil
            }
            struct Point {}
            """) == [
                "Model.swift:5:9: error: 'Int' is a value type, and a 'node' member holds instances of annotated classes; "
                    + "annotate '_count' 'property' instead of 'node'",
                "Model.swift:7:18: error: 'String' is a value type, and a 'node' member holds instances of annotated classes; "
                    + "annotate '_titles' 'property' instead of 'node'",
                "Model.swift:9:18: error: 'Point' is a value type, and a 'node' member holds instances of annotated classes; "
                    + "annotate '_origin' 'property' instead of 'node'",
                "Model.swift:11:16: error: 'Foundation.Date' is a value type, and a 'node' member holds instances of annotated "
                    + "classes; annotate '_when' 'property' instead of 'node'",
            ])
    }

    @Test func nodeOfATypeNotDeclaredInTheSourcesNamesBothFixes() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: node
                var _remote: Remote? = nil
            }
            """) == [
                "Model.swift:5:18: error: 'Remote' is not a ripple node; annotate class Remote with '// ripple: node', "
                    + "or, if it is a value type, annotate '_remote' 'property' instead of 'node'",
            ])
    }

    @Test func memberWhoseNameIsOnlyUnderscoresGetsAMessageOfItsOwn() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var `_`: Int = 0
                // ripple: property
                var __ = 0
                // ripple: property
                var ___ = 0
            }
            """) == [
                "Model.swift:5:9: error: tracked member '_' leaves no name for its accessor, which is named without the "
                    + "first '_'; give it a name after the '_', such as '_count' for an accessor 'count'",
                "Model.swift:7:9: error: tracked member '__' leaves no name for its accessor, which is named without the "
                    + "first '_'; give it a name after the '_', such as '_count' for an accessor 'count'",
                // `___` has an accessor, `__`, which is taken.
                "Model.swift:9:9: error: the generated accessor '__' of '___' clashes with the member '__' of 'Library'; "
                    + "rename one of them",
            ])
    }

    @Test func unsupportedNodeShape() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: node
                var _shelves: Set<Library>? = nil
            }
            """) == [
                "Model.swift:5:19: error: node member '_shelves' has type 'Set<Library>?', which is not a node shape; "
                    + "use T, T?, [T], [T]?, Set<T>, [K: T] or [K: T]? where T is a node class",
            ])
    }

    @Test func typealiasWhoseShapeCannotBeTold() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: node, type = Library
                var _others: Libraries = makeLibraries()
            }
            typealias Libraries = [Library]
            """) == [
                "Model.swift:5:18: error: cannot tell how '_others' of type 'Libraries' holds 'Library' nodes; "
                    + "write the type out ('Library?', '[Library]', ...) or initialize it with '[]' or '[:]'",
            ])
    }

    @Test func typeThatContradictsTheDeclaredType() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: node, type = Shelf
                var _others: [Library] = []
            }
            // ripple: node
            final class Shelf {
                let tracker = Tracker()
            }
            """) == ["Model.swift:4:22: error: 'type = Shelf' contradicts the declared type '[Library]' of '_others'; remove 'type'"])
    }

    @Test func accessorThatClashesWithAMember() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var _count = 0
            }
            extension Library {
                var count: Int { 0 }
            }
            """) == [
                "Model.swift:5:9: error: the generated accessor 'count' of '_count' clashes with the member 'count' "
                    + "of 'Library'; rename one of them",
            ])
    }

    @Test func accessorWithAReservedName() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var _all = 0
            }
            """) == [
                "Model.swift:5:9: error: the generated accessor 'all' of '_all' clashes with a name the generated code uses; "
                    + "rename '_all'",
            ])
    }

    @Test func sharedNamingAnUnknownProperty() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var _title = ""
                // ripple: property, shared = tilte
                var _subtitle = ""
            }
            """) == ["Model.swift:6:35: error: 'shared = tilte' names no stored property of 'Library'; did you mean 'title'?"])
    }

    // MARK: Dependencies

    @Test func unknownDependencySuggestsTheNearestMember() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: node
                var _catalog = Catalog()
                // ripple: property, readOnly, dependency = [catalog.totl]
                var _total: Int { _catalog.total }
            }
            // ripple: node
            final class Catalog {
                let tracker = Tracker()
                // ripple: property
                var _total = 0
            }
            """) == [
                "Model.swift:6:50: error: unknown dependency 'catalog.totl': 'Catalog' has no tracked member 'totl'; "
                    + "did you mean 'total'?",
            ])
    }

    @Test func dependencyThroughAProperty() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var _count = 0
                // ripple: property, readOnly, dependency = count.value
                var _double: Int { _count * 2 }
            }
            """) == [
                "Model.swift:6:49: error: dependency 'count.value' continues past property 'count'; only node members lead further",
            ])
    }

    @Test func misplacedAll() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var _count = 0
                // ripple: property, readOnly, dependency = [count.all]
                var _double: Int { _count * 2 }
            }
            """) == [
                "Model.swift:6:50: error: dependency 'count.all': 'all' can only end a path, right after a node member, "
                    + "as in 'shelves.all'",
            ])
    }

    @Test func aLongDependencyCycleIsCutAndSaysWhereItReturns() {
        var source = "// ripple: root\nfinal class Ring {\n    let tracker = Tracker()\n"
        for index in 0..<12 {
            source += "    // ripple: property, readOnly, dependency = [m\((index + 1) % 12)]\n    var _m\(index): Int { 0 }\n"
        }
        let shown = (0..<10).map { "Ring.m\($0)" }.joined(separator: " -> ")
        #expect(schemeDiagnostics(source + "}\n") == [
            "Model.swift:5:9: error: dependency cycle: \(shown) and 2 more, back to Ring.m0; remove one of these dependencies",
        ])
    }

    @Test func dependencyCycle() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Folder {
                let tracker = Tracker()
                // ripple: node
                var _children: [Folder] = []
                // ripple: property, readOnly, dependency = [children.size]
                var _size: Int { _children.count }
            }
            """) == [
                "Model.swift:7:9: error: dependency cycle: Folder.size -> Folder.size; remove one of these dependencies",
            ])
    }

    // MARK: All at once

    @Test func everyProblemOfARunIsReported() {
        let diagnostics = schemeDiagnostics([
            "A.swift": """
                // ripple: node
                final class Shelf {
                    // ripple: property
                    var title = ""
                }
                """,
            "B.swift": """
                // ripple: node
                final class Catalog {
                    let tracker = Tracker()
                    // ripple: propery
                    var _total = 0
                }
                """,
        ])
        #expect(diagnostics == [
            "A.swift:1:1: error: no class is annotated '// ripple: root'; annotate the class at the top of the model",
            "A.swift:2:13: error: class 'Shelf' has no tracker; add 'let tracker = Tracker()' to its body",
            "A.swift:4:9: error: tracked member 'title' must start with '_': rename it '_title'; "
                + "the generated accessor is named 'title'",
            "B.swift:4:16: error: unknown annotation item 'propery'; did you mean 'property'?",
        ])
    }
}
