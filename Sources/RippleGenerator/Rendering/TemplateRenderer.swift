/// Renders parsed templates into UTF-8 bytes: a plain interpreter over their nodes.
///
/// The renderer keeps the bodies it is inside on a stack of its own, a ``Frame`` each, rather
/// than on the call stack: an `{% if %}` pushes the body of the branch that holds, a
/// `{% for %}` pushes its body and rewinds it for each element, an `{% include %}` pushes the
/// included template's nodes. However deep blocks nest, through includes too, rendering
/// recurses no deeper than the parentheses of one condition, which the parser limits.
///
/// Variables resolve innermost first: loop variables (the last `for` wins), then the context.
/// Inside a loop, `loop` is the innermost loop's position.
struct TemplateRenderer {
    /// How deep includes may nest before a template is taken to include itself.
    static let maximumIncludeDepth = 32

    /// A run of nodes being rendered.
    private struct Frame {
        enum Kind {
            /// The body of a branch, or of a loop without elements.
            case block
            /// The body of the innermost loop: rendered again for each element.
            case loopBody
            /// The template rendered, or one it includes.
            case template
        }

        let nodes: [TemplateNode]
        let kind: Kind
        /// The position of the next node to render.
        var next = 0
    }

    /// A running `{% for %}`.
    private struct Loop {
        let variable: String
        let elements: [TemplateValue]
        let location: TemplateLocation
        var index = 0

        /// `loop`: the position, as templates read it.
        var position: TemplateValue {
            [
                "first": .bool(index == 0),
                "index": .int(index + 1),
                "index0": .int(index),
                "last": .bool(index == elements.count - 1),
                "length": .int(elements.count),
            ]
        }
    }

    /// UTF-8 bytes, as the file is written.
    private var output: [UInt8] = []
    private let outputLimit: Int
    /// The loop iterations and includes left before rendering stops: nested loops can run for
    /// ever while printing nothing, which the output limit never sees.
    private var stepsLeft: Int
    private let stepLimit: Int
    private let variables: [String: TemplateValue]
    /// The templates includes name, by name.
    private let templates: [String: Template]
    /// The innermost frame, and those it is inside, outermost first.
    private var frame: Frame
    private var outerFrames: [Frame] = []
    /// The running loops, innermost last.
    private var loops: [Loop] = []
    /// The names of the template rendered and of the templates it includes, innermost last.
    private var templateNames: [String]

    /// A renderer of `template`, whose includes come from `templates`.
    init(
        _ template: Template, variables: [String: TemplateValue], templates: [String: Template], outputLimit: Int,
        stepLimit: Int
    ) {
        self.variables = variables
        self.templates = templates
        self.outputLimit = outputLimit
        self.stepLimit = stepLimit
        stepsLeft = stepLimit
        frame = Frame(nodes: template.nodes, kind: .template)
        templateNames = [template.name]
    }

    /// Renders the template the renderer was created with: the nodes of the innermost frame, up
    /// to its end or to a node that pushes a frame, and so on until no frame is left.
    mutating func render() throws(TemplateError) -> [UInt8] {
        frames: while true {
            // A constant of its own, so that its nodes are read in place rather than copied.
            let nodes = frame.nodes
            while frame.next < nodes.count {
                frame.next += 1
                switch nodes[frame.next - 1] {
                case .text(let bytes):
                    output.append(contentsOf: bytes)
                case .output(let operand):
                    try write(operand)
                case .loop(let loop):
                    try start(loop)
                    continue frames
                case .conditional(let conditional):
                    // The body is read in place: most are empty or text alone, and need no frame.
                    let body = try chosenBody(of: conditional)
                    if conditional.bodies[body].isEmpty { continue }
                    guard conditional.bodies[body].count == 1, case .text(let bytes) = conditional.bodies[body][0] else {
                        push(conditional.bodies[body], .block)
                        continue frames
                    }
                    output.append(contentsOf: bytes)
                case .include(let include):
                    try self.include(include)
                    continue frames
                }
            }
            guard try endFrame() else { return output }
        }
    }

