import RippleGenerator
import Testing

/// The `sourcery` dialect of the annotation parser: Quantwm's annotations as they are written.
@Suite struct SourceryAnnotationParserTests {
    let parser = AnnotationParser(prefix: "sourcery")
    let start = SourceLocation(line: 3, column: 5)

    func location(_ column: Int) -> RippleGenerator.SourceLocation {
        SourceLocation(line: 3, column: column)
    }

    @Test func thePrefixChoosesTheDialect() {
        #expect(parser.dialect == .sourcery)
        #expect(AnnotationParser().dialect == .ripple)
        #expect(AnnotationParser(prefix: "model").dialect == .ripple)
    }

    @Test func readsAQuotedPathAsOnePath() throws {
        let line = try #require(parser.parse(comment: #"// sourcery: type = "Shelf""#, at: start))
        #expect(line.problems.isEmpty)
        #expect(line.items.first?.value == .path(AnnotationPath(components: ["Shelf"], location: location(26))))
    }

    @Test func readsAQuotedCommaSeparatedListOfPaths() throws {
        let line = try #require(parser.parse(comment: #"// sourcery: dependency = "selectedID, shelves.all""#, at: start))
        #expect(line.problems.isEmpty)
        #expect(line.items.first?.value == .list([
            AnnotationPath(components: ["selectedID"], location: location(32)),
            AnnotationPath(components: ["shelves", "all"], location: location(44)),
        ], location: location(31)))
    }

    @Test func readsAnEmptyQuotedValueAsAnEmptyList() throws {
        let line = try #require(parser.parse(comment: #"// sourcery: dependency = """#, at: start))
        #expect(line.problems.isEmpty)
        #expect(line.items.first?.value == .list([], location: location(31)))
    }

    @Test func stillReadsRippleValuesUnquoted() throws {
        let line = try #require(parser.parse(comment: "// sourcery: node, type = Shelf, dependency = [a, b.all]", at: start))
        #expect(line.problems.isEmpty)
        #expect(line.items.map(\.spelling) == ["node", "type", "dependency"])
        #expect(line.items[2].value?.paths.map(\.text) == ["a", "b.all"])
    }

    @Test func readsSharedPropertyAsSharedOfTheNamedClass() throws {
        let line = try #require(parser.parse(comment: #"// sourcery: sharedProperty = "Library.userIDK""#, at: start))
        #expect(line.problems.isEmpty)
        let item = try #require(line.items.first)
        #expect(item.spelling == "sharedProperty")
        #expect(item.name == .shared)
        // The change key `userIDK` names property `userID`, located where it is written.
        #expect(item.value == .path(AnnotationPath(components: ["userID"], location: location(44))))
        #expect(item.ownerType == AnnotationPath(components: ["Library"], location: location(36)))
    }

    @Test func readsSharedPropertyWithoutAClass() throws {
        let line = try #require(parser.parse(comment: #"// sourcery: sharedProperty = "totalK""#, at: start))
        let item = try #require(line.items.first)
        #expect(item.name == .shared)
        #expect(item.value?.paths.map(\.text) == ["total"])
        #expect(item.ownerType == nil)
    }

    @Test func keepsTheValuesOfOtherTemplatesAsText() throws {
        let line = try #require(parser.parse(
            comment: #"// sourcery: jsonKey = "user_id, name", maxLength = 10, setProc = "self.reload()""#, at: start))
        #expect(line.problems.isEmpty)
        #expect(line.items.map(\.spelling) == ["jsonKey", "maxLength", "setProc"])
        #expect(line.items.map(\.name) == [nil, nil, nil])
        #expect(line.items.map(\.value) == [
            .text("user_id, name", location: location(28)),
            .text("10", location: location(57)),
            .text("self.reload()", location: location(71)),
        ])
    }

    @Test func quotedPathsMustBePaths() throws {
        let bad = try #require(parser.parse(comment: #"// sourcery: dependency = "a b""#, at: start))
        #expect(bad.problems.map(\.message.text) == [
            "malformed annotation: expected ',' or '\"' in the value of 'dependency', found 'b'",
        ])
        let open = try #require(parser.parse(comment: #"// sourcery: dependency = "a, b"#, at: start))
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
            #expect(parser.parse(comment: text, at: start) == nil, "\(text)")
        }
        #expect(parser.sourceryMarker(comment: "// sourcery:inline:Library.QuantwmDeclarationInline", at: start) == .inline)
        #expect(parser.sourceryMarker(comment: "// sourcery:end", at: start) == .end)
        #expect(parser.sourceryMarker(comment: "// sourcery:file:Generated/Library", at: start) == .file)
        let block = try #require(parser.sourceryMarker(comment: "// sourcery:begin: property, skipEquality", at: start))
        guard case .begin(let items) = block else {
            Issue.record("expected a begin marker, got \(block)")
            return
        }
        #expect(items.items.map(\.spelling) == ["property", "skipEquality"])
        // Items named like markers are still items; the ripple dialect has no markers.
        #expect(parser.sourceryMarker(comment: "// sourcery: endpoint", at: start) == nil)
        #expect(parser.parse(comment: "// sourcery: endpoint", at: start)?.items.map(\.spelling) == ["endpoint"])
        #expect(AnnotationParser().sourceryMarker(comment: "// ripple:end", at: start) == nil)
    }

    @Test func theFastScanReadsFilesThatNameQuantwmMarkers() {
        let markerOnly = Array("class Shelf: NSObject, QWNode_S {\n    var _title = \"\"\n}".utf8)
        #expect(parser.mayContainAnnotations(markerOnly))
        #expect(parser.mayContainAnnotations(Array("class Mediator: QWMediator {}".utf8)))
        #expect(!parser.mayContainAnnotations(Array("final class Shelf {}".utf8)))
        #expect(!AnnotationParser().mayContainAnnotations(markerOnly))
    }
}
