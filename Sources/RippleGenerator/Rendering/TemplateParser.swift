/// Parses a template's source into the nodes `Template` renders.
///
/// Grammar of the tag contents (keywords are `for in if elif else endif endfor include not
/// and or true false`):
///
/// ```
/// output      = "{{" operand "}}"
/// for         = "{%" "for" name "in" operand "%}"
/// if, elif    = "{%" ("if" | "elif") expression "%}"
/// include     = "{%" "include" string "%}"
/// expression  = conjunction ("or" conjunction)*
/// conjunction = negation ("and" negation)*
/// negation    = "not"* ("(" expression ")" | operand (("==" | "!=") operand)?)
/// operand     = (path | string | integer | "true" | "false") ("|" name ("(" literals ")")?)*
/// path        = name ("." name)*
/// ```
///
/// The parser keeps the blocks it is inside, and the parentheses of a condition, on stacks of
/// its own: it never recurses, however deep the template nests. Blocks nest at most
/// ``maximumNesting`` deep, and parentheses as deep in one condition, as freeing the nodes and
/// checking a condition recurse once per level; past that, the template gets an error where
/// the limit is reached. Chains (`a and b and …`, `not not …`) have no limit.
struct TemplateParser {
    /// The keywords that can start a block tag, for "did you mean" hints.
    static let tagNames = ["for", "if", "elif", "else", "endfor", "endif", "include"]
    /// How deep blocks may nest in a template, and parentheses in a condition.
    static let maximumNesting = 256

    /// A `for` or `if` whose end tag has not been reached yet.
    private struct OpenBlock {
        let tag: String
        let location: TemplateLocation
        /// The nodes before the block, which its node joins when it ends.
        var outerNodes: [TemplateNode]
        /// The variable and sequence of a `for`.
        var loop: (variable: String, sequence: TemplateNode.Operand)?
        /// The conditions of an `if` and its `elif`s so far.
        var conditions: [TemplateNode.Expression] = []
        /// The bodies read so far: of each condition, or of the `for`.
        var bodies: [[TemplateNode]] = []
        var hasElse = false

        func accepts(_ keyword: String) -> Bool {
            keyword == "end" + tag || (keyword == "else" || (keyword == "elif" && tag == "if")) && !hasElse
        }

        /// The block's node, whose last body (or else body) is `nodes`.
        func node(lastBody nodes: [TemplateNode]) -> TemplateNode {
            let bodies = hasElse ? bodies : bodies + [nodes]
            let elseBody = hasElse ? nodes : []
            guard let loop else {
                return .conditional(TemplateNode.Conditional(conditions: conditions, bodies: bodies + [elseBody]))
            }
            return .loop(TemplateNode.Loop(
                location: location, variable: loop.variable, sequence: loop.sequence, body: bodies[0],
                emptyBody: elseBody))
        }
    }

    /// Parses `source` into nodes.
    ///
    /// - Throws: `TemplateError` for the first syntax error.
    static func nodes(of source: TemplateSource) throws(TemplateError) -> [TemplateNode] {
        var nodes: [TemplateNode] = []
        var blocks: [OpenBlock] = []
        for token in try TemplateScanner.tokens(of: source) {
            guard case .tag(let tag) = token else {
                if case .text(let text) = token { nodes.append(.text(text)) }
                continue
            }
            var cursor = try TagCursor(tag, in: source)
            if tag.kind == .output {
                nodes.append(.output(try cursor.parseOperand()))
                try cursor.expectEnd(orOneOf: "'|'")
                continue
            }
            guard case .identifier(let keyword) = cursor.peek.kind else {
                throw cursor.error(expected: "a tag name such as 'if', 'for' or 'include'", at: cursor.peek)
            }
            let keywordOffset = cursor.peek.offset
            cursor.advance()
            switch keyword {
            case "for", "if":
                guard blocks.count < maximumNesting else {
                    throw source.error(.blocksTooDeep(limit: maximumNesting), at: tag.start)
                }
                var block = OpenBlock(tag: keyword, location: source.location(of: tag.start), outerNodes: nodes)
                if keyword == "for" {
                    block.loop = try cursor.parseLoopHeader()
                } else {
                    block.conditions = [try cursor.parseCondition()]
                }
                blocks.append(block)
                nodes = []
            case "include":
                nodes.append(try cursor.parseInclude())
            case "else", "elif", "endfor", "endif":
                guard let innermost = blocks.last, innermost.accepts(keyword) else {
                    throw misplaced(keyword, inside: blocks.last, at: tag.start, in: source)
                }
                var block = blocks.removeLast()
                if keyword.hasPrefix("end") {
                    try cursor.expectEnd()
                    let node = block.node(lastBody: nodes)
                    // Taken from the block, so that appending copies nothing.
                    (nodes, block.outerNodes) = (block.outerNodes, [])
                    nodes.append(node)
                    continue
                }
                block.bodies.append(nodes)
                if keyword == "elif" {
                    block.conditions.append(try cursor.parseCondition())
                } else {
                    try cursor.expectEnd()
                    block.hasElse = true
                }
                blocks.append(block)
                nodes = []
            default:
                throw source.error(.unknownTag(keyword, suggestion: nearestSpelling(of: keyword, in: tagNames)), at: keywordOffset)
            }
        }
        if let block = blocks.last {
            throw source.error(.unclosedBlock(tag: block.tag, openedAt: block.location), at: source.bytes.count)
        }
        return nodes
    }

