/// Quantwm's models as they are written: the `sourcery` dialect (`--annotation-prefix sourcery`).
///
/// Quantwm annotated its models for Sourcery. This dialect reads those annotations as they are
/// written: `// sourcery: property`, `sharedProperty = "Library.userIDK"`, `dependency = "..."`,
/// `type = "T"`, and the `QWNode_S` / `QWRoot_S` conformance markers that made a class a node or
/// the root. What Ripple cannot use as it stands gets a diagnostic on its line saying what to
/// change: the code an old template generated between `// sourcery:inline:` and
/// `// sourcery:end`, Quantwm's root property and read maps, `setProc`, and conformances to
/// Quantwm's own protocols. Items Ripple does not know and that are not near one of its spellings
/// belong to other Sourcery templates (`AutoEquatable`, `jsonKey = "id"`) and are left to them.
///
/// ```swift
/// let generation = Generator.generate(sources, dialect: QuantwmDialect())
/// ```
///
/// A run reads a model in this dialect when its prefix is `sourcery` (``AnnotationLanguage/quantwm``).
///
/// After a build the dialect holds what it found (``problems``, ``regions``), which
/// `ripple-gen migrate` fixes.
package struct QuantwmDialect: AnnotationDialect {
    /// The annotation prefix of Quantwm's models.
    package static let prefix = "sourcery"

    /// Quantwm's spellings that the dialect reads besides Ripple's items.
    static let quantwmItemSpellings = ["sharedProperty", "setProc", "contextual"]

    /// Values may be quoted; other templates' items keep their values as text.
    package let parser = AnnotationParser(
        prefix: prefix, syntax: .init(quotedPaths: true, otherValuesAsText: true, pathItems: ["sharedProperty"]))

    package let itemSpellings = AnnotationItem.Name.allCases.map(\.rawValue) + quantwmItemSpellings

    /// A file that names one of Quantwm's types may make a class tracked through a marker, or
    /// hold something to report, without any annotation.
    package let fileMarkers = ["QWNode", "QWRoot", "QWMediator"]

    /// The problems found so far, in the order they were found.
    package private(set) var problems: [QuantwmProblem] = []
    /// The complete `// sourcery:inline:` regions of each file read that has any, by path.
    package private(set) var regions: [String: [SourceryMarkers.Region]] = [:]

    package init() {}

    private mutating func report(
        _ message: QuantwmMessage, at location: SourceLocation, in file: String, to diagnostics: inout DiagnosticCollector
    ) {
        problems.append(QuantwmProblem(message: message, file: file, location: location))
        diagnostics.report(message, in: file, at: location)
    }

    // MARK: Comments

    /// The annotation line of a `//` comment: not a Sourcery marker, and without the items of
    /// other Sourcery templates; a line left with nothing to say is no annotation.
    package func annotationLine(_ comment: Comment) -> AnnotationParser.Line? {
        guard SourceryMarkers.marker(comment, parser: parser) == nil,
              var line = parser.parse(comment: comment.text, at: comment.location)
        else { return nil }
        line.items.removeAll(where: isForeign)
        return line.items.isEmpty && line.problems.isEmpty ? nil : line
    }

    /// An item that belongs to another Sourcery template: unknown, and not near a known spelling
    /// (`readonly` is a typo of `readOnly`; `skipEquality` is another template's).
    private func isForeign(_ item: AnnotationItem) -> Bool {
        item.name == nil && !Self.quantwmItemSpellings.contains(item.spelling)
            && nearestSpelling(of: item.spelling, in: itemSpellings) == nil
    }

    package func isGenerated(line: Int, in file: String) -> Bool {
        guard !regions.isEmpty, let regions = regions[file] else { return false }
        return SourceryMarkers.region(containing: line, in: regions.map(\.lines)) != nil
    }

    // MARK: Files

    /// Finds the `// sourcery:inline:` regions of a file and reports what they declare, the
    /// `sourcery:begin:` blocks that hold Ripple items, and marker protocols that still refine
    /// Quantwm's.
    package mutating func read(_ parsed: ParsedFile, diagnostics: inout DiagnosticCollector) {
        let path = parsed.file.path
        let markers = SourceryMarkers(parsed, parser: parser)
        for location in markers.unterminated {
            report(.unterminatedRegion, at: location, in: path, to: &diagnostics)
        }
        for block in markers.blocks where block.line.items.contains(where: { !isForeign($0) }) {
            report(.annotationBlock, at: block.location, in: path, to: &diagnostics)
        }
        if !markers.inline.isEmpty {
            regions[path] = markers.inline
            let lines = markers.inline.map(\.lines)
            var generated = markers.inline.map { _ in [GeneratedDeclaration]() }
            collectGeneratedDeclarations(
                types: parsed.types, variables: parsed.variables, functions: parsed.functions,
                others: parsed.otherDeclarations, owner: nil, regions: lines, into: &generated)
            for (region, declarations) in zip(markers.inline, generated) where !declarations.isEmpty {
                let ordered = declarations.sorted { $0.location < $1.location }
                report(.generatedRegion(
                    names: ordered.map(\.name), accessors: ordered.filter(\.isAccessor).map(\.name),
                    firstLine: region.start.line, lastLine: region.end.line), at: region.start, in: path, to: &diagnostics)
            }
        }
        checkMarkerProtocols(parsed.types, in: path, diagnostics: &diagnostics)
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
    /// which the parser stops at its maximum nesting depth.
    private func collectGeneratedDeclarations(
        types: [TypeDeclaration], variables: [VariableDeclaration], functions: [FunctionDeclaration],
        others: [OtherDeclaration], owner: TypeDeclaration?, regions: [ClosedRange<Int>],
        into generated: inout [[GeneratedDeclaration]]
    ) {
        func add(_ name: String, at location: SourceLocation, isAccessor: Bool = false) -> Bool {
            guard let index = SourceryMarkers.region(containing: location.line, in: regions) else { return false }
            generated[index].append(GeneratedDeclaration(name: name, location: location, isAccessor: isAccessor))
            return true
        }
        // The names of the owner's members, gathered for its first variable in a region.
        var memberNames: Set<String>?
        for variable in variables where SourceryMarkers.region(containing: variable.location.line, in: regions) != nil {
            if memberNames == nil {
                memberNames = Set(owner?.members.map(\.name) ?? [])
            }
            _ = add(variable.name, at: variable.location, isAccessor: memberNames?.contains("_" + variable.name) == true)
        }
        for function in functions {
            _ = add(function.name, at: function.location)
        }
        for other in others {
            _ = add(other.name, at: other.location)
        }
        for type in types where !add(type.name, at: type.location) {
            collectGeneratedDeclarations(
                types: type.nested, variables: type.members, functions: type.functions, others: type.otherDeclarations,
                owner: type, regions: regions, into: &generated)
        }
    }

    /// Reports `protocol QWNode_S: QWNode {}`: once the inline regions are gone, nothing
    /// implements Quantwm's requirements. The recursion follows type nesting, which the parser
    /// stops at its maximum nesting depth.
    private mutating func checkMarkerProtocols(_ types: [TypeDeclaration], in path: String, diagnostics: inout DiagnosticCollector) {
        for type in types {
            if type.kind == .protocol, let refined = Self.quantwmMarkers[type.name],
               type.inheritance.map(Self.unqualified).contains(refined) {
                report(.markerRefinement(marker: type.name, refined: refined), at: type.location, in: path, to: &diagnostics)
            }
            checkMarkerProtocols(type.nested, in: path, diagnostics: &diagnostics)
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
    package mutating func annotation(
        _ annotation: Annotation?, ofType type: TypeDeclaration, in path: String, diagnostics: inout DiagnosticCollector
    ) -> Annotation? {
        guard type.kind != .extension, type.kind != .protocol else { return annotation }
        let inherited = type.inheritance.map(Self.unqualified)
        if type.kind == .class {
            for (marker, conformance) in Self.quantwmMarkers.sorted(by: { $0.key < $1.key })
            where inherited.contains(conformance) {
                report(.conformance(className: type.name, conformance: conformance, marker: marker),
                       at: type.location, in: path, to: &diagnostics)
            }
            if inherited.first == "QWMediator" {
                report(.mediatorSubclass(className: type.name), at: type.location, in: path, to: &diagnostics)
            }
        }
        var result = annotation ?? Annotation(items: [], location: type.location)
        if type.kind == .class {
            result.items = result.items.compactMap { rippleItem(Self.reading($0).item, in: path, diagnostics: &diagnostics) }
        }
        if inherited.contains("QWRoot_S"), !result.contains(.root) {
            result.items.append(AnnotationItem(spelling: "root", location: type.location))
        }
        if inherited.contains("QWNode_S"), !result.contains(.node), !result.contains(.root) {
            result.items.append(AnnotationItem(spelling: "node", location: type.location))
        }
        return annotation == nil && result.items.isEmpty ? nil : result
    }

    // MARK: Members

    /// A member's annotation with Quantwm's spellings read and checked against its class; `nil`
    /// when the member is to be left out after reporting why.
    package mutating func annotation(
        _ annotation: Annotation, ofMemberAt index: Int, in type: TypeDeclaration, file path: String,
        diagnostics: inout DiagnosticCollector
    ) -> Annotation? {
        let variable = type.members[index]
        if annotation.contains(.root), variable.isStatic {
            report(.rootProperty(name: variable.name), at: variable.location, in: path, to: &diagnostics)
            return nil
        }
        var result = annotation
        for index in result.items.indices {
            let (item, owner) = Self.reading(result.items[index])
            if let owner, owner.text != type.name, owner.text != type.qualifiedName {
                report(.sharedPropertyOfOtherClass(member: variable.name, ownerType: owner.text, className: type.name),
                       at: owner.location, in: path, to: &diagnostics)
                return nil
            }
            result.items[index] = withoutDependencyMaps(item, of: type, in: path, diagnostics: &diagnostics)
        }
        result.items = result.items.compactMap { rippleItem($0, in: path, diagnostics: &diagnostics) }
        return result
    }

    /// A `dependency` without the paths that name a read map of the class (`Library.someMap`),
    /// each reported.
    private mutating func withoutDependencyMaps(
        _ item: AnnotationItem, of type: TypeDeclaration, in path: String, diagnostics: inout DiagnosticCollector
    ) -> AnnotationItem {
        guard item.name == .dependency, let value = item.value else { return item }
        let maps = value.paths.filter { path in
            path.components.count > 1 && (path.components[0] == type.name || path.components[0] == type.qualifiedName)
        }
        guard !maps.isEmpty else { return item }
        for map in maps {
            report(.dependencyMap(path: map.text, className: type.name), at: map.location, in: path, to: &diagnostics)
        }
        var result = item
        result.value = .list(value.paths.filter { !maps.contains($0) }, location: value.location)
        return result
    }

    /// An item with `sharedProperty` read, and the class it names: `sharedProperty =
    /// "Library.userIDK"` is `shared = userID` of class `Library`.
    private static func reading(_ item: AnnotationItem) -> (item: AnnotationItem, owner: AnnotationPath?) {
        guard item.spelling == "sharedProperty" else { return (item, nil) }
        guard case .path(let key) = item.value else {
            return (AnnotationItem(spelling: item.spelling, name: .shared, value: item.value, location: item.location), nil)
        }
        // The change key `userIDK` names property `userID`, located where it is written.
        var name = key.components[key.components.count - 1]
        if name.count > 1, name.hasSuffix("K") { name.removeLast() }
        let owner = Array(key.components.dropLast())
        let nameColumn = key.location.column + owner.reduce(0) { $0 + $1.utf8.count + 1 }
        let property = AnnotationPath(components: [name], location: SourceLocation(line: key.location.line, column: nameColumn))
        return (AnnotationItem(spelling: item.spelling, name: .shared, value: .path(property), location: item.location),
                owner.isEmpty ? nil : AnnotationPath(components: owner, location: key.location))
    }

    /// One item as the scheme reads it: `contextual` is `discardable` (with a warning);
    /// `setProc` is reported and dropped.
    private mutating func rippleItem(_ item: AnnotationItem, in path: String, diagnostics: inout DiagnosticCollector) -> AnnotationItem? {
        switch item.spelling {
        case "setProc":
            report(.setProc, at: item.location, in: path, to: &diagnostics)
            return nil
        case "contextual":
            report(.contextual, at: item.location, in: path, to: &diagnostics)
            return AnnotationItem(spelling: item.spelling, name: .discardable, value: item.value, location: item.location)
        default:
            return item
        }
    }
}
