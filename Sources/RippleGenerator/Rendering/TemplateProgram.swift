/// A parsed template compiled for rendering: a run of instructions with jumps, and arrays of
/// plain values that they refer to by position.
///
/// The parser's ``TemplateNode`` tree says what a template means; a program is the same tree
/// laid out as straight-line code, so that the renderer runs it in one loop, without a call
/// per body and without reference counting. An `if` is a conditional jump over its body; a
/// `for` is an instruction that starts the loop before its body and one that goes back to the
/// body's start after it. An instruction, a loop or an operand is a few integers, all text is
/// one byte array, and path keys carry their hash. Compiled once, when the template is created.
///
/// The tables the renderer reads for every instruction are buffers the program allocates
/// once and never changes, so that reading them needs neither a bounds check (in release
/// builds) nor reference counting. Hence `@unchecked Sendable`: nothing writes to them after
/// `init`.
///
/// Most operands that templates print or test are `variable.key` without filters: those get
/// instructions of their own that name the keys, which the renderer reads without going
/// through the operand. Most are printed right after a piece of text, and the two then make
/// one instruction: one step of the renderer's loop instead of two.
///
/// ```
/// {% if a %}A{% else %}B{% endif %}     0 jumpUnless(a, 3)
///                                       1 text("A")
///                                       2 jump(4)
///                                       3 text("B")
///                                       4 end
/// ```
final class TemplateProgram: @unchecked Sendable {
    /// One step of the program; the next is the following one unless the step jumps.
    enum Instruction: Sendable {
        /// Copies `count` bytes of `text` from `start` to the output.
        case text(start: Int32, count: Int32)
        /// `{{ operand }}`: prints `operands[index]`.
        case output(Int32)
        /// `{{ variable.key }}`, the usual operand: prints the operand whose path is the two
        /// keys from `keys[key]` and has no filters.
        case outputVariableKey(key: Int32)
        /// `text` followed by `outputVariableKey`.
        case textAndOutputVariableKey(start: Int32, count: Int32, key: Int32)
        /// Goes on at `target` unless `expressions[condition]` holds.
        case jumpUnless(condition: Int32, target: Int32)
        /// `{% if variable.key %}`, the usual condition: goes on at `target` unless the value of
        /// the operand whose path is the two keys from `keys[key]`, without filters, is truthy.
        case jumpUnlessVariableKey(key: Int32, target: Int32)
        /// Goes on at `target`.
        case jump(Int32)
        /// Starts `loops[index]`: goes on with its body for the first element, or with its empty
        /// body when there are none.
        case loop(Int32)
        /// Ends an iteration of `loops[index]`: goes back to its body for the next element, or
        /// on after the loop.
        case next(Int32)
        /// `{% include %}`: `includes[index]`.
        case include(Int32)
        /// The end of the template: rendering goes back to the template that included it.
        case end
    }

    /// `{% for variable in sequence %} body {% else %} emptyBody {% endfor %}`, by the
    /// positions of its parts among the instructions.
    struct Loop: Sendable {
        /// The loop variable, an index of `keys`.
        var variable: Int
        /// An index of `operands`.
        var sequence: Int
        /// The body's first instruction, after `loop`.
        var body: Int
        /// The empty body's first instruction, after `next`.
        var emptyBody: Int
        /// The first instruction after the loop.
        var end: Int
    }

    /// A condition; operands and subexpressions are indices of `operands` and `expressions`.
    enum Expression: Sendable {
        case value(Int)
        case not(Int)
        case and(Int, Int)
        case or(Int, Int)
        case comparison(Int, Int, isEqual: Bool)
    }

    /// A variable path or a literal, followed by filters.
    struct Operand: Sendable {
        enum Base: Sendable {
            /// A range of `keys`: `property.name` is two keys.
            case path(Range<Int>)
            /// An index of `literals`.
            case literal(Int)
        }

        var base: Base
        /// What the operand reads of the innermost loop's position when it is a path that
        /// starts with `loop` (and a loop is running); `nil` for other operands.
        var loopReference: LoopReference?
        /// A range of `filterCalls`.
        var filters: Range<Int>
        var location: TemplateLocation
    }

