import RippleGenerator
import Testing

/// With documents on, every class needs an `init()` a document can make it through, and every
/// saved member a type that may be `Codable`: one test per message, and the cases that must pass.
@Suite struct DocumentDiagnosticsTests {
    /// The diagnostics of `files` (path to source) built with documents on, as `ripple-gen` prints them.
    func diagnostics(_ files: [String: String]) -> [String] {
        buildScheme(files, documents: true).diagnostics.map(\.description)
    }

    func diagnostics(_ source: String) -> [String] {
        diagnostics(["Model.swift": source])
    }

    /// A root holding nodes of class `Shelf`, whose body after its tracker and its annotation
    /// `// ripple: property` (line 10) is `body`: `Shelf` is on line 8, `body` starts on line 11.
    func model(shelf body: String) -> String {
        """
        // ripple: root
        final class Library {
            let tracker = Tracker()
            // ripple: node
            var _shelves: [Shelf] = []
        }
        // ripple: node
        final class Shelf {
            let tracker = Tracker()
            // ripple: property

        """ + body.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n}\n"
    }

    /// A shelf with a title and `init(title:)` only.
    let shelfWithoutInit = "var _title: String\ninit(title: String) { _title = title }"

    // MARK: init()

    @Test func aClassWithoutInitIsAnErrorOnItsLine() {
        let source = model(shelf: shelfWithoutInit)
        #expect(diagnostics(source) == [
            "Model.swift:8:13: error: class 'Shelf' has no 'init()'; add one (such as 'convenience init() { self.init(...) }'): "
                + "documents open a Shelf through it, then set its saved members",
        ])
        // Without documents, nothing needs it.
        #expect(schemeDiagnostics(source) == [])
    }

    @Test func anInitWhoseParametersAllHaveDefaultsCounts() {
        #expect(diagnostics(model(shelf: """
            var _title: String
            init(title: String = "", rank: Int = 0) { _title = title }
            """)) == [])
        #expect(diagnostics(model(shelf: """
            var _title: String
            init(title: String = "", _ rank: Int) { _title = title }
            """)).count == 1)
    }

    @Test func anInitInAnExtensionInAnotherFileCounts() {
        #expect(diagnostics([
            "Model.swift": model(shelf: shelfWithoutInit),
            "Shelf+Init.swift": "extension Shelf {\n    convenience init() { self.init(title: \"\") }\n}\n",
        ]) == [])
    }

    @Test func theInitSwiftSynthesizesCounts() {
        // No designated initializer, and every stored property has an initial value (an optional
        // `var` has nil): Swift gives the class `init()`. A convenience initializer keeps it.
        #expect(diagnostics(model(shelf: """
            var _title = ""
            var note: String?
            static let shared: Shelf? = nil
            convenience init(title: String) {
                self.init()
                _title = title
            }
            """)) == [])
        // A stored property without a value: Swift gives no `init()`.
        #expect(diagnostics(model(shelf: """
            var _title = ""
            let id: Int
            """)) == [
                "Model.swift:8:13: error: class 'Shelf' has no 'init()'; add one (such as 'convenience init() { self.init(...) }'): "
                    + "documents open a Shelf through it, then set its saved members",
            ])
    }

    @Test func aPrivateInitIsAnErrorOnItsLine() {
        #expect(diagnostics(model(shelf: """
            var _title = ""
            private init() {}
            """)) == [
                "Model.swift:12:13: error: 'init()' of class 'Shelf' is private, but documents open a Shelf through it from "
                    + "the generated code in another file; make it internal (remove 'private')",
            ])
        #expect(diagnostics([
            "Model.swift": model(shelf: shelfWithoutInit),
            "Shelf+Init.swift": "extension Shelf {\n    fileprivate convenience init() { self.init(title: \"\") }\n}\n",
        ]) == [
            "Shelf+Init.swift:2:29: error: 'init()' of class 'Shelf' is fileprivate, but documents open a Shelf through it "
                + "from the generated code in another file; make it internal (remove 'fileprivate')",
        ])
    }

    @Test func aFailableInitIsAnError() {
        #expect(diagnostics(model(shelf: """
            var _title = ""
            init?() {}
            """)) == [
                "Model.swift:12:5: error: 'init()' of class 'Shelf' is failable, but documents open a Shelf through it every "
                    + "time; add an 'init()' that cannot fail",
            ])
    }

    @Test func aThrowingOrAsyncInitIsAnError() {
        let throwing = model(shelf: """
            var _title = ""
            init() throws {}
            """)
        #expect(diagnostics(throwing) == [
            "Model.swift:12:5: error: 'init()' of class 'Shelf' throws, but documents open a Shelf through it synchronously; "
                + "add an 'init()' that neither throws nor is async",
        ])
        #expect(diagnostics(throwing.replacingOccurrences(of: "init() throws", with: "init() async")) == [
            "Model.swift:12:5: error: 'init()' of class 'Shelf' is async, but documents open a Shelf through it synchronously; "
                + "add an 'init()' that neither throws nor is async",
        ])
    }

    @Test func aUsableInitBesidesAnUnusableOneIsEnough() {
        #expect(diagnostics(model(shelf: """
            var _title = ""
            private init(secret: Int = 0) {}
            init?(title: String = "") { _title = title }
            init() {}
            """)) == [])
    }

    // MARK: Document version and migration

    @Test func aDocumentVersionOrMigrationTheGeneratedFileCannotSeeIsAnError() {
        #expect(diagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                private static let documentVersion = 2
            }

            extension Library {
                fileprivate static func migrateDocument(_ document: inout DocumentMigration, from version: Int) throws {}
            }
            """) == [
                "Model.swift:4:24: error: 'documentVersion' of class 'Library' is private, but the generated code in another "
                    + "file uses it; write 'static let documentVersion = 2' (internal is enough, also in a public class)",
                "Model.swift:8:29: error: 'migrateDocument(_:from:)' of class 'Library' is fileprivate, but the generated code "
                    + "in another file uses it; write 'static func migrateDocument(_ document: inout DocumentMigration, from "
                    + "version: Int) throws' (internal is enough, also in a public class)",
            ])
    }

    @Test func theRootsDocumentVersionAndMigrationAreFoundInAnExtension() throws {
        let result = buildScheme([
            "Model.swift": "// ripple: root\nfinal class Library {\n    let tracker = Tracker()\n}\n",
            "Library+Documents.swift": """
                extension Library {
                    static let documentVersion = 3
                    static func migrateDocument(_ document: inout DocumentMigration, from version: Int) throws {}
                }
                """,
        ], documents: true)
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.scheme.root)
        #expect(root.declaresDocumentVersion)
        #expect(root.declaresDocumentMigration)
    }

    // MARK: Codable

    /// A root with one saved member declared as `member`, and `more` after the class.
    func root(member: String, _ more: String = "") -> String {
        """
        // ripple: root
        final class Library {
            let tracker = Tracker()
            // ripple: property
            \(member)
        }

        """ + more
    }

    @Test func aSavedFunctionTupleOrAnyIsAnErrorOnItsLine() {
        #expect(diagnostics(root(member: "var _onChange: () -> Void = {}")) == [
            "Model.swift:5:9: error: '_onChange' is saved in documents, but its type '() -> Void' is not Codable: a function type "
                + "cannot be encoded; store a Codable value instead, or annotate '_onChange' 'discardable' to leave it out of documents",
        ])
        #expect(diagnostics(root(member: "var _handlers: [String: @Sendable (Int) -> Void] = [:]")).count == 1)
        #expect(diagnostics(root(member: "var _origin: (x: Int, y: Int) = (0, 0)")) == [
            "Model.swift:5:9: error: '_origin' is saved in documents, but its type '(x: Int, y: Int)' is not Codable: a tuple "
                + "cannot be encoded; use a Codable struct instead, or annotate '_origin' 'discardable' to leave it out of documents",
        ])
        #expect(diagnostics(root(member: "var _info: [String: Any] = [:]")) == [
            "Model.swift:5:9: error: '_info' is saved in documents, but its type '[String: Any]' is not Codable: 'Any' cannot be "
                + "encoded; use a Codable type instead, or annotate '_info' 'discardable' to leave it out of documents",
        ])
        #expect(diagnostics(root(member: "var _owner: AnyObject? = nil")).count == 1)
        // Parentheses around a Codable type are no tuple.
        #expect(diagnostics(root(member: "var _count: (Int) = 0")) == [])
    }

    @Test func aSavedTypeDeclaredWithoutCodableIsAnError() {
        #expect(diagnostics(root(member: "var _points: [Point]? = nil", "struct Point: Equatable, Sendable { var x = 0 }\n")) == [
            "Model.swift:5:9: error: '_points' is saved in documents, but its type '[Point]?' is not Codable: 'Point' does not "
                + "conform to 'Codable'; add ': Codable' to 'Point', or annotate '_points' 'discardable' to leave it out of documents",
        ])
        // A raw-value enum is not Codable by itself.
        #expect(diagnostics(root(member: "var _mode: Mode = .a", "enum Mode: String { case a }\n")).count == 1)
        // A type nested in the class, looked up as Swift does.
        #expect(diagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var _style: [String: Style] = [:]
                struct Style { var bold = false }
            }
            """) == [
                "Model.swift:5:9: error: '_style' is saved in documents, but its type '[String: Style]' is not Codable: 'Style' "
                    + "does not conform to 'Codable'; add ': Codable' to 'Style', or annotate '_style' 'discardable' to leave it "
                    + "out of documents",
            ])
    }

    @Test func typesThatMayBeCodableAreLeftToTheCompiler() {
        let passing = [
            root(member: "var _point = Point()", "struct Point: Codable { var x = 0 }\n"),
            root(member: "var _point = Point()", "struct Point: Hashable & Codable { var x = 0 }\n"),
            root(member: "var _point = Point()", "struct Point: Encodable, Decodable { var x = 0 }\n"),
            root(member: "var _point = Point()", "struct Point { var x = 0 }\nextension Point: Swift.Codable {}\n"),
            root(member: "var _mode: Mode = .a", "enum Mode: String, Codable { case a }\n"),
            // Through a protocol of the sources, or one of another module.
            root(member: "var _point = Point()", "protocol Stored: Codable {}\nstruct Point: Stored { var x = 0 }\n"),
            root(member: "var _point = Point()", "struct Point: PersistentValue { var x = 0 }\n"),
            // Through a superclass.
            root(member: "var _item = Item()", "class Base: Codable {}\nfinal class Item: Base {}\n"),
            // A macro may add the conformance.
            root(member: "var _point = Point()", "@AutoCodable struct Point { var x = 0 }\n"),
            // Types the sources do not declare, and shapes the check does not read.
            root(member: "var _date: Date? = nil"),
            root(member: "var _value: some Codable = 0"),
            root(member: "var _value: any Codable = 0"),
        ]
        for source in passing {
            #expect(diagnostics(source) == [], "\(source)")
        }
    }

    @Test func unsavedMembersNeedNotBeCodable() {
        #expect(diagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property, discardable
                var _onSelect: () -> Void = {}
                // ripple: property, derived
                var _summary: (Int, Int) = (0, 0)
                // ripple: property, readOnly, dependency = [summary]
                var _total: (Int, Int) { _summary }
            }
            """) == [])
    }
}
