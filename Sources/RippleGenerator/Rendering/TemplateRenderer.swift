/// Renders parsed template nodes into one output buffer.
///
/// Variables resolve innermost first: loop variables (the last `for` wins), then the context.
struct TemplateRenderer {
    /// How deep includes may nest before a template is taken to include itself.
    static let maximumIncludeDepth = 32

    /// A name bound by a `{% for %}`: the loop variable, or `loop` for its position.
    private enum Binding {
        case variable(name: String, value: TemplateValue)
        case loop(index: Int, count: Int)
    }

    /// The keys of `loop`, for "did you mean" hints.
    private static let loopKeys = ["first", "index", "index0", "last", "length"]

    private(set) var output = ""
    private let context: [String: TemplateValue]
    private let templates: [String: Template]
    private var templateName: String
    private var bindings: [Binding] = []
    private var includeDepth = 0

    init(templateName: String, context: [String: TemplateValue], templates: [String: Template]) {
        self.templateName = templateName
        self.context = context
        self.templates = templates
    }

    mutating func reserveCapacity(_ capacity: Int) {
        output.reserveCapacity(capacity)
    }

    mutating func render(_ nodes: [TemplateNode]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .output(let operand):
                try write(operand)
            case .loop(let loop):
                try render(loop)
            case .conditional(let conditional):
                try render(conditional)
            case .include(let name, let location):
                try include(name, at: location)
            }
        }
    }

    private func error(_ reason: TemplateError.Reason, at location: TemplateLocation) -> TemplateError {
        TemplateError(templateName: templateName, location: location, reason: reason)
    }

    // MARK: Nodes

    private mutating func write(_ operand: TemplateNode.Operand) throws(TemplateError) {
        let value = try evaluate(operand, allowingUndefined: false) ?? .null
        switch value {
        case .string(let string):
            output += string
        case .int(let int):
            output += String(int)
        case .bool(let bool):
            output += bool ? "true" : "false"
        case .array, .dictionary, .null:
            throw error(.notPrintable(operand.text, kind: value.kind), at: operand.location)
        }
    }

    private mutating func render(_ loop: TemplateNode.Loop) throws(TemplateError) {
        let sequence = try evaluate(loop.sequence, allowingUndefined: false) ?? .null
        guard case .array(let elements) = sequence else {
            throw error(.notIterable(loop.sequence.text, kind: sequence.kind), at: loop.sequence.location)
        }
        guard !elements.isEmpty else {
            try render(loop.emptyBody)
            return
        }
        // Two bindings, updated in place for each element.
        let variableSlot = bindings.count
        bindings.append(.variable(name: loop.variable, value: .null))
        bindings.append(.loop(index: 0, count: elements.count))
        defer { bindings.removeLast(2) }
        for (index, element) in elements.enumerated() {
            bindings[variableSlot] = .variable(name: loop.variable, value: element)
            bindings[variableSlot + 1] = .loop(index: index, count: elements.count)
            try render(loop.body)
        }
    }

    private mutating func render(_ conditional: TemplateNode.Conditional) throws(TemplateError) {
        for branch in conditional.branches {
            if try isTrue(branch.condition) {
                try render(branch.body)
                return
            }
        }
        try render(conditional.elseBody)
    }

    private mutating func include(_ name: String, at location: TemplateLocation) throws(TemplateError) {
        guard let template = templates[name] else {
            let suggestion = nearestSpelling(of: name, in: templates.keys.sorted())
            throw error(.templateNotFound(name, suggestion: suggestion), at: location)
        }
        guard includeDepth < Self.maximumIncludeDepth else {
            throw error(.includeTooDeep(name, limit: Self.maximumIncludeDepth), at: location)
        }
        let includingName = templateName
        templateName = template.name
        includeDepth += 1
        defer {
            templateName = includingName
            includeDepth -= 1
        }
        try render(template.nodes)
    }

    // MARK: Values

    private func isTrue(_ expression: TemplateNode.Expression) throws(TemplateError) -> Bool {
        switch expression {
        case .value(let operand):
            return try evaluate(operand, allowingUndefined: true)?.isTruthy ?? false
        case .not(let operand):
            return try !isTrue(operand)
        case .and(let left, let right):
            guard try isTrue(left) else { return false }
            return try isTrue(right)
        case .or(let left, let right):
            if try isTrue(left) { return true }
            return try isTrue(right)
        case .comparison(let left, let right, let isEqual):
            let leftValue = try evaluate(left, allowingUndefined: true) ?? .null
            let rightValue = try evaluate(right, allowingUndefined: true) ?? .null
            return (leftValue == rightValue) == isEqual
        }
    }

    /// The operand's value after its filters, or `nil` when it is undefined and that is allowed.
    private func evaluate(
        _ operand: TemplateNode.Operand, allowingUndefined: Bool
    ) throws(TemplateError) -> TemplateValue? {
        var value: TemplateValue?
        switch operand.base {
        case .literal(let literal):
            value = literal
        case .path(let components):
            value = try lookUp(components, at: operand.location)
        }
        for call in operand.filters {
            let input: TemplateValue
            if let value {
                input = value
            } else if call.filter.acceptsUndefined {
                input = .null
            } else {
                break
            }
            do {
                value = try call.filter.apply(input, call.arguments)
            } catch {
                let reason = TemplateError.Reason.filterMismatch(
                    filter: call.filter.name, expected: error.expected, found: error.found)
                throw self.error(reason, at: call.location)
            }
        }
        if let value {
            return value
        }
        if !allowingUndefined, case .path(let components) = operand.base {
            throw undefinedVariableError(components, at: operand.location)
        }
        return nil
    }

    /// The value at a path, or `nil` when some key along it is missing (or a value is null).
    private func lookUp(_ components: [String], at location: TemplateLocation) throws(TemplateError) -> TemplateValue? {
        var value: TemplateValue
        var index = 1
        if components.count > 1, case .loop(let loopIndex, let count) = binding(named: components[0]) {
            // `loop.index` and friends, without building the whole `loop` dictionary.
            guard let position = Self.loopValue(components[1], index: loopIndex, count: count) else { return nil }
            value = position
            index = 2
        } else {
            guard let rootValue = root(components) else { return nil }
            value = rootValue
        }
        while index < components.count {
            switch value {
            case .dictionary(let dictionary):
                guard let next = dictionary[components[index]] else { return nil }
                value = next
            case .null:
                return nil
            case .string, .bool, .int, .array:
                let path = components[..<index].joined(separator: ".")
                throw error(.notADictionary(path: path, key: components[index], kind: value.kind), at: location)
            }
            index += 1
        }
        return value
    }

    private func binding(named name: String) -> Binding? {
        for binding in bindings.reversed() {
            switch binding {
            case .variable(name, _): return binding
            case .loop where name == "loop": return binding
            default: continue
            }
        }
        return nil
    }

    /// The value of the first name of a path.
    private func root(_ components: [String]) -> TemplateValue? {
        switch binding(named: components[0]) {
        case .variable(_, let value):
            return value
        case .loop(let index, let count):
            let keys = Self.loopKeys.map { ($0, Self.loopValue($0, index: index, count: count) ?? .null) }
            return .dictionary(Dictionary(uniqueKeysWithValues: keys))
        case nil:
            return context[components[0]]
        }
    }

    private static func loopValue(_ key: String, index: Int, count: Int) -> TemplateValue? {
        switch key {
        case "index": .int(index + 1)
        case "index0": .int(index)
        case "first": .bool(index == 0)
        case "last": .bool(index == count - 1)
        case "length": .int(count)
        default: nil
        }
    }

    /// Explains an undefined path, with the nearest defined spelling when there is one.
    private func undefinedVariableError(_ components: [String], at location: TemplateLocation) -> TemplateError {
        let path = components.joined(separator: ".")
        guard var value = root(components) else {
            var names = Set(context.keys)
            for binding in bindings {
                switch binding {
                case .variable(let name, _): names.insert(name)
                case .loop: names.insert("loop")
                }
            }
            let suggestion = nearestSpelling(of: components[0], in: names.sorted())
            return error(.undefinedVariable(path, suggestion: suggestion.map { spelling in
                ([spelling] + components.dropFirst()).joined(separator: ".")
            }), at: location)
        }
        // Walk to the dictionary that lacks the key, and look for the key among its keys.
        for index in 1..<components.count {
            guard case .dictionary(let dictionary) = value else { break }
            guard let next = dictionary[components[index]] else {
                let suggestion = nearestSpelling(of: components[index], in: dictionary.keys.sorted())
                return error(.undefinedVariable(path, suggestion: suggestion.map { spelling in
                    (components[..<index] + [spelling] + components[(index + 1)...]).joined(separator: ".")
                }), at: location)
            }
            value = next
        }
        return error(.undefinedVariable(path, suggestion: nil), at: location)
    }
}
