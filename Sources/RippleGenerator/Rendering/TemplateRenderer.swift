/// Renders compiled templates into one output buffer.
///
/// The renderer runs the instructions of a ``TemplateProgram`` in a loop: jumps move its
/// position, loops keep their state in a ``LoopStack``, and an include runs the instructions of
/// the included program before going on.
///
/// Variables resolve innermost first: loop variables (the last `for` wins), then the context.
/// A template is compiled on its own, without knowing what its includers bind or which
/// context it renders, so the renderer resolves the rest as it goes, once per render:
///
/// - Each template it reaches becomes a *unit*, linked when first rendered: every key of its
///   paths gets the number of its name (a *symbol*), and every include the unit it renders.
/// - `loops` holds, for each symbol, the value of the innermost loop variable of that name, so
///   a loop variable is found with one read instead of a search comparing names.
/// - Each key of each unit remembers the layout it was last looked up in and its position
///   there (an inline cache). The dictionaries a key meets usually share a layout, so a
///   look-up is a comparison and a read; another layout costs one hash look-up.
///
/// Printing or testing `variable.key`, what templates do most, is then a few reads, done in
/// the loop itself; any other operand, or a first look-up, goes through `evaluate`. Nothing on
/// these paths hashes a string or retains an object. Literals and filter results are stored in
/// the context as they are computed.
struct TemplateRenderer {
    typealias Value = TemplateContext.Value
    private typealias Program = TemplateProgram

    /// How deep includes may nest before a template is taken to include itself.
    static let maximumIncludeDepth = 32

    /// A template the render reached, with what the renderer resolved for it: tables of one
    /// entry per key or include of its program, read and written without bounds checks (only
    /// this renderer holds them).
    private final class Unit {
        let program: Program
        /// The name the template has in messages.
        let name: String
        /// The symbol of each key.
        let symbols: UnsafeMutableBufferPointer<Int32>
        /// Where each key was last found.
        let cachedOffsets: UnsafeMutableBufferPointer<CachedOffset>
        /// The unit each include renders, or -1 before it first runs.
        let includedUnits: UnsafeMutableBufferPointer<Int32>

        init(_ template: Template, symbols: [Int32]) {
            program = template.program
            name = template.name
            self.symbols = .allocate(capacity: symbols.count)
            _ = self.symbols.initialize(from: symbols)
            cachedOffsets = .allocate(capacity: symbols.count)
            cachedOffsets.initialize(repeating: .none)
            includedUnits = .allocate(capacity: program.includes.count)
            includedUnits.initialize(repeating: -1)
        }

        deinit {
            symbols.deallocate()
            cachedOffsets.deallocate()
            includedUnits.deallocate()
        }
    }

    /// Where a key was last found: its position in the dictionaries of one layout.
    private struct CachedOffset {
        /// The index of the layout, or -1 before the first look-up.
        var layout: Int32
        /// The key's position in the layout, or -1 when the layout lacks the key.
        var offset: Int32

        static let none = CachedOffset(layout: -1, offset: -1)
    }

    private(set) var output: TemplateOutput
    private var context: TemplateContext
    private let templates: [String: Template]
    private var units: [Unit] = []
    /// The units of the templates included so far, by the name they are included by.
    private var unitsByName: [String: Int] = [:]
    /// The symbol of each name, and the name of each symbol.
    private var symbolsByName: [String: Int32] = [:]
    private var names: [String] = []
    /// The running loops, and the values of their variables by symbol.
    private let loops = LoopStack()
    private var includeDepth = 0
    /// The layout of `loop` as a whole.
    private let loopLayout: TemplateContext.Layout

    /// A renderer of `template`, whose includes come from `templates`.
    init(template: Template, context: consuming TemplateContext, templates: [String: Template]) {
        var context = context
        loopLayout = context.layout(Program.LoopKey.allCases.map(\.rawValue))
        self.context = context
        self.templates = templates
        output = TemplateOutput(capacity: template.program.text.count)
        _ = link(template)
    }

    /// Renders the template the renderer was created with into `output`.
    mutating func render() throws(TemplateError) {
        try run(units[0])
    }