    /// What a path that starts with `loop` reads, resolved when the template is compiled.
    enum LoopReference: Sendable {
        /// `loop` alone: the whole position, as a dictionary.
        case whole
        /// `loop.key`: one value of the position, `nil` when the key is not one of them.
        case key(LoopKey?)
    }

    /// The keys of `loop`, in the order of its dictionary.
    enum LoopKey: String, CaseIterable, Sendable {
        case first, index, index0, last, length
    }

    struct Include: Sendable {
        var name: String
        var location: TemplateLocation
    }

    /// The template's instructions; rendering starts at the first and stops at `end`.
    let instructions: UnsafeBufferPointer<Instruction>
    /// The literal text of all `.text` instructions, followed by ``PaddedArray/padding`` zero
    /// bytes so that any piece of it can be copied in whole blocks.
    let text: UnsafeBufferPointer<UInt8>
    let loops: UnsafeBufferPointer<Loop>
    let expressions: UnsafeBufferPointer<Expression>
    let operands: UnsafeBufferPointer<Operand>
    /// The keys of all paths, and the loop variables.
    let keys: [TemplateKey]
    /// For each key, the index of the operand whose path holds it; -1 for loop variables.
    let keyOperands: [Int]
    let literals: [TemplateValue]
    let filterCalls: [TemplateNode.FilterCall]
    let includes: [Include]

    /// Compiles parsed nodes.
    init(_ nodes: [TemplateNode]) {
        var compiler = Compiler()
        compiler.compile(nodes)
        compiler.instructions.append(.end)
        instructions = Self.buffer(compiler.instructions)
        text = Self.buffer(compiler.text + repeatElement(0, count: PaddedArray<UInt8>.padding))
        loops = Self.buffer(compiler.loops)
        expressions = Self.buffer(compiler.expressions)
        operands = Self.buffer(compiler.operands)
        keys = compiler.keys
        keyOperands = compiler.keyOperands
        literals = compiler.literals
        filterCalls = compiler.filterCalls
        includes = compiler.includes
    }

    deinit {
        Self.free(instructions)
        Self.free(text)
        Self.free(loops)
        Self.free(expressions)
        Self.free(operands)
    }

