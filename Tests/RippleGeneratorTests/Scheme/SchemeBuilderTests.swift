import RippleGenerator
import Testing

@Suite struct SchemeBuilderTests {
    static let library = """
        import Foundation
        import Ripple

        // ripple: root
        final class Library {
            let tracker = Tracker()

            // ripple: property
            var _userID = 0
            // ripple: property, discardable
            var _selectedID: Int? = nil
            // ripple: node
            var _catalog = Catalog()
            // ripple: node
            var _shelves: [Shelf] = []
            // ripple: property, shared = userID
            var _userName = ""
            // ripple: node, readOnly, dependency = [selectedID, shelves.all, catalog.total]
            var _selectedShelf: Shelf? { _shelves.first }
        }

        // ripple: node
        final class Catalog {
            let tracker = Tracker()
            // ripple: property, derived, allowBackgroundWrite
            var _total = 0
        }

        // ripple: node
        final class Shelf {
            let tracker = Tracker()
            // ripple: property, allowBackgroundRead
            var _title = ""

            func validate() throws {}
        }
        """

    @Test func buildsClassesAndMembersInDeclarationOrder() throws {
        let result = buildScheme(Self.library)
        #expect(result.diagnostics.isEmpty)
        let scheme = result.scheme
        #expect(scheme.classes.map(\.name) == ["Library", "Catalog", "Shelf"])
        #expect(scheme.classes.map(\.role) == [.root, .node, .node])
        #expect(scheme.root?.name == "Library")
        let library = try #require(scheme.root)
        #expect(library.members.map(\.name) == ["userID", "selectedID", "catalog", "shelves", "userName", "selectedShelf"])
        #expect(library.members.map(\.storageName) == ["_userID", "_selectedID", "_catalog", "_shelves", "_userName", "_selectedShelf"])
        #expect(library.members.map(\.index) == [0, 1, 2, 3, 4, 5])
        #expect(library.members.map(\.type) == ["Int", "Int?", "Catalog", "[Shelf]", "String", "Shelf?"])
    }

