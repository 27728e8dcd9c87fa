/// The mistakes a `ripple.json` can hold, with their wording; each is reported at its key, or
/// at the start of the file.
///
/// ```swift
/// ConfigurationMessage.unknownKey("template", suggestion: "templates").text
/// // "unknown key 'template'; did you mean 'templates'?"
/// ```
package enum ConfigurationMessage: DiagnosticMessage, Equatable {
    /// The file is not JSON, for the reader's reason.
    case invalidJSON(reason: String)
    /// The file is JSON, but not an object.
    case notAnObject
    /// A key the configuration does not have, and the known key nearest to it.
    case unknownKey(String, suggestion: String?)
    /// `observable` or `documents` with a value other than true or false.
    case notAFlag(key: String)
    /// A key whose value must be a string, with another value.
    case notAString(key: String)
    /// An `annotationPrefix` that is not a word.
    case invalidPrefix(String)
    /// An `accessLevel` that is not public, package or internal.
    case invalidAccessLevel(String)
    /// A `templates` folder that does not exist.
    case missingTemplatesFolder(String)
    /// A `templates` path that names a file.
    case templatesIsAFile(String)

    /// Every mistake is an error: a setting that cannot be read must not be dropped silently.
    package var severity: Diagnostic.Severity { .error }

    /// The message, phrased as the fix.
    package var text: String {
        switch self {
        case .invalidJSON(let reason):
            return "invalid JSON: \(reason)"
        case .notAnObject:
            return "the configuration must be a JSON object, such as { \"accessLevel\": \"public\" }"
        case .unknownKey(let key, let suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "; the keys are \(Configuration.keys.joined(separator: ", "))"
            return "unknown key '\(key)'" + hint
        case .notAFlag(let key):
            return "'\(key)' must be true or false"
        case .notAString(let key):
            return "'\(key)' must be a string"
        case .invalidPrefix(let prefix):
            return "'annotationPrefix' must be a word of letters, digits and '_', not '\(prefix)'"
        case .invalidAccessLevel(let text):
            let levels = ["public", "package", "internal"]
            let hint = nearestSpelling(of: text, in: levels).map { "; did you mean '\($0)'?" } ?? ""
            return "access level '\(text)' must be public, package or internal" + hint
        case .missingTemplatesFolder(let path):
            return "'templates' names '\(path)', which does not exist; name the folder of the *.ripple templates, "
                + "relative to ripple.json"
        case .templatesIsAFile(let path):
            return "'templates' names '\(path)', which is a file, not a folder; name the folder that holds "
                + "the *.ripple templates"
        }
    }
}
