import RippleGenerator
import Testing

/// The scheme of Quantwm models read with the `sourcery` prefix: markers, quoted values and
/// Quantwm's spellings mean what they meant for Quantwm.
@Suite struct QuantwmSchemeTests {
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
        #expect(schemeDiagnostics(Self.library, dialect: QuantwmDialect()) == [])
    }

    @Test func conformanceMarkersMakeRootAndNodeClasses() throws {
        let scheme = buildScheme(Self.library, dialect: QuantwmDialect()).scheme
        #expect(scheme.classes.map(\.name) == ["Library", "Shelf"])
        #expect(scheme.classes.map(\.role) == [.root, .node])
    }

    @Test func aMarkedClassWithoutAnnotatedMembersIsTracked() throws {
        let result = buildScheme("""
            class Library: QWRoot_S {
                let tracker = Tracker()
                // sourcery: node
                var _shelves: [Shelf] = []
            }

            class Shelf: QWNode_S {
                let tracker = Tracker()
            }
            """, dialect: QuantwmDialect())
        #expect(result.diagnostics.isEmpty)
        let library = try #require(result.scheme.root)
        #expect(library.members.first?.kind == .node(.array, element: "Shelf"))
    }

    @Test func sharedPropertySharesTheChangeKeyOfTheNamedProperty() throws {
        let library = try #require(buildScheme(Self.library, dialect: QuantwmDialect()).scheme.root)
        let userName = try #require(library.member(named: "userName"))
        #expect(userName.sharedProperty == "userID")
        #expect(userName.changeKey == library.member(named: "userID")?.index)
    }

    @Test func quotedTypesAndDependenciesResolve() throws {
        let library = try #require(buildScheme(Self.library, dialect: QuantwmDialect()).scheme.root)
        #expect(library.member(named: "shelves")?.kind == .node(.array, element: "Shelf"))
        #expect(library.member(named: "shelves")?.type == "ShelfArray")
        #expect(library.member(named: "selectedShelf")?.dependencies.map(\.text) == ["selectedID", "shelves.all"])
    }

    @Test func modifiersKeepTheirMeaningAndOtherTemplatesItemsAreLeftAlone() throws {
        let scheme = buildScheme(Self.library, dialect: QuantwmDialect()).scheme
        #expect(scheme.root?.member(named: "selectedID")?.options == [.discardable])
        #expect(scheme.classes.last?.member(named: "title")?.options == [.derived])
    }

    @Test func theRippleDialectDoesNotReadMarkers() {
        #expect(buildScheme("class Shelf: QWNode_S {}").scheme.classes.isEmpty)
    }
}
