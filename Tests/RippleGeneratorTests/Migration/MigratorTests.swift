import RippleGenerator
import RippleMigration
import Testing

/// One test per kind of edit `ripple-gen migrate` makes: a Quantwm snippet in, the exact
/// rewritten text, the edits as printed and what is left for a person out.
@Suite struct MigratorTests {
    // MARK: Inline regions

    @Test func anInlineRegionIsDeletedWithOneOfTheBlankLinesAroundIt() {
        let result = migrate("""
            import Ripple

            class Library: QWRoot_S {
                let tracker = Tracker()

                // sourcery: property
                var _userID = 0

                // sourcery:inline:Library.QuantwmDeclarationInline
                let qwCounter = QWCounter(name: "Library")
                var userID: Int {
                    get { return _userID }
                    set { _userID = newValue }
                }
                // sourcery:end

                func reset() {}
            }
            """)
        #expect(result.text == """
            import Ripple

            class Library: QWRoot_S {
                let tracker = Tracker()

                // sourcery: property
                var _userID = 0

                func reset() {}
            }
            """)
        #expect(result.edits == ["Model.swift:9: deleted the 'sourcery:inline' region (lines 9-15) with qwCounter, userID"])
        #expect(result.left == [])
    }

    @Test func anInlineRegionAtTheEndOfABodyTakesTheBlankLinesBeforeTheBrace() {
        let result = migrate("""
            import Ripple

            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery: property
                var _userID = 0
                \("")
                // sourcery:inline:Library.QuantwmDeclarationInline
                let qwCounter = QWCounter(name: "Library")
                // sourcery:end

            }
            """)
        #expect(result.text == """
            import Ripple

            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery: property
                var _userID = 0
            }
            """)
        #expect(result.edits == ["Model.swift:8: deleted the 'sourcery:inline' region (lines 8-10) with qwCounter"])
    }

    // MARK: The root property

    @Test func theRootPropertyAndItsRegistrationAreDeletedAndOtherUsesReported() {
        let result = migrate("""
            import Ripple

            class Library: QWRoot_S {
                let tracker = Tracker()
                unowned var mediator: Mediator

                init(mediator: Mediator) {
                    self.mediator = mediator
                    mediator.registerRoot(
                        model: self,
                        rootProperty: Library.libraryK)
                }

                // sourcery: root
                static let libraryK = QWRootProperty(rootType: Library.self, rootId: "library")

                // sourcery: property
                var _userID = 0
            }

            func currentRoot() -> QWRootProperty {
                Library.libraryK
            }
            """)
        #expect(result.text == """
            import Ripple

            class Library: QWRoot_S {
                let tracker = Tracker()
                unowned var mediator: Mediator

                init(mediator: Mediator) {
                    self.mediator = mediator
                }

                // sourcery: property
                var _userID = 0
            }

            func currentRoot() -> QWRootProperty {
                Library.libraryK
            }
            """)
        #expect(result.edits == [
            "Model.swift:9: deleted 'mediator.registerRoot(...)', which registered the root property; give the root "
                + "to 'Mediator(root:)' instead",
            "Model.swift:15: deleted Quantwm's root property 'libraryK'",
        ])
        #expect(result.left == [
            "Model.swift:16:13: error: 'libraryK' was Quantwm's root property, which migrate deleted; Ripple needs "
                + "none: give the root to 'Mediator(root:)' and delete this use",
        ])
    }

    @Test func aRootPropertySharingItsLineIsLeftWithAWarning() {
        let result = migrate("""
            import Ripple

            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery: root
                static let libraryK = QWRootProperty(rootType: Library.self, rootId: "library"); static let other = 1
            }
            """)
        #expect(result.edits == [])
        #expect(result.left == [
            "Model.swift:6:16: error: 'libraryK' is Quantwm's root property, which Ripple does not need; delete it: "
                + "the class is the root through 'QWRoot_S' or a '// sourcery: root' line above the class",
            "Model.swift:6:16: warning: migrate did not delete 'libraryK' because it shares its lines with other code; "
                + "delete it by hand",
        ])
    }

    // MARK: Backing fields

    @Test func hiddenBackingFieldsOfTrackedMembersBecomeInternal() {
        let result = migrate("""
            import Ripple

            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery: property
                fileprivate var _userID = 0
                // sourcery: node
                @objc private var _shelves: [Shelf] = []
                private var cache = 0
            }

            class Shelf: QWNode_S {
                let tracker = Tracker()
                // sourcery: property
                private(set) var _title = ""
            }
            """)
        #expect(result.text == """
            import Ripple

            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery: property
                var _userID = 0
                // sourcery: node
                @objc var _shelves: [Shelf] = []
                private var cache = 0
            }

            class Shelf: QWNode_S {
                let tracker = Tracker()
                // sourcery: property
                var _title = ""
            }
            """)
        #expect(result.edits == [
            "Model.swift:6: made '_userID' internal (removed 'fileprivate')",
            "Model.swift:8: made '_shelves' internal (removed 'private')",
            "Model.swift:15: made '_title' internal (removed 'private(set)')",
        ])
        #expect(result.left == [])
    }

    // MARK: Trackers

    @Test func trackersAreAddedIndentedLikeTheMembersWithTheImport() {
        let result = migrate("""
            import Foundation

            class Library: QWRoot_S {
              // sourcery: node
              var _shelves: [Shelf] = []
            }

            final class Shelf: QWNode_S {}
            """)
        #expect(result.text == """
            import Foundation
            import Ripple

            class Library: QWRoot_S {
              let tracker = Tracker()
              // sourcery: node
              var _shelves: [Shelf] = []
            }

            final class Shelf: QWNode_S {
                let tracker = Tracker()
            }
            """)
        #expect(result.edits == [
            "Model.swift:2: added 'import Ripple'",
            "Model.swift:3: added 'let tracker = Tracker()' to class 'Library'",
            "Model.swift:8: added 'let tracker = Tracker()' to class 'Shelf'",
        ])
        #expect(result.left == [])
    }

    @Test func aFileWithoutImportsGetsTheImportAboveItsFirstDeclaration() {
        let result = migrate("""
            // The model.

            class Library: QWRoot_S {
            }
            """)
        #expect(result.text == """
            // The model.

            import Ripple

            class Library: QWRoot_S {
                let tracker = Tracker()
            }
            """)
    }

    @Test func insertedLinesFollowTheLineBreaksOfTheFile() {
        let result = migrate("import Ripple\r\n\r\nclass Library: QWRoot_S {\r\n    // sourcery: property\r\n    var _userID = 0\r\n}\r\n")
        #expect(result.text == "import Ripple\r\n\r\nclass Library: QWRoot_S {\r\n    let tracker = Tracker()\r\n"
            + "    // sourcery: property\r\n    var _userID = 0\r\n}\r\n")
    }

    @Test func aSynthesizedCodableConformanceIsLeftForAPerson() {
        let result = migrate("""
            import Ripple

            class Library: QWRoot_S, Codable {
                // sourcery: node
                var _shelf = Shelf()
            }

            class Shelf: QWNode_S, Codable {
                enum CodingKeys: String, CodingKey {
                    case _title = "title"
                }
                // sourcery: property
                var _title = ""
            }
            """)
        #expect(result.text.contains("class Shelf: QWNode_S, Codable {\n    let tracker = Tracker()\n    enum CodingKeys"))
        #expect(result.left == [
            "Model.swift:3:7: error: 'Library' synthesizes its Codable conformance from its stored properties, and its "
                + "tracker is not Codable; declare 'enum CodingKeys: String, CodingKey' with the properties to encode, "
                + "without 'tracker'",
        ])
        // The next run says so again: the conformance still needs a person.
        #expect(migrate(result.text).left == result.left)
    }

    // MARK: Read maps

    @Test func aDependencyOnAReadMapBecomesThePathsItReads() {
        let result = migrate("""
            import Ripple

            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery: property
                var _selectedID: Int? = nil
                // sourcery: node
                var _catalog = Catalog()

                static let titleMap = QWModel.root.selectedID_Read + QWModel.root.catalog.total_Read
                    + QWModel.root.catalog_allRead

                // sourcery: property, readOnly, dependency = "Library.titleMap"
                var _title: String { "" }
            }

            class Catalog: QWNode_S {
                let tracker = Tracker()
                // sourcery: property
                var _total = 0
            }
            """)
        #expect(result.text == """
            import Ripple

            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery: property
                var _selectedID: Int? = nil
                // sourcery: node
                var _catalog = Catalog()

                // sourcery: property, readOnly, dependency = "selectedID, catalog.total, catalog.all"
                var _title: String { "" }
            }

            class Catalog: QWNode_S {
                let tracker = Tracker()
                // sourcery: property
                var _total = 0
            }
            """)
        #expect(result.edits == [
            "Model.swift:10: deleted read map 'titleMap', which only the replaced dependency used",
            "Model.swift:13: replaced dependency 'Library.titleMap' by the paths it reads: "
                + "\"selectedID, catalog.total, catalog.all\"",
        ])
        #expect(result.left == [])
    }

    @Test func readMapsWithoutDependencyPathsAreLeftWithTheReason() {
        let source = """
            import Ripple

            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery: property
                var _selectedID: Int? = nil
                static let writeMap = QWModel.root.selectedID_Write
                // sourcery: property, readOnly, dependency = "Library.writeMap"
                var _title: String { "" }
                // sourcery: node
                var _catalog = Catalog()
            }

            class Catalog: QWNode_S {
                let tracker = Tracker()
                // sourcery: property
                var _total = 0
                static let totalMap = QWModel.root.catalog.total_Read
                // sourcery: property, readOnly, dependency = "Catalog.totalMap"
                var _double: Int { 0 }
            }
            """
        let result = migrate(source)
        #expect(result.text == source)
        #expect(result.edits == [])
        let leftInPlace = "which Ripple cannot read; list the paths it reads instead"
        #expect(result.left == [
            "Model.swift:7:16: warning: 'QWModel.root.selectedID_Write' in read map 'Library.writeMap' is a write map, "
                + "and a dependency lists what a member reads, so migrate left the dependency that names the map; "
                + "list the paths the member reads in its 'dependency' instead",
            "Model.swift:8:52: error: dependency 'Library.writeMap' names a Quantwm read map, \(leftInPlace), relative "
                + "to 'Library', as in dependency = \"member, node.member, node.all\"",
            "Model.swift:18:16: warning: read map 'Catalog.totalMap' holds paths from the root, but the dependencies of "
                + "'Catalog' are relative to 'Catalog', so migrate left the dependency that names it; list the paths "
                + "from 'Catalog' instead",
            "Model.swift:19:52: error: dependency 'Catalog.totalMap' names a Quantwm read map, \(leftInPlace), relative "
                + "to 'Catalog', as in dependency = \"member, node.member, node.all\"",
        ])
    }

    @Test func aReadMapUsedElsewhereIsKeptAndItsUsesReported() {
        let result = migrate([
            "Model.swift": """
                import Ripple

                class Library: QWRoot_S {
                    let tracker = Tracker()
                    // sourcery: property
                    var _selectedID: Int? = nil
                    static let titleMap = QWModel.root.selectedID_Read
                    // sourcery: property, readOnly, dependency = "Library.titleMap"
                    var _title: String { "" }
                }
                """,
            "View.swift": """
                let registration = QWRegistration(smartWithReadMap: Library.titleMap, name: "title")
                """,
        ])
        #expect(String(decoding: result.files[0].migrated, as: UTF8.self).contains("""
                static let titleMap = QWModel.root.selectedID_Read
                // sourcery: property, readOnly, dependency = "selectedID"
            """))
        #expect(result.diagnostics.map(\.description) == [
            "View.swift:1:61: error: read map 'titleMap' is still used here, and it reads Quantwm's QWModel, which "
                + "Ripple replaces; use paths of the model scheme here, then delete 'titleMap'",
        ])
    }

    // MARK: Markers

    @Test func markerProtocolsNoLongerRefineQuantwms() {
        let result = migrate("""
            import Quantwm

            protocol QWNode_S: QWNode {}
            protocol QWRoot_S: Quantwm.QWRoot, AnyObject {}
            """)
        #expect(result.text == """
            import Quantwm

            protocol QWNode_S {}
            protocol QWRoot_S: AnyObject {}
            """)
        #expect(result.edits == [
            "Model.swift:3: made 'QWNode_S' a plain marker (removed its refinement of 'QWNode')",
            "Model.swift:4: made 'QWRoot_S' a plain marker (removed its refinement of 'QWRoot')",
        ])
        #expect(result.left == [])
    }

    // MARK: Whole runs

    @Test func aFileWithNothingToMigrateIsLeftByteForByte() {
        let source = "import Ripple\r\n\r\nclass Plain {  \r\n\tvar x = 0 // ripple: property\r\n}"
        let migration = migrate(["Model.swift": source, "Other.swift": "struct S {}\n"])
        #expect(migration.edits.isEmpty)
        #expect(migration.changedFiles.isEmpty)
        #expect(migration.files.map(\.migrated) == [Array(source.utf8), Array("struct S {}\n".utf8)])
    }

    @Test func anInlineRegionWithoutEndStopsEveryEdit() {
        let migration = migrate([
            "A.swift": """
                class Library: QWRoot_S {
                    // sourcery: property
                    fileprivate var _userID = 0
                }
                """,
            "B.swift": """
                class Shelf: QWNode_S {
                    // sourcery:inline:Shelf.QuantwmDeclarationInline
                    let qwCounter = QWCounter(name: "Shelf")
                }
                """,
        ])
        #expect(migration.changedFiles.isEmpty)
        #expect(migration.errors.map(\.description) == [
            "B.swift:2:5: error: cannot migrate this file: its 'sourcery:inline' region has no '// sourcery:end', so where "
                + "its generated code ends is unknown; add '// sourcery:end' after it and run migrate again",
        ])
        #expect(migration.needsAttention)
    }

    @Test func aFileToEditWithSyntaxErrorsStopsEveryEdit() {
        let migration = migrate(["Model.swift": """
            class Library: QWRoot_S {
                // sourcery: property
                fileprivate var _userID = "unterminated
            }
            """])
        #expect(migration.changedFiles.isEmpty)
        #expect(migration.errors.map(\.description) == [
            "error: cannot migrate 'Model.swift': it has a syntax error (above); fix it and run migrate again",
        ])
        #expect(migration.diagnostics.count == 1)
    }

    @Test func migratingTwiceChangesNothingTheSecondTime() {
        let first = migrate(["Model.swift": QuantwmMigrationTests.unmigratedShelf])
        let once = String(decoding: first.files[0].migrated, as: UTF8.self)
        let second = migrate(["Model.swift": once])
        #expect(!first.edits.isEmpty)
        #expect(second.edits.isEmpty)
        #expect(second.files[0].migrated == first.files[0].migrated)
    }
}
