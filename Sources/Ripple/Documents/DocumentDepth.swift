/// How deep the nodes of a document nest, and what a patch may add to it: a replica keeps an
/// upper bound of its document's depth, so that a patch that only brings new nodes is judged by
/// what it brings, and walks the document only when it moves nodes already there.
struct DocumentDepth {
    /// An upper bound of the depth of the document (the longest chain below its root, the root
    /// not counted), or nil when unknown (a mediator that was not opened from a document).
    var bound: Int?

    /// The depth of the document under `root`: the number of nodes on the longest chain below
    /// it through saved node members, each held by the one before, a reference back to a node
    /// on the chain not followed; nil as soon as it is deeper than `limit`.
    ///
    /// A walk with a stack of its own, each node once.
    ///
    /// - Complexity: O(n + r), n nodes and r references.
    @MainActor
    static func measure(under root: any RippleNode, limit: Int) -> Int? {
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
