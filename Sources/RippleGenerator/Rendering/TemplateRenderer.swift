/// Renders compiled templates into one output buffer.
///
/// Variables resolve innermost first: loop variables (the last `for` wins), then the context.
/// Everything the hot path touches, instructions, operands, keys and context values, is
/// trivial to copy, so printing `{{ member.identifier }}` hashes no string and retains nothing;
/// the look-up functions are inlined into it. Literals and filter results are stored in the
/// context as they are computed.
struct TemplateRenderer {
    typealias Value = TemplateContext.Value

    /// How deep includes may nest before a template is taken to include itself.
    static let maximumIncludeDepth = 32

    /// What a `{% for %}` binds while its body renders: the loop variable, and `loop` for the
    /// position. The variable's name is in `frameNames`, so that a frame is trivial to copy.
    private struct Frame {
        var variableHash: Int
        var value: Value
        var index: Int
        var count: Int
    }

    /// The keys of `loop`.
    private static let loopKeys = ["first", "index", "index0", "last", "length"]

    private(set) var output: TemplateOutput
    private var context: TemplateContext
    private let templates: [String: Template]
    private var templateName: String
    private var frames: [Frame] = []
    /// The loop variable of each frame.
    private var frameNames: [String] = []
    private var includeDepth = 0
    /// The layout of `loop` as a whole.
    private let loopLayout: TemplateContext.Layout

    init(templateName: String, context: consuming TemplateContext, templates: [String: Template], capacity: Int) {
        var context = context
        loopLayout = context.layout(Self.loopKeys)
        self.templateName = templateName
        self.context = context
        self.templates = templates
        output = TemplateOutput(capacity: capacity)
    }

    mutating func render(_ body: Range<Int>, of program: TemplateProgram) throws(TemplateError) {
        for index in body {
            switch program.instructions[index] {
            case .text(let range):
                output.append(program.text, range)
            case .output(let operand):
                try write(program.operands[operand], of: program)
            case .loop(let loop):
                try render(program.loops[loop], of: program)
            case .conditional(let conditional):
                try render(program.conditionals[conditional], of: program)
            case .include(let include):
                try self.include(program.includes[include])
            }
        }
    }

    private func error(_ reason: TemplateError.Reason, at location: TemplateLocation) -> TemplateError {
        TemplateError(templateName: templateName, location: location, reason: reason)
    }

    // MARK: Instructions

    private mutating func write(_ operand: TemplateProgram.Operand, of program: TemplateProgram) throws(TemplateError) {
        let value = try evaluate(operand, of: program, allowingUndefined: false) ?? .null
        switch value {
        case .string(let start, let count):
            output.append(context.text, Int(start)..<Int(start) + Int(count))
        case .int(let int):
            output.append(int)
        case .bool(let bool):
            output.append(bool ? "true" : "false")
        case .array, .lazyArray, .dictionary, .null:
            throw error(.notPrintable(program.text(of: operand), kind: context.kind(of: value)), at: operand.location)
        }
    }

    private mutating func render(_ loop: TemplateProgram.Loop, of program: TemplateProgram) throws(TemplateError) {
        let operand = program.operands[loop.sequence]
        let sequence = try evaluate(operand, of: program, allowingUndefined: false) ?? .null
        guard let count = context.count(of: sequence) else {
            throw error(.notIterable(program.text(of: operand), kind: context.kind(of: sequence)), at: operand.location)
        }
        guard count > 0 else {
            try render(loop.emptyBody, of: program)
            return
        }
        // One frame, updated in place for each element.
        let frame = frames.count
        let variable = program.keys[loop.variable]
        frames.append(Frame(variableHash: variable.hash, value: .null, index: 0, count: count))
        frameNames.append(variable.name)
        defer {
            frames.removeLast()
            frameNames.removeLast()
        }
        for index in 0..<count {
            // What the iteration stores (a lazy element, literals, filter results) is not
            // used once it ends.
            let mark = context.mark
            frames[frame].value = context.element(index, of: sequence)
            frames[frame].index = index
            try render(loop.body, of: program)
            context.drop(after: mark)
        }
    }

