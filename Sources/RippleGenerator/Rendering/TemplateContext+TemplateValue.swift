extension TemplateContext {
    /// A context whose top-level variables are `variables`.
    package init(_ variables: [String: TemplateValue]) {
        self.init()
        setRoot(store(.dictionary(variables)))
    }

    /// Stores a template value, with everything it contains.
    package mutating func store(_ value: TemplateValue) -> Value {
        switch value {
        case .string(let text):
            return string(text)
        case .bool(let bool):
            return .bool(bool)
        case .int(let int):
            return .int(int)
        case .array(let elements):
            return array(elements.map { store($0) })
        case .dictionary(let dictionary):
            let names = Array(dictionary.keys)
            let layout = layout(names)
            return self.dictionary(layout, values: names.map { store(dictionary[$0]!) })
        case .null:
            return .null
        }
    }

    /// The template value of a stored value, with everything it contains (lazy arrays store
    /// their elements to give them).
    mutating func templateValue(of value: Value) -> TemplateValue {
        switch value {
        case .string(let start, let count):
            return .string(text.string(at: Int(start)..<Int(start) + Int(count)))
        case .bool(let bool):
            return .bool(bool)
        case .int(let int):
            return .int(int)
        case .array(_, let count), .lazyArray(_, let count):
            return .array((0..<Int(count)).map { templateValue(of: element($0, of: value)) })
        case .dictionary(let layout, let start):
            var dictionary: [String: TemplateValue] = [:]
            for (offset, name) in names(of: layout).enumerated() {
                dictionary[name] = templateValue(of: self.value(at: offset, from: start))
            }
            return .dictionary(dictionary)
        case .null:
            return .null
        }
    }

    /// The kind of a stored value.
    func kind(of value: Value) -> TemplateValue.Kind {
        switch value {
        case .string: .string
        case .bool: .bool
        case .int: .int
        case .array, .lazyArray: .array
        case .dictionary: .dictionary
        case .null: .null
        }
    }

    /// Whether `{% if %}` takes a stored value as true; see ``TemplateValue/isTruthy``.
    func isTruthy(_ value: Value) -> Bool {
        switch value {
        case .string(_, let count), .array(_, let count), .lazyArray(_, let count): count > 0
        case .bool(let bool): bool
        case .int(let int): int != 0
        case .dictionary(let layout, _): count(of: layout) > 0
        case .null: false
        }
    }
}
