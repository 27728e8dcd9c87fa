/// A mistake in a template or in the context it was rendered with, located like a compiler
/// diagnostic.
///
/// `Template.init(name:source:)` throws parse errors, so a broken template fails as soon as it
/// is loaded; `Template.render(_:templates:outputLimit:)` throws render errors (an undefined
/// variable, a value of the wrong kind, a missing included template, output past the limit).
/// Every message says how to fix the mistake, and `description` prints in the format compilers
/// and IDEs understand:
///
/// ```
/// Accessors.swift.template:3:16: error: unknown filter 'uper'; did you mean 'upper'?
/// ```
package struct TemplateError: Error, CustomStringConvertible, Equatable {
    /// The name of the template the mistake is in (for an included template, its own name).
    package var templateName: String
    /// Where the mistake is.
    package var location: TemplateLocation
    /// What is wrong.
    package var reason: Reason

    package init(templateName: String, location: TemplateLocation, reason: Reason) {
        self.templateName = templateName
        self.location = location
        self.reason = reason
    }

    /// The 1-based line of the mistake.
    package var line: Int { location.line }

    /// The 1-based column (in UTF-8 bytes) of the mistake.
    package var column: Int { location.column }

    /// What is wrong and how to fix it, without the location.
    package var message: String { reason.text }

    /// The mistake as a diagnostic at its place in the template.
    package var diagnostic: Diagnostic {
        reason.diagnostic(in: templateName, at: SourceLocation(line: location.line, column: location.column))
    }

    /// `name:line:column: error: message`.
    package var description: String {
        "\(templateName):\(location.line):\(location.column): error: \(message)"
    }
}

