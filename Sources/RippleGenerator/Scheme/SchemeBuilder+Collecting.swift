extension SchemeBuilder {
    // MARK: Collecting

    /// Reads the annotations of one file: classes become candidates, misplaced annotations
    /// are reported.
    mutating func collect(_ parsed: ParsedFile) {
        let path = parsed.file.path
        dialect.read(parsed, diagnostics: &diagnostics)
        for comment in parsed.danglingComments {
            if comment.kind == .line, dialect.annotationLine(comment) != nil {
                report(.danglingAnnotation(prefix: prefix), at: comment.location, in: path)
            } else if comment.kind == .docLine, dialect.parser.looksLikeAnnotation(docComment: comment.text) {
                report(.docCommentAnnotation(prefix: prefix), at: comment.location, in: path)
            } else if comment.kind != .docLine {
                reportIfMisspelledAnnotation(comment, in: path)
            }
        }
        for index in parsed.variables.indices {
            rejectAnnotation(of: parsed.variables[index].comments, on: "global variable '\(parsed.variables[index].name)'", in: path)
        }
        rejectAnnotations(of: parsed.functions, parsed.otherDeclarations, in: path)
        declareTypeAliases(parsed.otherDeclarations, in: nil, access: .public)
        let candidateCount = candidates.count
        // Declarations are read where they are, by index: a copy of one would retain all its parts.
        for index in parsed.types.indices {
            collect(parsed.types[index], enclosingAccess: .public, isNested: false, in: path)
        }
        if candidates.count > candidateCount {
            collectImports(of: parsed)
        }
    }

    /// Remembers the imports of a file that declares tracked classes, so that the types its
    /// members use are known in the generated file too. Imports inside `#if` are left out: the
    /// generated file cannot know their condition.
    private mutating func collectImports(of parsed: ParsedFile) {
        for declaration in parsed.otherDeclarations where declaration.kind == .import && declaration.compilationConditions.isEmpty {
            let module = declaration.name.split(separator: " ").last.map(String.init) ?? declaration.name
            guard module != "Ripple" else { continue }
            let text = (declaration.attributes + declaration.modifiers + ["import", declaration.name]).joined(separator: " ")
            self.imports.insert(ImportLine(module: module, line: text))
        }
    }

    /// Collects a type and the types nested in it, which allow at most `enclosingAccess` to what
    /// they declare.
    ///
    /// The recursion follows type nesting, which the parser stops, with a warning, at
    /// ``DeclarationParser/maximumNestingDepth``.
    private mutating func collect(_ type: TypeDeclaration, enclosingAccess: AccessLevel, isNested: Bool, in path: String) {
        if type.kind == .extension, !isNested {
            extensionMembers[type.name, default: []].formUnion(type.members.map(\.name))
            let methods = ClassMethods(
                type.functions, in: path,
                enclosing: Isolation(attributes: type.attributes, modifiers: type.modifiers))
            if !methods.found.isEmpty || !methods.asyncMethods.isEmpty || !methods.misdeclared.isEmpty {
                extensionMethods[type.name] = methods.adding(extensionMethods[type.name])
            }
        }
        if documents {
            collectDocumentFacts(of: type, isNested: isNested, in: path)
        }
        switch type.kind {
        case .struct, .enum:
            valueTypeNames.insert(type.name)
            valueTypeNames.insert(type.qualifiedName)
        case .class:
            classNames.insert(type.name)
            classNames.insert(type.qualifiedName)
        case .actor, .protocol, .extension:
            break
        }
        if type.kind != .extension {
            declareType(type.qualifiedName, access: min(AccessLevel(modifiers: type.modifiers), enclosingAccess))
        }
        let annotation = dialect.annotation(
            readAnnotation(type.comments, in: path), ofType: type, in: path, diagnostics: &diagnostics)
        var isCandidate = false
        if let annotation, type.kind == .class {
            let (checked, isWhole) = check(annotation, onClass: true, in: path)
            let isRoot = checked.contains(.root)
            let isNode = checked.contains(.node)
            if !isRoot, !isNode, !isWhole {
                // Its annotation was reported: the class is not tracked, and nothing that
                // follows from that (its members, the nodes of its type, a missing root) is.
                unreadableTypes[type.qualifiedName] = mayBeRoot(annotation)
            }
            if isRoot || isNode {
                isCandidate = true
                if isRoot, isNode, let node = checked.item(.node) {
                    report(.redundantNode, at: node.location, in: path)
                }
                if !type.compilationConditions.isEmpty {
                    report(.conditionalClass(name: type.qualifiedName), at: type.location, in: path)
                }
                candidates.append(Candidate(
                    type, enclosingAccess: enclosingAccess, annotation: checked, role: isRoot ? .root : .node, file: path,
                    documents: documents))
                candidateNames.insert(type.qualifiedName)
                var scope = Substring(type.qualifiedName)
                while let dot = scope.utf8.lastIndex(of: UInt8(ascii: ".")) {
                    scope = scope[..<dot]
                    candidateScopes.insert(scope)
                }
            }
        } else if let annotation {
            // Only classes can be tracked: say so for `root` and `node`, and once for anything else.
            if let item = annotation.items.first(where: { $0.name == .root || $0.name == .node }) {
                report(.notAClass(item: item.name!, name: type.name, kind: Self.article(of: type.kind)),
                       at: item.location, in: path)
                unreadableTypes[type.qualifiedName] = item.name == .root
            } else {
                report(.unsupportedDeclaration("\(type.kind.rawValue) '\(type.name)'"), at: annotation.location, in: path)
            }
        }
        for memberIndex in type.members.indices {
            guard let written = readAnnotation(type.members[memberIndex].comments, in: path),
                  let memberAnnotation = dialect.annotation(
                      written, ofMemberAt: memberIndex, in: type, file: path, diagnostics: &diagnostics)
            else { continue }
            let (checked, isWhole) = check(memberAnnotation, onClass: false, in: path)
            if isCandidate {
                candidates[candidates.count - 1].members.append(
                    AnnotatedMember(index: memberIndex, annotation: checked, names: checked.names, isWhole: isWhole))
            } else if unreadableTypes[type.qualifiedName] != nil {
                continue
            } else if type.kind == .class {
                membersOfUnannotatedClasses.append(UnannotatedMember(
                    member: type.members[memberIndex].name, className: type.name, scope: type.qualifiedName,
                    superclass: type.inheritance.first, isGeneric: type.genericParameters != nil,
                    location: memberAnnotation.location, file: path))
            } else {
                report(.memberOutsideClass(
                    member: type.members[memberIndex].name, container: "\(type.kind.rawValue) '\(type.name)'"),
                       at: memberAnnotation.location, in: path)
            }
        }
        rejectAnnotations(of: type.functions, type.otherDeclarations, in: path)
        // An extension's default level does not restrict what it declares; only `private` does.
        let level = AccessLevel(modifiers: type.modifiers)
        let nestedAccess = type.kind != .extension || level < .internal ? min(enclosingAccess, level) : enclosingAccess
        declareTypeAliases(type.otherDeclarations, in: type.qualifiedName, access: nestedAccess)
        for index in type.nested.indices {
            collect(type.nested[index], enclosingAccess: nestedAccess, isNested: true, in: path)
        }
    }

    /// Remembers the typealiases among `declarations`, declared in the type `scope` (`nil` at the
    /// top level), which allows at most `access` to what it declares.
    private mutating func declareTypeAliases(_ declarations: [OtherDeclaration], in scope: String?, access: AccessLevel) {
        for index in declarations.indices where declarations[index].kind == .typeAlias {
            let name = declarations[index].name
            declareType(
                scope.map { "\($0).\(name)" } ?? name, access: min(AccessLevel(modifiers: declarations[index].modifiers), access))
        }
    }

    /// Reports the annotated members of classes that are not annotated: the class wants an
    /// annotation, said once at its first annotated member (one annotation fixes them all), or,
    /// when it cannot be tracked (it is generic, or a subclass of a tracked class), each member
    /// wants its annotation removed.
    mutating func reportMembersOfUnannotatedClasses() {
        let hasRoot = candidates.contains { $0.role == .root }
        for unannotated in membersOfUnannotatedClasses {
            let trackedSuperclass = unannotated.superclass.flatMap { resolveClass($0, inScope: unannotated.scope) }
            if unannotated.isGeneric || trackedSuperclass != nil {
                report(.memberOfUntrackableClass(
                    member: unannotated.member, className: unannotated.className, superclass: trackedSuperclass),
                       at: unannotated.location, in: unannotated.file)
                continue
            }
            // Reported once; then the class counts as one whose annotation was reported: node
            // members of its type, and a missing root (it may be the root), are not reported.
            guard unreadableTypes.updateValue(true, forKey: unannotated.scope) == nil else { continue }
            report(.memberOfUnannotatedClass(
                member: unannotated.member, className: unannotated.className, prefix: prefix, mayBeRoot: !hasRoot),
                   at: unannotated.location, in: unannotated.file)
        }
    }

    /// Reports annotations on functions and other declarations that cannot have one.
    private mutating func rejectAnnotations(of functions: [FunctionDeclaration], _ others: [OtherDeclaration], in path: String) {
        for index in functions.indices {
            rejectAnnotation(of: functions[index].comments, on: Self.describe(functions[index]), in: path)
        }
        for index in others.indices {
            rejectAnnotation(of: others[index].comments, on: Self.describe(others[index]), in: path)
        }
    }

    /// Reports an annotation on a declaration that cannot have one; `declaration` describes it
    /// and is built only then.
    private mutating func rejectAnnotation(of comments: [Comment], on declaration: @autoclosure () -> String, in path: String) {
        guard let annotation = readAnnotation(comments, in: path) else { return }
        report(.unsupportedDeclaration(declaration()), at: annotation.location, in: path)
    }

    /// The annotation lines among `comments`, stacked; `nil` when there is none. Syntax errors
    /// are reported here.
    private mutating func readAnnotation(_ comments: [Comment], in path: String) -> Annotation? {
        var annotation: Annotation?
        for index in comments.indices {
            switch comments[index].kind {
            case .line:
                guard let line = dialect.annotationLine(comments[index]) else {
                    reportIfMisspelledAnnotation(comments[index], in: path)
                    continue
                }
                for problem in line.problems {
                    diagnostics.report(problem.message, in: path, at: problem.location)
                }
                if annotation == nil {
                    annotation = Annotation(items: line.items, location: comments[index].location)
                } else {
                    annotation?.items += line.items
                }
                if !line.problems.isEmpty { annotation?.hasSyntaxErrors = true }
            case .docLine:
                if dialect.parser.looksLikeAnnotation(docComment: comments[index].text) {
                    report(.docCommentAnnotation(prefix: prefix), at: comments[index].location, in: path)
                }
            case .block, .docBlock:
                reportIfMisspelledAnnotation(comments[index], in: path)
            }
        }
        return annotation
    }

    /// Warns about a comment that is no annotation but was most likely meant as one:
    /// `// Ripple: node`, `/* ripple: node */`.
    private mutating func reportIfMisspelledAnnotation(_ comment: Comment, in path: String) {
        if dialect.parser.looksLikeMisspelledAnnotation(comment.text, items: dialect.itemSpellings) {
            report(.unreadAnnotation(prefix: prefix), at: comment.location, in: path)
        }
    }

    /// The items of `annotation` that exist, apply to this kind of declaration, are given once
    /// and have a value of the right form; every other item is reported and dropped. `isWhole`
    /// is `false` when an item other than a repeated one was dropped, or a line of the
    /// annotation had a syntax error: what the annotation says is then unknown.
    private mutating func check(_ annotation: Annotation, onClass: Bool, in path: String) -> (Annotation, isWhole: Bool) {
        var seen: UInt16 = 0
        var checked = annotation
        var isWhole = !annotation.hasSyntaxErrors
        // The invalid items are removed from a copy, which most annotations leave whole.
        for index in annotation.items.indices {
            let verdict = verdict(on: annotation.items[index], onClass: onClass, seen: &seen, in: path)
            guard verdict != .valid else { continue }
            if verdict == .invalid { isWhole = false }
            checked.items.remove(at: index - (annotation.items.count - checked.items.count))
        }
        return (checked, isWhole)
    }

    /// What ``verdict(on:onClass:seen:in:)`` finds of an item.
    private enum ItemVerdict {
        /// It exists, applies here, is the first of its name and has a value of the right form.
        case valid
        /// It repeats an item given before, which stands.
        case repeated
        /// It is unknown, misplaced, or its value is missing or of the wrong form.
        case invalid
    }

    /// Whether `item` exists, applies to this kind of declaration, is the first of its name
    /// (`seen` has a bit for each name met) and has a value of the right form; reports why not.
    private mutating func verdict(on item: AnnotationItem, onClass: Bool, seen: inout UInt16, in path: String) -> ItemVerdict {
        guard let name = item.name else {
            report(.unknownItem(item.spelling, suggestion: nearestSpelling(of: item.spelling, in: dialect.itemSpellings)),
                   at: item.location, in: path)
            return .invalid
        }
        guard seen & name.bit == 0 else {
            report(.duplicateItem(item.spelling), at: item.location, in: path)
            return .repeated
        }
        seen |= name.bit
        guard onClass ? name.appliesToClasses : name.appliesToMembers else {
            report(.itemOnWrongDeclaration(item: name, onClass: onClass), at: item.location, in: path)
            return .invalid
        }
        switch (name.valueForm, item.value) {
        case (.none, nil), (.pathList, .some):
            return .valid
        case (.none, .some(let value)):
            report(.unexpectedValue(item: name), at: value.location, in: path)
            return .invalid
        case (_, nil):
            report(.missingValue(item: name), at: item.location, in: path)
            return .invalid
        case (.name, .path(let path)) where path.components.count == 1:
            return .valid
        case (.typeName, .path):
            return .valid
        case (_, .some(let value)):
            report(.invalidValue(item: name), at: value.location, in: path)
            return .invalid
        }
    }

    /// Whether a class whose annotation was reported may have been meant as the root: unless
    /// an unknown item of it is nearest to `node` (`nod`), it may.
    private func mayBeRoot(_ annotation: Annotation) -> Bool {
        !annotation.items.contains { item in
            item.name == nil && nearestSpelling(of: item.spelling, in: dialect.itemSpellings) == AnnotationItem.Name.node.rawValue
        }
    }

    // MARK: Roots

    /// Reports a missing root (when there are nodes) and any second root.
    mutating func checkRoots() {
        let roots = candidates.filter { $0.role == .root }
        // A class whose annotation was reported may be the root the user meant.
        if roots.isEmpty, !unreadableTypes.values.contains(true), let first = candidates.first {
            report(.missingRoot(prefix: prefix), at: first.annotation.location, in: first.file)
        }
        guard let firstRoot = roots.first else { return }
        for extra in roots.dropFirst() {
            let item = extra.annotation.item(.root)!
            report(.secondRoot(name: extra.qualifiedName, firstRoot: firstRoot.qualifiedName),
                   at: item.location, in: extra.file)
            report(.firstRootHere(name: firstRoot.qualifiedName),
                   at: firstRoot.annotation.item(.root)!.location, in: firstRoot.file)
        }
    }

    // MARK: Describing declarations

    private static func describe(_ function: FunctionDeclaration) -> String {
        switch function.kind {
        case .function: "func '\(function.name)'"
        case .initializer: "an initializer"
        case .deinitializer: "a deinitializer"
        case .subscript: "a subscript"
        }
    }

    private static func describe(_ other: OtherDeclaration) -> String {
        switch other.kind {
        case .typeAlias: "typealias '\(other.name)'"
        case .associatedType: "associatedtype '\(other.name)'"
        case .enumCase: "case '\(other.name)'"
        case .import: "an import"
        case .operator: "operator '\(other.name)'"
        case .precedenceGroup: "precedencegroup '\(other.name)'"
        case .macro: "macro '\(other.name)'"
        }
    }

    private static func article(of kind: TypeDeclaration.Kind) -> String {
        switch kind {
        case .class: "a class"
        case .struct: "a struct"
        case .enum: "an enum"
        case .actor: "an actor"
        case .extension: "an extension"
        case .protocol: "a protocol"
        }
    }
}
