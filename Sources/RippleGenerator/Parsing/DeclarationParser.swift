/// The declaration-level parser behind ``SwiftParser``.
///
/// It walks the token array once. The member loop reads comments, attributes and modifiers
/// into a ``DeclarationPrefix`` that the next declaration takes; anything else makes the prefix
/// comments dangling. Bodies the generator does not need are skipped by balanced braces, their
/// comments collected as dangling.
///
/// Every loop consumes at least one token per iteration, and open-ended scans (types,
/// expressions, statements) look past comments before deciding to consume them, so a comment
/// after the end of a construct is left for the declaration below it. Recursion only follows
/// type nesting and is capped at ``maximumNestingDepth``.
struct DeclarationParser: ~Copyable {
    /// Types nested deeper than this are skipped with a warning at the `{` of the body that is
    /// not read, so no input exhausts the stack: the parser recurses once per level, and so
    /// do the later stages that walk the nested types.
    static let maximumNestingDepth = 64

    let file: SourceFile
    /// The file's bytes.
    let bytes: [UInt8]
    /// The file's tokens.
    let tokens: [Token]
    var index = 0
    /// The declarations parsed in the scope being read.
    var members = MemberList()
    var danglingComments: [Comment] = []
    var diagnostics = DiagnosticCollector()
    var nestingDepth = 0
    /// The line of the last location computed; locations are asked for mostly in order.
    var lineCursor = 0
    /// Set by ``scanType(stopsAtComma:stopsAtColon:stopsAtWhere:)`` when the type ended inside a
    /// `>=` token (`Set<Node>= []`): the byte offset where the type text stops. The `=` after it
    /// starts an initializer.
    var typeEndsBeforeEqualAt: Int?
    /// The `#if` blocks open around the current position.
    var conditions = ConditionalCompilationStack()

    init(file: SourceFile, tokens: [Token]) {
        self.file = file
        self.bytes = file.bytes
        self.tokens = tokens
    }

    /// Parses a lexed file.
    static func parse(_ lexed: LexedFile) -> ParsedFile {
        var parser = DeclarationParser(file: lexed.file, tokens: lexed.tokens)
        return parser.parseFile(lexerDiagnostics: lexed.diagnostics)
    }

    /// Parses the whole file.
    mutating func parseFile(lexerDiagnostics: [Diagnostic]) -> ParsedFile {
        let topLevel = parseScope { $0.parseMembers(parentName: nil, isTypeBody: false) }
        // Both lists are already nearly in order; the stable sort makes the order exact.
        var allDiagnostics = lexerDiagnostics + diagnostics.diagnostics
        allDiagnostics.sort { $0.position < $1.position }
        danglingComments.sort { $0.range.lowerBound < $1.range.lowerBound }
        return ParsedFile(
            file: file, types: topLevel.types, variables: topLevel.variables,
            functions: topLevel.functions, otherDeclarations: topLevel.otherDeclarations,
            danglingComments: danglingComments, diagnostics: allDiagnostics)
    }

    /// The declarations that `parse` reads onto ``members``, in a list of their own: those of
    /// the enclosing scopes are set aside meanwhile (moved, not copied).
    mutating func parseScope(_ parse: (inout DeclarationParser) -> Void) -> MemberList {
        var scope = MemberList()
        swap(&members, &scope)
        parse(&self)
        swap(&members, &scope)
        return scope
    }

    // MARK: - The member loop

