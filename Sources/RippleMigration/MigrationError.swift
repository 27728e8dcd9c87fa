import RippleGenerator

/// A problem that keeps `ripple-gen migrate` from changing anything: the inputs cannot be
/// read or written, or a file cannot be edited consistently.
package enum MigrationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An input that does not exist, cannot be read, or a file that cannot be written.
    case input(GeneratorError)
    /// A `// sourcery:inline:` without its `// sourcery:end`: where the generated code ends is
    /// unknown.
    case unterminatedRegion(file: String, location: SourceLocation)
    /// A file to edit that does not parse: its declarations cannot be found reliably.
    case syntaxErrors(file: String, count: Int)

    /// What went wrong, and how to go on.
    package var message: String {
        switch self {
        case .input(let error):
            return error.message
        case .unterminatedRegion:
            return "cannot migrate this file: its 'sourcery:inline' region has no '// sourcery:end', "
                + "so where its generated code ends is unknown; add '// sourcery:end' after it and run migrate again"
        case .syntaxErrors(let file, let count):
            return "cannot migrate '\(file)': it has \(count == 1 ? "a syntax error" : "\(count) syntax errors") "
                + "(above); fix \(count == 1 ? "it" : "them") and run migrate again"
        }
    }

    /// `error: message`, located (`path:line:column: error: message`) when the error is in a file.
    package var description: String {
        if case .unterminatedRegion(let file, let location) = self {
            return Diagnostic(severity: .error, message: message, file: file, location: location).description
        }
        return "error: \(message)"
    }
}
