/// One message about a source file, rendered the way SwiftPM and Xcode expect it.
///
/// The description is exactly `path:line:column: error: message` (or `warning:` / `note:`), so a
/// build-tool plugin can print it and the IDE shows it on the right line:
///
/// ```swift
/// let diagnostic = Diagnostic(severity: .error, message: "unterminated string literal",
///                             file: "Model.swift", location: SourceLocation(line: 3, column: 9))
/// print(diagnostic)   // Model.swift:3:9: error: unterminated string literal
/// ```
///
/// Later pipeline stages add their own messages; this type stays a plain value with a message
/// string so that every stage can report through it.
package struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is; the raw value is the word printed in the description.
    package enum Severity: String, Hashable, Sendable {
        case error
        case warning
        case note
    }

    /// Whether this is an error, a warning or a note.
    package var severity: Severity
    /// What went wrong and, where possible, how to fix it.
    package var message: String
    /// The path of the file, as given to ``SourceFile``.
    package var file: String
    /// Where in the file the problem is.
    package var location: SourceLocation

    /// Creates a diagnostic; a word of `message` longer than ``NameList/longestName`` (a
    /// name of thousands of characters) is cut.
    package init(severity: Severity, message: String, file: String, location: SourceLocation) {
        self.severity = severity
        self.message = NameList.shortened(message)
        self.file = file
        self.location = location
    }

    /// `path:line:column: severity: message`, always on one line.
    ///
    /// Line breaks in the message (source text quoted in it, say a type that runs into an
    /// unterminated multi-line string) are written `\n`: a build log is read line by line, and
    /// a broken line would lose the rest of the message or be taken for another diagnostic.
    package var description: String {
        "\(file):\(location.line):\(location.column): \(severity.rawValue): \(Self.singleLine(message))"
    }

    private static func singleLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return text.map { $0.isNewline ? "\\n" : String($0) }.joined()
    }
}
