import RippleGenerator

/// The edits `ripple-gen migrate` plans for one file, from the problems the scheme found in it.
///
/// Each edit fixes one problem the way its message says: the `sourcery:inline` regions and the
/// root property are deleted, hidden backing fields widened, trackers (and `import Ripple`)
/// added, read maps replaced by their paths, marker protocols made plain. What cannot be done
/// safely becomes a ``MigrationMessage`` on its line. Uses of the root property and of read
/// maps in other files are the ``Migrator``'s business: it sees every file.
struct FileEditPlan {
    let source: EditableSource
    let parser: AnnotationParser
    private(set) var edits: [MigrationEdit] = []
    private(set) var messages: [(message: MigrationMessage, offset: Int)] = []
    /// Names of the root properties deleted.
    private(set) var rootProperties: [String] = []
    /// Read maps whose every use in this file was replaced: deleted unless used elsewhere.
    private(set) var translatedMaps: [TranslatedMap] = []
    /// Where an `// sourcery:inline:` region has no end: nothing can be written.
    private(set) var unterminatedRegions: [SourceLocation] = []
    /// The modifiers removed so far, which a second problem on the same member must not remove again.
    private var widened: Set<Range<Int>> = []

    /// A read map whose dependencies were replaced.
    struct TranslatedMap {
        var name: String
        /// The lines of its declaration, deleted when nothing else uses it.
        var lines: ClosedRange<Int>?
        /// Where its name is declared.
        var nameOffset: Int
    }

    private var path: String { source.path }

    /// Plans the edits of `source` from what the scheme and Quantwm's dialect found in it:
    /// its inline `regions` and its problems.
    init(
        _ source: EditableSource, regions: [SourceryMarkers.Region], problems: [SchemeProblem],
        quantwmProblems: [QuantwmProblem], parser: AnnotationParser
    ) {
        self.source = source
        self.parser = parser
        // What each region declares, by where it starts, as the dialect reported it.
        var declared: [SourceLocation: [String]] = [:]
        for problem in quantwmProblems {
            guard case .generatedRegion(let names, _, _, _) = problem.message else { continue }
            declared[problem.location] = declared[problem.location] ?? names
        }
        for region in regions {
            add(.deletedInlineRegion(lines: region.lines, names: declared[region.start] ?? []), line: region.start.line,
                .deleteLines(region.lines))
        }
        // The dialect's problems were found while the files were read, the scheme's after.
        for problem in quantwmProblems {
            switch problem.message {
            case .rootProperty(let name):
                deleteRootProperty(name, at: problem.location)
            case .dependencyMap(let map, let className):
                translate(map, of: className, at: problem.location)
            case .markerRefinement(let marker, let refined):
                removeRefinement(of: marker, refined, at: problem.location)
            case .unterminatedRegion:
                unterminatedRegions.append(problem.location)
            default:
                continue
            }
        }
        var needsImport = false
        for problem in problems {
            switch problem.message {
            case .inaccessibleMember(let member, let modifier):
                widen(member, removing: modifier, at: problem.location)
            case .missingTracker(let className):
                needsImport = addTracker(to: className, at: problem.location) || needsImport
            default:
                continue
            }
        }
        if needsImport {
            addImport("Ripple")
        }
        reportSynthesizedCodable(in: source.parsed.types)
    }

    private mutating func add(_ change: MigrationEdit.Change, line: Int, _ operation: MigrationEdit.Operation) {
        edits.append(MigrationEdit(file: path, line: line, change: change, operation: operation))
    }

    private mutating func report(_ message: MigrationMessage, at offset: Int) {
        messages.append((message, offset))
    }

    // MARK: Declarations

    private mutating func deleteRootProperty(_ name: String, at location: SourceLocation) {
        guard let lines = source.declarationLines(named: location) else {
            report(.notOnItsOwnLines(name: name), at: source.offset(of: location))
            return
        }
        rootProperties.append(name)
        add(.deletedRootProperty(name: name), line: location.line, .deleteLines(lines))
    }