    private static func misplaced(
        _ keyword: String, inside block: OpenBlock?, at offset: Int, in source: TemplateSource
    ) -> TemplateError {
        guard let block else {
            return source.error(.unmatchedTag(keyword), at: offset)
        }
        if keyword == "else" || (keyword == "elif" && block.tag == "if") {
            return source.error(.tagAfterElse(keyword, openTag: block.tag, openedAt: block.location), at: offset)
        }
        return source.error(.tagInWrongBlock(keyword, openTag: block.tag, openedAt: block.location), at: offset)
    }
}

// MARK: - Tag contents

/// Reads the tokens of one tag: expressions, operands and the tag's end.
private struct TagCursor {
    typealias Token = TemplateTagLexer.Token
    typealias Expression = TemplateNode.Expression

    let source: TemplateSource
    let tokens: [Token]
    private var index = 0

    init(_ tag: TemplateScanner.Tag, in source: TemplateSource) throws(TemplateError) {
        self.source = source
        tokens = try TemplateTagLexer.tokens(of: tag, in: source)
    }

    /// The current token; the last token is always `.end`.
    var peek: Token { tokens[index] }

    mutating func advance() {
        index = min(index + 1, tokens.count - 1)
    }

    func error(expected: String, at token: Token) -> TemplateError {
        source.error(.expected(expected, found: token.quoted), at: token.offset)
    }

    private func isKeyword(_ keyword: String) -> Bool {
        peek.kind == .identifier(keyword)
    }

    /// Checks that the tag ends here; `alternatives` lists what else could have followed.
    func expectEnd(orOneOf alternatives: String? = nil) throws(TemplateError) {
        guard case .end = peek.kind else {
            let closer = tokens[tokens.count - 1].quoted
            throw error(expected: alternatives.map { "\($0) or \(closer)" } ?? closer, at: peek)
        }
    }

    /// `variable in sequence`, to the end of the tag.
    mutating func parseLoopHeader() throws(TemplateError) -> (variable: String, sequence: TemplateNode.Operand) {
        guard case .identifier(let variable) = peek.kind else {
            throw error(expected: "a loop variable name after 'for'", at: peek)
        }
        if variable == "loop" {
            throw source.error(.reservedName(variable), at: peek.offset)
        }
        advance()
        guard isKeyword("in") else {
            throw error(expected: "'in' after 'for \(variable)'", at: peek)
        }
        advance()
        let sequence = try parseOperand(expecting: "an array to loop over")
        try expectEnd(orOneOf: "'|'")
        return (variable, sequence)
    }

    /// The condition of an `if` or `elif`, to the end of the tag.
    mutating func parseCondition() throws(TemplateError) -> Expression {
        let condition = try parseExpression()
        try expectEnd(orOneOf: "'and', 'or', '==', '!='")
        return condition
    }

    mutating func parseInclude() throws(TemplateError) -> TemplateNode {
        guard case .string(let name) = peek.kind else {
            throw error(expected: "a template name in quotes after 'include'", at: peek)
        }
        let location = source.location(of: peek.offset)
        advance()
        try expectEnd()
        return .include(TemplateNode.Include(name: name, location: location))
    }

    // MARK: Expressions