    private mutating func push(_ nodes: [TemplateNode], _ kind: Frame.Kind) {
        guard !nodes.isEmpty || kind != .block else { return }
        outerFrames.append(frame)
        frame = Frame(nodes: nodes, kind: kind)
    }

    /// Ends the innermost frame, or starts the next iteration of its loop.
    ///
    /// - Returns: Whether a frame is left to render.
    private mutating func endFrame() throws(TemplateError) -> Bool {
        switch frame.kind {
        case .block:
            break
        case .loopBody:
            try checkOutputSize(at: loops[loops.count - 1].location)
            loops[loops.count - 1].index += 1
            if loops[loops.count - 1].index < loops[loops.count - 1].elements.count {
                try takeStep(at: loops[loops.count - 1].location)
                frame.next = 0
                return true
            }
            loops.removeLast()
        case .template:
            templateNames.removeLast()
        }
        guard let outer = outerFrames.popLast() else { return false }
        frame = outer
        return true
    }

    private mutating func write(_ operand: TemplateNode.Operand) throws(TemplateError) {
        let value = try evaluate(operand, allowingUndefined: false)
        guard let text = value?.scalarText else {
            throw error(.notPrintable(operand.text, kind: (value ?? .null).kind), at: operand.location)
        }
        output.append(contentsOf: text.utf8)
        try checkOutputSize(at: operand.location)
    }

    private mutating func start(_ loop: TemplateNode.Loop) throws(TemplateError) {
        let sequence = try evaluate(loop.sequence, allowingUndefined: false) ?? .null
        guard case .array(let elements) = sequence else {
            throw error(.notIterable(loop.sequence.text, kind: sequence.kind), at: loop.sequence.location)
        }
        guard !elements.isEmpty else { return push(loop.emptyBody, .block) }
        try takeStep(at: loop.location)
        loops.append(Loop(variable: loop.variable, elements: elements, location: loop.location))
        push(loop.body, .loopBody)
    }

    /// The position in the conditional's bodies of the first whose condition holds, or of the else body.
    private func chosenBody(of conditional: TemplateNode.Conditional) throws(TemplateError) -> Int {
        for index in conditional.conditions.indices where try holds(conditional.conditions[index]) {
            return index
        }
        return conditional.conditions.count
    }

    private mutating func include(_ include: TemplateNode.Include) throws(TemplateError) {
        let (name, location) = (include.name, include.location)
        guard let included = templates[name] else {
            throw error(.templateNotFound(name, suggestion: nearestSpelling(of: name, in: templates.keys.sorted())), at: location)
        }
        guard templateNames.count <= Self.maximumIncludeDepth else {
            throw error(.includeTooDeep(name, limit: Self.maximumIncludeDepth), at: location)
        }
        try checkOutputSize(at: location)
        try takeStep(at: location)
        templateNames.append(included.name)
        push(included.nodes, .template)
    }

    /// Stops output that outgrows the limit; checked at each value printed, loop iteration and
    /// include, the only ways output grows by more than a template's text.
    private func checkOutputSize(at location: TemplateLocation) throws(TemplateError) {
        guard output.count <= outputLimit else { throw error(.outputTooLarge(limit: outputLimit), at: location) }
    }

    /// Counts a loop iteration or an include, and stops rendering past the step limit.
    private mutating func takeStep(at location: TemplateLocation) throws(TemplateError) {
        stepsLeft -= 1
        guard stepsLeft >= 0 else { throw error(.tooManySteps(limit: stepLimit), at: location) }
    }

    private func error(_ reason: TemplateError.Reason, at location: TemplateLocation) -> TemplateError {
        TemplateError(templateName: templateNames[templateNames.count - 1], location: location, reason: reason)
    }

    // MARK: Values

    /// Whether a condition holds: recurses once per parenthesis, and evaluates operands in
    /// frames of their own, so that a recursion the parser allows stays small.
    private func isTrue(_ expression: TemplateNode.Expression) throws(TemplateError) -> Bool {
        switch expression {
        case .value:
            return try holds(expression)
        case .not(let operand):
            return try !isTrue(operand)
        case .all(let terms), .any(let terms):
            // `and` stops at a false term, `or` at a true one, and then holds if it is `or`.
            let isAny = if case .any = expression { true } else { false }
            for term in terms where try isTrue(term) == isAny {
                return isAny
            }
            return !isAny
        case .comparison(let left, let right, let isEqual):
            return try areEqual(left, right) == isEqual
        }
    }