    /// A buffer of its own with the elements of `array`.
    private static func buffer<Element>(_ array: [Element]) -> UnsafeBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: array.count)
        _ = buffer.initialize(from: array)
        return UnsafeBufferPointer(buffer)
    }

    private static func free<Element>(_ buffer: UnsafeBufferPointer<Element>) {
        UnsafeMutableBufferPointer(mutating: buffer).deinitialize().deallocate()
    }

    /// The operand as it reads in messages: the path, or the literal.
    func text(of operand: Operand) -> String {
        switch operand.base {
        case .path(let path): keys[path].map(\.name).joined(separator: ".")
        case .literal(let index):
            switch literals[index] {
            case .string(let string): "\"\(string)\""
            case let value: value.scalarText ?? "null"
            }
        }
    }

    /// Fills the arrays of a program from the node tree.
    private struct Compiler {
        var instructions: [Instruction] = []
        var text: [UInt8] = []
        var loops: [Loop] = []
        var expressions: [Expression] = []
        var operands: [Operand] = []
        var keys: [TemplateKey] = []
        var keyOperands: [Int] = []
        var literals: [TemplateValue] = []
        var filterCalls: [TemplateNode.FilterCall] = []
        var includes: [Include] = []

        /// The position of the next instruction, as instructions store it.
        var next: Int32 {
            Int32(instructions.count)
        }

        /// Appends the instructions of `nodes`.
        mutating func compile(_ nodes: [TemplateNode]) {
            // The instruction of the text just before, which a `variable.key` output joins: no
            // jump lands between two nodes of one list.
            var textBefore: Int?
            for node in nodes {
                let joinableText = textBefore
                textBefore = nil
                switch node {
                case .text(let string):
                    guard !string.isEmpty else { continue }
                    let start = text.count
                    text += string.utf8
                    instructions.append(.text(start: Int32(start), count: Int32(text.count - start)))
                    textBefore = instructions.count - 1
                case .output(let operand):
                    let index = compile(operand)
                    if let key = variableKey(of: index) {
                        if let joinableText, case .text(let start, let count) = instructions[joinableText] {
                            instructions[joinableText] = .textAndOutputVariableKey(start: start, count: count, key: key)
                        } else {
                            instructions.append(.outputVariableKey(key: key))
                        }
                    } else {
                        instructions.append(.output(Int32(index)))
                    }
                case .loop(let loop):
                    compile(loop)
                case .conditional(let conditional):
                    compile(conditional)
                case .include(let name, let location):
                    includes.append(Include(name: name, location: location))
                    instructions.append(.include(Int32(includes.count - 1)))
                }
            }
        }

        /// `loop` body `next` empty body.
        mutating func compile(_ loop: TemplateNode.Loop) {
            keys.append(TemplateKey(loop.variable))
            keyOperands.append(-1)
            let index = loops.count
            loops.append(Loop(variable: keys.count - 1, sequence: compile(loop.sequence), body: 0, emptyBody: 0, end: 0))
            instructions.append(.loop(Int32(index)))
            loops[index].body = instructions.count
            compile(loop.body)
            instructions.append(.next(Int32(index)))
            loops[index].emptyBody = instructions.count
            compile(loop.emptyBody)
            loops[index].end = instructions.count
        }

        /// Each branch: `jumpUnless` to the next branch, body, `jump` to the end; then the
        /// else body. The last branch needs no jump when there is no else body.
        mutating func compile(_ conditional: TemplateNode.Conditional) {
            var jumpsToEnd: [Int] = []
            for (index, branch) in conditional.branches.enumerated() {
                let condition = compile(branch.condition)
                let test = instructions.count
                instructions.append(.jump(-1))
                compile(branch.body)
                if index < conditional.branches.count - 1 || !conditional.elseBody.isEmpty {
                    jumpsToEnd.append(instructions.count)
                    instructions.append(.jump(-1))
                }
                if case .value(let operand) = expressions[condition], let key = variableKey(of: operand) {
                    instructions[test] = .jumpUnlessVariableKey(key: key, target: next)
                } else {
                    instructions[test] = .jumpUnless(condition: Int32(condition), target: next)
                }
            }
            compile(conditional.elseBody)
            for jump in jumpsToEnd {
                instructions[jump] = .jump(next)
            }
        }

        /// The first key of `operands[operand]` when it is `variable.key` without filters.
        func variableKey(of operand: Int) -> Int32? {
            guard case .path(let path) = operands[operand].base, path.count == 2, operands[operand].filters.isEmpty,
                  operands[operand].loopReference == nil else { return nil }
            return Int32(path.lowerBound)
        }

        mutating func compile(_ expression: TemplateNode.Expression) -> Int {
            let compiled: Expression = switch expression {
            case .value(let operand): .value(compile(operand))
            case .not(let operand): .not(compile(operand))
            case .and(let left, let right): .and(compile(left), compile(right))
            case .or(let left, let right): .or(compile(left), compile(right))
            case .comparison(let left, let right, let isEqual): .comparison(compile(left), compile(right), isEqual: isEqual)
            }
            expressions.append(compiled)
            return expressions.count - 1
        }

        mutating func compile(_ operand: TemplateNode.Operand) -> Int {
            let base: Operand.Base
            var loopReference: LoopReference?
            switch operand.base {
            case .path(let components):
                let start = keys.count
                keys += components.map(TemplateKey.init)
                keyOperands += repeatElement(operands.count, count: components.count)
                base = .path(start..<keys.count)
                if keys[start] == .loop {
                    loopReference = components.count == 1 ? .whole : .key(LoopKey(rawValue: components[1]))
                }
            case .literal(let value):
                literals.append(value)
                base = .literal(literals.count - 1)
            }
            let start = filterCalls.count
            filterCalls += operand.filters
            operands.append(Operand(
                base: base, loopReference: loopReference, filters: start..<filterCalls.count, location: operand.location))
            return operands.count - 1
        }
    }
}
