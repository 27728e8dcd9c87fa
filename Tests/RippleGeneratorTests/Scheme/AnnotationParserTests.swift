import RippleGenerator
import Testing

@Suite struct AnnotationParserTests {
    let parser = AnnotationParser()
    let start = SourceLocation(line: 3, column: 5)

    @Test func readsWordsAndValuesWithTheirColumns() throws {
        let line = try #require(parser.parse(comment: "// ripple: node, readOnly, dependency = [a, b.all]", at: start))
        #expect(line.problems.isEmpty)
        #expect(line.items.map(\.spelling) == ["node", "readOnly", "dependency"])
        #expect(line.items.map(\.location.column) == [16, 22, 32])
        let paths = try #require(line.items[2].value).paths
        #expect(paths.map(\.text) == ["a", "b.all"])
        #expect(paths.map(\.location) == [SourceLocation(line: 3, column: 46), SourceLocation(line: 3, column: 49)])
    }

    @Test func readsASinglePathValue() throws {
        let line = try #require(parser.parse(comment: "// ripple: shared = total", at: start))
        #expect(line.items.first?.value == .path(AnnotationPath(components: ["total"], location: SourceLocation(line: 3, column: 25))))
    }

    @Test func readsEmptyListsAndTrailingCommas() throws {
        let empty = try #require(parser.parse(comment: "// ripple: dependency = []", at: start))
        #expect(empty.problems.isEmpty)
        #expect(empty.items.first?.value?.paths == [])
        let trailing = try #require(parser.parse(comment: "// ripple: dependency = [a, ]", at: start))
        #expect(trailing.problems.isEmpty)
        #expect(trailing.items.first?.value?.paths.map(\.text) == ["a"])
    }

    @Test func toleratesMissingAndExtraSpaces() throws {
        let line = try #require(parser.parse(comment: "//ripple:node,property ,  type=Outer.Shelf", at: start))
        #expect(line.problems.isEmpty)
        #expect(line.items.map(\.spelling) == ["node", "property", "type"])
        #expect(line.items[2].value?.paths.first?.text == "Outer.Shelf")
    }

    @Test func ignoresCommentsThatAreNotAnnotations() {
        #expect(parser.parse(comment: "// A model of the library.", at: start) == nil)
        #expect(parser.parse(comment: "// rippled: node", at: start) == nil)
        #expect(parser.parse(comment: "// ripple node", at: start) == nil)
        #expect(parser.parse(comment: "// sourcery: node", at: start) == nil)
        #expect(parser.parse(comment: "/// ripple: node", at: start) == nil)
    }

    @Test func thePrefixIsAParameter() throws {
        let sourcery = AnnotationParser(prefix: "sourcery")
        let line = try #require(sourcery.parse(comment: "// sourcery: property", at: start))
        #expect(line.items.map(\.spelling) == ["property"])
        #expect(sourcery.parse(comment: "// ripple: property", at: start) == nil)
    }

    @Test func stopsAtTheFirstSyntaxErrorKeepingTheItemsBefore() throws {
        let line = try #require(parser.parse(comment: "// ripple: property readOnly", at: start))
        #expect(line.items.map(\.spelling) == ["property"])
        #expect(line.problems == [SchemeProblem(
            .malformedAnnotation(expected: "',' between annotation items", found: "'readOnly'"),
            at: SourceLocation(line: 3, column: 25))])
    }

    @Test func reportsAnEmptyAnnotationAtTheComment() throws {
        let line = try #require(parser.parse(comment: "// ripple:  ", at: start))
        #expect(line.problems == [SchemeProblem(.emptyAnnotation(prefix: "ripple"), at: start)])
    }

    @Test func namesTheEndOfTheLineWhenSomethingIsMissing() throws {
        let line = try #require(parser.parse(comment: "// ripple: dependency = [a, b", at: start))
        #expect(line.problems.map(\.message.text) == [
            "malformed annotation: expected ',' or ']' in the list of 'dependency', found the end of the line",
        ])
    }

    @Test func recognizesDocCommentsThatLookLikeAnnotations() {
        #expect(parser.looksLikeAnnotation(docComment: "/// ripple: node"))
        #expect(!parser.looksLikeAnnotation(docComment: "/// The ripple effect: a change spreads."))
    }

    @Test func everyItemNameIsFoundByItsExactSpelling() {
        for name in AnnotationItem.Name.allCases {
            #expect(AnnotationItem.Name(spelling: name.rawValue) == name)
            #expect(AnnotationItem.Name(spelling: name.rawValue.uppercased()) == nil)
            #expect(AnnotationItem.Name(spelling: name.rawValue + "s") == nil)
        }
        #expect(AnnotationItem.Name(spelling: "readonly") == nil)
        #expect(AnnotationItem.Name(spelling: "") == nil)
    }
}
