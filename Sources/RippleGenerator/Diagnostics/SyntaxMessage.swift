/// The problems the lexer and the declaration parser report, with their wording.
///
/// Keeping the wording in one place keeps messages consistent and lets tests match on cases
/// rather than strings. Every message says what is missing and what would fix it:
///
/// ```swift
/// let message = SyntaxMessage.unterminatedBody(declaration: "class 'Library'")
/// message.text   // "expected '}' to close the body of class 'Library'"
/// ```
package enum SyntaxMessage: DiagnosticMessage, Equatable {
    /// A `"..."` or `#"..."#` literal that reaches the end of its line.
    case unterminatedStringLiteral(closingDelimiter: String)
    /// A `"""` literal that reaches the end of the file.
    case unterminatedMultilineStringLiteral(closingDelimiter: String)
    /// A `/* */` comment (they nest) that reaches the end of the file.
    case unterminatedBlockComment
    /// A `#/.../#` regex literal that reaches the end of its line (or of the file when multi-line).
    case unterminatedRegexLiteral(closingDelimiter: String)
    /// A type, function or accessor body whose `}` is missing.
    case unterminatedBody(declaration: String)
    /// An opening bracket without its closing partner.
    case unbalancedDelimiter(open: String, close: String)
    /// A type declaration without a `{ ... }` body.
    case missingBody(declaration: String)
    /// A declaration keyword not followed by a name.
    case missingName(after: String)
    /// A `}` that closes nothing.
    case extraneousClosingBrace
    /// Types nested deeper than the parser follows.
    case nestingTooDeep(limit: Int)
    /// `#else`, `#elseif` or `#endif` without an `#if` open in its scope.
    case unmatchedDirective(String)
    /// An `#if` without its `#endif` before the end of its scope (`the file`, `the body of 'Library'`).
    case unterminatedConditionalBlock(scope: String)
    /// A file larger than the lexer reads.
    case fileTooLarge(limit: Int)

    /// How serious the problem is.
    package var severity: Diagnostic.Severity {
        switch self {
        case .nestingTooDeep: .warning
        default: .error
        }
    }

    /// The message, phrased as the fix.
    package var text: String {
        switch self {
        case .unterminatedStringLiteral(let delimiter):
            let kind = delimiter.hasSuffix("#") ? "raw string literal" : "string literal"
            return "unterminated \(kind): expected '\(delimiter)' before the end of the line"
        case .unterminatedMultilineStringLiteral(let delimiter):
            let kind = delimiter.hasSuffix("#") ? "multi-line raw string literal" : "multi-line string literal"
            return "unterminated \(kind): expected '\(delimiter)' before the end of the file"
        case .unterminatedBlockComment:
            return "unterminated '/*' comment: expected '*/' before the end of the file (block comments nest)"
        case .unterminatedRegexLiteral(let delimiter):
            return "unterminated regex literal: expected '\(delimiter)'"
        case .unterminatedBody(let declaration):
            return "expected '}' to close the body of \(declaration)"
        case .unbalancedDelimiter(let open, let close):
            return "expected '\(close)' to match this '\(open)'"
        case .missingBody(let declaration):
            return "expected '{' to start the body of \(declaration)"
        case .missingName(let keyword):
            return "expected a name after '\(keyword)'"
        case .extraneousClosingBrace:
            return "extraneous '}' at top level: remove it or add the '{' it closes"
        case .nestingTooDeep(let limit):
            return "declarations nested more than \(limit) levels deep are not analyzed"
        case .unmatchedDirective(let directive):
            return "'\(directive)' has no '#if' to match in this scope; remove it or add the '#if' it belongs to"
        case .unterminatedConditionalBlock(let scope):
            return "'#if' without '#endif': add '#endif' before the end of \(scope)"
        case .fileTooLarge(let limit):
            return "only the first \(limit) bytes of the file are read; split the file"
        }
    }
}
