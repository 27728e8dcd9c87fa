extension SchemaBuild {
    /// A member built from its declaration, with the annotation values resolved only once
    /// every class is known.
    struct PendingMember {
        var member: TrackedMember
        var dependencyPaths: [AnnotationPath]
        var sharedPath: AnnotationPath?
    }

    /// Builds every candidate class with its members, shared keys and dependencies.
    mutating func buildClasses() -> [NodeClass] {
        var classes: [NodeClass] = []
        var pending: [[PendingMember]] = []
        for index in candidates.indices {
            classes.append(checkClass(candidates[index]))
            pending.append(buildMembers(of: index))
        }
        for index in pending.indices {
            resolveShared(&pending[index], of: classes[index], file: candidates[index].file)
        }
        for index in classes.indices {
            classes[index].members = pending[index].map(\.member)
        }
        // The first class of each name, as `ModelSchema.nodeClass(named:)` finds it.
        let classIndex = Dictionary(classes.indices.map { (classes[$0].qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })
        for index in classes.indices {
            for memberIndex in pending[index].indices where !pending[index][memberIndex].dependencyPaths.isEmpty {
                classes[index].members[memberIndex].dependencies = resolveDependencies(
                    pending[index][memberIndex].dependencyPaths, from: classes[index], among: classes, indexedBy: classIndex)
            }
        }
        checkDependencyCycles(classes)
        return classes
    }

    /// The class without its members, after the checks that concern the class itself.
    private mutating func checkClass(_ candidate: Candidate) -> NodeClass {
        let declaration = candidate.declaration
        if declaration.genericParameters != nil {
            report(.genericClass(name: declaration.name), at: declaration.location, in: candidate.file)
        }
        // Only the first inherited type can be a superclass.
        let trackedSuperclass = declaration.inheritance.first.flatMap { resolveClass($0, from: candidate) }
        if let trackedSuperclass {
            report(.trackedSuperclass(name: declaration.name, superclass: trackedSuperclass),
                   at: declaration.location, in: candidate.file)
        }
        var effectiveAccess = AccessLevel(modifiers: declaration.modifiers)
        for ancestor in candidate.ancestors {
            let level = AccessLevel(modifiers: ancestor.modifiers)
            // An extension's default level does not restrict what it declares; only `private` does.
            if ancestor.kind != .extension || level < .internal {
                effectiveAccess = min(effectiveAccess, level)
            }
        }
        if effectiveAccess < .internal {
            report(.inaccessibleClass(name: declaration.qualifiedName, access: effectiveAccess.rawValue),
                   at: declaration.location, in: candidate.file)
        }
        // The conformance is as visible as the class, and so must be what it requires.
        let conformanceAccess = max(effectiveAccess, .internal)
        if let tracker = declaration.members.first(where: { $0.name == "tracker" && !$0.isStatic }) {
            if AccessLevel(modifiers: tracker.modifiers) < conformanceAccess {
                report(.requirementNotVisible(
                    requirement: "tracker", className: declaration.name, access: conformanceAccess.rawValue,
                    declaration: "\(conformanceAccess.rawValue) let tracker = Tracker()"),
                       at: tracker.location, in: candidate.file)
            }
        } else if trackedSuperclass == nil {
            report(.missingTracker(className: declaration.name), at: declaration.location, in: candidate.file)
        }
        let validate = declaration.functions.first { function in
            function.kind == .function && function.name == "validate" && function.parameterCount == 0
                && function.isThrowing && !function.isAsync && !function.isStatic
        }
        if let validate, AccessLevel(modifiers: validate.modifiers) < conformanceAccess {
            report(.requirementNotVisible(
                requirement: "validate()", className: declaration.name, access: conformanceAccess.rawValue,
                declaration: "\(conformanceAccess.rawValue) func validate() throws"),
                   at: validate.location, in: candidate.file)
        }
        return NodeClass(
            name: declaration.name, qualifiedName: declaration.qualifiedName, role: candidate.role,
            accessLevel: accessLevel ?? conformanceAccess, conformanceAccessLevel: conformanceAccess,
            isValidating: validate != nil,
            members: [], file: candidate.file, location: declaration.location)
    }

    /// The qualified name of the annotated class that `typeName` names when written inside
    /// `candidate`, looked up like Swift does: innermost scope first.
    func resolveClass(_ typeName: String, from candidate: Candidate) -> String? {
        var scope = Substring(candidate.declaration.qualifiedName)
        while !scope.isEmpty {
            let qualified = "\(scope).\(typeName)"
            if candidateNames.contains(qualified) { return qualified }
            scope = scope[..<(scope.utf8.lastIndex(of: UInt8(ascii: ".")) ?? scope.startIndex)]
        }
        return candidateNames.contains(typeName) ? typeName : nil
    }

    // MARK: Shared change keys

    private mutating func resolveShared(_ members: inout [PendingMember], of nodeClass: NodeClass, file: String) {
        let eligible = members.map(\.member).filter { member in
            member.kind == .property && !member.isComputed && members[member.index].sharedPath == nil
        }
        for index in members.indices {
            guard let path = members[index].sharedPath else { continue }
            let name = path.text
            guard let target = eligible.first(where: { $0.name == name }) else {
                let suggestion = nearestSpelling(of: name, in: eligible.map(\.name))
                report(.unknownSharedProperty(name: name, className: nodeClass.name, suggestion: suggestion),
                       at: path.location, in: file)
                continue
            }
            members[index].member.changeKey = target.index
            members[index].member.sharedProperty = target.name
        }
    }
}
