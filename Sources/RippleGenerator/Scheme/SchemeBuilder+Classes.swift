extension SchemeBuilder {
    /// What a built member's annotation says that can be resolved only once every class is
    /// known.
    struct PendingValues {
        var dependencyPaths: [AnnotationPath]
        var sharedPath: AnnotationPath?
    }

    /// Builds every candidate class with its members, shared keys and dependencies.
    mutating func buildClasses() -> [NodeClass] {
        var classes: [NodeClass] = []
        classes.reserveCapacity(candidates.count)
        var pending: [[PendingValues]] = []
        pending.reserveCapacity(candidates.count)
        for index in candidates.indices {
            var nodeClass = checkClass(candidates[index])
            let values: [PendingValues]
            (nodeClass.members, values) = buildMembers(of: index)
            resolveShared(values, in: &nodeClass)
            checkSavedTypes(of: nodeClass, declaredIn: candidates[index])
            classes.append(nodeClass)
            pending.append(values)
        }
        // The first class of each name, as `ModelScheme.nodeClass(named:)` finds it.
        let classIndex = Dictionary(classes.indices.map { (classes[$0].qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })
        var memberNames = MemberNames(classCount: classes.count)
        for index in classes.indices {
            for memberIndex in pending[index].indices where !pending[index][memberIndex].dependencyPaths.isEmpty {
                classes[index].members[memberIndex].dependencies = resolveDependencies(
                    pending[index][memberIndex].dependencyPaths, from: index, among: classes, indexedBy: classIndex,
                    memberNames: &memberNames)
            }
        }
        checkDependencyCycles(classes, indexedBy: classIndex)
        markMainActorNodes(in: &classes, indexedBy: classIndex)
        return classes
    }

    /// The class without its members, after the checks that concern the class itself.
    private mutating func checkClass(_ candidate: Candidate) -> NodeClass {
        if candidate.isGeneric {
            report(.genericClass(name: candidate.name), at: candidate.location, in: candidate.file)
        }
        // Only the first inherited type can be a superclass.
        let trackedSuperclass = candidate.superclass.flatMap { resolveClass($0, from: candidate) }
        if let trackedSuperclass {
            report(.trackedSuperclass(name: candidate.name, superclass: trackedSuperclass),
                   at: candidate.location, in: candidate.file)
        }
        if candidate.access < .internal {
            report(.inaccessibleClass(name: candidate.qualifiedName, access: candidate.access.rawValue),
                   at: candidate.location, in: candidate.file)
        }
        // The conformance is as visible as the class; its generated witnesses forward to the
        // tracker and validate(), which need only be visible to the generated file.
        let conformanceAccess = max(candidate.access, .internal)
        if let tracker = candidate.tracker {
            if tracker.access < .internal {
                report(.requirementNotVisible(
                    requirement: "tracker", className: candidate.name, access: tracker.access.rawValue,
                    declaration: "let tracker = Tracker()"),
                       at: tracker.location, in: candidate.file)
            }
        } else if trackedSuperclass == nil, !candidate.isBodySkipped {
            // A body nested too deep to be read may well declare the tracker; the warning at its
            // brace says it was not read.
            report(.missingTracker(className: candidate.name), at: candidate.location, in: candidate.file)
        }
        var methods = candidate.methods.adding(extensionMethods[candidate.qualifiedName])
        for (method, misdeclaration) in methods.misdeclaredMethods(ofClass: candidate.name) {
            report(.misdeclaredHook(misdeclaration), at: method.location, in: method.file)
        }
        for (method, name) in methods.removeConditional(classConditions: candidate.compilationConditions) {
            report(.conditionalMethod(method: name), at: method.location, in: method.file)
        }
        for (method, name, declaration) in methods.found where method.access < .internal {
            report(.requirementNotVisible(
                requirement: name, className: candidate.name, access: method.access.rawValue, declaration: declaration),
                   at: method.location, in: method.file)
        }
        var nodeClass = NodeClass(
            name: candidate.name, qualifiedName: candidate.qualifiedName, role: candidate.role,
            accessLevel: accessLevel ?? conformanceAccess, conformanceAccessLevel: conformanceAccess,
            isValidating: methods.validate != nil, transactionHooks: methods.hooks,
            members: [], file: candidate.file, location: candidate.location)
        checkIsolation(of: candidate, methods: methods, into: &nodeClass)
        checkDocumentRequirements(of: candidate, into: &nodeClass)
        return nodeClass
    }

    /// The qualified name of the annotated class that `typeName` names when written inside
    /// `candidate`, looked up like Swift does: innermost scope first.
    func resolveClass(_ typeName: String, from candidate: Candidate) -> String? {
        resolveClass(typeName, inScope: candidate.qualifiedName)
    }

    /// The qualified name of the annotated class that `typeName` names when written inside the
    /// type `enclosing` (a qualified name), innermost scope first.
    func resolveClass(_ typeName: String, inScope enclosing: String) -> String? {
        var scope = Substring(enclosing)
        while !scope.isEmpty, !candidateScopes.isEmpty {
            if candidateScopes.contains(scope) {
                let qualified = "\(scope).\(typeName)"
                if candidateNames.contains(qualified) { return qualified }
            }
            scope = scope[..<(scope.utf8.lastIndex(of: UInt8(ascii: ".")) ?? scope.startIndex)]
        }
        return candidateNames.contains(typeName) ? typeName : nil
    }

    // MARK: Shared change keys

    /// Gives each member annotated `shared = name` the change key of property `name`.
    private mutating func resolveShared(_ values: [PendingValues], in nodeClass: inout NodeClass) {
        guard values.contains(where: { $0.sharedPath != nil }) else { return }
        let eligible = nodeClass.members.filter { member in
            member.kind == .property && !member.isComputed && values[member.index].sharedPath == nil
        }
        // The first eligible member of each name, so that many shared members cost a look-up each.
        let eligibleByName = Dictionary(eligible.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for index in values.indices {
            guard let path = values[index].sharedPath else { continue }
            let name = path.text
            guard let target = eligibleByName[name] else {
                if brokenMembers[nodeClass.qualifiedName]?.contains(name) == true { continue }
                let suggestion = suggestedSpelling(of: name, among: eligible.count, eligible.map(\.name))
                report(.unknownSharedProperty(name: name, className: nodeClass.name, suggestion: suggestion),
                       at: path.location, in: nodeClass.file)
                continue
            }
            nodeClass.members[index].changeKey = target.index
            nodeClass.members[index].sharedProperty = target.name
        }
    }
}