    /// Runs the instructions of `unit`, from the first to its `end`.
    private mutating func run(_ unit: Unit) throws(TemplateError) {
        let program = unit.program
        let text = program.text.baseAddress!
        // Positions are those of a program's instructions, far from overflowing.
        var next = 0
        while true {
            switch program.instructions[next] {
            case .text(let start, let count):
                output.append(padded: text + Int(start), count: Int(count))
                next &+= 1
            case .output(let operand):
                try write(Int(operand), of: unit)
                next &+= 1
            case .outputVariableKey(let key):
                try writeVariableKey(Int(key), of: unit)
                next &+= 1
            case .textAndOutputVariableKey(let start, let count, let key):
                output.append(padded: text + Int(start), count: Int(count))
                try writeVariableKey(Int(key), of: unit)
                next &+= 1
            case .jumpUnless(let condition, let target):
                next = try isTrue(Int(condition), of: unit) ? next &+ 1 : Int(target)
            case .jumpUnlessVariableKey(let key, let target):
                let isTrue = if let value = variableKey(Int(key), of: unit) {
                    context.isTruthy(value)
                } else {
                    try isTruthy(unit.program.keyOperands[Int(key)], of: unit)
                }
                next = isTrue ? next &+ 1 : Int(target)
            case .jump(let target):
                next = Int(target)
            case .loop(let loop):
                next = try start(program.loops[Int(loop)], of: unit)
            case .next(let loop):
                next = advance() ? program.loops[Int(loop)].body : program.loops[Int(loop)].end
            case .include(let include):
                try self.include(include: Int(include), of: unit)
                next &+= 1
            case .end:
                return
            }
        }
    }

    // MARK: Linking

    /// Adds a unit for `template` and returns its index.
    private mutating func link(_ template: Template) -> Int {
        units.append(Unit(template, symbols: template.program.keys.map { symbol(of: $0.name) }))
        return units.count - 1
    }

    /// The number of `name`, given when it is first met.
    private mutating func symbol(of name: String) -> Int32 {
        if let symbol = symbolsByName[name] {
            return symbol
        }
        let symbol = Int32(names.count)
        symbolsByName[name] = symbol
        names.append(name)
        loops.addSymbol()
        return symbol
    }

    /// The unit that include `include` of `unit` renders, linked the first time.
    private mutating func unit(including include: Int, from unit: Unit) throws(TemplateError) -> Int {
        let included = unit.includedUnits[include]
        if included >= 0 {
            return Int(included)
        }
        let (name, location) = (unit.program.includes[include].name, unit.program.includes[include].location)
        guard let template = templates[name] else {
            let suggestion = nearestSpelling(of: name, in: templates.keys.sorted())
            throw error(.templateNotFound(name, suggestion: suggestion), at: location, in: unit)
        }
        let linked = unitsByName[name] ?? link(template)
        unitsByName[name] = linked
        unit.includedUnits[include] = Int32(linked)
        return linked
    }

    // MARK: Instructions

    private func error(_ reason: TemplateError.Reason, at location: TemplateLocation, in unit: Unit) -> TemplateError {
        TemplateError(templateName: unit.name, location: location, reason: reason)
    }

    /// Explains that the value of `operand` is not of a kind it can be used as.
    @inline(never)
    private func kindError(
        _ reason: (String, TemplateValue.Kind) -> TemplateError.Reason, _ operand: Program.Operand, _ value: Value,
        in unit: Unit
    ) -> TemplateError {
        error(reason(unit.program.text(of: operand), context.kind(of: value)), at: operand.location, in: unit)
    }

    /// Prints the value of `operands[operand]`.
    @inline(never)
    private mutating func write(_ operand: Int, of unit: Unit) throws(TemplateError) {
        let value = try evaluate(operand, of: unit, allowingUndefined: false) ?? .null
        switch value {
        case .string(let start, let count):
            output.append(padded: context.text.baseAddress + Int(start), count: Int(count))
        case .int(let int):
            output.append(int)
        case .bool(let bool):
            output.append(bool ? "true" : "false")
        case .array, .lazyArray, .dictionary, .null:
            throw kindError(TemplateError.Reason.notPrintable, unit.program.operands[operand], value, in: unit)
        }
    }

    /// Prints `variable.key`, the path of keys `key` and `key + 1`: a string or an int read
    /// straight from the loop variable, any other value through its operand.
    @inline(__always)
    private mutating func writeVariableKey(_ key: Int, of unit: Unit) throws(TemplateError) {
        switch variableKey(key, of: unit) {
        case .string(let start, let count)?:
            output.append(padded: context.text.baseAddress + Int(start), count: Int(count))
        case .int(let int)?:
            output.append(int)
        default:
            try write(unit.program.keyOperands[key], of: unit)
        }
    }

