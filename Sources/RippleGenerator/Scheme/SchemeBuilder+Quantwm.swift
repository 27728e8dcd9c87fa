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
extension SchemeBuilder {
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
        guard !sourceryRegions.isEmpty, let regions = sourceryRegions[file] else { return false }
        return SourceryRegions.region(containing: line, in: regions) != nil
    }

    // MARK: Files

    /// Finds the `// sourcery:inline:` regions of a file and reports what they declare, the
    /// `sourcery:begin:` blocks that hold Ripple items, and marker protocols that still refine
    /// Quantwm's.
    mutating func collectQuantwm(_ parsed: ParsedFile) {
        let path = parsed.file.path
        let markers = SourceryRegions(parsed.file, parser: parser)
        for location in markers.unterminated {
            report(.unterminatedSourceryRegion, at: location, in: path)
        }
        for block in markers.blocks where block.line.items.contains(where: { !isForeignSourceryItem($0) }) {
            report(.sourceryAnnotationBlock, at: block.location, in: path)
        }
        if !markers.inline.isEmpty {
            sourceryRegions[path] = markers.inline.map(\.lines)
            var generated = markers.inline.map { _ in [GeneratedDeclaration]() }
            collectGeneratedDeclarations(
                types: parsed.types, variables: parsed.variables, functions: parsed.functions,
                others: parsed.otherDeclarations, owner: nil, regions: markers.inline.map(\.lines), into: &generated)
            for (region, declarations) in zip(markers.inline, generated) where !declarations.isEmpty {
                let ordered = declarations.sorted { $0.location < $1.location }
                report(.generatedBySourcery(
                    names: ordered.map(\.name), accessors: ordered.filter(\.isAccessor).map(\.name),
                    firstLine: region.start.line, lastLine: region.end.line), at: region.start, in: path)
            }
        }
        checkMarkerProtocols(parsed.types, in: path)
    }

    /// A declaration inside an inline region.
    private struct GeneratedDeclaration {
        var name: String
        var location: SourceLocation
        /// The accessor of a tracked member of the enclosing class (`userID` for `_userID`).
        var isAccessor: Bool
    }

    /// Collects every declaration inside a region (a type once, not its members), by region.
    ///
    /// `regions` are the regions' lines, in source order. The recursion follows type nesting,
    /// which the parser stops at ``DeclarationParser/maximumNestingDepth``.
    private func collectGeneratedDeclarations(
        types: [TypeDeclaration], variables: [VariableDeclaration], functions: [FunctionDeclaration],
        others: [OtherDeclaration], owner: TypeDeclaration?, regions: [ClosedRange<Int>],
        into generated: inout [[GeneratedDeclaration]]
    ) {
        func add(_ name: String, at location: SourceLocation, isAccessor: Bool = false) -> Bool {
            guard let index = SourceryRegions.region(containing: location.line, in: regions) else { return false }
            generated[index].append(GeneratedDeclaration(name: name, location: location, isAccessor: isAccessor))
            return true
        }
        // The names of the owner's members, gathered for its first variable in a region.
        var memberNames: Set<String>?
        // Declarations are read in place: a copy of one would retain all its parts.
        for index in variables.indices {
            let location = variables[index].location
            guard SourceryRegions.region(containing: location.line, in: regions) != nil else { continue }
            if memberNames == nil {
                memberNames = owner.map { owner in Set(owner.members.indices.lazy.map { owner.members[$0].name }) } ?? []
            }
            let name = variables[index].name
            _ = add(name, at: location, isAccessor: memberNames?.contains("_" + name) == true)
        }
        for index in functions.indices {
            _ = add(functions[index].name, at: functions[index].location)
        }
        for index in others.indices {
            _ = add(others[index].name, at: others[index].location)
        }
        for index in types.indices where !add(types[index].name, at: types[index].location) {
            collectGeneratedDeclarations(
                types: types[index].nested, variables: types[index].members, functions: types[index].functions,
                others: types[index].otherDeclarations, owner: types[index], regions: regions, into: &generated)
        }
    }

    /// Reports `protocol QWNode_S: QWNode {}`: once the inline regions are gone, nothing
    /// implements Quantwm's requirements. The recursion follows type nesting (at most
    /// ``DeclarationParser/maximumNestingDepth``).
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

    /// One item as the scheme reads it: `contextual` is `discardable` (with a warning); `setProc`
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
