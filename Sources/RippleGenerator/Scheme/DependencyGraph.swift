/// What the readOnly computed members of a model read, as a graph, to find the members whose
/// dependencies lead back to themselves.
///
/// A dependency leads to every computed member it passes through (`catalog.total` leads to
/// `total` when it is computed), and `all` to every computed member below it. Spelled out,
/// `all` would make an edge to every member of a subtree, and a chain of classes each reading
/// `next.all` would need edges in proportion to the square of its length; instead each class
/// has a *subtree vertex* that leads to its own computed members and to the subtree vertices of
/// its child classes, and `all` is one edge to it. The graph is then as large as the model.
///
/// Cycles are found without recursion (the strongly connected components of Tarjan's
/// algorithm, walked with an explicit stack), so no model, however long its chains, exhausts
/// the stack; the work is linear in the size of the graph.
struct DependencyGraph {
    /// A member of a class, by position.
    struct Member: Hashable {
        var classIndex: Int
        var member: Int
    }

    /// The first vertex of each class's members; the members of class `c` are the vertices
    /// `memberBase[c]..<memberBase[c + 1]`, and the subtree vertex of class `c` is
    /// `memberCount + c`.
    private var memberBase: [Int] = [0]
    /// The targets of vertex `v` are `targets[edgeStart[v]..<edgeStart[v + 1]]`.
    private var edgeStart: [Int] = [0]
    private var targets: [Int] = []

    private var memberCount: Int { memberBase[memberBase.count - 1] }

    /// The graph of `classes`, where `classIndex` gives the position of each qualified name.
    init(_ classes: [NodeClass], indexedBy classIndex: [String: Int]) {
        memberBase.reserveCapacity(classes.count + 1)
        for nodeClass in classes {
            memberBase.append(memberBase[memberBase.count - 1] + nodeClass.members.count)
        }
        // Members are read in place: a copy of one would retain all its parts.
        func child(of owner: Int, _ member: Int) -> Int? {
            guard case .node(_, let element) = classes[owner].members[member].kind else { return nil }
            return classIndex[element]
        }
        let subtreeBase = memberCount
        for owner in classes.indices {
            for member in classes[owner].members.indices {
                for dependency in classes[owner].members[member].dependencies {
                    var current: Int? = owner
                    for step in dependency.steps {
                        guard let reached = current else { break }
                        switch step {
                        case .member(let index):
                            if classes[reached].members[index].isComputed { targets.append(memberBase[reached] + index) }
                            current = child(of: reached, index)
                        case .all:
                            targets.append(subtreeBase + reached)
                        }
                    }
                }
                edgeStart.append(targets.count)
            }
        }
        for owner in classes.indices {
            for member in classes[owner].members.indices {
                if classes[owner].members[member].isComputed { targets.append(memberBase[owner] + member) }
                if let child = child(of: owner, member) { targets.append(subtreeBase + child) }
            }
            edgeStart.append(targets.count)
        }
    }

    /// One cycle for each group of computed members that read one another in a circle, each
    /// starting at the group's first member (in class and declaration order) and listing the
    /// members it passes through in order; a member that reads itself is a cycle of one.
    func cycles() -> [[Member]] {
        guard !targets.isEmpty else { return [] }
        let component = components()
        // The vertex each vertex was reached from, in the search of its component: every
        // vertex belongs to one component, and each component is searched once.
        var parent = [Int](repeating: -1, count: component.count)
        // Whether each component was searched (components are numbered from 0, fewer than the vertices).
        var searched = [Bool](repeating: false, count: component.count)
        var cycles: [[Member]] = []
        var queue: [Int] = []
        for start in 0..<memberCount where !searched[component[start]] {
            searched[component[start]] = true
            // Breadth-first within the component, for a shortest way back to `start`.
            queue.removeAll(keepingCapacity: true)
            queue.append(start)
            var next = 0
            parent[start] = start
            search: while next < queue.count {
                let vertex = queue[next]
                next += 1
                for target in targets[edgeStart[vertex]..<edgeStart[vertex + 1]] {
                    if target == start {
                        var path = [vertex]
                        while path[path.count - 1] != start { path.append(parent[path[path.count - 1]]) }
                        cycles.append(path.reversed().filter { $0 < memberCount }.map(member(at:)))
                        break search
                    }
                    if component[target] == component[start], parent[target] < 0 {
                        parent[target] = vertex
                        queue.append(target)
                    }
                }
            }
        }
        return cycles
    }

    /// The member that a member vertex stands for.
    private func member(at vertex: Int) -> Member {
        // The last class whose first vertex is at or before `vertex`, skipping classes without members.
        var low = 0
        var high = memberBase.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if memberBase[middle] <= vertex { low = middle } else { high = middle }
        }
        return Member(classIndex: low, member: vertex - memberBase[low])
    }

    /// The strongly connected component of each vertex reachable from a member (`-1` for the
    /// others), by Tarjan's algorithm with an explicit stack of the vertices being visited.
    private func components() -> [Int] {
        let vertexCount = edgeStart.count - 1
        var order = [Int](repeating: -1, count: vertexCount)
        var lowest = [Int](repeating: 0, count: vertexCount)
        var component = [Int](repeating: -1, count: vertexCount)
        // The vertices visited whose component is not yet known (Tarjan's stack).
        var open: [Int] = []
        // The vertices being visited, each with the position of its next edge.
        var visiting: [(vertex: Int, edge: Int)] = []
        var visited = 0
        var componentCount = 0
        func enter(_ vertex: Int) {
            order[vertex] = visited
            lowest[vertex] = visited
            visited += 1
            open.append(vertex)
            visiting.append((vertex, edgeStart[vertex]))
        }
        for root in 0..<memberCount where order[root] < 0 {
            enter(root)
            while let (vertex, edge) = visiting.last {
                if edge < edgeStart[vertex + 1] {
                    visiting[visiting.count - 1].edge += 1
                    let target = targets[edge]
                    if order[target] < 0 {
                        enter(target)
                    } else if component[target] < 0 {
                        // Visited, with no component yet: still open, so part of this one.
                        lowest[vertex] = min(lowest[vertex], order[target])
                    }
                    continue
                }
                visiting.removeLast()
                if let caller = visiting.last?.vertex {
                    lowest[caller] = min(lowest[caller], lowest[vertex])
                }
                if lowest[vertex] == order[vertex] {
                    while let member = open.popLast() {
                        component[member] = componentCount
                        if member == vertex { break }
                    }
                    componentCount += 1
                }
            }
        }
        return component
    }
}