    /// Renders the template that include `include` of `unit` names.
    private mutating func include(include: Int, of unit: Unit) throws(TemplateError) {
        let included = try self.unit(including: include, from: unit)
        guard includeDepth < Self.maximumIncludeDepth else {
            let include = unit.program.includes[include]
            throw error(.includeTooDeep(include.name, limit: Self.maximumIncludeDepth), at: include.location, in: unit)
        }
        includeDepth += 1
        defer {
            includeDepth -= 1
        }
        try run(units[included])
    }

    /// Starts a loop, and returns the instruction to go on with.
    private mutating func start(_ loop: Program.Loop, of unit: Unit) throws(TemplateError) -> Int {
        let sequence = try evaluate(loop.sequence, of: unit, allowingUndefined: false) ?? .null
        guard let count = context.count(of: sequence) else {
            throw kindError(TemplateError.Reason.notIterable, unit.program.operands[loop.sequence], sequence, in: unit)
        }
        guard count > 0 else {
            return loop.emptyBody
        }
        let symbol = Int(unit.symbols[loop.variable])
        let mark = context.mark
        let frame = LoopStack.Frame(
            symbol: symbol, shadowed: loops.variable(symbol), index: 0, count: count, sequence: sequence, mark: mark)
        loops.push(frame, first: context.element(0, of: sequence))
        return loop.body
    }

    /// Ends an iteration of the innermost loop, and starts the next one if there is one.
    ///
    /// - Returns: Whether an iteration starts; if not, the loop has ended.
    @inline(__always)
    private mutating func advance() -> Bool {
        let frame = loops.innermost
        if context.drop(after: frame.pointee.mark) {
            forgetOffsets(inLayoutsFrom: context.layoutCount)
        }
        let index = frame.pointee.index &+ 1
        guard index < frame.pointee.count else {
            loops.pop()
            return false
        }
        frame.pointee.index = index
        frame.pointee.mark = context.mark
        loops.bind(frame.pointee.symbol, to: context.element(index, of: frame.pointee.sequence))
        return true
    }

    /// Forgets where keys were found in the layouts from `layoutCount` on, which were dropped:
    /// later layouts take their indices again.
    @inline(never)
    private func forgetOffsets(inLayoutsFrom layoutCount: Int) {
        for unit in units {
            for index in unit.cachedOffsets.indices where unit.cachedOffsets[index].layout >= layoutCount {
                unit.cachedOffsets[index] = .none
            }
        }
    }

    // MARK: Values

    /// Whether a condition holds.
    @inline(never)
    private mutating func isTrue(_ expression: Int, of unit: Unit) throws(TemplateError) -> Bool {
        let program = unit.program
        switch program.expressions[expression] {
        case .value(let operand):
            return try isTruthy(operand, of: unit)
        case .not(let operand):
            return try !isTrue(operand, of: unit)
        case .and(let left, let right):
            guard try isTrue(left, of: unit) else { return false }
            return try isTrue(right, of: unit)
        case .or(let left, let right):
            if try isTrue(left, of: unit) { return true }
            return try isTrue(right, of: unit)
        case .comparison(let left, let right, let isEqual):
            let leftValue = try evaluate(left, of: unit, allowingUndefined: true) ?? .null
            let rightValue = try evaluate(right, of: unit, allowingUndefined: true) ?? .null
            return (context.templateValue(of: leftValue) == context.templateValue(of: rightValue)) == isEqual
        }
    }

    /// Whether the value of an operand is truthy; an undefined variable is not.
    @inline(never)
    private mutating func isTruthy(_ operand: Int, of unit: Unit) throws(TemplateError) -> Bool {
        guard let value = try evaluate(operand, of: unit, allowingUndefined: true) else {
            return false
        }
        return context.isTruthy(value)
    }

    /// The value at `variable.key`, the path of keys `key` and `key + 1`, read straight from
    /// the loop variable when it is bound to a dictionary of the layout the key was last found
    /// in; `nil` otherwise, and the operand is then evaluated in full.
    @inline(__always)
    private func variableKey(_ key: Int, of unit: Unit) -> Value? {
        guard case .dictionary(let layout, let start)? = loops.variable(Int(unit.symbols[key])) else { return nil }
        let cached = unit.cachedOffsets[key &+ 1]
        guard cached.layout == layout.index, cached.offset >= 0 else { return nil }
        return context.value(at: Int(cached.offset), from: start)
    }

