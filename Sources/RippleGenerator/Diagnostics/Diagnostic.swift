/// One message of the generator, rendered the way SwiftPM and Xcode expect it: every stage's
/// problems, and the run's own (a missing input, a file that cannot be written), are this type.
///
/// The description of a diagnostic in a file is exactly `path:line:column: error: message` (or
/// `warning:` / `note:`), so a build-tool plugin can print it and the IDE shows it on the right
/// line; one that no line explains is `error: message`:
///
/// ```swift
/// let diagnostic = Diagnostic(severity: .error, message: "unterminated string literal",
///                             file: "Model.swift", location: SourceLocation(line: 3, column: 9))
/// print(diagnostic)   // Model.swift:3:9: error: unterminated string literal
/// ```
///
/// Stages report their messages (``DiagnosticMessage``) through a ``DiagnosticCollector``,
/// which makes them diagnostics.
package struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
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
    /// The path of the file, as given to ``SourceFile``; `nil` when no line of a file explains
    /// the problem.
    package var file: String?
    /// Where in ``file`` the problem is; `nil` without a file.
    package var location: SourceLocation?

    /// Creates a diagnostic in a file; a word of `message` longer than ``NameList/longestName``
    /// (a name of thousands of characters) is cut.
    package init(severity: Severity, message: String, file: String, location: SourceLocation) {
        self.severity = severity
        self.message = NameList.shortened(message)
        self.file = file
        self.location = location
    }

    /// Creates a diagnostic that no line of a file explains. Its message is kept whole: the
    /// paths it names are the user's own, and are printed as given.
    package init(severity: Severity, message: String) {
        self.severity = severity
        self.message = message
    }

    /// `path:line:column: severity: message`, always on one line; `severity: message` without
    /// a file.
    ///
    /// Line breaks in the message of a diagnostic in a file (source text quoted in it, say a
    /// type that runs into an unterminated multi-line string) are written `\n`: a build log is
    /// read line by line, and a broken line would lose the rest of the message or be taken for
    /// another diagnostic.
    package var description: String {
        guard let file, let location else { return "\(severity.rawValue): \(message)" }
        return "\(file):\(location.line):\(location.column): \(severity.rawValue): \(Self.singleLine(message))"
    }

    private static func singleLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return text.map { $0.isNewline ? "\\n" : String($0) }.joined()
    }
}
