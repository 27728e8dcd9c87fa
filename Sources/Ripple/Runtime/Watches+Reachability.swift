// Whether region nodes that lost a place are still reachable: what makes following exact in
// models whose classes hold their own kind, at the cost of what moved.

extension Watches {
    /// The classes on a cycle with one class: those it can hold at some depth that can hold it
    /// in turn (itself among them when it can hold its own kind). Nodes hold each other in a
    /// cycle only through nodes of one such set of classes.
    struct ClassCycle {
        let classes: Set<ObjectIdentifier>
        /// The node members of the class that hold nodes of these classes.
        let members: [Int]

        /// Whether a node of the class can be held through itself.
        var isRecursive: Bool { !classes.isEmpty }
    }

    func classCycle(of descriptor: NodeDescriptor) -> ClassCycle {
        let id = ObjectIdentifier(descriptor)
        if let known = classCycles[id] { return known }
        // The classes below it that have it below them in turn.
        var memo: [ObjectIdentifier: [ObjectIdentifier: NodeDescriptor]] = [:]
        var classes: Set<ObjectIdentifier> = []
        for (other, below) in Self.classes(below: descriptor, memo: &memo)
        where Self.classes(below: below, memo: &memo)[id] != nil {
            classes.insert(other)
        }
        let members = descriptor.members.indices.filter { index in
            descriptor.members[index].childDescriptor.map { classes.contains(ObjectIdentifier($0)) } ?? false
        }
        let cycle = ClassCycle(classes: classes, members: members)
        classCycles[id] = cycle
        return cycle
    }

    /// The classes whose nodes a `descriptor` node can hold, at any depth below it.
    private static func classes(
        below descriptor: NodeDescriptor, memo: inout [ObjectIdentifier: [ObjectIdentifier: NodeDescriptor]]
    ) -> [ObjectIdentifier: NodeDescriptor] {
        if let known = memo[ObjectIdentifier(descriptor)] { return known }
        var found: [ObjectIdentifier: NodeDescriptor] = [:]
        var stack = descriptor.members.compactMap(\.childDescriptor)
        while let current = stack.popLast() {
            guard found.updateValue(current, forKey: ObjectIdentifier(current)) == nil else { continue }
            stack += current.members.compactMap(\.childDescriptor)
        }
        memo[ObjectIdentifier(descriptor)] = found
        return found
    }

    /// Makes the nodes of ``shrunk`` that nothing reachable holds any more leave the region, with
    /// what only they held, and forgets ``shrunk``; returns whether any left (the region then
    /// settles again, and what their leaving took a place from is looked at in turn).
    ///
    /// A node that gained a place in the same changes from a holder of a class off its cycles of
    /// classes, still in the region, is held from outside anything it reaches: it stays, at no
    /// cost (a task moved to another project). The others are decided by
    /// ``unreachable(from:)``, at the cost of what they reach through their cycles of classes
    /// (a task moved under another task: its subtasks).
    func removeUnreachable() -> Bool {
        guard !shrunk.isEmpty else { return false }
        var roots: [any RippleNode] = []
        for node in shrunk where isInRegion(node._rippleTracker) {
            if let holder = gains[ObjectIdentifier(node)], isInRegion(holder._rippleTracker) { continue }
            roots.append(node)
        }
        shrunk.removeAll(keepingCapacity: true)
        guard !roots.isEmpty else { return false }
        let unreachable = unreachable(from: roots)
        guard !unreachable.isEmpty else { return false }
        // Out first, all of them: they hold each other, and none of them may enter again.
        for node in unreachable { region.change(node._rippleTracker) { $0.isIn = false } }
        for node in unreachable { changeMembership(of: node, by: -1) }
        return true
    }

    /// The nodes reached from `roots` through the members that hold their cycles' classes that
    /// nothing else holds, nor anything held from elsewhere: each of their places is held by
    /// another of them (a trial deletion, as cycle collectors make). Costs what `roots` reach
    /// that way.
    func unreachable(from roots: [any RippleNode]) -> [any RippleNode] {
        // Everything reached, with how many of its places the reached nodes hold.
        var index: [ObjectIdentifier: Int] = [:]
        var nodes: [any RippleNode] = []
        var heldInside: [Int] = []
        for root in roots where index[ObjectIdentifier(root)] == nil {
            index[ObjectIdentifier(root)] = nodes.count
            nodes.append(root)
            heldInside.append(0)
        }
        let rootCount = nodes.count
        var next = 0
        while next < nodes.count {
            forEachChildOnCycle(of: nodes[next]) { child in
                if let known = index[ObjectIdentifier(child)] {
                    heldInside[known] += 1
                } else {
                    index[ObjectIdentifier(child)] = nodes.count
                    nodes.append(child)
                    heldInside.append(1)
                }
            }
            next += 1
        }
        nodesSearchedForCycles += nodes.count
        // Held from outside: reachable, with what it reaches. Everything was reached from the
        // roots: when they are all held from outside, nothing is left.
        var isHeld = nodes.indices.map { Int(region.entry(of: nodes[$0]._rippleTracker).places) > heldInside[$0] }
        if isHeld.prefix(rootCount).allSatisfy({ $0 }) { return [] }
        var stack = nodes.indices.filter { isHeld[$0] }
        while let current = stack.popLast() {
            forEachChildOnCycle(of: nodes[current]) { child in
                let childIndex = index[ObjectIdentifier(child)]!
                if !isHeld[childIndex] {
                    isHeld[childIndex] = true
                    stack.append(childIndex)
                }
            }
        }
        return nodes.indices.filter { !isHeld[$0] }.map { nodes[$0] }
    }

    /// Calls `body` with every place that `node`, a region node, holds in a member that holds
    /// classes of its cycles, as the region counts them (from the points' snapshots).
    ///
    /// The places that the dependencies of computed members make (a path ending in `.all`)
    /// count as held from outside: a dependency that reached its own class's cycles with `.all`
    /// would read the member itself, a cycle `ripple-gen` rejects: no group of nodes holds
    /// itself through such places.
    private func forEachChildOnCycle(of node: any RippleNode, _ body: (any RippleNode) -> Void) {
        let tracker = node._rippleTracker
        for member in classCycle(of: type(of: node)._rippleDescriptor).members {
            guard let point = points[NodeMember(tracker, member)] else { continue }
            Self.forEachChild(in: point.snapshot, body)
        }
    }
}