    /// The value of `operands[operand]` after its filters, or `nil` when it is undefined and
    /// that is allowed.
    ///
    /// Takes the operand's position and reads its fields where they are, which the compiler
    /// does better than copying the operand.
    @inline(__always)
    private mutating func evaluate(
        _ operand: Int, of unit: Unit, allowingUndefined: Bool
    ) throws(TemplateError) -> Value? {
        let operands = unit.program.operands
        guard operands[operand].filters.isEmpty, case .path(let path) = operands[operand].base else {
            return try evaluateWithFilters(operand, of: unit, allowingUndefined: allowingUndefined)
        }
        if let value = try lookUp(path, loopReference: operands[operand].loopReference, of: unit, operand: operand) {
            return value
        }
        if allowingUndefined {
            return nil
        }
        throw undefinedVariableError(path, of: unit, at: operands[operand].location)
    }

    /// `evaluate(_:of:allowingUndefined:)` for a literal, or an operand with filters: kept out
    /// of line, away from the paths printed and tested millions of times.
    @inline(never)
    private mutating func evaluateWithFilters(
        _ index: Int, of unit: Unit, allowingUndefined: Bool
    ) throws(TemplateError) -> Value? {
        let operand = unit.program.operands[index]
        var value: Value?
        switch operand.base {
        case .literal(let index):
            value = context.store(unit.program.literals[index])
        case .path(let path):
            value = try lookUp(path, loopReference: operand.loopReference, of: unit, operand: index)
        }
        for index in operand.filters {
            let call = unit.program.filterCalls[index]
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
                throw self.error(reason, at: call.location, in: unit)
            }
        }
        if let value {
            return value
        }
        if !allowingUndefined, case .path(let path) = operand.base {
            throw undefinedVariableError(path, of: unit, at: operand.location)
        }
        return nil
    }

    /// The value at the path of `operands[operand]`, or `nil` when some key along it is missing
    /// (or a value is null).
    @inline(__always)
    private mutating func lookUp(
        _ path: Range<Int>, loopReference: Program.LoopReference?, of unit: Unit, operand: Int
    ) throws(TemplateError) -> Value? {
        if let loopReference, loops.depth > 0 {
            return try lookUpInLoop(path, loopReference: loopReference, of: unit, operand: operand)
        }
        guard let root = loops.variable(Int(unit.symbols[path.lowerBound])) ?? rootMember(path.lowerBound, of: unit) else {
            return nil
        }
        return try lookUp(path, from: path.lowerBound &+ 1, in: root, of: unit, operand: operand)
    }

    /// The value at a path, from `value`, that of the keys before `next`.
    @inline(__always)
    private mutating func lookUp(
        _ path: Range<Int>, from next: Int, in value: Value, of unit: Unit, operand: Int
    ) throws(TemplateError) -> Value? {
        var value = value
        for key in next..<path.upperBound {
            switch value {
            case .dictionary(let layout, let start):
                guard let member = member(key, of: unit, in: layout, start: start) else { return nil }
                value = member
            case .null:
                return nil
            case .string, .bool, .int, .array, .lazyArray:
                let location = unit.program.operands[operand].location
                throw notADictionaryError(value, path.lowerBound..<key, of: unit, at: location)
            }
        }
        return value
    }

    /// `lookUp(_:loopReference:of:operand:)` for a path that starts with `loop` in a loop:
    /// `loop.index` and friends, without building the whole `loop` dictionary.
    @inline(never)
    private mutating func lookUpInLoop(
        _ path: Range<Int>, loopReference: Program.LoopReference, of unit: Unit, operand: Int
    ) throws(TemplateError) -> Value? {
        let frame = loops.innermost.pointee
        switch loopReference {
        case .whole:
            return try lookUp(path, from: path.lowerBound + 1, in: loopDictionary(frame), of: unit, operand: operand)
        case .key(let key?):
            let value = Self.loopValue(key, of: frame)
            return try lookUp(path, from: path.lowerBound + 2, in: value, of: unit, operand: operand)
        case .key(nil):
            return nil
        }
    }

    /// The value of the first key of a path in the context's top-level variables.
    @inline(never)
    private mutating func rootMember(_ key: Int, of unit: Unit) -> Value? {
        guard case .dictionary(let layout, let start) = context.root else { return nil }
        return member(key, of: unit, in: layout, start: start)
    }

    /// Explains a path that looks up key `path.upperBound` in `value`, which is not a dictionary.
    @inline(never)
    private func notADictionaryError(
        _ value: Value, _ path: Range<Int>, of unit: Unit, at location: TemplateLocation
    ) -> TemplateError {
        let keys = unit.program.keys
        let prefix = keys[path].map(\.name).joined(separator: ".")
        let reason = TemplateError.Reason.notADictionary(
            path: prefix, key: keys[path.upperBound].name, kind: context.kind(of: value))
        return error(reason, at: location, in: unit)
    }

    /// The value of key `key` of the unit in a dictionary of `layout` whose values start at
    /// `start`, or `nil` when the layout lacks the key; found where the key was found last
    /// when the layout is the same.
    @inline(__always)
    private mutating func member(_ key: Int, of unit: Unit, in layout: TemplateContext.Layout, start: Int32) -> Value? {
        var cached = unit.cachedOffsets[key]
        if cached.layout != layout.index {
            cached = cacheOffset(of: key, of: unit, in: layout)
        }
        return cached.offset < 0 ? nil : context.value(at: Int(cached.offset), from: start)
    }

    /// Finds where key `key` of the unit is in `layout`, and remembers it.
    @inline(never)
    private func cacheOffset(of key: Int, of unit: Unit, in layout: TemplateContext.Layout) -> CachedOffset {
        let offset = context.offset(of: unit.program.keys[key], in: layout) ?? -1
        let cached = CachedOffset(layout: layout.index, offset: Int32(offset))
        unit.cachedOffsets[key] = cached
        return cached
    }

    /// The value of `key` in a dictionary value; `nil` for other values.
    private func member(_ key: TemplateKey, of dictionary: Value) -> Value? {
        guard case .dictionary(let layout, let start) = dictionary,
              let offset = context.offset(of: key, in: layout) else { return nil }
        return context.value(at: offset, from: start)
    }

    private static func loopValue(_ key: Program.LoopKey, of frame: LoopStack.Frame) -> Value {
        switch key {
        case .index: .int(frame.index + 1)
        case .index0: .int(frame.index)
        case .first: .bool(frame.index == 0)
        case .last: .bool(frame.index == frame.count - 1)
        case .length: .int(frame.count)
        }
    }

    /// `loop` as a whole: a dictionary of the position.
    private mutating func loopDictionary(_ frame: LoopStack.Frame) -> Value {
        context.dictionary(loopLayout, values: Program.LoopKey.allCases.map { Self.loopValue($0, of: frame) })
    }

    /// Explains an undefined path, with the nearest defined spelling when there is one.
    @inline(never)
    private mutating func undefinedVariableError(
        _ path: Range<Int>, of unit: Unit, at location: TemplateLocation
    ) -> TemplateError {
        let keys = unit.program.keys
        let components = keys[path].map(\.name)
        let text = components.joined(separator: ".")
        let rootKey = keys[path.lowerBound]
        var root: Value?
        if loops.depth > 0, rootKey == .loop {
            root = loopDictionary(loops.innermost.pointee)
        } else if let variable = loops.variable(Int(unit.symbols[path.lowerBound])) {
            root = variable
        } else {
            root = member(rootKey, of: context.root)
        }
        guard var value = root else {
            var names: Set<String> = []
            if case .dictionary(let layout, _) = context.root {
                names.formUnion(context.names(of: layout))
            }
            for frame in loops.allFrames {
                names.insert(self.names[frame.symbol])
                names.insert(TemplateKey.loop.name)
            }
            let suggestion = nearestSpelling(of: components[0], in: names.sorted())
            return error(.undefinedVariable(text, suggestion: suggestion.map { spelling in
                ([spelling] + components.dropFirst()).joined(separator: ".")
            }), at: location, in: unit)
        }
        // Walk to the dictionary that lacks the key, and look for the key among its keys.
        for index in 1..<components.count {
            guard case .dictionary(let layout, _) = value else { break }
            guard let next = member(keys[path.lowerBound + index], of: value) else {
                let suggestion = nearestSpelling(of: components[index], in: context.names(of: layout).sorted())
                return error(.undefinedVariable(text, suggestion: suggestion.map { spelling in
                    (components[..<index] + [spelling] + components[(index + 1)...]).joined(separator: ".")
                }), at: location, in: unit)
            }
            value = next
        }
        return error(.undefinedVariable(text, suggestion: nil), at: location, in: unit)
    }
}
