import Testing
import RippleGenerator

/// A realistic annotated model file with many Swift constructs parses to the expected classes,
/// members and comments.
@Suite struct RealisticModelFileTests {
    let parsed = parseSource(realisticModelSource)

    @Test func parsesWithoutDiagnostics() {
        #expect(parsed.diagnostics.isEmpty)
    }

    @Test func topLevelDeclarationsInSourceOrder() {
        #expect(parsed.types.map { "\($0.kind) \($0.name)" } == [
            "class Library", "class Shelf", "class Catalog", "extension Library", "extension Catalog.Entry",
            "struct ShelfBuilder", "protocol Named", "actor Loader",
        ])
        #expect(parsed.otherDeclarations.map(\.name) == [
            "Foundation", "Dispatch", "struct Observation.ObservationRegistrar", "<~>", "PipePrecedence",
            "stringify", "SwiftUI",
        ])
        #expect(parsed.otherDeclarations[1].attributes == ["@preconcurrency"])
        #expect(parsed.variables.map(\.name) == ["globalCounter"])
    }

    @Test func rootClassHeader() throws {
        let library = try #require(parsed.parsedType("Library"))
        #expect(library.comments.map(\.text) == ["/// The document.", "// ripple: root"])
        #expect(library.attributes == ["@MainActor"])
        #expect(library.modifiers == ["public", "final"])
        #expect(library.inheritance == ["NSObject", "QWRoot_S", "@unchecked Sendable"])
    }

    @Test func rootClassMembers() throws {
        let library = try #require(parsed.parsedType("Library"))
        #expect(library.members.map(\.name) == [
            "tracker", "_userID", "_selectedID", "_shelves", "_catalog", "_tracksByID", "_selectedShelf",
            "_title", "status", "pattern", "extendedPattern", "sortKey", "shared", "formatter", "a", "b", "c",
            "_debugCounter", "_macOnly", "_releaseOnly",
        ])
        let shelves = try #require(library.parsedMember("_shelves"))
        #expect(shelves.comments.map(\.text) == [
            "/// The shelves, in display order.", "// ripple: node", "// ripple: dependency = [selectedID]",
        ])
        #expect(shelves.modifiers == ["private(set)"])
        #expect(shelves.typeAnnotation == "[Shelf]")
        #expect(shelves.initializer == "[]")
        #expect(library.parsedMember("_tracksByID")?.typeAnnotation == "[String: Track]?")
        #expect(library.parsedMember("_selectedShelf")?.isComputed == true)
        #expect(library.parsedMember("_title")?.hasObservers == true)
        #expect(library.parsedMember("_title")?.initializer == "\"Untitled // not a comment\"")
        #expect(library.parsedMember("tracker")?.initializer == "Tracker()")
        #expect(library.parsedMember("tracker")?.isLet == true)
        #expect(library.parsedMember("_debugCounter")?.comments.map(\.text) == ["// ripple: property, derived"])
        #expect(library.parsedMember("_macOnly")?.typeAnnotation == "Set<Node>")
        #expect(library.parsedMember("status")?.comments.isEmpty == true)
    }

    @Test func rootClassFunctionsAndNestedTypes() throws {
        let library = try #require(parsed.parsedType("Library"))
        #expect(library.functions.map(\.name) == ["init", "deinit", "validate", "make", "subscript", "=="])
        #expect(library.parsedFunction("validate")?.isThrowing == true)
        #expect(library.parsedFunction("make")?.signature
            == "<T: Sequence>(from items: T, limit: Int = 10) async throws(LoadError) -> Library where T.Element == Shelf")
        #expect(library.nested.map(\.qualifiedName) == ["Library.ValidationError"])
        let errors = try #require(library.nested.first)
        #expect(errors.otherDeclarations.map(\.name) == ["negative", "tooLong", "unknown", "nested"])
    }

    @Test func nodeClasses() throws {
        let shelf = try #require(parsed.parsedType("Shelf"))
        #expect(shelf.comments.map(\.text) == ["// ripple: node"])
        #expect(shelf.members.map(\.name) == ["tracker", "id", "_name", "_entries", "_count", "owner", "registry", "class", "naïveÉtat"])
        #expect(shelf.parsedMember("_name")?.hasObservers == true)
        #expect(shelf.parsedMember("_count")?.isComputed == true)
        #expect(shelf.parsedMember("owner")?.modifiers == ["weak"])
        #expect(shelf.parsedMember("registry")?.modifiers == ["unowned(unsafe)"])
        let catalog = try #require(parsed.parsedType("Catalog"))
        #expect(catalog.members.map(\.name) == ["tracker", "_total", "_children"])
        #expect(parsed.parsedType("Catalog.Entry")?.members.map(\.name) == ["key", "value"])
        #expect(parsed.parsedType("Catalog.Entry.Kind")?.otherDeclarations.map(\.name) == ["plain", "rich"])
    }

    @Test func danglingComments() {
        #expect(parsed.danglingCommentTexts == [
            "// trailing comment: dangling",
            "// A comment inside a getter: dangling.",
            "/* configure: ripple: property */",
            "// ripple: property  <- inside an initializer: dangling",
            "// The last comment in the class: dangling.",
        ])
    }

    @Test func commentLikeTextInLiteralsIsNeverAComment() {
        var all: [String] = parsed.danglingCommentTexts
        func collect(_ type: TypeDeclaration) {
            all += type.comments.map(\.text) + type.members.flatMap { $0.comments.map(\.text) }
            type.nested.forEach(collect)
        }
        parsed.types.forEach(collect)
        #expect(!all.contains { $0.contains("inside a multi-line string") || $0.contains("not a comment") })
    }
}