extension TemplateError {
    /// Every kind of template mistake, with the details its message needs.
    ///
    /// Tags are named by their keyword (`"for"`, `"endif"`); messages quote them as `'{% for %}'`.
    package enum Reason: DiagnosticMessage, Equatable {
        // MARK: Parse errors

        /// A `{{`, `{%` or `{#` without its closing delimiter.
        case unterminatedTag(opener: String, closer: String)
        /// A string literal without its closing quote.
        case unterminatedString(quote: Character)
        /// A backslash escape in a string literal that is not `\"`, `\'`, `\\`, `\n` or `\t`.
        case invalidEscape(Character)
        /// A character that cannot start any token inside a tag.
        case unexpectedCharacter(String, suggestion: String?)
        /// A token that does not fit the grammar at this point.
        case expected(String, found: String)
        /// A block tag whose keyword is not a known tag.
        case unknownTag(String, suggestion: String?)
        /// A filter name that is not a known filter.
        case unknownFilter(String, suggestion: String?)
        /// A filter called with the wrong number of arguments.
        case filterArgumentCount(filter: String, expected: Int, found: Int, usage: String)
        /// A loop variable named like a name the engine reserves.
        case reservedName(String)
        /// A `{% for %}` or `{% if %}` still open at the end of the template.
        case unclosedBlock(tag: String, openedAt: TemplateLocation)
        /// An `end…`, `else` or `elif` tag while no block that accepts it is open.
        case unmatchedTag(String)
        /// An `end…` or `elif` tag that does not belong to the innermost open block.
        case tagInWrongBlock(String, openTag: String, openedAt: TemplateLocation)
        /// An `else` or `elif` after the block's `else`.
        case tagAfterElse(String, openTag: String, openedAt: TemplateLocation)
        /// A `{% for %}` or `{% if %}` inside more open blocks than the parser allows.
        case blocksTooDeep(limit: Int)
        /// A `(` inside more open parentheses than the parser allows.
        case parenthesesTooDeep(limit: Int)

        // MARK: Render errors

        /// A variable path that the context does not define.
        case undefinedVariable(String, suggestion: String?)
        /// A dotted path that goes through a value that is not a dictionary.
        case notADictionary(path: String, key: String, kind: TemplateValue.Kind)
        /// `{{ … }}` on a value that has no text: an array, a dictionary or null.
        case notPrintable(String, kind: TemplateValue.Kind)
        /// `{% for %}` over a value that is not an array.
        case notIterable(String, kind: TemplateValue.Kind)
        /// A filter applied to a value of a kind it does not handle.
        case filterMismatch(filter: String, expected: String, found: String)
        /// `{% include %}` of a name that is not in the template set.
        case templateNotFound(String, suggestion: String?)
        /// Includes nested deeper than the limit, which means a template includes itself.
        case includeTooDeep(String, limit: Int)
        /// Output grown past its limit, in bytes.
        case outputTooLarge(limit: Int)
        /// More loop iterations and includes, in all, than the limit.
        case tooManySteps(limit: Int)

        /// Every template mistake stops generation.
        package var severity: Diagnostic.Severity { .error }

        /// What is wrong and how to fix it.
        package var text: String {
            switch self {
            case .unterminatedTag(let opener, let closer):
                return "'\(opener)' is not closed; add '\(closer)'"
            case .unterminatedString(let quote):
                return "string is not closed; add a closing '\(quote)'"
            case .invalidEscape(let character):
                return #"unknown escape '\\#(character)' in string; use '\\' for a backslash"#
            case .unexpectedCharacter(let found, let suggestion):
                return "unexpected '\(found)'" + didYouMean(suggestion)
            case .expected(let expected, let found):
                return "expected \(expected), found \(found)"
            case .unknownTag(let name, let suggestion):
                return "unknown tag '\(name)'" + didYouMean(suggestion, else: "known tags are \(TemplateParser.tagNames.joined(separator: ", "))")
            case .unknownFilter(let name, let suggestion):
                return "unknown filter '\(name)'" + didYouMean(suggestion, else: "known filters are \(TemplateFilter.names.joined(separator: ", "))")
            case .filterArgumentCount(let filter, let expected, let found, let usage):
                let arguments = switch expected {
                case 0: "no arguments"
                case 1: "1 argument"
                default: "\(expected) arguments"
                }
                return "filter '\(filter)' takes \(arguments), not \(found); write '\(usage)'"
            case .reservedName(let name):
                return "'\(name)' is reserved for the loop's position; choose another variable name"
            case .unclosedBlock(let tag, let openedAt):
                return "unclosed '{% \(tag) %}' opened at \(openedAt); add '{% end\(tag) %}'"
            case .unmatchedTag(let tag):
                let opener = switch tag {
                case "else": "'{% if %}' or '{% for %}'"
                case "elif": "'{% if %}'"
                default: "'{% \(tag.dropFirst(3)) %}'"
                }
                return "'{% \(tag) %}' has no matching \(opener); remove it or add the opening tag"
            case .tagInWrongBlock(let tag, let openTag, let openedAt):
                return "'{% \(tag) %}' does not belong to '{% \(openTag) %}' opened at \(openedAt); "
                    + "add '{% end\(openTag) %}' before it"
            case .tagAfterElse(let tag, let openTag, let openedAt):
                if tag == "else" {
                    return "'{% \(openTag) %}' opened at \(openedAt) already has an '{% else %}'; remove one"
                }
                return "'{% \(tag) %}' comes after the '{% else %}' of '{% \(openTag) %}' opened at "
                    + "\(openedAt); move it before '{% else %}'"
            case .blocksTooDeep(let limit):
                return "blocks nest more than \(limit) deep; "
                    + "move the inner ones to a template of their own and '{% include %}' it"
            case .parenthesesTooDeep(let limit):
                return "parentheses nest more than \(limit) deep; simplify the condition"
            case .undefinedVariable(let path, let suggestion):
                let fallback = "if it is optional, test it with '{% if \(path) %}' or use '| default(\"…\")'"
                return "variable '\(path)' is not defined" + didYouMean(suggestion, else: fallback)
            case .notADictionary(let path, let key, let kind):
                return "cannot look up '\(key)' in '\(path)' because it is \(kind.phrase), not a dictionary"
            case .notPrintable(let expression, let kind):
                let hint = switch kind {
                case .array: #"use '| join(", ")' or a '{% for %}' loop"#
                case .dictionary: "print one of its keys, such as '\(expression).name'"
                default: #"use '| default("…")' or test it with '{% if \#(expression) %}'"#
                }
                return "'\(expression)' is \(kind.phrase) and cannot be printed; \(hint)"
            case .notIterable(let expression, let kind):
                return "cannot loop over '\(expression)' because it is \(kind.phrase); "
                    + "'{% for %}' needs an array"
            case .filterMismatch(let filter, let expected, let found):
                return "filter '\(filter)' expects \(expected), not \(found)"
            case .templateNotFound(let name, let suggestion):
                return "template '\(name)' not found" + didYouMean(suggestion, else: "add it to the templates passed to 'render(_:templates:)'")
            case .includeTooDeep(let name, let limit):
                return "including '\(name)' nests more than \(limit) includes deep; "
                    + "a template probably includes itself"
            case .outputTooLarge(let limit):
                let size = limit % (1 << 20) == 0 ? "\(limit >> 20) MB" : "\(limit) bytes"
                return "the output grows past \(size); a loop probably repeats more than intended, "
                    + "such as a loop over every class inside another"
            case .tooManySteps(let limit):
                return "rendering takes more than \(NameList.count(limit)) steps (loop iterations and includes, in all); "
                    + "loops probably nest deeper or repeat more than intended"
            }
        }

        /// "; did you mean …?" when there is a suggestion, else `fallback` after a semicolon, if any.
        private func didYouMean(_ suggestion: String?, else fallback: String? = nil) -> String {
            suggestion.map { "; did you mean '\($0)'?" } ?? fallback.map { "; " + $0 } ?? ""
        }
    }
}