    private mutating func render(_ conditional: TemplateProgram.Conditional, of program: TemplateProgram) throws(TemplateError) {
        for branch in conditional.branches {
            if try isTrue(program.branches[branch].condition, of: program) {
                try render(program.branches[branch].body, of: program)
                return
            }
        }
        try render(conditional.elseBody, of: program)
    }

    private mutating func include(_ include: TemplateProgram.Include) throws(TemplateError) {
        guard let template = templates[include.name] else {
            let suggestion = nearestSpelling(of: include.name, in: templates.keys.sorted())
            throw error(.templateNotFound(include.name, suggestion: suggestion), at: include.location)
        }
        guard includeDepth < Self.maximumIncludeDepth else {
            throw error(.includeTooDeep(include.name, limit: Self.maximumIncludeDepth), at: include.location)
        }
        let includingName = templateName
        templateName = template.name
        includeDepth += 1
        defer {
            templateName = includingName
            includeDepth -= 1
        }
        try render(template.program.main, of: template.program)
    }

    // MARK: Values

    private mutating func isTrue(_ expression: Int, of program: TemplateProgram) throws(TemplateError) -> Bool {
        switch program.expressions[expression] {
        case .value(let operand):
            guard let value = try evaluate(program.operands[operand], of: program, allowingUndefined: true) else {
                return false
            }
            return context.isTruthy(value)
        case .not(let operand):
            return try !isTrue(operand, of: program)
        case .and(let left, let right):
            guard try isTrue(left, of: program) else { return false }
            return try isTrue(right, of: program)
        case .or(let left, let right):
            if try isTrue(left, of: program) { return true }
            return try isTrue(right, of: program)
        case .comparison(let left, let right, let isEqual):
            let leftValue = try evaluate(program.operands[left], of: program, allowingUndefined: true) ?? .null
            let rightValue = try evaluate(program.operands[right], of: program, allowingUndefined: true) ?? .null
            return (context.templateValue(of: leftValue) == context.templateValue(of: rightValue)) == isEqual
        }
    }

    /// The operand's value after its filters, or `nil` when it is undefined and that is allowed.
    private mutating func evaluate(
        _ operand: TemplateProgram.Operand, of program: TemplateProgram, allowingUndefined: Bool
    ) throws(TemplateError) -> Value? {
        var value: Value?
        switch operand.base {
        case .literal(let index):
            value = context.store(program.literals[index])
        case .path(let path):
            value = try lookUp(path, of: program, startingWithLoop: operand.startsWithLoop, at: operand.location)
        }
        for index in operand.filters {
            let call = program.filterCalls[index]
            let input: TemplateValue
            if let value {
                input = context.templateValue(of: value)
            } else if call.filter.acceptsUndefined {
                input = .null
            } else {
                break
            }
            do {
                value = context.store(try call.filter.apply(input, call.arguments))
            } catch {
                let reason = TemplateError.Reason.filterMismatch(
                    filter: call.filter.name, expected: error.expected, found: error.found)
                throw self.error(reason, at: call.location)
            }
        }
        if let value {
            return value
        }
        if !allowingUndefined, case .path(let path) = operand.base {
            throw undefinedVariableError(path, of: program, at: operand.location)
        }
        return nil
    }

