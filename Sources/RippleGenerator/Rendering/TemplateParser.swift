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
/// negation    = "not"* term
/// term        = "(" expression ")" | operand (("==" | "!=") operand)?
/// operand     = (path | string | integer | "true" | "false") ("|" name ("(" literals ")")?)*
/// path        = name ("." name)*
/// ```
///
/// Blocks nest at most ``maximumNesting`` deep, and parentheses ``maximumNesting`` deep in one
/// condition: parsing recurses once per level (and so does freeing the nodes), so a template
/// generated with thousands of levels gets an error where the limit is reached instead of
/// overflowing the stack. Chains (`a and b and …`, `not not …`) are read in loops, any length.
struct TemplateParser {
    /// The keywords that can start a block tag, for "did you mean" hints.
    static let tagNames = ["for", "if", "elif", "else", "endfor", "endif", "include"]
    /// How deep blocks may nest in a template, and parentheses in a condition.
    static let maximumNesting = 256

    private let source: TemplateSource
    private let tokens: [TemplateScanner.Token]
    private var position = 0
    /// The number of blocks open.
    private var depth = 0

    /// Parses `source` into nodes.
    ///
    /// - Throws: `TemplateError` for the first syntax error.
    static func nodes(of source: TemplateSource) throws(TemplateError) -> [TemplateNode] {
        var parser = TemplateParser(source: source, tokens: try TemplateScanner.tokens(of: source))
        return try parser.parseNodes(inside: nil).nodes
    }

    private init(source: TemplateSource, tokens: [TemplateScanner.Token]) {
        self.source = source
        self.tokens = tokens
    }

    // MARK: Blocks

    /// A `for` or `if` block whose end tag has not been reached yet.
    private struct OpenBlock {
        var tag: String
        var location: TemplateLocation
        var hasElse = false

        func accepts(_ keyword: String) -> Bool {
            switch keyword {
            case "end" + tag: true
            case "else": !hasElse
            case "elif": tag == "if" && !hasElse
            default: false
            }
        }
    }

    /// The tag that ended a run of nodes: `else`, `elif` or an end tag.
    private struct BoundaryTag {
        var keyword: String
        /// Positioned after the keyword.
        var cursor: TagCursor
    }

    /// Parses nodes up to the tag that continues or ends `block` (or to the end of the template
    /// when `block` is `nil`), and returns them with that tag.
    private mutating func parseNodes(
        inside block: OpenBlock?
    ) throws(TemplateError) -> (nodes: [TemplateNode], boundary: BoundaryTag?) {
        var nodes: [TemplateNode] = []
        while position < tokens.count {
            let tag: TemplateScanner.Tag
            switch tokens[position] {
            case .text(let text):
                position += 1
                nodes.append(.text(Array(text.utf8)))
                continue
            case .tag(let nextTag):
                position += 1
                tag = nextTag
            }
            var cursor = TagCursor(source: source, tokens: try TemplateTagLexer.tokens(of: tag, in: source))
            if tag.kind == .output {
                let operand = try cursor.parseOperand()
                try cursor.expectEnd(orOneOf: "'|'")
                nodes.append(.output(operand))
                continue
            }
            let keywordToken = cursor.peek
            guard case .identifier(let keyword) = keywordToken.kind else {
                throw cursor.error(expected: "a tag name such as 'if', 'for' or 'include'", at: keywordToken)
            }
            cursor.advance()
            if keyword == "for" || keyword == "if", depth == Self.maximumNesting {
                throw source.error(.blocksTooDeep(limit: Self.maximumNesting), at: tag.start)
            }
            switch keyword {
            case "for":
                nodes.append(.loop(try parseLoop(&cursor, location: source.location(of: tag.start))))
            case "if":
                nodes.append(.conditional(try parseConditional(&cursor, location: source.location(of: tag.start))))
            case "include":
                nodes.append(try parseInclude(&cursor))
            case "else", "elif", "endfor", "endif":
                if let block, block.accepts(keyword) {
                    return (nodes, BoundaryTag(keyword: keyword, cursor: cursor))
                }
                throw misplaced(keyword, inside: block, at: tag.start)
            default:
                let suggestion = nearestSpelling(of: keyword, in: Self.tagNames)
                throw source.error(.unknownTag(keyword, suggestion: suggestion), at: keywordToken.offset)
            }
        }
        if let block {
            throw source.error(.unclosedBlock(tag: block.tag, openedAt: block.location), at: source.bytes.count)
        }
        return (nodes, nil)
    }

