import RippleGenerator
import Testing

/// How Quantwm's dialect reads a comment: quoted values, other templates' items, Sourcery's
/// markers.
@Suite struct QuantwmAnnotationTests {
    let dialect = QuantwmDialect()
    let start = SourceLocation(line: 3, column: 5)

    func location(_ column: Int) -> RippleGenerator.SourceLocation {
        SourceLocation(line: 3, column: column)
    }

    func parse(_ text: String) -> AnnotationParser.Line? {
        dialect.parser.parse(comment: text, at: start)
    }

    func comment(_ text: String) -> RippleGenerator.Comment {
        RippleGenerator.Comment(kind: .line, text: text, location: start, range: 0..<text.utf8.count)
    }

    @Test func thePrefixChoosesTheDialect() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Model/Library.swift", "class Library: QWRoot_S {\n    let tracker = Tracker()\n}\n")
        func root(prefix: String) -> String? {
            Generator(options: GeneratorOptions(
                inputs: [directory.path + "/Model"], annotationLanguage: AnnotationLanguage(prefix: prefix), dumpFormat: .text)
            ).run().scheme.root?.name
        }
        #expect(root(prefix: "sourcery") == "Library")
        #expect(root(prefix: "ripple") == nil)
    }

    @Test func readsAQuotedPathAsOnePath() throws {
        let line = try #require(parse(#"// sourcery: type = "Shelf""#))
        #expect(line.problems.isEmpty)
        #expect(line.items.first?.value == .path(AnnotationPath(components: ["Shelf"], location: location(26))))
    }

    @Test func readsAQuotedCommaSeparatedListOfPaths() throws {
        let line = try #require(parse(#"// sourcery: dependency = "selectedID, shelves.all""#))
        #expect(line.problems.isEmpty)
        #expect(line.items.first?.value == .list([
            AnnotationPath(components: ["selectedID"], location: location(32)),
            AnnotationPath(components: ["shelves", "all"], location: location(44)),
        ], location: location(31)))
    }

    @Test func readsAnEmptyQuotedValueAsAnEmptyList() throws {
        let line = try #require(parse(#"// sourcery: dependency = """#))
        #expect(line.problems.isEmpty)
        #expect(line.items.first?.value == .list([], location: location(31)))
    }

    @Test func stillReadsRippleValuesUnquoted() throws {
        let line = try #require(parse("// sourcery: node, type = Shelf, dependency = [a, b.all]"))
        #expect(line.problems.isEmpty)
        #expect(line.items.map(\.spelling) == ["node", "type", "dependency"])
        #expect(line.items[2].value?.paths.map(\.text) == ["a", "b.all"])
    }

    @Test func readsTheValueOfSharedPropertyAsAPath() throws {
        // The scheme reads it as `shared = userID` of class `Library` (QuantwmSchemeTests).
        let line = try #require(parse(#"// sourcery: sharedProperty = "Library.userIDK""#))
        #expect(line.problems.isEmpty)
        let item = try #require(line.items.first)
        #expect(item.spelling == "sharedProperty")
        #expect(item.value == .path(AnnotationPath(components: ["Library", "userIDK"], location: location(36))))
    }

    @Test func keepsTheValuesOfOtherTemplatesAsText() throws {
        let line = try #require(parse(#"// sourcery: jsonKey = "user_id, name", maxLength = 10, setProc = "self.reload()""#))
        #expect(line.problems.isEmpty)
        #expect(line.items.map(\.spelling) == ["jsonKey", "maxLength", "setProc"])
        #expect(line.items.map(\.name) == [nil, nil, nil])
        #expect(line.items.map(\.value) == [
            .text("user_id, name", location: location(28)),
            .text("10", location: location(57)),
            .text("self.reload()", location: location(71)),
        ])
    }

    @Test func dropsTheItemsOfOtherTemplatesButNotTypos() throws {
        #expect(dialect.annotationLine(comment("// sourcery: AutoEquatable, skipEquality")) == nil)
        let line = try #require(dialect.annotationLine(comment("// sourcery: property, jsonKey = \"id\", readonly")))
        #expect(line.items.map(\.spelling) == ["property", "readonly"])
    }

    @Test func quotedPathsMustBePaths() throws {
        let bad = try #require(parse(#"// sourcery: dependency = "a b""#))
        #expect(bad.problems.map(\.message.text) == [
            "malformed annotation: expected ',' or '\"' in the value of 'dependency', found 'b'",
        ])
        let open = try #require(parse(#"// sourcery: dependency = "a, b"#))
        #expect(open.problems.map(\.message.text) == [
            "malformed annotation: expected ',' or '\"' in the value of 'dependency', found the end of the line",
        ])
    }

    @Test func theRippleDialectKeepsValuesUnquoted() throws {
        let line = try #require(AnnotationParser().parse(comment: #"// ripple: type = "Shelf""#, at: start))
        #expect(line.problems.map(\.message.text) == ["malformed annotation: expected a value after 'type =', found '\"'"])
    }

    @Test func regionCommentsAreMarkersNotAnnotations() throws {
        for text in ["// sourcery:inline:Library.QuantwmDeclarationInline", "// sourcery:end", "// sourcery: end ",
                     "// sourcery:file:Generated/Library", "// sourcery:begin: skipEquality"] {
            #expect(dialect.annotationLine(comment(text)) == nil, "\(text)")
        }
        func marker(_ text: String) -> SourceryMarkers.Marker? {
            SourceryMarkers.marker(comment(text), parser: dialect.parser)
        }
        #expect(marker("// sourcery:inline:Library.QuantwmDeclarationInline") == .inline)
        #expect(marker("// sourcery:end") == .end)
        #expect(marker("// sourcery:file:Generated/Library") == .file)
        let block = try #require(marker("// sourcery:begin: property, skipEquality"))
        guard case .begin(let items) = block else {
            Issue.record("expected a begin marker, got \(block)")
            return
        }
        #expect(items.items.map(\.spelling) == ["property", "skipEquality"])
        #expect(marker("// sourcery:begin:") == .begin(AnnotationParser.Line(items: [], problems: [])))
        // Items named like markers are still items; Ripple's prefix has no markers.
        #expect(marker("// sourcery: endpoint") == nil)
        #expect(parse("// sourcery: endpoint")?.items.map(\.spelling) == ["endpoint"])
        #expect(SourceryMarkers.marker(comment("// ripple:end"), parser: AnnotationParser()) == .end)
        #expect(RippleDialect().annotationLine(comment("// ripple:end"))?.items.map(\.spelling) == ["end"])
    }

    @Test func theMarkersOfAFileAreFoundAmongItsComments() {
        let parsed = SwiftParser.parse(SourceFile(path: "Model.swift", text: """
            class Library: QWRoot_S {
                // sourcery:inline:Library.QuantwmDeclarationInline
                var userID: Int { _userID }
                // sourcery:end
                func reload() {
                    // sourcery:inline:Library.Reload
                    print("generated")
                    // sourcery:end
                }
            }
            // sourcery:inline:Library.Unended
            """))
        let markers = SourceryMarkers(parsed, parser: dialect.parser)
        #expect(markers.inline.map(\.lines) == [2...4, 6...8])
        #expect(markers.unterminated.map(\.line) == [11])
    }

    @Test func theFastScanReadsFilesThatNameQuantwmTypes() {
        let scan = FastScan(annotationPrefix: QuantwmDialect.prefix, words: dialect.fileMarkers)
        #expect(scan.mayMatter(Array("class Shelf: NSObject, QWNode_S {\n    var _title = \"\"\n}".utf8)))
        #expect(scan.mayMatter(Array("class Mediator: QWMediator {}".utf8)))
        #expect(!scan.mayMatter(Array("final class Shelf {}".utf8)))
        #expect(RippleDialect().fileMarkers.isEmpty)
    }
}
