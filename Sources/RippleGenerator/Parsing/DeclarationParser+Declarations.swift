/// The parsers for each kind of declaration; each starts at its keyword with the prefix read
/// in front of it, and consumes at least the keyword.
extension DeclarationParser {
    // MARK: - Types

    /// `class`, `struct`, `enum`, `actor`, `protocol` or `extension`, with its body.
    mutating func parseTypeDeclaration(
        kind: TypeDeclaration.Kind, prefix: DeclarationPrefix, parentName: String?
    ) -> TypeDeclaration? {
        let keywordToken = tokens[index]
        index += 1
        let name: String
        let nameLocation: SourceLocation
        if kind == .extension {
            guard let range = scanType() else {
                report(.missingName(after: kind.rawValue), at: keywordToken)
                return nil
            }
            name = render(range, style: .type)
            nameLocation = location(of: tokens[range.lowerBound])
        } else {
            let next = significantIndex(from: index)
            guard next < tokens.count, tokens[next].kind == .identifier else {
                report(.missingName(after: kind.rawValue), at: keywordToken)
                return nil
            }
            advance(to: next + 1)
            name = self.name(of: tokens[next])
            nameLocation = location(of: tokens[next])
        }
        var declaration = TypeDeclaration(
            kind: kind, name: name, qualifiedName: parentName.map { "\($0).\(name)" },
            location: nameLocation, keywordLocation: location(of: keywordToken),
            modifiers: prefix.modifiers, attributes: prefix.attributes, comments: prefix.comments,
            compilationConditions: conditions.activeConditions)

        if kind != .extension {
            let next = significantIndex(from: index)
            if next < tokens.count && tokens[next].kind == .operator
                && startsWithByte(tokens[next], UInt8(ascii: "<")) {
                advance(to: next)
                declaration.genericParameters = render(skipAngleBrackets(), style: .type)
            }
        }
        if nextSignificantKind() == .colon {
            declaration.inheritance = parseInheritanceList()
        }
        let whereKeyword = significantIndex(from: index)
        if whereKeyword < tokens.count && tokens[whereKeyword].kind == .keyword
            && tokens[whereKeyword].keyword == .where {
            advance(to: whereKeyword + 1)
            if let range = scanType(stopsAtComma: false, stopsAtColon: false, stopsAtWhere: false) {
                declaration.whereClause = render(range, style: .type)
            }
        }

        // Only a diagnostic needs it.
        func description() -> String { "\(kind.rawValue) '\(name)'" }
        let brace = significantIndex(from: index)
        guard brace < tokens.count && tokens[brace].kind == .leftBrace else {
            report(.missingBody(declaration: description()), at: keywordToken)
            return declaration
        }
        advance(to: brace)
        let open = tokens[brace]
        if nestingDepth >= Self.maximumNestingDepth {
            // The warning is all there is to say: what the body holds is not read, so neither
            // are its annotations, and none of them is reported as dangling.
            report(.nestingTooDeep(limit: Self.maximumNestingDepth), at: open)
            declaration.isBodySkipped = true
            if skipBraceBody(reporting: .unterminatedBody(declaration: description()), keepingComments: false) {
                declaration.bodyRange = open.range.lowerBound..<tokens[index - 1].range.upperBound
            }
            return declaration
        }
        index += 1
        nestingDepth += 1
        let body = parseScope { $0.parseMembers(parentName: declaration.qualifiedName, isTypeBody: true) }
        nestingDepth -= 1
        declaration.members = body.variables
        declaration.functions = body.functions
        declaration.nested = body.types
        declaration.otherDeclarations = body.otherDeclarations
        if index < tokens.count && tokens[index].kind == .rightBrace {
            declaration.bodyRange = open.range.lowerBound..<tokens[index].range.upperBound
            index += 1
        } else {
            report(.unterminatedBody(declaration: description()), at: open)
        }
        return declaration
    }

