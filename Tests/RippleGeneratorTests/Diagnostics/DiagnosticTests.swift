import Foundation
import RippleGenerator
import Testing

@Suite struct DiagnosticTests {
    @Test func lineBreaksInTheMessageArePrintedAsEscapes() {
        let diagnostic = Diagnostic(
            severity: .error, message: "type 'a\nb\r\nc\rd'", file: "Model.swift", location: SourceLocation(line: 3, column: 9))
        #expect(diagnostic.description == #"Model.swift:3:9: error: type 'a\nb\nc\nd'"#)
        #expect(diagnostic.message == "type 'a\nb\r\nc\rd'")
    }

    /// Found by `FuzzTests`: the type of `_shelves` runs into the unterminated multi-line string
    /// to the end of the file, and the message quoting it used to span many lines.
    @Test func aTypeRunningIntoAnUnterminatedMultilineStringIsReportedOnOneLine() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Library.swift", smallModel.replacingOccurrences(of: "[Shelf] = []", with: "[\"\"\"Shelf] = []"))
        let report = Generator(options: GeneratorOptions(inputs: [path], outputDirectory: directory.path)).run()
        #expect(report.hasErrors)
        #expect(report.messages.contains { $0.hasPrefix("\(path):11:19: error: node member '_shelves' has type '[\"\"\"Shelf] = []\\n") })
        #expect(report.messages.allSatisfy { !$0.contains(where: \.isNewline) })
    }

    @Test func aLongListIsCutWithACount() {
        #expect(NameList.text(["a", "b", "c"]) == "a, b, c")
        #expect(NameList.text((1...10).map { "n\($0)" }) == "n1, n2, n3, n4, n5, n6, n7, n8, n9, n10")
        #expect(NameList.text((1...5_000).map { "n\($0)" }) == "n1, n2, n3, n4, n5, n6, n7, n8, n9, n10 and 4,990 more")
        #expect(NameList.text((1...11).map { "n\($0)" }, separator: " -> ") == "n1 -> n2 -> n3 -> n4 -> n5 -> n6 -> n7 -> n8 -> n9 -> n10 and 1 more")
    }

    @Test func countsAreGroupedByThousands() {
        #expect([0, 7, 999, 1_000, 12_345, 1_234_567, -4_990].map(NameList.count) == ["0", "7", "999", "1,000", "12,345", "1,234,567", "-4,990"])
    }
}