    @Test func membersKnowTheirKindAndShape() throws {
        let library = try #require(buildScheme(Self.library).scheme.root)
        #expect(library.members.map(\.kind) == [
            .property, .property, .node(.single, element: "Catalog"), .node(.array, element: "Shelf"), .property,
            .node(.optional, element: "Shelf"),
        ])
        #expect(library.members.map(\.isComputed) == [false, false, false, false, false, true])
    }

    @Test func modifiersBecomeOptions() throws {
        let scheme = buildScheme(Self.library).scheme
        #expect(scheme.classes[0].members.map(\.options) == [[], [.discardable], [], [], [], [.readOnly, .computed]])
        #expect(scheme.classes[1].members[0].options == [.derived, .backgroundRead, .backgroundWrite])
        #expect(scheme.classes[2].members[0].options == [.backgroundRead])
    }

    @Test func sharedMemberBumpsTheChangeKeyOfItsProperty() throws {
        let userName = try #require(buildScheme(Self.library).scheme.root?.member(named: "userName"))
        #expect(userName.index == 4)
        #expect(userName.changeKey == 0)
        #expect(userName.sharedProperty == "userID")
    }

    @Test func dependenciesResolveToChangeKeySteps() throws {
        let selectedShelf = try #require(buildScheme(Self.library).scheme.root?.member(named: "selectedShelf"))
        #expect(selectedShelf.dependencies == [
            DependencyPath(text: "selectedID", steps: [.member(1)]),
            DependencyPath(text: "shelves.all", steps: [.member(3), .all]),
            DependencyPath(text: "catalog.total", steps: [.member(2), .member(0)]),
        ])
    }

    @Test func aClassThatValidatesConformsToRippleValidating() {
        #expect(buildScheme(Self.library).scheme.classes.map(\.isValidating) == [false, false, true])
    }

    @Test func importsOfModelFilesAreRepeatedButNotConditionalOnes() {
        let source = """
            import Ripple
            @preconcurrency import Dispatch
            import Foundation
            #if canImport(UIKit)
            import UIKit
            #endif
            // ripple: root
            final class Library {
                let tracker = Tracker()
            }
            """
        let other = "import CoreData\nstruct Unrelated {}\n"
        let scheme = buildScheme(["Model.swift": source, "Other.swift": other]).scheme
        #expect(scheme.imports == ["@preconcurrency import Dispatch", "import Foundation"])
    }

    @Test func nestedClassesResolveFromTheInnermostScope() throws {
        let source = """
            enum Outer {
                // ripple: root
                final class Document {
                    let tracker = Tracker()
                    // ripple: node
                    var _pages: [Page] = []
                }
                // ripple: node
                final class Page {
                    let tracker = Tracker()
                    // ripple: node
                    var _notes: [Note] = []
                }
            }
            extension Outer.Page {
                // ripple: node
                final class Note {
                    let tracker = Tracker()
                }
            }
            """
        let result = buildScheme(source)
        #expect(result.diagnostics.isEmpty)
        #expect(result.scheme.classes.map(\.qualifiedName) == ["Outer.Document", "Outer.Page", "Outer.Page.Note"])
        #expect(result.scheme.classes[0].members[0].kind == .node(.array, element: "Outer.Page"))
        #expect(result.scheme.classes[0].members[0].type == "[Outer.Page]")
        #expect(result.scheme.classes[1].members[0].kind == .node(.array, element: "Outer.Page.Note"))
    }

    @Test func typeNamesTheNodeClassOfATypealias() throws {
        let source = """
            typealias Shelves = [Shelf]
            typealias ShelfIndex = [String: Shelf]
            typealias MainShelf = Shelf
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: node, type = Shelf
                var _shelves: Shelves = []
                // ripple: node, type = Shelf
                var _index: ShelfIndex = [:]
                // ripple: node, type = Shelf
                var _main: MainShelf = Shelf()
                // ripple: node, type = Shelf
                var _spare: MainShelf? = nil
            }
            // ripple: node
            final class Shelf {
                let tracker = Tracker()
            }
            """
        let result = buildScheme(source)
        #expect(result.diagnostics.isEmpty)
        let library = try #require(result.scheme.root)
        #expect(library.members.map(\.kind) == [
            .node(.array, element: "Shelf"), .node(.dictionary, element: "Shelf"), .node(.single, element: "Shelf"),
            .node(.optional, element: "Shelf"),
        ])
        #expect(library.members.map(\.type) == ["Shelves", "ShelfIndex", "MainShelf", "MainShelf?"])
    }

    @Test func accessLevelsFollowTheClassUnlessConfigured() throws {
        let source = """
            // ripple: root
            open class Library {
                public let tracker = Tracker()
            }
            // ripple: node
            package final class Shelf {
                package let tracker = Tracker()
            }
            // ripple: node
            final class Note {
                let tracker = Tracker()
            }
            """
        let own = buildScheme(["Model.swift": source]).scheme.classes
        #expect(own.map(\.accessLevel) == [.public, .package, .internal])
        #expect(own.map(\.conformanceAccessLevel) == [.public, .package, .internal])
        let forced = buildScheme(["Model.swift": source], accessLevel: .internal).scheme.classes
        #expect(forced.map(\.accessLevel) == [.internal, .internal, .internal])
        #expect(forced.map(\.conformanceAccessLevel) == [.public, .package, .internal])
    }

    @Test func keywordNamesAreBacktickedInCode() throws {
        let source = """
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var _default = 0
                // ripple: property
                var _actor = 0
                // ripple: property
                var _nil = 0
                // ripple: property
                var _Any = 0
                // ripple: property
                var _super = 0
                // ripple: property
                var _nilValue = 0
            }
            """
        let members = try #require(buildScheme(source).scheme.root?.members)
        #expect(members.map(\.identifier) == ["`default`", "actor", "`nil`", "`Any`", "`super`", "nilValue"])
    }

    @Test func theAnnotationPrefixIsConfigurable() {
        let source = """
            // model: root
            final class Library {
                let tracker = Tracker()
                // model: property
                var _count = 0
                // ripple: property
                var _ignored = 0
            }
            """
        let result = buildScheme(source, dialect: RippleDialect(prefix: "model"))
        #expect(result.diagnostics.isEmpty)
        #expect(result.scheme.root?.members.map(\.name) == ["count"])
    }

    @Test func nodesWithoutARootAreFineWhenThereAreNoNodes() {
        let result = buildScheme("final class Plain {}\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.scheme.classes.isEmpty)
    }
}