    private func misplaced(_ keyword: String, inside block: OpenBlock?, at offset: Int) -> TemplateError {
        guard let block else {
            return source.error(.unmatchedTag(keyword), at: offset)
        }
        if keyword == "else" || (keyword == "elif" && block.tag == "if") {
            return source.error(.tagAfterElse(keyword, openTag: block.tag, openedAt: block.location), at: offset)
        }
        return source.error(.tagInWrongBlock(keyword, openTag: block.tag, openedAt: block.location), at: offset)
    }

    private mutating func parseLoop(
        _ cursor: inout TagCursor, location: TemplateLocation
    ) throws(TemplateError) -> TemplateNode.Loop {
        let variableToken = cursor.peek
        guard case .identifier(let variable) = variableToken.kind else {
            throw cursor.error(expected: "a loop variable name after 'for'", at: variableToken)
        }
        if variable == "loop" {
            throw source.error(.reservedName(variable), at: variableToken.offset)
        }
        cursor.advance()
        try cursor.expectKeyword("in", after: "'for \(variable)'")
        let sequence = try cursor.parseOperand(expecting: "an array to loop over")
        try cursor.expectEnd(orOneOf: "'|'")

        depth += 1
        defer { depth -= 1 }
        var block = OpenBlock(tag: "for", location: location)
        var (body, boundary) = try parseNodes(inside: block)
        var emptyBody: [TemplateNode] = []
        if var elseTag = boundary, elseTag.keyword == "else" {
            try elseTag.cursor.expectEnd()
            block.hasElse = true
            (emptyBody, boundary) = try parseNodes(inside: block)
        }
        try Self.finish(boundary)
        return TemplateNode.Loop(location: location, variable: variable, sequence: sequence, body: body, emptyBody: emptyBody)
    }

    private mutating func parseConditional(
        _ cursor: inout TagCursor, location: TemplateLocation
    ) throws(TemplateError) -> TemplateNode.Conditional {
        var condition = try cursor.parseExpression()
        try cursor.expectEnd(orOneOf: "'and', 'or', '==', '!='")
        depth += 1
        defer { depth -= 1 }
        var block = OpenBlock(tag: "if", location: location)
        var branches: [TemplateNode.Conditional.Branch] = []
        while true {
            let (body, boundary) = try parseNodes(inside: block)
            branches.append(.init(condition: condition, body: body))
            guard var boundary else { preconditionFailure("parseNodes(inside:) returns a boundary inside a block") }
            switch boundary.keyword {
            case "elif":
                condition = try boundary.cursor.parseExpression()
                try boundary.cursor.expectEnd(orOneOf: "'and', 'or', '==', '!='")
            case "else":
                try boundary.cursor.expectEnd()
                block.hasElse = true
                let (elseBody, end) = try parseNodes(inside: block)
                try Self.finish(end)
                return TemplateNode.Conditional(branches: branches, elseBody: elseBody)
            default:
                try Self.finish(boundary)
                return TemplateNode.Conditional(branches: branches, elseBody: [])
            }
        }
    }

    /// Checks that an end tag has nothing after its keyword.
    private static func finish(_ end: BoundaryTag?) throws(TemplateError) {
        guard var end else { preconditionFailure("parseNodes(inside:) returns a boundary inside a block") }
        try end.cursor.expectEnd()
    }

    private func parseInclude(_ cursor: inout TagCursor) throws(TemplateError) -> TemplateNode {
        let nameToken = cursor.peek
        guard case .string(let name) = nameToken.kind else {
            throw cursor.error(expected: "a template name in quotes after 'include'", at: nameToken)
        }
        cursor.advance()
        try cursor.expectEnd()
        return .include(TemplateNode.Include(name: name, location: source.location(of: nameToken.offset)))
    }
}

// MARK: - Tag contents

/// Reads the tokens of one tag: expressions, operands and the tag's end.
private struct TagCursor {
    typealias Token = TemplateTagLexer.Token

