import RippleGenerator

/// A problem that keeps `ripple-gen migrate` from changing anything: a file cannot be edited
/// consistently (inputs that cannot be read or written are ``GeneratorError``s).
package enum MigrationError: DiagnosticMessage, Hashable {
    /// A `// sourcery:inline:` without its `// sourcery:end`: where the generated code ends is
    /// unknown. Reported where the region starts.
    case unterminatedRegion
    /// A file to edit that does not parse: its declarations cannot be found reliably.
    case syntaxErrors(file: String, count: Int)

    package var severity: Diagnostic.Severity { .error }

    /// What went wrong, and how to go on.
    package var text: String {
        switch self {
        case .unterminatedRegion:
            return "cannot migrate this file: its 'sourcery:inline' region has no '// sourcery:end', "
                + "so where its generated code ends is unknown; add '// sourcery:end' after it and run migrate again"
        case .syntaxErrors(let file, let count):
            return "cannot migrate '\(file)': it has \(count == 1 ? "a syntax error" : "\(count) syntax errors") "
                + "(above); fix \(count == 1 ? "it" : "them") and run migrate again"
        }
    }
}