    /// `: A, B<C>, @unchecked Sendable` (the next token is the colon).
    mutating func parseInheritanceList() -> [String] {
        var inheritance: [String] = []
        advance(to: significantIndex(from: index) + 1)
        while true {
            if let range = scanType() {
                inheritance.append(render(range, style: .type))
            }
            guard nextSignificantKind() == .comma else { break }
            advance(to: significantIndex(from: index) + 1)
        }
        return inheritance
    }

    // MARK: - Variables

    /// `var`/`let` with one or more bindings: `var a = 1, b: Int = 2 { didSet { } }`.
    mutating func parseVariables(prefix: DeclarationPrefix) {
        let keywordToken = tokens[index]
        let isLet = keywordToken.keyword == .let
        let keywordLocation = location(of: keywordToken)
        index += 1
        let firstBinding = members.variables.count
        var bindingIndex = 0
        while true {
            let patternIndex = significantIndex(from: index)
            guard patternIndex < tokens.count else { break }
            let pattern = tokens[patternIndex]
            var name: String?
            switch pattern.kind {
            case .identifier:
                advance(to: patternIndex + 1)
                name = self.name(of: pattern)
            case .keyword where pattern.keyword == .wildcard:
                advance(to: patternIndex + 1)
            case .leftParen:
                advance(to: patternIndex)
                skipGroup()  // A tuple pattern: nothing the generator reads.
            default:
                report(.missingName(after: isLet ? "let" : "var"), at: pattern)
                return
            }

            var type: TypeSyntax?
            var typeLocation: SourceLocation?
            var typeEndsBeforeEqual = false
            if nextSignificantKind() == .colon {
                advance(to: significantIndex(from: index) + 1)
                typeEndsBeforeEqualAt = nil
                if let range = scanType() {
                    type = TypeReader.read(tokens, range, in: bytes, style: .type, endingAt: typeEndsBeforeEqualAt)
                    typeLocation = location(of: tokens[range.lowerBound])
                    typeEndsBeforeEqual = typeEndsBeforeEqualAt != nil
                }
                typeEndsBeforeEqualAt = nil
            }
            var initializer: String?
            var initializerType: TypeSyntax?
            if typeEndsBeforeEqual || nextSignificantKind() == .equal {
                if !typeEndsBeforeEqual { advance(to: significantIndex(from: index) + 1) }
                if let range = scanExpression() {
                    initializer = render(range, style: .expression)
                    initializerType = InitializerType.read(tokens, range, in: bytes)
                }
            }
            var accessors = (isComputed: false, hasObservers: false)
            let brace = significantIndex(from: index)
            if brace < tokens.count && tokens[brace].kind == .leftBrace
                && (initializer == nil || isAccessorBlock(at: brace)) {
                advance(to: brace)
                accessors = skipAccessorBlock(of: "property '\(name ?? "_")'")
            }
            if let name {
                let nameLocation = location(of: pattern)
                members.variables.append(VariableDeclaration(
                    isLet: isLet, name: name, location: nameLocation,
                    keywordLocation: keywordLocation, modifiers: prefix.modifiers,
                    attributes: prefix.attributes, type: type,
                    typeLocation: typeLocation, initializer: initializer, initializerType: initializerType,
                    isComputed: accessors.isComputed, hasObservers: accessors.hasObservers,
                    comments: prefix.comments, bindingIndex: bindingIndex,
                    compilationConditions: conditions.activeConditions))
            }
            guard nextSignificantKind() == .comma else { break }
            advance(to: significantIndex(from: index) + 1)
            bindingIndex += 1
        }
        // In `var a, b: Int` the type written last applies to the bindings before it.
        guard members.variables.count > firstBinding + 1 else { return }
        var laterType: (type: TypeSyntax, location: SourceLocation?)?
        for position in (firstBinding..<members.variables.count).reversed() {
            if let type = members.variables[position].type {
                laterType = (type, members.variables[position].typeLocation)
            } else if members.variables[position].initializer == nil && !members.variables[position].isComputed,
                      let laterType {
                members.variables[position].type = laterType.type
                members.variables[position].typeLocation = laterType.location
            } else {
                laterType = nil
            }
        }
    }

