import RippleGenerator
import Testing

/// One test per migration message of the `sourcery` dialect: a Quantwm snippet in, the exact
/// `path:line:column: severity: message` lines out.
@Suite struct QuantwmDiagnosticsTests {
    func diagnostics(_ source: String) -> [String] {
        schemeDiagnostics(source, dialect: QuantwmDialect())
    }

    // MARK: What an old Sourcery template generated

    @Test func anInlineRegionIsReportedOnceWithTheMembersItHolds() {
        #expect(diagnostics("""
            class Library: QWRoot_S {
                let tracker = Tracker()

                // sourcery: property
                var _userID: Int = 0

                // sourcery:inline:Library.QuantwmDeclarationInline

                // MARK: - Sourcery

                // QWNode protocol
                func getQWCounter() -> QWCounter {
                  return qwCounter
                }
                let qwCounter = QWCounter(name: "Library")

                // Quantwm Property: userID
                static let userIDK = QWPropProperty(propertyKeypath: \\Library.userID, description: "_userID")
                var userID: Int {
                  get { return _userID }
                  set { _userID = newValue }
                }
                // sourcery:end
            }
            """) == [
                "Model.swift:7:5: error: the 'sourcery:inline' region (lines 7-23) holds what an old Sourcery template "
                    + "generated (getQWCounter, qwCounter, userIDK, userID); delete the region, or run 'ripple-gen "
                    + "migrate': Ripple generates 'userID' itself and replaces the rest",
            ])
    }

    @Test func aRegionOfManyDeclarationsListsTheFirstAndACount() {
        var source = "class Library: QWRoot_S {\n    let tracker = Tracker()\n"
        for index in 0..<14 {
            source += "    // sourcery: property\n    var _m\(index) = 0\n"
        }
        source += "    // sourcery:inline:Library.QuantwmDeclarationInline\n"
        for index in 0..<14 {
            source += "    static let m\(index)K = QWPropProperty()\n    var m\(index): Int { _m\(index) }\n"
        }
        let accessors = (0..<10).map { "'m\($0)'" }.joined(separator: ", ")
        #expect(diagnostics(source + "    // sourcery:end\n}\n") == [
            "Model.swift:31:5: error: the 'sourcery:inline' region (lines 31-60) holds what an old Sourcery template "
                + "generated (m0K, m0, m1K, m1, m2K, m2, m3K, m3, m4K, m4 and 18 more); delete the region, or run "
                + "'ripple-gen migrate': Ripple generates \(accessors) and 4 more itself and replaces the rest",
        ])
        let migration = migrate(source + "    // sourcery:end\n}\n")
        #expect(migration.edits == [
            "Model.swift:31: deleted the 'sourcery:inline' region (lines 31-60) with m0K, m0, m1K, m1, m2K, m2, m3K, m3, m4K, "
                + "m4 and 18 more",
        ])
    }

    @Test func eachInlineRegionIsReportedOnItsOwnLine() {
        #expect(diagnostics("""
            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery:inline:Library.Counter
                let qwCounter = QWCounter(name: "Library")
                // sourcery:end
                // sourcery:inline:Library.Helpers
                struct Helper {
                    var name = ""
                }
                func help() {}
                // sourcery:end
            }
            """) == [
                "Model.swift:3:5: error: the 'sourcery:inline' region (lines 3-5) holds what an old Sourcery template "
                    + "generated (qwCounter); delete the region, or run 'ripple-gen migrate': Ripple's generated code "
                    + "replaces it",
                "Model.swift:6:5: error: the 'sourcery:inline' region (lines 6-11) holds what an old Sourcery template "
                    + "generated (Helper, help); delete the region, or run 'ripple-gen migrate': Ripple's generated code "
                    + "replaces it",
            ])
    }

    @Test func anEmptyInlineRegionIsNoAnnotation() {
        #expect(diagnostics("""
            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery:inline:Library.QuantwmDeclarationInline
                // sourcery:end
            }
            """) == [])
    }

    @Test func anInlineRegionWithoutEnd() {
        #expect(diagnostics("""
            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery:inline:Library.QuantwmDeclarationInline
                let qwCounter = QWCounter(name: "Library")
            }
            """) == [
                "Model.swift:3:5: error: 'sourcery:inline' region without '// sourcery:end'; delete the region "
                    + "and the code Sourcery generated in it",
            ])
    }

    @Test func annotationBlocksWithRippleItems() {
        #expect(diagnostics("""
            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery:begin: property
                var _userID = 0
                // sourcery:end
                // sourcery:begin: skipEquality
                var cache = 0
                // sourcery:end
            }
            """) == [
                "Model.swift:3:5: error: Ripple does not read 'sourcery:begin:' blocks; write the items in a "
                    + "'// sourcery:' line above each member instead",
            ])
    }

    // MARK: Members

    @Test func fileprivateBackingField() {
        #expect(diagnostics("""
            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery: property
                fileprivate var _userID: Int = 0
                // sourcery: node
                private var _shelves: [Shelf] = []
            }

            class Shelf: QWNode_S {
                let tracker = Tracker()
                // sourcery: property
                private(set) var _title = ""
            }
            """) == [
                "Model.swift:4:21: error: '_userID' is fileprivate, but Ripple's generated accessors live in "
                    + "another file; make it internal (remove 'fileprivate')",
                "Model.swift:6:17: error: '_shelves' is private, but Ripple's generated accessors live in "
                    + "another file; make it internal (remove 'private')",
                "Model.swift:12:22: error: '_title' is private(set), but Ripple's generated accessors live in "
                    + "another file; make it internal (remove 'private(set)')",
            ])
    }

    @Test func theRippleDialectReportsHiddenBackingFieldsToo() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                fileprivate var _userID = 0
            }
            """) == [
                "Model.swift:5:21: error: '_userID' is fileprivate, but Ripple's generated accessors live in "
                    + "another file; make it internal (remove 'fileprivate')",
            ])
    }

    @Test func sharedPropertyOfAnotherClass() {
        #expect(diagnostics("""
            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery: node
                var _catalog = Catalog()
                // sourcery: sharedProperty = "Catalog.totalK"
                var _count = 0
            }

            class Catalog: QWNode_S {
                let tracker = Tracker()
                // sourcery: property
                var _total = 0
            }
            """) == [
                "Model.swift:5:36: error: '_count' shares a property of 'Catalog', but shared properties must be in "
                    + "the same class; name a property of 'Library' or move '_count' into 'Catalog'",
            ])
    }

    @Test func sharedPropertyOfAnUnknownProperty() {
        #expect(diagnostics("""
            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery: property
                var _userID = 0
                // sourcery: sharedProperty = "Library.userIdK"
                var _userName = ""
            }
            """) == [
                "Model.swift:5:44: error: 'shared = userId' names no stored property of 'Library'; did you mean 'userID'?",
            ])
    }

    @Test func dependencyOnAQuantwmReadMap() {
        #expect(diagnostics("""
            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery: property
                var _selectedID: Int? = nil
                static let selectedShelfDependencies = QWModel.root.selectedID_Read
                // sourcery: property, readOnly, dependency = "Library.selectedShelfDependencies"
                var _selectedTitle: String { "" }
            }
            """) == [
                "Model.swift:6:52: error: dependency 'Library.selectedShelfDependencies' names a Quantwm read map, "
                    + "which Ripple cannot read; list the paths it reads instead, relative to 'Library', as in "
                    + "dependency = \"member, node.member, node.all\"",
            ])
    }

    @Test func quantwmRootProperty() {
        #expect(diagnostics("""
            class Library: QWRoot_S, QWNode_S {
                let tracker = Tracker()
                // sourcery: root
                static let libraryK = QWRootProperty(rootType: Library.self, rootId: "library")
            }
            """) == [
                "Model.swift:4:16: error: 'libraryK' is Quantwm's root property, which Ripple does not need; "
                    + "delete it: the class is the root through 'QWRoot_S' or a '// sourcery: root' line above the class",
            ])
    }

    @Test func setProc() {
        #expect(diagnostics("""
            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery: property, setProc = "self.reload()"
                var _filter = ""
            }
            """) == [
                "Model.swift:3:28: error: 'setProc' ran code in Quantwm's setter, and Ripple's setters run none; "
                    + "move that code into a processor (mediator.process) that reads this member, and remove 'setProc'",
            ])
    }

    @Test func contextualIsReadAsDiscardable() throws {
        let source = """
            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery: property, contextual
                var _scroll = 0.0
            }
            """
        #expect(diagnostics(source) == [
            "Model.swift:3:28: warning: 'contextual' is read as 'discardable': a change notifies, but neither "
                + "makes the document unsaved nor is undone; write 'discardable'",
        ])
        #expect(buildScheme(source, dialect: QuantwmDialect()).scheme.root?.members.first?.options == [.discardable])
    }

    @Test func typosOfQuantwmItemsAreNotTakenForOtherTemplates() {
        #expect(diagnostics("""
            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery: propery, discardible
                var _count = 0
                // sourcery: sharedPropety = "Library.countK"
                var _other = 0
            }
            """) == [
                "Model.swift:3:18: error: unknown annotation item 'propery'; did you mean 'property'?",
                "Model.swift:3:27: error: unknown annotation item 'discardible'; did you mean 'discardable'?",
                "Model.swift:5:18: error: unknown annotation item 'sharedPropety'; did you mean 'sharedProperty'?",
            ])
    }

    // MARK: Quantwm's types

    @Test func conformanceToQuantwmsOwnProtocol() {
        #expect(diagnostics("""
            class Library: NSObject, QWRoot {
                let tracker = Tracker()
            }
            """) == [
                "Model.swift:1:7: error: 'Library' conforms to Quantwm's 'QWRoot', which Ripple replaces; write "
                    + "'QWRoot_S' instead and delete the 'QWRoot' requirements it implements",
            ])
    }

    @Test func markerProtocolsThatStillRefineQuantwms() {
        #expect(diagnostics("""
            import Quantwm

            protocol QWNode_S: QWNode {}
            protocol QWRoot_S: Quantwm.QWRoot {}
            """) == [
                "Model.swift:3:10: error: 'QWNode_S' refines Quantwm's 'QWNode', whose requirements the old Sourcery "
                    + "template generated; declare 'protocol QWNode_S {}': Ripple reads it as a marker and generates "
                    + "the conformance itself",
                "Model.swift:4:10: error: 'QWRoot_S' refines Quantwm's 'QWRoot', whose requirements the old Sourcery "
                    + "template generated; declare 'protocol QWRoot_S {}': Ripple reads it as a marker and generates "
                    + "the conformance itself",
            ])
    }

    @Test func subclassOfQWMediator() {
        #expect(diagnostics("""
            class Mediator: QWMediator {
                func registerRoot(model: Library, rootProperty: QWRootProperty) {}
            }
            """) == [
                "Model.swift:1:7: warning: 'Mediator' subclasses Quantwm's 'QWMediator', which Ripple's 'Mediator' "
                    + "replaces; create 'Mediator(root:)' with the root model, register with observe, process and "
                    + "coordinate, and delete 'Mediator'",
            ])
    }

    @Test func aMarkerOnAStructSaysClassesAreTracked() {
        #expect(diagnostics("""
            struct Playlist: QWNode_S {
                // sourcery: property
                var _title = ""
            }
            """) == [
                "Model.swift:1:8: error: 'node' needs a class, and 'Playlist' is a struct; tracked model types are classes",
            ])
    }
}