    /// Reads declarations onto ``members`` until the `}` closing a type body (left unconsumed)
    /// or the end.
    mutating func parseMembers(parentName: String?, isTypeBody: Bool) {
        let enclosingConditions = conditions.beginScope()
        defer {
            // Blocks balance within a scope, as Swift requires.
            for offset in conditions.endScope(enclosingConditions) {
                let scope = isTypeBody ? "the body of '\(parentName ?? "")'" : "the file"
                diagnostics.report(SyntaxMessage.unterminatedConditionalBlock(scope: scope), in: file, atOffset: offset)
            }
        }
        var prefix = DeclarationPrefix()
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .lineComment, .docLineComment, .blockComment, .docBlockComment:
                let comment = makeComment(token)
                // A comment after code on the same line trails that code; it is above nothing.
                if prefix.isEmpty && !token.startsLine {
                    danglingComments.append(comment)
                } else {
                    prefix.comments.append(comment)
                }
                index += 1
            case .rightBrace:
                if isTypeBody {
                    flush(&prefix)
                    return
                }
                report(.extraneousClosingBrace, at: token)
                flush(&prefix)
                index += 1
            case .semicolon:
                flush(&prefix)
                index += 1
            case .attribute:
                prefix.attributes.append(parseAttribute())
            case .poundKeyword:
                if isConditionalCompilationDirective(token) {
                    danglingComments += prefix.comments
                    prefix.comments = []
                    parseConditionalCompilationDirective()
                } else {
                    flush(&prefix)
                    skipMacroExpansion()
                }
            case .identifier, .keyword:
                if let modifierEnd = endOfModifier(at: index) {
                    prefix.modifiers.append(render(index..<modifierEnd, style: .expression))
                    advance(to: modifierEnd)
                } else if parseDeclaration(prefix: prefix, parentName: parentName) {
                    prefix = DeclarationPrefix()
                } else {
                    flush(&prefix)
                    skipStatement()
                }
            default:
                flush(&prefix)
                skipStatement()
            }
        }
        flush(&prefix)
    }

    /// Parses the declaration at `index` if its keyword introduces one.
    ///
    /// - Returns: `false`, consuming nothing, when the word there starts no declaration.
    private mutating func parseDeclaration(
        prefix: DeclarationPrefix, parentName: String?
    ) -> Bool {
        let token = tokens[index]
        guard let keyword = token.keyword else { return false }
        switch keyword {
        case .class, .struct, .enum, .protocol, .extension:
            let kind: TypeDeclaration.Kind = switch keyword {
            case .struct: .struct
            case .enum: .enum
            case .protocol: .protocol
            case .extension: .extension
            default: .class
            }
            if let type = parseTypeDeclaration(kind: kind, prefix: prefix, parentName: parentName) {
                members.types.append(type)
            }
        case .actor:
            // Contextual: `actor Name`, not `actor.run()` or `let actor = ...`.
            let next = significantIndex(from: index + 1)
            guard next < tokens.count, tokens[next].kind == .identifier, !tokens[next].startsLine else { return false }
            if let type = parseTypeDeclaration(kind: .actor, prefix: prefix, parentName: parentName) {
                members.types.append(type)
            }
        case .var, .let:
            parseVariables(prefix: prefix)
        case .func:
            if let function = parseFunction(kind: .function, prefix: prefix) {
                members.functions.append(function)
            }
        case .initializer, .deinitializer, .subscript:
            let kind: FunctionDeclaration.Kind = switch keyword {
            case .initializer: .initializer
            case .deinitializer: .deinitializer
            default: .subscript
            }
            if let function = parseFunction(kind: kind, prefix: prefix) {
                members.functions.append(function)
            }
        case .typealias, .associatedtype, .case, .import, .operator, .precedencegroup:
            parseOtherDeclaration(keyword: keyword, prefix: prefix)
        case .macro:
            // Contextual: `macro name(...)` or `macro name<T>(...)`.
            let name = significantIndex(from: index + 1)
            let after = significantIndex(from: name + 1)
            guard after < tokens.count, tokens[name].kind == .identifier,
                  tokens[after].kind == .leftParen || startsWithByte(tokens[after], UInt8(ascii: "<"))
            else { return false }
            parseOtherDeclaration(keyword: keyword, prefix: prefix)
        default:
            return false
        }
        return true
    }

    /// The end of the modifier at `start` (`static`, `private(set)`, `nonisolated(unsafe)`), or
    /// `nil` when the word there is not used as a modifier.
    ///
    /// Inlined into its one caller: called, it would get a copy of the whole parser as `self`.
    @inline(__always)
    private func endOfModifier(at start: Int) -> Int? {
        let token = tokens[start]
        guard let keyword = token.keyword, keyword.isModifier else { return nil }
        let end = start + 1
        let next = significantIndex(from: end)
        guard next < tokens.count else { return nil }
        if tokens[next].kind == .leftParen, next + 2 < tokens.count {
            let argument = tokens[next + 1]
            let isArgument = switch keyword {
            case .public, .private, .fileprivate, .internal, .package, .open: spelled(argument, "set")
            case .nonisolated, .unowned: spelled(argument, "unsafe") || spelled(argument, "safe")
            default: false
            }
            guard isArgument, tokens[next + 2].kind == .rightParen else { return nil }
            return next + 3
        }
        let following = tokens[next]
        if keyword == .class {
            // `class var`, `class func`, `class override func`; otherwise `class` declares a class.
            guard let word = following.keyword else { return nil }
            let isModifier = (word.isModifier && word != .class) || word == .var || word == .let
                || word == .func || word == .subscript || word == .typealias
            return isModifier ? end : nil
        }
        // `public`, `static`... cannot be anything else.
        if keyword.isReserved { return end }
        // A contextual word (`final`, `lazy`, `open`...) modifies only when a declaration follows.
        guard following.kind == .identifier || following.kind == .keyword, let word = following.keyword,
              word.isModifier || word.isDeclarationIntroducer
        else { return nil }
        return end
    }

    /// `@name`, `@Module.Name`, `@Name<T>`, with arguments written directly after it.
    private mutating func parseAttribute() -> String {
        let start = index
        index += 1
        while index + 1 < tokens.count && tokens[index].kind == .period && !tokens[index].followsWhitespace
            && tokens[index + 1].kind == .identifier && !tokens[index + 1].followsWhitespace {
            index += 2
        }
        if index < tokens.count && startsWithByte(tokens[index], UInt8(ascii: "<"))
            && tokens[index].kind == .operator && !tokens[index].followsWhitespace {
            skipAngleBrackets()
        }
        if index < tokens.count && tokens[index].kind == .leftParen && !tokens[index].startsLine
            && (!tokens[index].followsWhitespace || spelled(tokens[start], "@available")) {
            skipGroup()
        }
        return render(start..<index, style: .expression)
    }

    private func isConditionalCompilationDirective(_ token: Token) -> Bool {
        spelled(token, "#if") || spelled(token, "#elseif") || spelled(token, "#else") || spelled(token, "#endif")
    }

    /// `#if`/`#elseif` with the condition on its line, or `#else`/`#endif`.
    private mutating func parseConditionalCompilationDirective() {
        let directive = tokens[index]
        index += 1
        let conditionStart = index
        while index < tokens.count && !tokens[index].startsLine && !tokens[index].kind.isComment {
            index += 1
        }
        let condition = conditionStart < index ? render(conditionStart..<index, style: .expression) : "false"
        let matched: Bool
        if spelled(directive, "#if") {
            conditions.open(condition, at: directive.range.lowerBound)
            matched = true
        } else if spelled(directive, "#elseif") {
            matched = conditions.switchClause(to: condition)
        } else if spelled(directive, "#else") {
            matched = conditions.switchClause(to: nil)
        } else {
            matched = conditions.close()
        }
        if !matched {
            report(.unmatchedDirective(text(directive.range)), at: directive)
        }
    }

    /// `#warning("...")`, `#sourceLocation(...)`, `#Preview("x") { ... }` and other expansions.
    private mutating func skipMacroExpansion() {
        index += 1
        guard index < tokens.count else { return }
        if tokens[index].kind == .operator && startsWithByte(tokens[index], UInt8(ascii: "<"))
            && !tokens[index].followsWhitespace {
            skipAngleBrackets()
        }
        if index < tokens.count && tokens[index].kind == .leftParen && !tokens[index].startsLine {
            skipGroup()
        }
        while true {
            let next = significantIndex(from: index)
            guard next < tokens.count, !tokens[next].startsLine else { return }
            if tokens[next].kind == .leftBrace {
                advance(to: next)
                _ = skipBraceBody(reporting: .unbalancedDelimiter(open: "{", close: "}"))
            } else if tokens[next].kind == .identifier, next + 2 < tokens.count,
                      tokens[next + 1].kind == .colon, tokens[next + 2].kind == .leftBrace {
                advance(to: next + 2)  // A labeled trailing closure.
                _ = skipBraceBody(reporting: .unbalancedDelimiter(open: "{", close: "}"))
            } else {
                return
            }
        }
    }
}