    /// Removes `private`, `fileprivate`, `private(set)` or `fileprivate(set)` in front of a member.
    private mutating func widen(_ member: String, removing modifier: String, at location: SourceLocation) {
        guard let name = source.tokenIndex(at: source.offset(of: location)),
              let keyword = source.previousCodeToken(before: name) else { return }
        let word = modifier.prefix { $0 != "(" }
        let start = source.declarationStart(keyword: keyword)
        guard let index = (start..<keyword).first(where: { source.text($0) == word }) else { return }
        var last = index
        if modifier.hasSuffix("(set)"), let open = source.nextCodeToken(after: index), let close = source.closingToken(of: open) {
            last = close
        }
        guard let next = source.nextCodeToken(after: last) else { return }
        let range = source.tokens[index].range.lowerBound..<source.tokens[next].range.lowerBound
        guard widened.insert(range).inserted else { return }
        add(.widenedAccess(member: member, modifier: modifier), line: location.line, .replace(range, with: ""))
    }

    /// Adds the tracker as the first line of the class's body; returns whether the file needs
    /// `import Ripple` for it.
    private mutating func addTracker(to className: String, at location: SourceLocation) -> Bool {
        guard let type = Self.type(in: source.parsed.types, where: { $0.location == location }),
              let body = type.bodyRange, let brace = source.tokenIndex(at: body.lowerBound)
        else { return false }
        let declaration = "let tracker = Tracker()"
        let braceLine = source.line(ofOffset: body.lowerBound)
        let braceIndentation = source.indentation(ofLine: braceLine)
        if brace + 1 < source.tokens.count, source.tokens[brace + 1].kind == .rightBrace, !source.tokens[brace + 1].startsLine {
            // An empty body: `{}` becomes a body of one line.
            let range = body.lowerBound + 1..<source.tokens[brace + 1].range.lowerBound
            let text = source.lineBreak + braceIndentation + "    " + declaration + source.lineBreak + braceIndentation
            add(.addedTracker(className: className), line: braceLine, .replace(range, with: text))
        } else if let next = source.nextCodeToken(after: brace), !source.tokens[next].startsLine {
            // A body on the brace's line: `{ var x = 0 }`.
            add(.addedTracker(className: className), line: braceLine, .replace(body.lowerBound + 1..<body.lowerBound + 1, with: " \(declaration);"))
        } else {
            let firstMember = (brace + 1..<source.tokens.count).first { source.tokens[$0].startsLine }
            let indentation = firstMember.flatMap { index in
                source.tokens[index].kind == .rightBrace ? nil : source.indentation(ofLine: source.line(ofOffset: source.tokens[index].range.lowerBound))
            } ?? braceIndentation + "    "
            let end = source.lineRange(braceLine).upperBound
            let text = (end == source.bytes.count && source.lastByte(ofLine: braceLine) != nil ? source.lineBreak : "")
                + indentation + declaration + source.lineBreak
            add(.addedTracker(className: className), line: braceLine, .replace(end..<end, with: text))
        }
        return !source.parsed.otherDeclarations.contains { $0.kind == .import && $0.name == "Ripple" }
    }