    /// An expression, read with a stack of the parentheses open rather than by recursion.
    private mutating func parseExpression() throws(TemplateError) -> Expression {
        /// A parenthesis (or the whole expression): its `or` terms so far, the `and` terms of
        /// the last one, and whether a `not` applies to it.
        struct Group {
            var disjuncts: [Expression] = []
            var conjuncts: [Expression] = []
            var isNegated = false
        }
        func combined(_ terms: [Expression], _ combine: ([Expression]) -> Expression) -> Expression {
            terms.count == 1 ? terms[0] : combine(terms)
        }
        var groups = [Group()]
        while true {
            // Conditions are true or false, so pairs of `not` cancel out.
            var isNegated = false
            while isKeyword("not") {
                advance()
                isNegated.toggle()
            }
            if peek.kind == .leftParenthesis {
                guard groups.count <= TemplateParser.maximumNesting else {
                    throw source.error(.parenthesesTooDeep(limit: TemplateParser.maximumNesting), at: peek.offset)
                }
                advance()
                groups.append(Group(isNegated: isNegated))
                continue
            }
            var expression = try parseComparison()
            expression = isNegated ? .not(expression) : expression
            // Add the term to its group, and end the groups it ends, up to an `and` or an `or`.
            while true {
                groups[groups.count - 1].conjuncts.append(expression)
                if isKeyword("and") { break }
                let conjunction = combined(groups[groups.count - 1].conjuncts, Expression.all)
                groups[groups.count - 1].conjuncts = []
                groups[groups.count - 1].disjuncts.append(conjunction)
                if isKeyword("or") { break }
                let group = groups.removeLast()
                expression = combined(group.disjuncts, Expression.any)
                if groups.isEmpty { return expression }
                guard peek.kind == .rightParenthesis else { throw error(expected: "')'", at: peek) }
                advance()
                expression = group.isNegated ? .not(expression) : expression
            }
            advance()
        }
    }

    /// An operand, or two compared with `==` or `!=`.
    private mutating func parseComparison() throws(TemplateError) -> Expression {
        let left = try parseOperand(expecting: "a condition")
        let isEqual: Bool
        switch peek.kind {
        case .equal: isEqual = true
        case .notEqual: isEqual = false
        default: return .value(left)
        }
        advance()
        return .comparison(left, try parseOperand(), isEqual: isEqual)
    }

    /// Parses a path or literal and its filters.
    mutating func parseOperand(
        expecting expected: String = "a variable name or a literal"
    ) throws(TemplateError) -> TemplateNode.Operand {
        let start = peek
        var path: [String] = []
        var literal: TemplateValue?
        switch start.kind {
        case .identifier("true"): literal = true
        case .identifier("false"): literal = false
        case .identifier(let name) where !["and", "or", "not", "in"].contains(name):
            path = [name]
            while tokens[index + 1].kind == .dot {
                advance()
                advance()
                guard case .identifier(let key) = peek.kind else {
                    throw error(expected: "a key name after '.'", at: peek)
                }
                path.append(key)
            }
        case .string(let string): literal = .string(string)
        case .integer(let integer): literal = .int(integer)
        default: throw error(expected: expected, at: start)
        }
        advance()
        var filters: [TemplateNode.FilterCall] = []
        while peek.kind == .pipe {
            advance()
            filters.append(try parseFilterCall())
        }
        let location = source.location(of: start.offset)
        return TemplateNode.Operand(path: path, literal: literal, filters: filters, location: location)
    }

    private mutating func parseFilterCall() throws(TemplateError) -> TemplateNode.FilterCall {
        let nameToken = peek
        guard case .identifier(let name) = nameToken.kind else {
            throw error(expected: "a filter name after '|'", at: nameToken)
        }
        guard let filter = TemplateFilter.all[name] else {
            let suggestion = nearestSpelling(of: name, in: TemplateFilter.names)
            throw source.error(.unknownFilter(name, suggestion: suggestion), at: nameToken.offset)
        }
        advance()
        var arguments: [TemplateValue] = []
        if peek.kind == .leftParenthesis {
            advance()
            while peek.kind != .rightParenthesis {
                switch peek.kind {
                case .string(let string): arguments.append(.string(string))
                case .integer(let integer): arguments.append(.int(integer))
                case .identifier("true"): arguments.append(true)
                case .identifier("false"): arguments.append(false)
                default: throw error(expected: "a literal argument such as \"text\" or 1", at: peek)
                }
                advance()
                if peek.kind == .comma {
                    advance()
                } else if peek.kind != .rightParenthesis {
                    throw error(expected: "',' or ')'", at: peek)
                }
            }
            advance()
        }
        guard arguments.count == filter.argumentCount else {
            let reason = TemplateError.Reason.filterArgumentCount(
                filter: name, expected: filter.argumentCount, found: arguments.count, usage: filter.usage)
            throw source.error(reason, at: nameToken.offset)
        }
        return TemplateNode.FilterCall(filter: filter, arguments: arguments, location: source.location(of: nameToken.offset))
    }
}
