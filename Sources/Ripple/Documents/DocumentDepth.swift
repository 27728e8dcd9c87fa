/// How deep the nodes of a document nest, and what a patch or an update may add to it: a
/// mediator keeps an upper bound of its document's depth, so that a patch or an update that
/// brings new nodes is judged by what it brings, and walks the document only when it moves
/// nodes already there (a patch), or when the bound says it might be too deep.
struct DocumentDepth {
    /// An upper bound of the depth of the document (the longest chain below its root, the root
    /// not counted), or nil when unknown (a mediator that was not opened from a document).
    var bound: Int?
    /// Set while an update whose patches judged its depth (``PatchApplication/finish()``)
    /// commits, so that its commit does not judge it again.
    var isJudged = false
    /// How many nodes the checks of this document's depth visited (what the tests count).
    var visited = 0

    /// The depth of the document under `root`: the number of nodes on the longest chain below
    /// it through saved node members, each held by the one before, a reference back to a node
    /// on the chain not followed; nil as soon as it is deeper than `limit`.
    ///
    /// A walk with a stack of its own, each node once.
    ///
    /// - Complexity: O(n + r), n nodes and r references.
    @MainActor
    static func measure(under root: any RippleNode, limit: Int) -> Int? {
        var visited = 0
        return measure(under: root, limit: limit, visited: &visited)
    }

    /// ``measure(under:limit:)``, counting in `visited` the nodes it meets.
    @MainActor
    private static func measure(under root: any RippleNode, limit: Int, visited: inout Int) -> Int? {
        // A node on the walk's path is in `heights` with -1; a node done, with its longest chain.
        var heights: [ObjectIdentifier: Int] = [ObjectIdentifier(root): -1]
        var path: [(node: any RippleNode, children: [any RippleNode], next: Int)] = [(root, children(of: root), 0)]
        while let top = path.last {
            if top.next < top.children.count {
                path[path.count - 1].next += 1
                let child = top.children[top.next]
                guard heights[ObjectIdentifier(child)] == nil else { continue }
                // The path holds the root and the nodes below it.
                guard path.count <= limit else { return nil }
                heights[ObjectIdentifier(child)] = -1
                visited += 1
                path.append((child, children(of: child), 0))
                continue
            }
            path.removeLast()
            var height = 1
            for child in top.children {
                if let known = heights[ObjectIdentifier(child)], known > 0 { height = max(height, known + 1) }
            }
            guard height - 1 <= limit else { return nil }
            heights[ObjectIdentifier(top.node)] = height
        }
        return heights[ObjectIdentifier(root)].map { $0 - 1 }
    }

    /// An upper bound of the depth of the document after a commit that made `change`, from
    /// `bound`, the one before it; nil when only a walk can tell (the bound was unknown, or it
    /// would pass `limit`).
    ///
    /// A chain of the document after the commit runs through nodes it had, held as they were,
    /// and through what the commit placed: the nodes that entered, which add their own longest
    /// chain, and the nodes it had that were placed anew (moved, or held by a node that entered),
    /// below each of which a chain of nodes the document had may start again.
    ///
    /// - Complexity: O(e + r) for the e nodes that entered and their r references.
    @MainActor
    mutating func bound(after change: DocumentMembership.Change, root: any RippleNode, limit: Int) -> Int? {
        guard let bound else { return nil }
        guard !change.entered.isEmpty || !change.placed.isEmpty else { return bound }
        var positions: [ObjectIdentifier: Int] = [:]
        var graph = DocumentGraph()
        for node in change.entered { positions[ObjectIdentifier(node)] = graph.addNode() }
        var placed: Set<ObjectIdentifier> = []
        for node in change.placed where positions[ObjectIdentifier(node)] == nil { placed.insert(ObjectIdentifier(node)) }
        for (position, node) in change.entered.enumerated() {
            graph.beginReading(position)
            for child in Self.children(of: node) {
                if let target = positions[ObjectIdentifier(child)] {
                    graph.addReference(to: target)
                } else if child !== root {
                    placed.insert(ObjectIdentifier(child))
                }
            }
        }
        visited += change.entered.count
        guard let chain = graph.longestChain(limit: limit) else { return nil }
        let (levels, overflowed) = bound.addingReportingOverflow(chain)
        let (deepest, alsoOverflowed) = (placed.count + 1).multipliedReportingOverflow(by: levels)
        return !overflowed && !alsoOverflowed && deepest <= limit ? deepest : nil
    }

    /// Walks the document under `root` (see ``measure(under:limit:)``) and keeps its depth as
    /// the bound; nil, and the bound unknown, when it is deeper than `limit`.
    ///
    /// - Complexity: O(n + r), n nodes and r references.
    @MainActor
    mutating func remeasure(under root: any RippleNode, limit: Int) -> Int? {
        bound = Self.measure(under: root, limit: limit, visited: &visited)
        return bound
    }

    /// Whether `node` holds a node in a saved node member.
    @MainActor
    static func holdsNodes(_ node: any RippleNode) -> Bool {
        !children(of: node).isEmpty
    }

    /// The nodes in the saved node members of `node`.
    @MainActor
    private static func children(of node: any RippleNode) -> [any RippleNode] {
        var children: [any RippleNode] = []
        let descriptor = type(of: node)._rippleDescriptor
        for (index, member) in descriptor.members.enumerated() where member.isNode && !member.isComputed && descriptor.saves(index) {
            node._rippleVisitNodes(of: index) { children.append($0) }
        }
        return children
    }
}