    let source: TemplateSource
    let tokens: [Token]
    private var index = 0
    /// The number of parentheses open.
    private var depth = 0

    init(source: TemplateSource, tokens: [Token]) {
        self.source = source
        self.tokens = tokens
    }

    /// The current token; the last token is always `.end`.
    var peek: Token { tokens[index] }

    mutating func advance() {
        if index < tokens.count - 1 {
            index += 1
        }
    }

    func error(expected: String, at token: Token) -> TemplateError {
        source.error(.expected(expected, found: token.quoted), at: token.offset)
    }

    private func isKeyword(_ keyword: String) -> Bool {
        peek.kind == .identifier(keyword)
    }

    mutating func expectKeyword(_ keyword: String, after context: String) throws(TemplateError) {
        guard isKeyword(keyword) else {
            throw error(expected: "'\(keyword)' after \(context)", at: peek)
        }
        advance()
    }

    /// Checks that the tag ends here; `alternatives` lists what else could have followed.
    mutating func expectEnd(orOneOf alternatives: String? = nil) throws(TemplateError) {
        guard case .end = peek.kind else {
            let expected = alternatives.map { "\($0) or '\(closer)'" } ?? "'\(closer)'"
            throw error(expected: expected, at: peek)
        }
    }

    private var closer: String {
        guard case .end(let closer) = tokens[tokens.count - 1].kind else { return "%}" }
        return closer
    }

    // MARK: Expressions

    mutating func parseExpression() throws(TemplateError) -> TemplateNode.Expression {
        var terms = [try parseConjunction()]
        while isKeyword("or") {
            advance()
            terms.append(try parseConjunction())
        }
        return terms.count == 1 ? terms[0] : .any(terms)
    }

    private mutating func parseConjunction() throws(TemplateError) -> TemplateNode.Expression {
        var terms = [try parseNegation()]
        while isKeyword("and") {
            advance()
            terms.append(try parseNegation())
        }
        return terms.count == 1 ? terms[0] : .all(terms)
    }

    /// `not … not term`: conditions are true or false, so pairs of `not` cancel out.
    private mutating func parseNegation() throws(TemplateError) -> TemplateNode.Expression {
        var isNegated = false
        while isKeyword("not") {
            advance()
            isNegated.toggle()
        }
        let term = try parseTerm()
        return isNegated ? .not(term) : term
    }

    private mutating func parseTerm() throws(TemplateError) -> TemplateNode.Expression {
        if peek.kind == .leftParenthesis {
            guard depth < TemplateParser.maximumNesting else {
                throw source.error(.parenthesesTooDeep(limit: TemplateParser.maximumNesting), at: peek.offset)
            }
            advance()
            depth += 1
            let expression = try parseExpression()
            depth -= 1
            guard peek.kind == .rightParenthesis else {
                throw error(expected: "')'", at: peek)
            }
            advance()
            return expression
        }
        let left = try parseOperand(expecting: "a condition")
        let isEqual: Bool
        switch peek.kind {
        case .equal: isEqual = true
        case .notEqual: isEqual = false
        default: return .value(left)
        }
        advance()
        let right = try parseOperand()
        return .comparison(left, right, isEqual: isEqual)
    }

    /// Parses a path or literal and its filters.
    mutating func parseOperand(
        expecting expected: String = "a variable name or a literal"
    ) throws(TemplateError) -> TemplateNode.Operand {
        let start = peek
        var path: [TemplateKey] = []
        var literal: TemplateValue?
        switch start.kind {
        case .identifier("true"):
            literal = true
        case .identifier("false"):
            literal = false
        case .identifier(let name) where !["and", "or", "not", "in"].contains(name):
            var components = [TemplateKey(name)]
            while tokens[index + 1].kind == .dot {
                advance()
                advance()
                guard case .identifier(let component) = peek.kind else {
                    throw error(expected: "a key name after '.'", at: peek)
                }
                components.append(TemplateKey(component))
            }
            path = components
        case .string(let string):
            literal = .string(string)
        case .integer(let integer):
            literal = .int(integer)
        default:
            throw error(expected: expected, at: start)
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
        let location = source.location(of: nameToken.offset)
        return TemplateNode.FilterCall(filter: filter, arguments: arguments, location: location)
    }
}
