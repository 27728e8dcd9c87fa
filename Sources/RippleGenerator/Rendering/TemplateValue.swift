/// A value that a template can print, test, look into and loop over.
///
/// The context passed to `Template.render(_:templates:outputLimit:)` is a dictionary of these
/// values. Thanks to the literal conformances, a context reads like the data it carries:
///
/// ```swift
/// let context: [String: TemplateValue] = [
///     "type": "Library",
///     "isRoot": true,
///     "properties": [["name": "total", "type": "Int"]],
/// ]
/// ```
///
/// In `{% if %}` a value is *truthy* when it is `true`, a non-empty string, array or
/// dictionary, or a non-zero int; `null` and undefined variables are false.
package enum TemplateValue: Sendable, Equatable {
    /// Text; prints as it is.
    case string(String)
    /// Prints as `true` or `false`.
    case bool(Bool)
    /// Prints in decimal.
    case int(Int)
    /// What `{% for %}` loops over; `join` prints an array of strings.
    case array([TemplateValue])
    /// What dotted paths look into: `{{ property.name }}`.
    case dictionary([String: TemplateValue])
    /// An explicitly absent value: false in conditions, replaced by `default`, not printable.
    case null

    /// The kind of a value, used to explain type mismatches in diagnostics.
    package enum Kind: Sendable, Equatable {
        case string, bool, int, array, dictionary, null

        /// The kind with its article, as it reads in a sentence: "a string", "an array", "null".
        package var phrase: String {
            switch self {
            case .string: "a string"
            case .bool: "a bool"
            case .int: "an int"
            case .array: "an array"
            case .dictionary: "a dictionary"
            case .null: "null"
            }
        }
    }

    /// The kind of this value.
    package var kind: Kind {
        switch self {
        case .string: .string
        case .bool: .bool
        case .int: .int
        case .array: .array
        case .dictionary: .dictionary
        case .null: .null
        }
    }

    /// Whether `{% if %}` takes this value as true.
    package var isTruthy: Bool {
        switch self {
        case .string(let string): !string.isEmpty
        case .bool(let bool): bool
        case .int(let int): int != 0
        case .array(let array): !array.isEmpty
        case .dictionary(let dictionary): !dictionary.isEmpty
        case .null: false
        }
    }

    /// The text of a string, int or bool; `nil` for values that have no single-line text.
    var scalarText: String? {
        switch self {
        case .string(let string): string
        case .int(let int): String(int)
        case .bool(let bool): bool ? "true" : "false"
        case .array, .dictionary, .null: nil
        }
    }
}
