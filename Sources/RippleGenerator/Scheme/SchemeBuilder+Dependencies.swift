extension SchemeBuilder {
    /// Resolves the `dependency` paths of a readOnly computed member of `classes[start]` into
    /// change-key steps; paths that do not resolve are reported and left out.
    ///
    /// `classIndex` gives the position in `classes` of each qualified name.
    mutating func resolveDependencies(
        _ paths: [AnnotationPath], from start: Int, among classes: [NodeClass], indexedBy classIndex: [String: Int],
        memberNames: inout MemberNames
    ) -> [DependencyPath] {
        var resolved: [DependencyPath] = []
        for path in paths {
            if let dependency = resolveDependency(path, from: start, among: classes, indexedBy: classIndex, memberNames: &memberNames) {
                resolved.append(dependency)
            }
        }
        return resolved
    }

    private mutating func resolveDependency(
        _ path: AnnotationPath, from start: Int, among classes: [NodeClass], indexedBy classIndex: [String: Int],
        memberNames: inout MemberNames
    ) -> DependencyPath? {
        let file = classes[start].file
        var steps: [DependencyPath.Step] = []
        // Classes and members are referred to by position: a copy of one would retain its parts.
        var current: Int? = start
        var previous: (owner: Int, member: Int)?
        for (position, component) in path.components.enumerated() {
            if component == "all" {
                guard position == path.components.count - 1, let previous,
                      classes[previous.owner].members[previous.member].isNode else {
                    report(.misplacedAll(path: path.text), at: path.location, in: file)
                    return nil
                }
                steps.append(.all)
                continue
            }
            guard let owner = current else {
                let property = previous.map { classes[$0.owner].members[$0.member].name } ?? ""
                report(.dependencyThroughProperty(path: path.text, property: property), at: path.location, in: file)
                return nil
            }
            let members = classes[owner].members
            guard let member = memberNames.member(named: component, in: owner, of: classes) else {
                // A member left out after an error on it is not reported again.
                if brokenMembers[classes[owner].qualifiedName]?.contains(component) == true { return nil }
                let suggestion = suggestedSpelling(of: component, among: members.count, members.map(\.name))
                report(.unknownDependency(path: path.text, member: component, className: classes[owner].name, suggestion: suggestion),
                       at: path.location, in: file)
                return nil
            }
            steps.append(.member(members[member].index))
            previous = (owner, member)
            current = members[member].nodeClassName.flatMap { classIndex[$0] }
        }
        return DependencyPath(text: path.text, steps: steps)
    }

    /// Reports computed members whose dependencies lead back to themselves, which the runtime
    /// would expand forever: one cycle for each group of members that read one another.
    ///
    /// `classIndex` gives the position in `classes` of each qualified name.
    mutating func checkDependencyCycles(_ classes: [NodeClass], indexedBy classIndex: [String: Int]) {
        for cycle in DependencyGraph(classes, indexedBy: classIndex).cycles() {
            let first = cycle[0]
            let labels = (cycle + [first]).map { classes[$0.classIndex].name + "." + classes[$0.classIndex].members[$0.member].name }
            report(.dependencyCycle(labels), at: classes[first.classIndex].members[first.member].location,
                   in: classes[first.classIndex].file)
        }
    }
}

/// The tracked members of each class by name, each class indexed the first time a dependency
/// path looks into it.
struct MemberNames {
    private var indexes: [[String: Int]?]

    init(classCount: Int) {
        indexes = Array(repeating: nil, count: classCount)
    }

    /// The position of the first member of `classes[owner]` named `name`.
    mutating func member(named name: String, in owner: Int, of classes: [NodeClass]) -> Int? {
        if let index = indexes[owner] { return index[name] }
        let members = classes[owner].members
        let index = Dictionary(members.indices.map { (members[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
        indexes[owner] = index
        return index[name]
    }
}
