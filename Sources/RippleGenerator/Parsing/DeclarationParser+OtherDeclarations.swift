/// The parsers of the declarations the generator does not model further (``OtherDeclaration``):
/// each starts at its keyword with the prefix read in front of it.
extension DeclarationParser {
    /// `typealias`, `associatedtype`, `case`, `import`, `operator`, `precedencegroup`, `macro`.
    mutating func parseOtherDeclaration(keyword: SwiftKeyword, prefix: DeclarationPrefix) {
        let keywordToken = tokens[index]
        index += 1
        switch keyword {
        case .case:
            parseEnumCaseElements(keywordToken: keywordToken, prefix: prefix)
            return
        case .import:
            let start = significantIndex(from: index)
            var end = start
            path: while end < tokens.count && (end == start || !tokens[end].startsLine) {
                switch tokens[end].kind {
                case .identifier, .keyword, .period, .operator: end += 1
                default: break path
                }
            }
            guard end > start else {
                report(.missingName(after: "import"), at: keywordToken)
                return
            }
            advance(to: end)
            let path = render(start..<end, style: .expression)
            let declaration = otherDeclaration(.import, path, at: tokens[start], keyword: keywordToken, prefix: prefix)
            members.otherDeclarations.append(declaration)
            return
        case .operator:
            let next = significantIndex(from: index)
            guard next < tokens.count, tokens[next].kind == .operator || tokens[next].kind == .identifier else {
                report(.missingName(after: "operator"), at: keywordToken)
                return
            }
            advance(to: next + 1)
            if nextSignificantKind() == .colon {
                advance(to: significantIndex(from: index) + 1)
                scanType()  // The precedence group.
            }
            let name = text(tokens[next].range)
            let declaration = otherDeclaration(.operator, name, at: tokens[next], keyword: keywordToken, prefix: prefix)
            members.otherDeclarations.append(declaration)
            return
        default:
            break
        }

        let next = significantIndex(from: index)
        guard next < tokens.count, tokens[next].kind == .identifier else {
            report(.missingName(after: keyword.rawValue), at: keywordToken)
            return
        }
        advance(to: next + 1)
        let nameToken = tokens[next]
        let name = name(of: nameToken)
        let kind: OtherDeclaration.Kind
        switch keyword {
        case .typealias:
            kind = .typeAlias
            skipGenericParameters()
            if nextSignificantKind() == .equal {
                advance(to: significantIndex(from: index) + 1)
                scanType()
            }
        case .associatedtype:
            kind = .associatedType
            if nextSignificantKind() == .colon { _ = parseInheritanceList() }
            if nextSignificantKind() == .equal {
                advance(to: significantIndex(from: index) + 1)
                scanType()
            }
            if let whereKeyword = nextSignificantKeyword(), whereKeyword == .where {
                advance(to: significantIndex(from: index) + 1)
                scanType(stopsAtComma: false, stopsAtColon: false, stopsAtWhere: false)
            }
        case .precedencegroup:
            kind = .precedenceGroup
            if nextSignificantKind() == .leftBrace {
                advance(to: significantIndex(from: index))
                skipBraceBody(reporting: .unterminatedBody(declaration: "precedence group '\(name)'"))
            }
        default:
            kind = .macro
            skipGenericParameters()
            if nextSignificantKind() == .leftParen {
                advance(to: significantIndex(from: index))
                skipGroup()
            }
            if nextSignificantKind() == .arrow {
                advance(to: significantIndex(from: index) + 1)
                scanType()
            }
            if nextSignificantKind() == .equal {
                advance(to: significantIndex(from: index) + 1)
                scanExpression()
            }
            if let whereKeyword = nextSignificantKeyword(), whereKeyword == .where {
                advance(to: significantIndex(from: index) + 1)
                scanType(stopsAtComma: false, stopsAtColon: false, stopsAtWhere: false)
            }
        }
        let declaration = otherDeclaration(kind, name, at: nameToken, keyword: keywordToken, prefix: prefix)
        members.otherDeclarations.append(declaration)
    }

    /// `case a, b(Int), c = 3`: one declaration per element.
    private mutating func parseEnumCaseElements(keywordToken: Token, prefix: DeclarationPrefix) {
        let firstElement = members.otherDeclarations.count
        while true {
            let next = significantIndex(from: index)
            guard next < tokens.count, tokens[next].kind == .identifier else {
                if members.otherDeclarations.count == firstElement {
                    report(.missingName(after: "case"), at: keywordToken)
                }
                break
            }
            advance(to: next + 1)
            let name = name(of: tokens[next])
            let element = otherDeclaration(.enumCase, name, at: tokens[next], keyword: keywordToken, prefix: prefix)
            members.otherDeclarations.append(element)
            if nextSignificantKind() == .leftParen {
                advance(to: significantIndex(from: index))
                skipGroup()  // Associated values.
            }
            if nextSignificantKind() == .equal {
                advance(to: significantIndex(from: index) + 1)
                scanExpression()  // The raw value.
            }
            guard nextSignificantKind() == .comma else { break }
            advance(to: significantIndex(from: index) + 1)
        }
    }

    private mutating func otherDeclaration(
        _ kind: OtherDeclaration.Kind, _ name: String, at token: Token, keyword: Token, prefix: DeclarationPrefix
    ) -> OtherDeclaration {
        OtherDeclaration(
            kind: kind, head: head(name, at: location(of: token), keyword: location(of: keyword), prefix: prefix))
    }

    private mutating func skipGenericParameters() {
        let next = significantIndex(from: index)
        if next < tokens.count && tokens[next].kind == .operator && startsWithByte(tokens[next], UInt8(ascii: "<")) {
            advance(to: next)
            skipAngleBrackets()
        }
    }

    private func nextSignificantKeyword() -> SwiftKeyword? {
        let next = significantIndex(from: index)
        return next < tokens.count ? tokens[next].keyword : nil
    }
}
