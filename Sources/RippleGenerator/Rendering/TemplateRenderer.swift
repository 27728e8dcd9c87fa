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
        static let positionKeys = TemplateDictionary.Keys(["first", "index", "index0", "last", "length"])

        let variable: TemplateKey
        let elements: [TemplateValue]
        let location: TemplateLocation
        var index = 0

        /// `loop`: the position, as templates read it.
        var position: TemplateValue { Self.positionKeys.dictionary(Self.positionKeys.keys.indices.map(value)) }

        /// The value of the key at `key` in `positionKeys`, such as `loop.last`, made alone.
        func value(at key: Int) -> TemplateValue {
            switch key {
            case 0: .bool(index == 0)
            case 1: .int(index + 1)
            case 2: .int(index)
            case 3: .bool(index == elements.count - 1)
            default: .int(elements.count)
            }
        }
    }

    /// UTF-8 bytes: appending to a `String` took 3 times as many instructions.
    private var output: [UInt8] = []
    private let outputLimit: Int
    /// The loop iterations and includes left before rendering stops: nested loops can run for
    /// ever while printing nothing, which the output limit never sees.
    private var stepsLeft: Int
    private let stepLimit: Int
    private let variables: [String: TemplateValue]
    /// The templates includes name, found by the hashes of their names, as dictionary keys are.
    private let templateKeys: TemplateDictionary.Keys
    private let templates: [Template]
    /// The innermost frame, and those it is inside, outermost first.
    private var frame: Frame
    private var outerFrames: [Frame] = []
    /// The running loops, innermost last.
    private var loops: [Loop] = []
    /// The names of the template rendered and of the templates it includes, innermost last.
    private var templateNames: [String]

    /// A renderer of `template`, whose includes come from `templates`, with room for `expectedSize` bytes.
    init(
        _ template: Template, variables: [String: TemplateValue], templates: [String: Template], outputLimit: Int,
        stepLimit: Int, expectedSize: Int
    ) {
        output.reserveCapacity(min(expectedSize, outputLimit))
        self.variables = variables
        templateKeys = TemplateDictionary.Keys(templates.map(\.key))
        self.templates = templates.map(\.value)
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

    @inline(__always)
    private mutating func write(_ operand: TemplateNode.Operand) throws(TemplateError) {
        if operand.filters.isEmpty, case let (dictionary, index?)? = loopVariableKey(operand.path),
           case .string(let string) = dictionary.values[index] {
            output.append(contentsOf: string.utf8)
            return try checkOutputSize(at: operand.location)
        }
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
    @inline(__always)
    private func chosenBody(of conditional: TemplateNode.Conditional) throws(TemplateError) -> Int {
        for index in conditional.conditions.indices where try holds(conditional.conditions[index]) {
            return index
        }
        return conditional.conditions.count
    }

    private mutating func include(_ include: TemplateNode.Include) throws(TemplateError) {
        let (name, location) = (include.name.name, include.location)
        guard let index = templateKeys.index(of: include.name) else {
            throw error(.templateNotFound(name, suggestion: nearestSpelling(of: name, in: templateKeys.keys.map(\.name).sorted())), at: location)
        }
        guard templateNames.count <= Self.maximumIncludeDepth else {
            throw error(.includeTooDeep(name, limit: Self.maximumIncludeDepth), at: location)
        }
        try checkOutputSize(at: location)
        try takeStep(at: location)
        templateNames.append(templates[index].name)
        push(templates[index].nodes, .template)
    }

    /// Stops output that outgrows the limit; checked at each value printed, loop iteration and
    /// include, the only ways output grows by more than a template's text.
    private func checkOutputSize(at location: TemplateLocation) throws(TemplateError) {
        guard output.count <= outputLimit else { throw error(.outputTooLarge(limit: outputLimit), at: location) }
    }

    /// Counts a loop iteration or an include, and stops rendering past the step limit.
    @inline(__always)
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

    /// Whether a condition holds: a value alone, as most conditions are, is checked here without
    /// a call, truthy or not (an undefined variable is not); any other goes to ``isTrue(_:)``.
    @inline(__always)
    private func holds(_ condition: TemplateNode.Expression) throws(TemplateError) -> Bool {
        guard case .value(let operand) = condition else { return try isTrue(condition) }
        if operand.filters.isEmpty, let (dictionary, index) = loopVariableKey(operand.path) {
            return index.map { dictionary.values[$0].isTruthy } ?? false
        }
        return try evaluate(operand, allowingUndefined: true)?.isTruthy ?? false
    }

    /// Whether the values of two operands are equal; an undefined variable equals null.
    @inline(never)
    private func areEqual(_ left: TemplateNode.Operand, _ right: TemplateNode.Operand) throws(TemplateError) -> Bool {
        try (evaluate(left, allowingUndefined: true) ?? .null) == (evaluate(right, allowingUndefined: true) ?? .null)
    }

    /// The operand's value after its filters, or `nil` when it is undefined and that is allowed.
    @inline(__always)
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
    @inline(__always)
    private func lookUp(_ path: [TemplateKey], at location: TemplateLocation) throws(TemplateError) -> TemplateValue? {
        if let (dictionary, index) = loopVariableKey(path) {
            return index.map { dictionary.values[$0] }
        }
        if path.count == 2, path[0].name == "loop", let loop = loops.last, let key = Loop.positionKeys.index(of: path[1]) {
            return loop.value(at: key)
        }
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
                    path: path[..<next].map(\.name).joined(separator: "."), key: path[next].name, kind: value.kind)
                throw error(reason, at: location)
            }
        }
        return value
    }

    /// Where the value of `variable.key` is when `variable` is a loop variable bound to a
    /// dictionary (most of what templates read): the dictionary, and the key's position in it.
    @inline(__always)
    private func loopVariableKey(_ path: [TemplateKey]) -> (TemplateDictionary, Int?)? {
        guard path.count == 2, let loop = innermostLoop(binding: path[0]),
            case .dictionary(let dictionary) = loops[loop].elements[loops[loop].index]
        else { return nil }
        return (dictionary, dictionary.keys.index(of: path[1]))
    }

    /// The value of the first name of a path: `loop` in a loop, a loop variable, a variable.
    private func root(_ key: TemplateKey) -> TemplateValue? {
        if key.name == "loop", let loop = loops.last {
            return loop.position
        }
        return innermostLoop(binding: key).map { loops[$0].elements[loops[$0].index] } ?? variables[key.name]
    }

    /// The position in `loops` of the innermost loop whose variable is `key`.
    @inline(__always)
    private func innermostLoop(binding key: TemplateKey) -> Int? {
        loops.indices.last { loops[$0].variable.hash == key.hash && loops[$0].variable.name == key.name }
    }

    /// Explains an undefined path, with the nearest defined spelling when there is one.
    private func undefinedVariableError(_ keys: [TemplateKey], at location: TemplateLocation) -> TemplateError {
        let path = keys.map(\.name)
        func error(suggesting spelling: String?, at index: Int) -> TemplateError {
            let suggestion = spelling.map { (path[..<index] + [$0] + path[(index + 1)...]).joined(separator: ".") }
            return self.error(.undefinedVariable(path.joined(separator: "."), suggestion: suggestion), at: location)
        }
        guard var value = root(keys[0]) else {
            let names = Set(variables.keys).union(loops.map(\.variable.name)).union(loops.isEmpty ? [] : ["loop"])
            return error(suggesting: nearestSpelling(of: path[0], in: names.sorted()), at: 0)
        }
        // Walk to the dictionary that lacks the key, and look for the key among its keys.
        for index in path.indices.dropFirst() {
            guard case .dictionary(let dictionary) = value else { break }
            guard let next = dictionary[keys[index]] else {
                return error(suggesting: nearestSpelling(of: path[index], in: dictionary.names.sorted()), at: index)
            }
            value = next
        }
        return error(suggesting: nil, at: 0)
    }
}