    // MARK: - Functions

    /// `func`, `init`, `deinit` or `subscript`, skipping its body.
    mutating func parseFunction(kind: FunctionDeclaration.Kind, prefix: DeclarationPrefix) -> FunctionDeclaration? {
        let keywordToken = tokens[index]
        let keywordLocation = location(of: keywordToken)
        index += 1
        let name: String
        let nameLocation: SourceLocation
        var isFailable = false
        if kind == .function {
            let next = significantIndex(from: index)
            guard next < tokens.count, tokens[next].kind == .identifier || tokens[next].kind == .operator else {
                report(.missingName(after: "func"), at: keywordToken)
                return nil
            }
            advance(to: next + 1)
            name = self.name(of: tokens[next])
            nameLocation = location(of: tokens[next])
        } else {
            name = text(keywordToken.range)
            nameLocation = keywordLocation
            if kind == .initializer && index < tokens.count && !tokens[index].followsWhitespace
                && (spelled(tokens[index], "?") || spelled(tokens[index], "!")) {
                index += 1
                isFailable = true
            }
        }

        let signatureStart = index
        var genericParameters: String?
        var parameters = (count: 0, defaulted: 0)
        var returnType: String?
        var isAsync = false
        var isThrowing = false
        var next = significantIndex(from: index)
        if kind != .deinitializer && next < tokens.count && tokens[next].kind == .operator
            && startsWithByte(tokens[next], UInt8(ascii: "<")) {
            advance(to: next)
            genericParameters = render(skipAngleBrackets(), style: .type)
            next = significantIndex(from: index)
        }
        if next < tokens.count && tokens[next].kind == .leftParen {
            advance(to: next)
            parameters = skipParameterGroup()
        }
        effects: while true {
            next = significantIndex(from: index)
            guard next < tokens.count else { break }
            let token = tokens[next]
            switch token.kind {
            case .arrow:
                advance(to: next + 1)
                if let range = scanType() { returnType = render(range, style: .type) }
            case .keyword where token.keyword == .where:
                advance(to: next + 1)
                scanType(stopsAtComma: false, stopsAtColon: false, stopsAtWhere: false)
            case .keyword where token.keyword == .throws:
                advance(to: next + 1)
                isThrowing = true
                if index < tokens.count && tokens[index].kind == .leftParen && !tokens[index].followsWhitespace {
                    skipGroup()  // Typed throws: `throws(ParseError)`.
                }
            case .keyword where token.keyword == .rethrows:
                advance(to: next + 1)
                isThrowing = true
            case .identifier where token.keyword == .async || token.keyword == .reasync:
                advance(to: next + 1)
                isAsync = true
            default:
                break effects
            }
        }
        let signature = render(signatureStart..<index, style: .type)

        func description() -> String {
            switch kind {
            case .function: "function '\(name)'"
            case .initializer: "initializer"
            case .deinitializer: "deinitializer"
            case .subscript: "subscript"
            }
        }
        let brace = significantIndex(from: index)
        let hasBody = brace < tokens.count && tokens[brace].kind == .leftBrace
        if hasBody {
            advance(to: brace)
            skipBraceBody(reporting: .unterminatedBody(declaration: description()))
        }
        return FunctionDeclaration(
            kind: kind, head: head(name, at: nameLocation, keyword: keywordLocation, prefix: prefix),
            genericParameters: genericParameters, parameterCount: parameters.count,
            defaultedParameterCount: parameters.defaulted, isFailable: isFailable,
            signature: signature, returnType: returnType, isAsync: isAsync, isThrowing: isThrowing,
            hasBody: hasBody)
    }
}