    /// The value at a path, or `nil` when some key along it is missing (or a value is null).
    @inline(__always)
    private mutating func lookUp(
        _ path: Range<Int>, of program: TemplateProgram, startingWithLoop startsWithLoop: Bool,
        at location: TemplateLocation
    ) throws(TemplateError) -> Value? {
        var value: Value
        var next = path.lowerBound + 1
        if startsWithLoop, let frame = frames.last {
            if next < path.upperBound {
                // `loop.index` and friends, without building the whole `loop` dictionary.
                guard let position = Self.loopValue(program.keys[next].name, of: frame) else { return nil }
                value = position
                next += 1
            } else {
                value = loopDictionary(frame)
            }
        } else if let frame = frame(binding: program.keys[path.lowerBound]) {
            value = frames[frame].value
        } else if let root = member(program.keys[path.lowerBound], of: context.root) {
            value = root
        } else {
            return nil
        }
        while next < path.upperBound {
            switch value {
            case .dictionary(let layout, let start):
                guard let member = context.value(of: program.keys[next], in: layout, start: start) else { return nil }
                value = member
            case .null:
                return nil
            case .string, .bool, .int, .array, .lazyArray:
                let prefix = program.keys[path.lowerBound..<next].map(\.name).joined(separator: ".")
                throw error(.notADictionary(path: prefix, key: program.keys[next].name, kind: context.kind(of: value)), at: location)
            }
            next += 1
        }
        return value
    }

    /// The innermost frame whose variable is `key`.
    @inline(__always)
    private func frame(binding key: TemplateKey) -> Int? {
        var frame = frames.count - 1
        while frame >= 0 {
            if frames[frame].variableHash == key.hash && frameNames[frame] == key.name {
                return frame
            }
            frame -= 1
        }
        return nil
    }

    /// The value of `key` in a dictionary value; `nil` for other values.
    @inline(__always)
    private func member(_ key: TemplateKey, of dictionary: Value) -> Value? {
        guard case .dictionary(let layout, let start) = dictionary else { return nil }
        return context.value(of: key, in: layout, start: start)
    }

    private static func loopValue(_ key: String, of frame: Frame) -> Value? {
        switch key {
        case "index": .int(frame.index + 1)
        case "index0": .int(frame.index)
        case "first": .bool(frame.index == 0)
        case "last": .bool(frame.index == frame.count - 1)
        case "length": .int(frame.count)
        default: nil
        }
    }

    /// `loop` as a whole: a dictionary of the position.
    private mutating func loopDictionary(_ frame: Frame) -> Value {
        context.dictionary(loopLayout, values: Self.loopKeys.map { Self.loopValue($0, of: frame)! })
    }

    /// Explains an undefined path, with the nearest defined spelling when there is one.
    private mutating func undefinedVariableError(
        _ path: Range<Int>, of program: TemplateProgram, at location: TemplateLocation
    ) -> TemplateError {
        let components = program.keys[path].map(\.name)
        let text = components.joined(separator: ".")
        let rootKey = program.keys[path.lowerBound]
        var root: Value?
        if let frame = frames.last, rootKey == .loop {
            root = loopDictionary(frame)
        } else if let frame = frame(binding: rootKey) {
            root = frames[frame].value
        } else {
            root = member(rootKey, of: context.root)
        }
        guard var value = root else {
            var names: Set<String> = []
            if case .dictionary(let layout, _) = context.root {
                names.formUnion(context.names(of: layout))
            }
            for name in frameNames {
                names.insert(name)
                names.insert(TemplateKey.loop.name)
            }
            let suggestion = nearestSpelling(of: components[0], in: names.sorted())
            return error(.undefinedVariable(text, suggestion: suggestion.map { spelling in
                ([spelling] + components.dropFirst()).joined(separator: ".")
            }), at: location)
        }
        // Walk to the dictionary that lacks the key, and look for the key among its keys.
        for index in 1..<components.count {
            guard case .dictionary(let layout, _) = value else { break }
            guard let next = member(program.keys[path.lowerBound + index], of: value) else {
                let suggestion = nearestSpelling(of: components[index], in: context.names(of: layout).sorted())
                return error(.undefinedVariable(text, suggestion: suggestion.map { spelling in
                    (components[..<index] + [spelling] + components[(index + 1)...]).joined(separator: ".")
                }), at: location)
            }
            value = next
        }
        return error(.undefinedVariable(text, suggestion: nil), at: location)
    }
}
