/// Collects the diagnostics of a stage, each made from its message in one place
/// (``DiagnosticMessage``).
///
/// The stages report through one: the lexer and the parser their syntax errors, the scheme
/// builder and the dialect the annotations' mistakes, migrate what it left for a person.
///
/// ```swift
/// var diagnostics = DiagnosticCollector()
/// diagnostics.report(SchemeMessage.redundantNode, in: "Shelf.swift", at: SourceLocation(line: 4, column: 5))
/// diagnostics.diagnostics   // [Shelf.swift:4:5: warning: ...]
/// ```
package struct DiagnosticCollector: Sendable {
    /// What was reported, in the order it was.
    package private(set) var diagnostics: [Diagnostic] = []

    package init() {}

    /// Reports `message` at a place in `file`.
    package mutating func report(_ message: some DiagnosticMessage, in file: String, at location: SourceLocation) {
        diagnostics.append(message.diagnostic(in: file, at: location))
    }

    /// Reports `message` at a byte offset of `file`.
    package mutating func report(_ message: some DiagnosticMessage, in file: SourceFile, atOffset offset: Int) {
        report(message, in: file.path, at: file.location(ofOffset: offset))
    }
}
