extension SchemeBuilder {
    /// Public names that generated code declares itself, which a member cannot take.
    static let reservedNames: [String] = [
        "all", "modelPath", "tracker", "RippleKey", "RippleScheme", "init", "self", "Self", "Type", "Protocol",
    ]

    /// The members of one candidate class, in declaration order; members with errors are left out.
    mutating func buildMembers(of candidateIndex: Int) -> (members: [TrackedMember], pending: [PendingValues]) {
        let candidate = candidates[candidateIndex]
        var members: [TrackedMember] = []
        var pending: [PendingValues] = []
        let declaredNames = declaredNames(of: candidate)
        for annotated in candidate.members {
            let built = members.count
            buildMember(annotated, in: candidate, declaredNames: declaredNames, into: &members, &pending)
            if members.count == built {
                // Left out after an error: paths and `shared` that name it are not reported again.
                let storageName = candidate.variables[annotated.index].name
                let name = storageName.utf8.first == UInt8(ascii: "_") ? String(storageName.dropFirst()) : storageName
                brokenMembers[candidate.qualifiedName, default: []].insert(name)
            }
        }
        return (members, pending)
    }

    /// Whether `name` is taken in the class of `candidate`: by one of its `var`s
    /// (`declaredNames`, see ``declaredNames(of:)``), or one that an extension declares.
    private func isDeclared(_ name: String, in candidate: Candidate, declaredNames: Set<String>) -> Bool {
        declaredNames.contains(name) || extensionMembers[candidate.qualifiedName]?.contains(name) == true
    }

    /// The names of the `var`s of a class, but those in code another tool generated (accessors
    /// in an old Sourcery region), which the dialect reports, not as clashes.
    private func declaredNames(of candidate: Candidate) -> Set<String> {
        Set(candidate.variables.filter { !dialect.isGenerated(line: $0.location.line, in: candidate.file) }.map(\.name))
    }

