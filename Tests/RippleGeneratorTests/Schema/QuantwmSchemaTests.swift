import RippleGenerator
import Testing

/// The schema of Quantwm models read with the `sourcery` prefix: markers, quoted values and
/// Quantwm's spellings mean what they meant for Quantwm.
@Suite struct QuantwmSchemaTests {
    static let library = """
        import Foundation
        import Ripple

        typealias ShelfArray = [Shelf]

        class Library: NSObject, QWRoot_S, QWNode_S {
            let tracker = Tracker()

            // sourcery: property
            var _userID: Int = 0

            // sourcery: sharedProperty = "Library.userIDK"
            var _userName = ""

            // sourcery: property, discardable, skipEquality
            var _selectedID: Int? = nil

            // sourcery: node, type = "Shelf"
            var _shelves: ShelfArray = []

            // sourcery: node
            // sourcery: readOnly
            // sourcery: dependency = "selectedID, shelves.all"
            var _selectedShelf: Shelf? { _shelves.first }
        }

        class Shelf: QWNode_S {
            let tracker = Tracker()

            // sourcery: property, derived
            var _title = ""
        }

        // sourcery: AutoMockable
        protocol Loading {
            // sourcery: jsonKey = "id"
            var identifier: String { get }
        }
        """

    @Test func readsAQuantwmModelWithoutDiagnostics() {
        #expect(schemaDiagnostics(Self.library, prefix: "sourcery") == [])
    }

    @Test func conformanceMarkersMakeRootAndNodeClasses() throws {
        let schema = buildSchema(Self.library, prefix: "sourcery").schema
        #expect(schema.classes.map(\.name) == ["Library", "Shelf"])
        #expect(schema.classes.map(\.role) == [.root, .node])
    }

    @Test func aMarkedClassWithoutAnnotatedMembersIsTracked() throws {
        let result = buildSchema("""
            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery: node
                var _shelves: [Shelf] = []
            }

            class Shelf: QWNode_S {
                let tracker = Tracker()
            }
            """, prefix: "sourcery")
        #expect(result.diagnostics.isEmpty)
        let library = try #require(result.schema.root)
        #expect(library.members.first?.kind == .node(.array, element: "Shelf"))
    }

    @Test func sharedPropertySharesTheChangeKeyOfTheNamedProperty() throws {
        let library = try #require(buildSchema(Self.library, prefix: "sourcery").schema.root)
        let userName = try #require(library.member(named: "userName"))
        #expect(userName.sharedProperty == "userID")
        #expect(userName.changeKey == library.member(named: "userID")?.index)
    }

    @Test func quotedTypesAndDependenciesResolve() throws {
        let library = try #require(buildSchema(Self.library, prefix: "sourcery").schema.root)
        #expect(library.member(named: "shelves")?.kind == .node(.array, element: "Shelf"))
        #expect(library.member(named: "shelves")?.type == "ShelfArray")
        #expect(library.member(named: "selectedShelf")?.dependencies.map(\.text) == ["selectedID", "shelves.all"])
    }

    @Test func modifiersKeepTheirMeaningAndOtherTemplatesItemsAreLeftAlone() throws {
        let schema = buildSchema(Self.library, prefix: "sourcery").schema
        #expect(schema.root?.member(named: "selectedID")?.options == [.discardable])
        #expect(schema.classes.last?.member(named: "title")?.options == [.derived])
    }

    @Test func theRippleDialectDoesNotReadMarkers() {
        #expect(buildSchema("class Shelf: QWNode_S {}").schema.classes.isEmpty)
    }
}
