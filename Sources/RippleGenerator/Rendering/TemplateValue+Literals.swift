extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    package init(stringLiteral value: String) { self = .string(value) }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    package init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    package init(integerLiteral value: Int) { self = .int(value) }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    package init(arrayLiteral elements: TemplateValue...) { self = .array(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// Creates a dictionary value; when a key repeats, the last value wins (instead of trapping).
    package init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .dictionary(Dictionary(elements) { _, last in last })
    }
}

extension TemplateValue: ExpressibleByNilLiteral {
    package init(nilLiteral: ()) { self = .null }
}
