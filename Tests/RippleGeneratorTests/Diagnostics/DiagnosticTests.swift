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
}
