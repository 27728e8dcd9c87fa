/// A parsed template laid out for rendering: its nodes flattened into arrays of plain values
/// that refer to each other by position.
///
/// The parser's ``TemplateNode`` tree says what a template means; a program is the same tree
/// stored so that rendering reads it without reference counting. An instruction, a loop, a
/// branch or an operand is a few integers, every body is a run of `instructions`, all text is
/// one byte array, and path keys carry their hash. Compiled once, when the template is created.
final class TemplateProgram: Sendable {
    /// One step of a body.
    enum Instruction: Sendable {
        /// Copies `text[range]` to the output.
        case text(Range<Int>)
        /// `{{ operand }}`: prints `operands[index]`.
        case output(Int)
        /// `{% for %}`: `loops[index]`.
        case loop(Int)
        /// `{% if %}`: `conditionals[index]`.
        case conditional(Int)
        /// `{% include %}`: `includes[index]`.
        case include(Int)
    }

    /// `{% for variable in sequence %} body {% else %} emptyBody {% endfor %}`.
    struct Loop: Sendable {
        /// The loop variable, an index of `keys`.
        var variable: Int
        /// An index of `operands`.
        var sequence: Int
        var body: Range<Int>
        var emptyBody: Range<Int>
    }

    /// `{% if %} … {% elif %} … {% else %} … {% endif %}`.
    struct Conditional: Sendable {
        /// The `if` branch, then each `elif` branch: a range of `branches`.
        var branches: Range<Int>
        var elseBody: Range<Int>
    }

    struct Branch: Sendable {
        /// An index of `expressions`.
        var condition: Int
        var body: Range<Int>
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
        /// Whether the operand is a path that starts with `loop`, which names the position of
        /// the innermost loop when there is one.
        var startsWithLoop: Bool
        /// A range of `filterCalls`.
        var filters: Range<Int>
        var location: TemplateLocation
    }

    struct Include: Sendable {
        var name: String
        var location: TemplateLocation
    }

    /// The instructions of the template's top level.
    let main: Range<Int>
    /// Every body's instructions, each body a contiguous run.
    let instructions: [Instruction]
    /// The literal text of all `.text` instructions.
    let text: [UInt8]
    let loops: [Loop]
    let conditionals: [Conditional]
    let branches: [Branch]
    let expressions: [Expression]
    let operands: [Operand]
    /// The keys of all paths, and the loop variables.
    let keys: [TemplateKey]
    let literals: [TemplateValue]
    let filterCalls: [TemplateNode.FilterCall]
    let includes: [Include]

    /// Compiles parsed nodes.
    init(_ nodes: [TemplateNode]) {
        var compiler = Compiler()
        main = compiler.compile(nodes)
        instructions = compiler.instructions
        text = compiler.text
        loops = compiler.loops
        conditionals = compiler.conditionals
        branches = compiler.branches
        expressions = compiler.expressions
        operands = compiler.operands
        keys = compiler.keys
        literals = compiler.literals
        filterCalls = compiler.filterCalls
        includes = compiler.includes
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
        var conditionals: [Conditional] = []
        var branches: [Branch] = []
        var expressions: [Expression] = []
        var operands: [Operand] = []
        var keys: [TemplateKey] = []
        var literals: [TemplateValue] = []
        var filterCalls: [TemplateNode.FilterCall] = []
        var includes: [Include] = []

        /// Compiles a body; nested bodies come first, so that each body is one run.
        mutating func compile(_ nodes: [TemplateNode]) -> Range<Int> {
            var body: [Instruction] = []
            for node in nodes {
                switch node {
                case .text(let string):
                    guard !string.isEmpty else { continue }
                    let start = text.count
                    text += string.utf8
                    body.append(.text(start..<text.count))
                case .output(let operand):
                    body.append(.output(compile(operand)))
                case .loop(let loop):
                    keys.append(TemplateKey(loop.variable))
                    let compiled = Loop(
                        variable: keys.count - 1, sequence: compile(loop.sequence), body: compile(loop.body),
                        emptyBody: compile(loop.emptyBody))
                    loops.append(compiled)
                    body.append(.loop(loops.count - 1))
                case .conditional(let conditional):
                    let compiled = conditional.branches.map { branch in
                        Branch(condition: compile(branch.condition), body: compile(branch.body))
                    }
                    let elseBody = compile(conditional.elseBody)
                    branches += compiled
                    conditionals.append(Conditional(branches: branches.count - compiled.count..<branches.count, elseBody: elseBody))
                    body.append(.conditional(conditionals.count - 1))
                case .include(let name, let location):
                    includes.append(Include(name: name, location: location))
                    body.append(.include(includes.count - 1))
                }
            }
            let start = instructions.count
            instructions += body
            return start..<instructions.count
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
            var startsWithLoop = false
            switch operand.base {
            case .path(let components):
                let start = keys.count
                keys += components.map(TemplateKey.init)
                base = .path(start..<keys.count)
                startsWithLoop = keys[start] == .loop
            case .literal(let value):
                literals.append(value)
                base = .literal(literals.count - 1)
            }
            let start = filterCalls.count
            filterCalls += operand.filters
            operands.append(Operand(
                base: base, startsWithLoop: startsWithLoop, filters: start..<filterCalls.count, location: operand.location))
            return operands.count - 1
        }
    }
}