    /// Appends the member of the class of `candidate` that `annotated` describes
    /// says, to `members`, and what remains to resolve of it to `pending`; appends nothing when
    /// it has errors.
    ///
    /// The annotation's items are read only for the names it has: most members need none of
    /// them.
    private mutating func buildMember(
        _ annotated: AnnotatedMember, in candidate: Candidate,
        declaredNames: Set<String>, into members: inout [TrackedMember], _ pending: inout [PendingValues]
    ) {
        let file = candidate.file
        // The declaration is read where it is, by index: a copy of it would retain all its parts.
        let variables = candidate.variables
        let index = annotated.index
        let storageName = variables[index].name
        // The member's conditions start with those of its class, which are reported with it.
        if variables[index].compilationConditions.count > candidate.compilationConditions.count {
            report(.conditionalMember(name: storageName), at: variables[index].location, in: file)
            return
        }
        if variables[index].isStatic {
            report(.staticMember(name: storageName), at: variables[index].location, in: file)
            return
        }
        if variables[index].isLet {
            report(.constantMember(name: storageName), at: variables[index].location, in: file)
            return
        }
        guard storageName.utf8.first == UInt8(ascii: "_") else {
            report(.missingUnderscore(name: storageName), at: variables[index].location, in: file)
            return
        }
        // `_` and `__` leave the accessor no name (`_` is Swift's wildcard, not a name).
        guard storageName.utf8.count > 1, storageName != "__" else {
            report(.accessorWithoutName(member: storageName), at: variables[index].location, in: file)
            return
        }
        let name = String(storageName.dropFirst())
        if let hidden = variables[index].modifiers.first(where: { $0.hasPrefix("private") || $0.hasPrefix("fileprivate") }) {
            report(.inaccessibleMember(member: storageName, modifier: hidden), at: variables[index].location, in: file)
        }
        // An item of the annotation was reported: what the member is cannot be told, and
        // guessing would report mistakes that follow from that one.
        guard annotated.isWhole else { return }

        // What the member is.
        let names = annotated.names
        func has(_ name: AnnotationItem.Name) -> Bool { names & name.bit != 0 }
        func location(of name: AnnotationItem.Name) -> SourceLocation? {
            has(name) ? annotated.annotation.location(of: name) : nil
        }
        func value(of name: AnnotationItem.Name) -> AnnotationValue? {
            has(name) ? annotated.annotation.value(of: name) : nil
        }
        let isNode = has(.node)
        var isShared = has(.shared)
        if isNode, has(.property) {
            report(.conflictingKinds(member: storageName), at: location(of: .node)!, in: file)
            return
        }
        if !isNode, !has(.property), !isShared {
            report(.missingKind(member: storageName), at: annotated.annotation.location, in: file)
            return
        }
        if isNode, let shared = location(of: .shared) {
            report(.sharedNode(member: storageName), at: shared, in: file)
            isShared = false
        }

        // Computed members are readOnly, and only they have dependencies.
        let isComputed = variables[index].isComputed
        let readOnly = location(of: .readOnly)
        if isComputed, readOnly == nil {
            report(.computedNeedsReadOnly(member: storageName), at: variables[index].location, in: file)
        }
        if let readOnly, !isComputed {
            report(.readOnlyStoredMember(member: storageName), at: readOnly, in: file)
        }
        var dependencyPaths: [AnnotationPath] = []
        if let value = value(of: .dependency) {
            if isComputed {
                dependencyPaths = value.paths
            } else {
                report(.ignoredDependency(member: storageName), at: location(of: .dependency)!, in: file)
            }
        } else if isComputed, readOnly != nil {
            report(.missingDependency(member: storageName), at: variables[index].location, in: file)
        }
        if isComputed {
            // A computed member reads other members; whether those may be read off the model's
            // actor is theirs to say, so background access is ignored too.
            for ignored in [AnnotationItem.Name.shared, .discardable, .derived, .allowBackgroundRead, .allowBackgroundWrite] {
                guard let location = location(of: ignored) else { continue }
                report(.ignoredOnReadOnly(item: ignored, member: storageName), at: location, in: file)
                if ignored == .shared { isShared = false }
            }
        }

        // The type, declared or inferred.
        guard let declaredType = variables[index].type ?? variables[index].initializerType else {
            report(.cannotInferType(member: storageName), at: variables[index].location, in: file)
            return
        }
        let kind: TrackedMember.Kind
        var type: TypeSyntax
        if isNode {
            let typeItem = has(.type) ? annotated.annotation.item(.type) : nil
            guard let node = resolveNodeType(declaredType, of: variables, at: index, typeItem: typeItem, in: candidate) else { return }
            (kind, type) = node
        } else {
            if let typeLocation = location(of: .type) {
                report(.ignoredType(member: storageName), at: typeLocation, in: file)
            }
            if declaredType.text.utf8.last == UInt8(ascii: "!") {
                report(.implicitlyUnwrappedMember(name: storageName, type: declaredType.text),
                       at: variables[index].typeLocation ?? variables[index].location, in: file)
                return
            }
            (kind, type) = (.property, declaredType)
        }
        // A value offered to background work is named outside its class, in an extension of
        // `BackgroundNode`: the types nested in the class need their qualified names there.
        let isBackground = !isNode && !isComputed && (has(.allowBackgroundRead) || has(.allowBackgroundWrite))
        if isBackground {
            type = qualifyingNestedTypes(in: type, inScope: candidate.qualifiedName)
        }
        let typeLocation = variables[index].typeLocation ?? variables[index].location
        if reportShadowedType(type, kind: kind, isBackground: isBackground, member: storageName, of: candidate, at: typeLocation) {
            return
        }
        checkVisibility(ofTypesIn: type, accessor: name, of: candidate, at: typeLocation)

        // The accessor's name must be free.
        if isDeclared(name, in: candidate, declaredNames: declaredNames) {
            report(.accessorClash(accessor: name, member: storageName, className: candidate.name),
                   at: variables[index].location, in: file)
        } else if Self.reservedNames.contains(name) {
            report(.reservedAccessor(accessor: name, member: storageName), at: variables[index].location, in: file)
        }

        var options: MemberOptions = []
        if isComputed || readOnly != nil { options.insert(.readOnly) }
        if isComputed {
            options.insert(.computed)
        } else {
            if has(.discardable) { options.insert(.discardable) }
            if has(.derived) { options.insert(.derived) }
            let backgroundWrite = has(.allowBackgroundWrite)
            if backgroundWrite || has(.allowBackgroundRead) { options.insert(.backgroundRead) }
            if backgroundWrite { options.insert(.backgroundWrite) }
        }

        let isNonisolated = isNonisolated(variables, at: index, options: options, in: candidate)
        members.append(TrackedMember(
            storageName: storageName, name: name, type: type, kind: kind, isComputed: isComputed,
            options: options, index: members.count, changeKey: members.count, location: variables[index].location,
            isNonisolated: isNonisolated))
        pending.append(PendingValues(
            dependencyPaths: dependencyPaths, sharedPath: isShared ? value(of: .shared)?.paths.first : nil))
    }

