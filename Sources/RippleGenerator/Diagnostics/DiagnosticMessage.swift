/// A message the generator reports: one case of one of the stages' message enums
/// (``SyntaxMessage``, ``SchemeMessage``, ``QuantwmMessage``, ``GeneratorError``, ...), each
/// with its severity and its wording.
///
/// The enums keep the wording of a stage in one place and let tests match on cases rather than
/// strings; a message becomes a ``Diagnostic`` in one place, here, wherever it is reported
/// (through a ``DiagnosticCollector``):
///
/// ```swift
/// SyntaxMessage.extraneousClosingBrace.diagnostic(in: "Model.swift", at: SourceLocation(line: 3, column: 1))
/// // Model.swift:3:1: error: extraneous '}' at top level: remove it or add the '{' it closes
/// ```
package protocol DiagnosticMessage: Sendable {
    /// How serious the problem is.
    var severity: Diagnostic.Severity { get }
    /// What went wrong and, where possible, how to fix it.
    var text: String { get }
}

extension DiagnosticMessage {
    /// This message at a place in a file.
    package func diagnostic(in file: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(severity: severity, message: text, file: file, location: location)
    }

    /// This message about the run as a whole, where no line of a file explains it (a missing
    /// input, say).
    package var diagnostic: Diagnostic {
        Diagnostic(severity: severity, message: text)
    }
}
