/// Reading Quantwm's models: the `sourcery` dialect (`--annotation-prefix sourcery`).
///
/// Quantwm annotated its models for Sourcery. Ripple reads those annotations as they are
/// written: `// sourcery: property`, `sharedProperty = "Library.userIDK"`, `dependency = "..."`,
/// `type = "T"`, and the `QWNode_S` / `QWRoot_S` conformance markers that made a class a node or
/// the root. What Ripple cannot use as it stands gets a diagnostic on its line saying what to
/// change: the code an old template generated between `// sourcery:inline:` and
/// `// sourcery:end`, Quantwm's root property and read maps, `setProc`, and conformances to
/// Quantwm's own protocols. Items Ripple does not know and that are not near one of its spellings
/// belong to other Sourcery templates (`AutoEquatable`, `jsonKey = "id"`) and are left to them.
extension SchemaBuild {
    /// Quantwm's spellings that the sourcery dialect reads besides Ripple's items.
    static let quantwmItemSpellings = ["sharedProperty", "setProc", "contextual"]

    /// The item spellings of the dialect, for "did you mean".
    var knownItemSpellings: [String] {
        let ripple = AnnotationItem.Name.allCases.map(\.rawValue)
        return parser.dialect == .sourcery ? ripple + Self.quantwmItemSpellings : ripple
    }

    /// The annotation line of a `//` comment. In the sourcery dialect the items of other
    /// Sourcery templates are dropped, and a line left with nothing to say is no annotation.
    func annotationLine(_ comment: Comment) -> AnnotationParser.Line? {
        guard var line = parser.parse(comment: comment.text, at: comment.location) else { return nil }
        guard parser.dialect == .sourcery else { return line }
        line.items.removeAll(where: isForeignSourceryItem)
        return line.items.isEmpty && line.problems.isEmpty ? nil : line
    }

    /// An item that belongs to another Sourcery template: unknown, and not near a known spelling
    /// (`readonly` is a typo of `readOnly`; `skipEquality` is another template's).
    private func isForeignSourceryItem(_ item: AnnotationItem) -> Bool {
        item.name == nil && !Self.quantwmItemSpellings.contains(item.spelling)
            && nearestSpelling(of: item.spelling, in: knownItemSpellings) == nil
    }

    /// Whether `line` of `file` lies inside a `// sourcery:inline:` region.
    func isInSourceryRegion(line: Int, file: String) -> Bool {
        !sourceryRegions.isEmpty && sourceryRegions[file]?.contains { $0.contains(line) } == true
    }

    // MARK: Files

    /// Finds the `// sourcery:inline:` regions of a file and reports what they declare, the
    /// `sourcery:begin:` blocks that hold Ripple items, and marker protocols that still refine
    /// Quantwm's.
    mutating func collectQuantwm(_ parsed: ParsedFile) {
        let path = parsed.file.path
        var regions: [ClosedRange<Int>] = []
        var open: SourceLocation?
        for token in Lexer.tokenize(parsed.file).tokens where token.kind == .lineComment {
            let location = parsed.file.location(ofOffset: token.range.lowerBound)
            guard let marker = parser.sourceryMarker(comment: parsed.file.text(token.range), at: location) else { continue }
            switch marker {
            case .inline:
                if let open { report(.unterminatedSourceryRegion, at: open, in: path) }
                open = location
            case .end:
                if let start = open { regions.append(start.line...location.line) }
                open = nil
            case .begin(let line):
                if line.items.contains(where: { !isForeignSourceryItem($0) }) {
                    report(.sourceryAnnotationBlock, at: location, in: path)
                }
            case .file:
                continue
            }
        }
        if let open { report(.unterminatedSourceryRegion, at: open, in: path) }
        if !regions.isEmpty {
            sourceryRegions[path] = regions
            reportGeneratedDeclarations(
                types: parsed.types, variables: parsed.variables, functions: parsed.functions,
                others: parsed.otherDeclarations, owner: nil, regions: regions, in: path)
        }
        checkMarkerProtocols(parsed.types, in: path)
    }

    /// Reports every declaration inside a region (a type once, not its members).
    private mutating func reportGeneratedDeclarations(
        types: [TypeDeclaration], variables: [VariableDeclaration], functions: [FunctionDeclaration],
        others: [OtherDeclaration], owner: TypeDeclaration?, regions: [ClosedRange<Int>], in path: String
    ) {
        func region(of location: SourceLocation) -> ClosedRange<Int>? {
            regions.first { $0.contains(location.line) }
        }
        var generated: [(name: String, location: SourceLocation, region: ClosedRange<Int>, isAccessor: Bool)] = []
        for variable in variables {
            guard let region = region(of: variable.location) else { continue }
            let isAccessor = owner?.members.contains { $0.name == "_" + variable.name } ?? false
            generated.append((variable.name, variable.location, region, isAccessor))
        }
        for function in functions {
            guard let region = region(of: function.location) else { continue }
            generated.append((function.name, function.location, region, false))
        }
        for other in others {
            guard let region = region(of: other.location) else { continue }
            generated.append((other.name, other.location, region, false))
        }
        for type in types {
            if let region = region(of: type.location) {
                generated.append((type.name, type.location, region, false))
                continue
            }
            reportGeneratedDeclarations(
                types: type.nested, variables: type.members, functions: type.functions,
                others: type.otherDeclarations, owner: type, regions: regions, in: path)
        }
        for declaration in generated {
            report(.generatedBySourcery(
                name: declaration.name, firstLine: declaration.region.lowerBound,
                lastLine: declaration.region.upperBound, isAccessor: declaration.isAccessor),
                   at: declaration.location, in: path)
        }
    }

