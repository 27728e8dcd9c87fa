extension SchemaBuild {
    /// Resolves the `dependency` paths of a readOnly computed member of `classes[start]` into
    /// change-key steps; paths that do not resolve are reported and left out.
    ///
    /// `classIndex` gives the position in `classes` of each qualified name.
    mutating func resolveDependencies(
        _ paths: [AnnotationPath], from start: Int, among classes: [NodeClass], indexedBy classIndex: [String: Int]
    ) -> [DependencyPath] {
        var resolved: [DependencyPath] = []
        for path in paths {
            if let dependency = resolveDependency(path, from: start, among: classes, indexedBy: classIndex) {
                resolved.append(dependency)
            }
        }
        return resolved
    }

    private mutating func resolveDependency(
        _ path: AnnotationPath, from start: Int, among classes: [NodeClass], indexedBy classIndex: [String: Int]
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
            guard let member = members.indices.first(where: { members[$0].name == component }) else {
                let suggestion = nearestSpelling(of: component, in: members.map(\.name))
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
    /// would expand forever.
    ///
    /// A dependency leads to every computed member it passes through, and `all` leads to every
    /// computed member below it.
    ///
    /// `classIndex` gives the position in `classes` of each qualified name.
    mutating func checkDependencyCycles(_ classes: [NodeClass], indexedBy classIndex: [String: Int]) {
        struct Vertex: Hashable {
            var classIndex: Int
            var member: Int
        }
        // Members are read in place: a copy of one would retain all its parts.
        func child(of owner: Int, _ member: Int) -> Int? {
            guard case .node(_, let element) = classes[owner].members[member].kind else { return nil }
            return classIndex[element]
        }
        func subtree(of start: Int) -> [Int] {
            var seen: Set<Int> = [start]
            var order = [start]
            var next = 0
            while next < order.count {
                for member in classes[order[next]].members.indices {
                    if let index = child(of: order[next], member), seen.insert(index).inserted { order.append(index) }
                }
                next += 1
            }
            return order
        }
        func edges(of vertex: Vertex) -> [Vertex] {
            var targets: [Vertex] = []
            for dependency in classes[vertex.classIndex].members[vertex.member].dependencies {
                var current: Int? = vertex.classIndex
                for step in dependency.steps {
                    guard let owner = current else { break }
                    switch step {
                    case .member(let index):
                        if classes[owner].members[index].isComputed { targets.append(Vertex(classIndex: owner, member: index)) }
                        current = child(of: owner, index)
                    case .all:
                        for reached in subtree(of: owner) {
                            for member in classes[reached].members.indices where classes[reached].members[member].isComputed {
                                targets.append(Vertex(classIndex: reached, member: member))
                            }
                        }
                    }
                }
            }
            return targets
        }
        func label(_ vertex: Vertex) -> String {
            classes[vertex.classIndex].name + "." + classes[vertex.classIndex].members[vertex.member].name
        }

        // Depth-first search; a vertex on the stack reached again closes a cycle.
        enum State { case onStack, done }
        var state: [Vertex: State] = [:]
        var reported: Set<Vertex> = []
        func visit(_ vertex: Vertex, stack: inout [Vertex]) {
            state[vertex] = .onStack
            stack.append(vertex)
            for target in edges(of: vertex) {
                switch state[target] {
                case .onStack:
                    let cycle = Array(stack[stack.firstIndex(of: target)!...])
                    if reported.isDisjoint(with: cycle) {
                        reported.formUnion(cycle)
                        let first = cycle[0]
                        let member = classes[first.classIndex].members[first.member]
                        report(.dependencyCycle((cycle + [first]).map(label)), at: member.location,
                               in: classes[first.classIndex].file)
                    }
                case .done:
                    continue
                case nil:
                    visit(target, stack: &stack)
                }
            }
            stack.removeLast()
            state[vertex] = .done
        }
        for index in classes.indices {
            for member in classes[index].members.indices where classes[index].members[member].isComputed {
                let vertex = Vertex(classIndex: index, member: member)
                if state[vertex] == nil {
                    var stack: [Vertex] = []
                    visit(vertex, stack: &stack)
                }
            }
        }
    }
}