    private mutating func addImport(_ module: String) {
        let line = "import \(module)"
        let imports = source.parsed.otherDeclarations.filter { $0.kind == .import && $0.compilationConditions.isEmpty }
        if let last = imports.last {
            let end = source.lineRange(last.location.line).upperBound
            let breakFirst = end == source.bytes.count && source.bytes.last.map { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") } == true
            add(.addedImport(module: module), line: last.location.line + 1,
                .replace(end..<end, with: (breakFirst ? source.lineBreak : "") + line + source.lineBreak))
        } else {
            let first = source.tokens.firstIndex { !$0.kind.isComment }.map { source.line(ofOffset: source.tokens[$0].range.lowerBound) } ?? 1
            let start = source.lineStarts[first - 1]
            add(.addedImport(module: module), line: first, .replace(start..<start, with: line + source.lineBreak + source.lineBreak))
        }
    }

    // MARK: Read maps

    /// Replaces `dependency = "Library.someMap"` by the paths of the map, when the map is a sum
    /// of `QWModel.root` read terms declared in the root class.
    private mutating func translate(_ mapPath: String, of className: String, at location: SourceLocation) {
        let offset = source.offset(of: location)
        let mapName = String(mapPath.split(separator: ".").last ?? "")
        guard let type = Self.type(in: source.parsed.types, where: { $0.bodyRange?.contains(offset) == true }),
              source.file.text(offset..<offset + mapPath.utf8.count) == mapPath
        else { return }
        guard let map = type.members.first(where: { $0.name == mapName && $0.isStatic }), let initializer = map.initializer else {
            report(.unreadableReadMap(map: mapPath), at: offset)
            return
        }
        let mapOffset = source.offset(of: map.location)
        guard isRoot(type) else {
            report(.readMapOfNode(map: mapPath, className: className), at: mapOffset)
            return
        }
        let readMap: QuantwmReadMap
        do {
            readMap = try QuantwmReadMap(initializer: initializer)
        } catch {
            let reason = switch error {
            case .writeMap: "is a write map, and a dependency lists what a member reads"
            case .wholeModel: "reads the whole model, which no dependency path names"
            case .notAReadMapTerm: "is not a 'QWModel.root.<path>_Read' term"
            }
            report(.untranslatableTerm(map: mapPath, term: error.term, reason: reason), at: mapOffset)
            return
        }
        add(.translatedDependency(map: mapPath, paths: readMap.paths), line: location.line,
            .replace(offset..<offset + mapPath.utf8.count, with: readMap.paths.joined(separator: ", ")))
        if !translatedMaps.contains(where: { $0.nameOffset == mapOffset }) {
            translatedMaps.append(TranslatedMap(name: mapName, lines: source.declarationLines(named: map.location), nameOffset: mapOffset))
        }
    }

    /// Deletes a read map that nothing uses any more.
    mutating func deleteReadMap(_ map: TranslatedMap) {
        guard let lines = map.lines else {
            report(.notOnItsOwnLines(name: map.name), at: map.nameOffset)
            return
        }
        add(.deletedReadMap(name: map.name), line: source.line(ofOffset: map.nameOffset), .deleteLines(lines))
    }

    /// Whether a class is the root: `QWRoot_S` or a `// sourcery: root` line.
    private func isRoot(_ type: TypeDeclaration) -> Bool {
        type.inheritance.contains("QWRoot_S") || isAnnotated(type, .root)
    }

    /// Whether one of the `//` comments of a type holds `item`.
    private func isAnnotated(_ type: TypeDeclaration, _ item: AnnotationItem.Name) -> Bool {
        type.comments.contains { comment in
            comment.kind == .line && parser.parse(comment: comment.text, at: comment.location)?.items.contains { $0.name == item } == true
        }
    }

    /// Reports the root and node classes whose `Codable` conformance the compiler synthesizes
    /// from every stored property: the tracker, which every such class holds, is not Codable.
    /// The recursion follows type nesting (at most the parser's maximum nesting depth).
    private mutating func reportSynthesizedCodable(in types: [TypeDeclaration]) {
        let codable: Set<String> = ["Codable", "Encodable", "Decodable"]
        for type in types {
            let isTracked = type.inheritance.contains("QWRoot_S") || type.inheritance.contains("QWNode_S")
                || isAnnotated(type, .root) || isAnnotated(type, .node)
            if type.kind == .class, isTracked, type.inheritance.contains(where: codable.contains),
               !type.nested.contains(where: { $0.name == "CodingKeys" }) {
                report(.synthesizedCodable(className: type.name), at: source.offset(of: type.location))
            }
            reportSynthesizedCodable(in: type.nested)
        }
    }

    // MARK: Root registration

    /// Deletes `mediator.registerRoot(model: self, rootProperty: Library.libraryK)` statements
    /// that name one of `rootProperties`, and reports any other use of them.
    mutating func deleteRootUses(of rootProperties: Set<String>) {
        let deleted = deletedLines
        var registrations: [ClosedRange<Int>] = []
        for index in source.tokens.indices where source.tokens[index].kind == .identifier && source.text(index) == "registerRoot" {
            guard let open = source.nextCodeToken(after: index), source.tokens[open].kind == .leftParen,
                  let close = source.closingToken(of: open),
                  (open..<close).contains(where: { rootProperties.contains(source.text($0)) })
            else { continue }
            var start = index
            while let previous = source.previousCodeToken(before: start), !source.tokens[start].startsLine,
                  [.period, .identifier, .operator].contains(source.tokens[previous].kind) || source.text(previous) == "self" {
                start = previous
            }
            let end = source.statementEnd(from: start)
            guard source.tokens[start].startsLine, end.last == close, end.endsLine else { continue }
            let lines = source.line(ofOffset: source.tokens[start].range.lowerBound)...source.line(ofOffset: source.tokens[close].range.lowerBound)
            registrations.append(lines)
            let call = source.file.text(source.tokens[start].range.lowerBound..<source.tokens[index].range.upperBound)
            add(.deletedRootRegistration(call: call), line: lines.lowerBound, .deleteLines(lines))
        }
        for index in uses(of: rootProperties) {
            let line = source.line(ofOffset: source.tokens[index].range.lowerBound)
            if !deleted.contains(line), !registrations.contains(where: { $0.contains(line) }) {
                report(.rootPropertyStillUsed(name: source.text(index)), at: source.tokens[index].range.lowerBound)
            }
        }
    }

    /// Reports each use of a read map that is kept.
    mutating func reportUses(ofKeptMaps names: Set<String>, declaredAt declarations: Set<Int>) {
        for index in uses(of: names) where !declarations.contains(source.tokens[index].range.lowerBound) {
            report(.readMapStillUsed(map: source.text(index)), at: source.tokens[index].range.lowerBound)
        }
    }

    /// The tokens that name one of `names`, outside the lines this migration deletes.
    func uses(of names: Set<String>) -> [Int] {
        guard !names.isEmpty else { return [] }
        let deleted = deletedLines
        return source.tokens.indices.filter { index in
            source.tokens[index].kind == .identifier && names.contains(source.text(index))
                && !deleted.contains(source.line(ofOffset: source.tokens[index].range.lowerBound))
        }
    }

    /// The lines deleted so far.
    var deletedLines: Set<Int> {
        var lines: Set<Int> = []
        for edit in edits {
            if case .deleteLines(let range) = edit.operation { lines.formUnion(range) }
        }
        return lines
    }

    // MARK: Markers

    /// `protocol QWNode_S: QWNode {}` becomes `protocol QWNode_S {}`.
    private mutating func removeRefinement(of marker: String, _ refined: String, at location: SourceLocation) {
        guard let name = source.tokenIndex(at: source.offset(of: location)),
              let colon = source.nextCodeToken(after: name), source.tokens[colon].kind == .colon
        else { return }
        // The inherited types, as token ranges.
        var elements: [ClosedRange<Int>] = []
        var start: Int?
        var current = colon
        while let next = source.nextCodeToken(after: current) {
            current = next
            let token = source.tokens[next]
            if token.kind == .leftBrace || token.keyword == .where || token.kind == .comma {
                if let first = start { elements.append(first...(source.previousCodeToken(before: next) ?? first)) }
                start = nil
                if token.kind != .comma { break }
            } else if start == nil {
                start = next
            }
        }
        let source = self.source
        guard let position = elements.firstIndex(where: { element in
            [refined, "Quantwm." + refined].contains(element.map(source.text).joined())
        }) else { return }
        let element = elements[position]
        let range: Range<Int>
        if elements.count == 1 {
            range = source.tokens[name].range.upperBound..<source.tokens[element.upperBound].range.upperBound
        } else if position + 1 < elements.count {
            range = source.tokens[element.lowerBound].range.lowerBound..<source.tokens[elements[position + 1].lowerBound].range.lowerBound
        } else {
            range = source.tokens[elements[position - 1].upperBound].range.upperBound..<source.tokens[element.upperBound].range.upperBound
        }
        add(.removedRefinement(marker: marker, refined: refined), line: location.line, .replace(range, with: ""))
    }

    // MARK: Types

    /// The innermost type among `types` (searched recursively, as deep as types nest: at most
    /// the parser's maximum nesting depth) that satisfies `matches`.
    static func type(in types: [TypeDeclaration], where matches: (TypeDeclaration) -> Bool) -> TypeDeclaration? {
        for type in types {
            if let inner = Self.type(in: type.nested, where: matches) { return inner }
            if matches(type) { return type }
        }
        return nil
    }
}
