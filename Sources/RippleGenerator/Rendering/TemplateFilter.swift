/// A transformation applied to a value with `|` in a template: `{{ name | upper }}`.
///
/// Filters are looked up by name when a template is parsed, so an unknown filter or a wrong
/// number of arguments fails early; type mismatches are found when rendering. To add a filter,
/// add one entry to `all`.
struct TemplateFilter: Sendable {
    /// Thrown by a filter when its input has the wrong kind.
    struct Mismatch: Error {
        /// What the filter takes, as a noun phrase: "a string".
        var expected: String
        /// What it got, as a noun phrase: "an array".
        var found: String
    }

    typealias Apply = @Sendable (_ input: TemplateValue, _ arguments: [TemplateValue]) throws(Mismatch) -> TemplateValue

    let name: String
    /// How a call is written, shown when it has the wrong number of arguments.
    let usage: String
    let argumentCount: Int
    /// Whether the filter runs on an undefined variable (given to it as `.null`) instead of the
    /// variable being reported as undefined.
    let acceptsUndefined: Bool
    let apply: Apply

    init(
        _ name: String, usage: String? = nil, arguments: Int = 0, acceptsUndefined: Bool = false,
        apply: @escaping Apply
    ) {
        self.name = name
        self.usage = usage ?? name
        self.argumentCount = arguments
        self.acceptsUndefined = acceptsUndefined
        self.apply = apply
    }

    /// A filter from strings to strings, without arguments.
    static func string(_ name: String, _ transform: @escaping @Sendable (String) -> String) -> TemplateFilter {
        TemplateFilter(name) { input, _ throws(Mismatch) in
            guard case .string(let string) = input else {
                throw Mismatch(expected: "a string", found: input.kind.phrase)
            }
            return .string(transform(string))
        }
    }
}

extension TemplateFilter {
    /// Every filter, by name.
    static let all: [String: TemplateFilter] = Dictionary(
        uniqueKeysWithValues: [
            .string("upper") { $0.uppercased() },
            .string("lower") { $0.lowercased() },
            .string("capitalized") { $0.prefix(1).uppercased() + $0.dropFirst() },
            .string("lowerFirst") { $0.prefix(1).lowercased() + $0.dropFirst() },
            TemplateFilter("join", usage: #"join(", ")"#, arguments: 1, apply: join),
            TemplateFilter("count", apply: count),
            TemplateFilter("default", usage: #"default("value")"#, arguments: 1, acceptsUndefined: true, apply: fallback),
        ].map { ($0.name, $0) })

    /// The names of all filters, sorted.
    static let names: [String] = all.keys.sorted()

    private static func join(_ input: TemplateValue, _ arguments: [TemplateValue]) throws(Mismatch) -> TemplateValue {
        guard case .array(let elements) = input else {
            throw Mismatch(expected: "an array of strings", found: input.kind.phrase)
        }
        let separator = arguments[0].scalarText ?? ""
        var result = ""
        for (index, element) in elements.enumerated() {
            guard let text = element.scalarText else {
                throw Mismatch(expected: "an array of strings", found: "an array containing \(element.kind.phrase)")
            }
            if index > 0 {
                result += separator
            }
            result += text
        }
        return .string(result)
    }

    private static func fallback(_ input: TemplateValue, _ arguments: [TemplateValue]) -> TemplateValue {
        input == .null ? arguments[0] : input
    }

    private static func count(_ input: TemplateValue, _ arguments: [TemplateValue]) throws(Mismatch) -> TemplateValue {
        switch input {
        case .string(let string): .int(string.count)
        case .array(let array): .int(array.count)
        case .dictionary(let dictionary): .int(dictionary.count)
        case .bool, .int, .null:
            throw Mismatch(expected: "a string, an array or a dictionary", found: input.kind.phrase)
        }
    }
}