    /// The node kind and the accessor type of a `node` member, whose annotation's `type` item,
    /// if any, is `typeItem`; `nil` after reporting why not.
    private mutating func resolveNodeType(
        _ declaredType: TypeSyntax, of variables: [VariableDeclaration], at index: Int, typeItem: AnnotationItem?, in candidate: Candidate
    ) -> (TrackedMember.Kind, TypeSyntax)? {
        let file = candidate.file
        let typeLocation = variables[index].typeLocation ?? variables[index].location
        guard let read = NodeTypeShape(reading: declaredType) else {
            report(.unsupportedNodeShape(member: variables[index].name, type: declaredType.text), at: typeLocation, in: file)
            return nil
        }
        let declaredClass = resolveClass(read.element, from: candidate)
        guard let typeItem, let typePath = typeItem.value?.paths.first else {
            guard let declaredClass else {
                if !isUnreadableType(read.element, inScope: candidate.qualifiedName) {
                    reportNotANode(read.element, member: variables[index].name, at: typeLocation, in: file)
                }
                return nil
            }
            return (.node(read.shape, element: declaredClass), read.type(element: declaredClass))
        }
        guard let namedClass = resolveClass(typePath.text, from: candidate) else {
            if !isUnreadableType(typePath.text, inScope: candidate.qualifiedName) {
                reportNotANode(typePath.text, member: variables[index].name, at: typePath.location, in: file)
            }
            return nil
        }
        if let declaredClass {
            guard declaredClass == namedClass else {
                report(.contradictingType(member: variables[index].name, type: typePath.text, declared: declaredType.text),
                       at: typeItem.location, in: file)
                return nil
            }
            return (.node(read.shape, element: namedClass), read.type(element: namedClass))
        }
        // The declared type names no node class: a typealias, of the class or of a collection of
        // it. A plain name gets its shape from the initializer.
        var shape = read.shape
        if shape == .single {
            let initializer = variables[index].initializer
            if initializer == "[]" {
                shape = .array
            } else if initializer == "[:]" {
                shape = .dictionary
            } else if let inferred = variables[index].initializerType,
                      resolveClass(inferred.text, from: candidate) == namedClass {
                shape = .single
            } else {
                report(.unknownNodeShape(member: variables[index].name, type: declaredType.text, element: typePath.text),
                       at: typeLocation, in: file)
                return nil
            }
        }
        return (.node(shape, element: namedClass), declaredType)
    }

    /// Whether `typeName`, written inside the type `scope`, names a type whose annotation was
    /// reported (see ``unreadableTypes``), looked up innermost scope first.
    private func isUnreadableType(_ typeName: String, inScope scope: String) -> Bool {
        guard !unreadableTypes.isEmpty else { return false }
        var enclosing = Substring(scope)
        while !enclosing.isEmpty {
            if unreadableTypes["\(enclosing).\(typeName)"] != nil { return true }
            enclosing = enclosing[..<(enclosing.utf8.lastIndex(of: UInt8(ascii: ".")) ?? enclosing.startIndex)]
        }
        return unreadableTypes[typeName] != nil
    }

    /// Reports the type of a `node` member that is no annotated class: a value type wants the
    /// member to be a `property`, a class an annotation; a type the sources do not declare may be
    /// either.
    private mutating func reportNotANode(_ typeName: String, member: String, at location: SourceLocation, in file: String) {
        let module = typeName.prefix { $0 != "." }
        let unqualified = ["Swift", "Foundation", "CoreGraphics"].contains(module) ? typeName.dropFirst(module.count + 1) : Substring(typeName)
        if Self.standardValueTypes.contains(String(unqualified)) || valueTypeNames.contains(typeName) {
            report(.valueTypeNode(member: member, typeName: typeName), at: location, in: file)
        } else if classNames.contains(typeName) {
            // One annotation on the class fixes every member of its type: said at the first.
            guard unreadableTypes.updateValue(false, forKey: typeName) == nil else { return }
            report(.notANode(typeName: typeName, prefix: prefix), at: location, in: file)
        } else {
            let nodeClasses = candidateNames
            let suggestion = suggestedSpelling(of: typeName, among: nodeClasses.count, nodeClasses.sorted())
            report(.undeclaredNodeType(member: member, typeName: typeName, prefix: prefix, suggestion: suggestion),
                   at: location, in: file)
        }
    }

    /// Value types of the standard library, Foundation and Core Graphics that models hold.
    static let standardValueTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "Float16", "CGFloat", "Bool", "String", "Substring", "Character", "Date", "URL", "UUID", "Data", "Decimal",
        "TimeInterval", "Duration", "CGPoint", "CGSize", "CGRect", "IndexPath", "IndexSet", "Locale", "TimeZone",
        "DateComponents",
    ]
}
