// Which child nodes a write of a node member attached and detached, found from the member's
// old value (type-erased, from the journal) and its current one. Validation uses it to find
// the nodes a transaction put into the model, and the parent links kept for validation
// follow it. It costs what changed, plus one pass of identity comparisons over an array
// (never a hash of every element) when only its ends changed.

/// The child nodes one write of a node member attached and detached.
struct NodeChanges {
    var attached: [any RippleNode] = []
    var detached: [any RippleNode] = []

    /// The changes from `old` to `new`, two values of one node member (a node, an optional
    /// node, or a collection of nodes, possibly optional).
    init(from old: Any, to new: Any) {
        if let new = new as? any NodeCollection {
            self = new.nodeChanges(from: old)
        } else if let old = old as? any NodeCollection {
            old.forEachNode { detached.append($0) }
        } else {
            let old = old as? any RippleNode
            let new = new as? any RippleNode
            guard old !== new else { return }
            if let new { attached.append(new) }
            if let old { detached.append(old) }
        }
    }

    init(attached: [any RippleNode] = [], detached: [any RippleNode] = []) {
        self.attached = attached
        self.detached = detached
    }

    var isEmpty: Bool { attached.isEmpty && detached.isEmpty }
}

/// A collection of child nodes, as a node member holds it.
protocol NodeCollection {
    /// Calls `body` with every node held.
    func forEachNode(_ body: (any RippleNode) -> Void)
    /// The nodes held now and not by `old`, and those `old` held and no longer held.
    func nodeChanges(from old: Any) -> NodeChanges
}

extension Array: NodeCollection where Element: RippleNode {
    func forEachNode(_ body: (any RippleNode) -> Void) {
        for node in self { body(node) }
    }

    func nodeChanges(from old: Any) -> NodeChanges {
        guard let old = old as? [Element] else { return NodeChanges(attached: self) }
        let ends = CommonEnds(old, self, by: ===)
        let oldMiddle = old[ends.prefix..<(old.count - ends.suffix)]
        let newMiddle = self[ends.prefix..<(count - ends.suffix)]
        if oldMiddle.isEmpty { return NodeChanges(attached: Array(newMiddle)) }
        let kept = Set(newMiddle.lazy.map(ObjectIdentifier.init))
        let gone = Set(oldMiddle.lazy.map(ObjectIdentifier.init))
        var changes = NodeChanges(attached: newMiddle.filter { !gone.contains(ObjectIdentifier($0)) })
        var detached = oldMiddle.filter { !kept.contains(ObjectIdentifier($0)) }
        if !detached.isEmpty, ends.prefix + ends.suffix > 0 {
            // A node held twice stays held while one of its places is left.
            let remaining = Set(self[..<ends.prefix].lazy.map(ObjectIdentifier.init))
                .union(self[(count - ends.suffix)...].lazy.map(ObjectIdentifier.init))
            detached.removeAll { remaining.contains(ObjectIdentifier($0)) }
        }
        changes.detached = detached
        return changes
    }
}

extension Set: NodeCollection where Element: RippleNode {
    func forEachNode(_ body: (any RippleNode) -> Void) {
        for node in self { body(node) }
    }

    func nodeChanges(from old: Any) -> NodeChanges {
        guard let old = old as? Set<Element> else { return NodeChanges(attached: Array(self)) }
        return NodeChanges(attached: Array(subtracting(old)), detached: Array(old.subtracting(self)))
    }
}

extension Dictionary: NodeCollection where Value: RippleNode {
    func forEachNode(_ body: (any RippleNode) -> Void) {
        for node in values { body(node) }
    }

    func nodeChanges(from old: Any) -> NodeChanges {
        guard let old = old as? [Key: Value] else { return NodeChanges(attached: Array(values)) }
        var attached: [any RippleNode] = []
        var detached: [any RippleNode] = []
        for (key, node) in self where old[key] !== node { attached.append(node) }
        for (key, node) in old where self[key] !== node { detached.append(node) }
        if !attached.isEmpty || !detached.isEmpty {
            // A node that moved to another key stays held; one that came from another key was held.
            let now = Set(values.lazy.map(ObjectIdentifier.init))
            let before = Set(old.values.lazy.map(ObjectIdentifier.init))
            attached.removeAll { before.contains(ObjectIdentifier($0)) }
            detached.removeAll { now.contains(ObjectIdentifier($0)) }
        }
        return NodeChanges(attached: attached, detached: detached)
    }
}

/// How many elements two arrays share at their start and, after that, at their end.
struct CommonEnds {
    let prefix: Int
    let suffix: Int

    init<Element>(_ old: [Element], _ new: [Element], by isSame: (Element, Element) -> Bool) {
        let shorter = Swift.min(old.count, new.count)
        var prefix = 0
        while prefix < shorter, isSame(old[prefix], new[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, isSame(old[old.count - 1 - suffix], new[new.count - 1 - suffix]) { suffix += 1 }
        self.prefix = prefix
        self.suffix = suffix
    }
}