    /// Reports `protocol QWNode_S: QWNode {}`: once the inline regions are gone, nothing
    /// implements Quantwm's requirements.
    private mutating func checkMarkerProtocols(_ types: [TypeDeclaration], in path: String) {
        for type in types {
            if type.kind == .protocol, let refined = Self.quantwmMarkers[type.name],
               type.inheritance.map(Self.unqualified).contains(refined) {
                report(.quantwmMarkerRefinement(marker: type.name, refined: refined), at: type.location, in: path)
            }
            checkMarkerProtocols(type.nested, in: path)
        }
    }

    // MARK: Classes

    /// The marker protocols and the Quantwm protocol each stands for.
    private static let quantwmMarkers = ["QWRoot_S": "QWRoot", "QWNode_S": "QWNode"]

    /// `Quantwm.QWNode` is `QWNode`.
    private static func unqualified(_ typeName: String) -> String {
        typeName.hasPrefix("Quantwm.") ? String(typeName.dropFirst("Quantwm.".count)) : typeName
    }

    /// The annotation of a type with its conformance markers read as items: `QWRoot_S` is
    /// `root`, `QWNode_S` is `node` (unless the class is the root). Also reports conformances to
    /// Quantwm's own protocols and subclasses of `QWMediator`.
    mutating func quantwmAnnotation(of type: TypeDeclaration, _ annotation: Annotation?, in path: String) -> Annotation? {
        guard type.kind != .extension, type.kind != .protocol else { return annotation }
        let inherited = type.inheritance.map(Self.unqualified)
        if type.kind == .class {
            for (marker, conformance) in Self.quantwmMarkers.sorted(by: { $0.key < $1.key })
            where inherited.contains(conformance) {
                report(.quantwmConformance(className: type.name, conformance: conformance, marker: marker),
                       at: type.location, in: path)
            }
            if inherited.first == "QWMediator" {
                report(.quantwmMediatorSubclass(className: type.name), at: type.location, in: path)
            }
        }
        var result = annotation ?? Annotation(items: [], location: type.location)
        if inherited.contains("QWRoot_S"), !result.contains(.root) {
            result.items.append(AnnotationItem(spelling: "root", location: type.location))
        }
        if inherited.contains("QWNode_S"), !result.contains(.node), !result.contains(.root) {
            result.items.append(AnnotationItem(spelling: "node", location: type.location))
        }
        return annotation == nil && result.items.isEmpty ? nil : result
    }

    // MARK: Members

    /// A member's annotation with Quantwm's spellings checked against its class; `nil` when
    /// the member is to be left out after reporting why.
    mutating func quantwmAnnotation(
        of variable: VariableDeclaration, _ annotation: Annotation, in type: TypeDeclaration, path: String
    ) -> Annotation? {
        if annotation.contains(.root), variable.isStatic {
            report(.quantwmRootProperty(name: variable.name), at: variable.location, in: path)
            return nil
        }
        var result = annotation
        for index in result.items.indices {
            let item = result.items[index]
            if let owner = item.ownerType, owner.text != type.name, owner.text != type.qualifiedName {
                report(.sharedPropertyOfOtherClass(member: variable.name, ownerType: owner.text, className: type.name),
                       at: owner.location, in: path)
                return nil
            }
            guard item.name == .dependency, let value = item.value else { continue }
            let paths = value.paths.filter { path in
                path.components.count > 1 && (path.components[0] == type.name || path.components[0] == type.qualifiedName)
            }
            guard !paths.isEmpty else { continue }
            for map in paths {
                report(.quantwmDependencyMap(path: map.text, className: type.name), at: map.location, in: path)
            }
            let remaining = value.paths.filter { !paths.contains($0) }
            result.items[index].value = .list(remaining, location: value.location)
        }
        return result
    }

    /// One item as the schema reads it: `contextual` is `discardable` (with a warning); `setProc`
    /// is reported and dropped.
    mutating func quantwmItem(_ item: AnnotationItem, in path: String) -> AnnotationItem? {
        switch item.spelling {
        case "setProc":
            report(.quantwmSetProc, at: item.location, in: path)
            return nil
        case "contextual":
            report(.quantwmContextual, at: item.location, in: path)
            return AnnotationItem(spelling: item.spelling, name: .discardable, value: item.value, location: item.location)
        default:
            return item
        }
    }
}
