/// A member of a class, independent of any instance: what processors are ordered by.
struct ClassMember: Hashable {
    let type: ObjectIdentifier
    let member: Int

    init(_ descriptor: NodeDescriptor, _ member: Int) {
        self.type = ObjectIdentifier(descriptor)
        self.member = member
    }
}

/// A member of one node instance: what registrations watch.
struct NodeMember: Hashable {
    let tracker: ObjectIdentifier
    let member: Int

    init(_ tracker: Tracker, _ member: Int) {
        self.tracker = ObjectIdentifier(tracker)
        self.member = member
    }
}

/// The member keys and names that a set of paths touches, class-wide.
struct KeySet {
    var keys: Set<ClassMember> = []
    var names: [ClassMember: String] = [:]

    /// Adds everything `steps` reads from a node of `descriptor`; for a write, only what the
    /// path ends at (the node members it passes through are read, not written).
    mutating func add(_ steps: some Collection<PathStep>, from descriptor: NodeDescriptor, isWrite: Bool = false) {
        guard let step = steps.first else { return }
        switch step {
        case .all:
            addSubtree(of: descriptor)
        case .member(let index):
            guard descriptor.members.indices.contains(index) else { return }
            let member = descriptor.members[index]
            let isLast = steps.count == 1
            if member.isComputed {
                if !isWrite {
                    for dependency in member.dependencies { add(dependency, from: descriptor) }
                }
            } else if !isWrite || isLast {
                insert(descriptor, member.changeKey)
            }
            if let child = member.childDescriptor { add(steps.dropFirst(), from: child, isWrite: isWrite) }
        }
    }

    /// Adds what `steps` reads from nodes other than the one it starts at (a node of
    /// `descriptor`): a path's members past its first node step, a subtree's below the node.
    mutating func addFromOtherNodes(_ steps: [PathStep], from descriptor: NodeDescriptor) {
        guard case .member(let index) = steps.first else {
            for child in descriptor.members.compactMap(\.childDescriptor) { addSubtree(of: child) }
            return
        }
        guard descriptor.members.indices.contains(index) else { return }
        let member = descriptor.members[index]
        if member.isComputed {
            for dependency in member.dependencies { addFromOtherNodes(dependency, from: descriptor) }
        }
        if let child = member.childDescriptor { add(steps.dropFirst(), from: child) }
    }

    /// Adds every member of every class reachable from `descriptor` (recursion-safe).
    mutating func addSubtree(of descriptor: NodeDescriptor) {
        var seen: Set<ObjectIdentifier> = []
        var stack = [descriptor]
        while let current = stack.popLast() {
            guard seen.insert(ObjectIdentifier(current)).inserted else { continue }
            for (index, member) in current.members.enumerated() {
                if member.isComputed {
                    for dependency in member.dependencies { add(dependency, from: current) }
                } else if member.changeKey == index {
                    insert(current, index)
                }
                if let child = member.childDescriptor { stack.append(child) }
            }
        }
    }

    private mutating func insert(_ descriptor: NodeDescriptor, _ member: Int) {
        let key = ClassMember(descriptor, member)
        if keys.insert(key).inserted {
            names[key] = descriptor.name + "." + descriptor.members[member].name
        }
    }
}