    /// Whether a condition holds: a value alone, as most conditions are, when it is truthy (an
    /// undefined variable is not); any other goes to ``isTrue(_:)``.
    private func holds(_ condition: TemplateNode.Expression) throws(TemplateError) -> Bool {
        guard case .value(let operand) = condition else { return try isTrue(condition) }
        return try evaluate(operand, allowingUndefined: true)?.isTruthy ?? false
    }

    /// Whether the values of two operands are equal; an undefined variable equals null.
    private func areEqual(_ left: TemplateNode.Operand, _ right: TemplateNode.Operand) throws(TemplateError) -> Bool {
        try (evaluate(left, allowingUndefined: true) ?? .null) == (evaluate(right, allowingUndefined: true) ?? .null)
    }

    /// The operand's value after its filters, or `nil` when it is undefined and that is allowed.
    private func evaluate(_ operand: TemplateNode.Operand, allowingUndefined: Bool) throws(TemplateError) -> TemplateValue? {
        var value = operand.path.isEmpty ? operand.literal : try lookUp(operand.path, at: operand.location)
        for call in operand.filters {
            guard value != nil || call.filter.acceptsUndefined else { break }
            do {
                value = try call.filter.apply(value ?? .null, call.arguments)
            } catch {
                let reason = TemplateError.Reason.filterMismatch(
                    filter: call.filter.name, expected: error.expected, found: error.found)
                throw self.error(reason, at: call.location)
            }
        }
        if value == nil, !allowingUndefined, !operand.path.isEmpty {
            throw undefinedVariableError(operand.path, at: operand.location)
        }
        return value
    }

    /// The value at a path, or `nil` when some key along it is missing (or a value is null).
    private func lookUp(_ path: [String], at location: TemplateLocation) throws(TemplateError) -> TemplateValue? {
        guard var value = root(path[0]) else { return nil }
        for next in path.indices.dropFirst() {
            switch value {
            case .dictionary(let dictionary):
                guard let member = dictionary[path[next]] else { return nil }
                value = member
            case .null:
                return nil
            case .string, .bool, .int, .array:
                let reason = TemplateError.Reason.notADictionary(
                    path: path[..<next].joined(separator: "."), key: path[next], kind: value.kind)
                throw error(reason, at: location)
            }
        }
        return value
    }

    /// The value of the first name of a path: `loop` in a loop, a loop variable, a variable.
    private func root(_ key: String) -> TemplateValue? {
        if key == "loop", let loop = loops.last {
            return loop.position
        }
        return innermostLoop(binding: key).map { loops[$0].elements[loops[$0].index] } ?? variables[key]
    }

    /// The position in `loops` of the innermost loop whose variable is `key`.
    private func innermostLoop(binding key: String) -> Int? {
        loops.indices.last { loops[$0].variable == key }
    }

    /// Explains an undefined path, with the nearest defined spelling when there is one.
    private func undefinedVariableError(_ path: [String], at location: TemplateLocation) -> TemplateError {
        func error(suggesting spelling: String?, at index: Int) -> TemplateError {
            let suggestion = spelling.map { (path[..<index] + [$0] + path[(index + 1)...]).joined(separator: ".") }
            return self.error(.undefinedVariable(path.joined(separator: "."), suggestion: suggestion), at: location)
        }
        guard var value = root(path[0]) else {
            let names = Set(variables.keys).union(loops.map(\.variable)).union(loops.isEmpty ? [] : ["loop"])
            return error(suggesting: nearestSpelling(of: path[0], in: names.sorted()), at: 0)
        }
        // Walk to the dictionary that lacks the key, and look for the key among its keys.
        for index in path.indices.dropFirst() {
            guard case .dictionary(let dictionary) = value else { break }
            guard let next = dictionary[path[index]] else {
                return error(suggesting: nearestSpelling(of: path[index], in: dictionary.keys.sorted()), at: index)
            }
            value = next
        }
        return error(suggesting: nil, at: 0)
    }
}
