extension RegistrationState {
    /// Walks the read paths from the anchor through the current model and watches every
    /// member they reach, so that exactly the writes that matter dirty this registration.
    ///
    /// Costs the size of what the paths reach; done when registering and again only after a
    /// change that can move a path (a node replaced, a collection changed, a dependency of a
    /// computed node changed).
    func resolve() {
        removeWatches()
        let wasChecking = _rippleChecksReads
        _rippleChecksReads = false
        defer { _rippleChecksReads = wasChecking }
        guard let anchor else { return }
        for path in readPaths {
            walk(path[...], nodes: [anchor], descriptor: anchorDescriptor, structural: false)
        }
        needsResolve = false
    }

    private func walk(_ steps: ArraySlice<PathStep>, nodes: [any RippleNode], descriptor: NodeDescriptor, structural: Bool) {
        guard let step = steps.first else { return }
        switch step {
        case .all:
            var visited: Set<ObjectIdentifier> = []
            for node in nodes { watchSubtree(node, visited: &visited) }
        case .member(let index):
            guard descriptor.members.indices.contains(index) else { return }
            let member = descriptor.members[index]
            let continues = steps.count > 1
            for node in nodes {
                if member.isComputed {
                    permitted.insert(NodeMember(node._rippleTracker, index))
                    for dependency in member.dependencies {
                        walk(dependency[...], nodes: [node], descriptor: descriptor, structural: structural || continues)
                    }
                } else {
                    watch(node, member.changeKey, structural: structural || (continues && member.isNode))
                }
            }
            guard continues, let child = member.childDescriptor else { return }
            var children: [any RippleNode] = []
            for node in nodes { node._rippleVisitNodes(of: index) { children.append($0) } }
            walk(steps.dropFirst(), nodes: children, descriptor: child, structural: structural)
        }
    }

    /// Watches every member of every node below `top` (`top` included), without recursion:
    /// a model may be as deep as it likes.
    private func watchSubtree(_ top: any RippleNode, visited: inout Set<ObjectIdentifier>) {
        var stack = [top]
        while let node = stack.popLast() {
            guard visited.insert(ObjectIdentifier(node)).inserted else { continue }
            let tracker = node._rippleTracker
            watch(node, Tracker.anyMember, structural: false)
            permittedSubtrees.insert(ObjectIdentifier(tracker))
            let descriptor = type(of: node)._rippleDescriptor
            for (index, member) in descriptor.members.enumerated() {
                if member.isComputed {
                    for dependency in member.dependencies {
                        walk(dependency[...], nodes: [node], descriptor: descriptor, structural: true)
                    }
                }
                if member.isNode {
                    node._rippleVisitNodes(of: index) { stack.append($0) }
                }
            }
        }
    }

    private func watch(_ node: any RippleNode, _ member: Int, structural isStructural: Bool) {
        let tracker = node._rippleTracker
        let point = NodeMember(tracker, member)
        if watchSet.insert(point).inserted {
            tracker.addWatcher(self, member: member)
            watches.append((tracker, member))
        }
        if isStructural { structural.insert(point) }
    }
}
