/// How deep the nodes of a document nest, and what a patch or an update may add to it: a
/// mediator keeps an upper bound of its document's depth, so that a patch or an update that
/// brings new nodes, or a local update or a merge that moves nodes, is judged by what it placed,
/// and walks the document only when a follower's patch moves nodes already there, or when the
/// bound says it might be too deep.
///
/// Two things are judged: how deep nodes nest (each where it is nearest the root: a reference
/// across the document, a task waiting for another, does not deepen it), within
/// ``DocumentLimits/maximumDepth``; and the longest chain of nodes each held by the one before,
/// references included, within ``DocumentLimits/maximumChain`` (what releasing it takes).
struct DocumentDepth {
    /// An upper bound of the longest chain below the document's root (the root not counted),
    /// which bounds how deep it nests too; nil when unknown (a mediator that was not opened
    /// from a document).
    var bound: Int?
    /// How deep merges nested the document past ``DocumentLimits/maximumDepth`` (0 when they
    /// did not): a replica's own updates may nest as deep, not deeper (see ``judge(under:limits:)``).
    var allowance = 0
    /// Set while an update whose patches judged its depth (``PatchApplication/finish()``)
    /// commits, so that its commit does not judge it again.
    var isJudged = false
    /// Set while a merge whose patches placed nodes the document had commits: its commit judges
    /// it from what it placed (``bound(after:root:limit:)``), by its chains if a walk is needed
    /// (``judgeMerged(under:limits:)``).
    var isMergeToJudge = false
    /// How many nodes the checks of this document's depth visited (what the tests count).
    var visited = 0

    /// The longest chain of the document under `root`: the number of nodes on the longest chain
    /// below it through saved node members, each held by the one before, a reference back to a node
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
    /// chain, and the nodes it had that took a new place (moved, or held by a node that entered),
    /// below each of which a chain of nodes the document had may start again. A chain takes each
    /// node once, so a new place counts only where a chain can take it: not in a node that only
    /// the place's node leads to (a new group's or a moved figure's link to its group), and once
    /// for two nodes each placed in the other alone. Past a node placed in one node, a chain
    /// takes at most the few nodes it reaches without that node or the root (a moved figure and
    /// its paint): counted, they bound the rest of the chain, not the document's bound again.
    ///
    /// - Complexity: O(e + r + p) for the e nodes that entered, their r references, and the p
    ///   places taken, and a few nodes below each node placed.
    @MainActor
    mutating func bound(after change: DocumentMembership.Change, root: any RippleNode, limit: Int) -> Int? {
        guard let bound else { return nil }
        guard !change.entered.isEmpty || !change.placed.isEmpty else { return bound }
        var positions: [ObjectIdentifier: Int] = [:]
        var graph = DocumentGraph()
        for node in change.entered { positions[ObjectIdentifier(node)] = graph.addNode() }
        // The nodes the document had that gave a node that entered a place: the only way in.
        var entrances: Set<ObjectIdentifier> = []
        // Each node the document had that took a new place, in the order met, with the nodes
        // holding it there.
        var placed: [any RippleNode] = []
        var holders: [ObjectIdentifier: [any RippleNode]] = [:]
        func place(_ node: any RippleNode, in holder: any RippleNode) {
            if holders[ObjectIdentifier(node)] == nil { placed.append(node) }
            holders[ObjectIdentifier(node), default: []].append(holder)
        }
        // The nodes that one place alone holds, with that place's node.
        var onlyHolder: [ObjectIdentifier: ObjectIdentifier] = [:]
        for (node, holder) in change.placed where node !== root {
            let id = ObjectIdentifier(node)
            if change.heldOnce.contains(id) { onlyHolder[id] = ObjectIdentifier(holder) }
            if positions[ObjectIdentifier(holder)] != nil { continue }
            if positions[id] != nil { entrances.insert(ObjectIdentifier(holder)) } else { place(node, in: holder) }
        }
        for (position, node) in change.entered.enumerated() {
            graph.beginReading(position)
            for child in Self.children(of: node) {
                if let target = positions[ObjectIdentifier(child)] {
                    graph.addReference(to: target)
                } else if child !== root, !entrances.isSubset(of: [ObjectIdentifier(child)]) {
                    // A chain into the nodes that entered comes through another node than this one.
                    place(child, in: node)
                }
            }
        }
        visited += change.entered.count
        guard let chain = graph.longestChain(limit: limit) else { return nil }
        let (levels, overflowed) = bound.addingReportingOverflow(chain)
        guard !overflowed else { return nil }
        var restarts = 0
        var longestRest = 0
        var paired: Set<ObjectIdentifier> = []
        for node in placed where !paired.contains(ObjectIdentifier(node)) {
            let id = ObjectIdentifier(node)
            // A chain reaching a holder that only this node holds has come through this node.
            let usable = holders[id, default: []].filter { $0 !== root && $0 !== node && onlyHolder[ObjectIdentifier($0)] != id }
            guard let holder = usable.first else { continue }
            let holderID = ObjectIdentifier(holder)
            if usable.allSatisfy({ $0 === holder }), let rest = nodesReached(from: node, without: holder, root: root) {
                longestRest = max(longestRest, rest)
                continue
            }
            restarts += 1
            if usable.count == 1, holders[holderID]?.count == 1, holders[holderID]?.first === node {
                paired.insert(holderID)
            }
        }
        let (deepest, alsoOverflowed) = (restarts + 1).multipliedReportingOverflow(by: levels)
        guard !alsoOverflowed, deepest <= limit - longestRest else { return nil }
        return deepest + longestRest
    }

    /// How many nodes `node` reaches (itself included) without passing `holder` or `root`: a
    /// chain through `holder` to `node` takes no more after it; nil past a few.
    @MainActor
    private mutating func nodesReached(from node: any RippleNode, without holder: any RippleNode, root: any RippleNode) -> Int? {
        var met: Set<ObjectIdentifier> = [ObjectIdentifier(holder), ObjectIdentifier(root)]
        var reached: [any RippleNode] = [node]
        met.insert(ObjectIdentifier(node))
        var next = 0
        defer { visited += reached.count }
        while next < reached.count {
            for child in Self.children(of: reached[next]) where met.insert(ObjectIdentifier(child)).inserted {
                guard reached.count < Self.fewNodes else { return nil }
                reached.append(child)
            }
            next += 1
        }
        return reached.count
    }

    /// How many nodes below a node placed ``bound(after:root:limit:)`` looks at before it counts
    /// a chain there as long as the document's.
    static let fewNodes = 32

    /// Walks the document under `root` as ``measure(under:limit:)`` and keeps its longest
    /// chain as the bound; returns how deep it nests (its longest chain when that is within
    /// ``DocumentLimits/maximumDepth``, which it cannot pass), or nil, refused, when a chain is
    /// longer than ``DocumentLimits/maximumChain`` or it nests deeper than `depthLimit`.
    ///
    /// - Complexity: O(n + r), n nodes and r references.
    @MainActor
    private mutating func remeasure(under root: any RippleNode, limits: DocumentLimits, depthLimit: Int) -> Int? {
        bound = Self.measure(under: root, limit: limits.maximumChain, visited: &visited)
        guard let bound else { return nil }
        if bound <= limits.maximumDepth { return bound }
        return Self.nesting(under: root, limit: depthLimit, visited: &visited)
    }

    /// Judges the document after an update of this mediator, or patches it applied: it may
    /// nest as deep as ``DocumentLimits/maximumDepth``, or as merges made it (``allowance``).
    /// Returns how deep it nests, nil when it is refused.
    @MainActor
    mutating func judge(under root: any RippleNode, limits: DocumentLimits) -> Int? {
        let depth = remeasure(under: root, limits: limits, depthLimit: max(limits.maximumDepth, allowance))
        if let depth, depth <= limits.maximumDepth { allowance = 0 }
        return depth
    }

    /// Judges the document after a merge: concurrent edits each within the limits may nest it
    /// deeper together (two chains, each filed under the other's bottom), and a merge refused
    /// for that would never converge. Only its chains are judged (within
    /// ``DocumentLimits/maximumChain``); how deep it nests becomes the ``allowance``. Returns
    /// how deep it nests, nil when it is refused.
    @MainActor
    mutating func judgeMerged(under root: any RippleNode, limits: DocumentLimits) -> Int? {
        let depth = remeasure(under: root, limits: limits, depthLimit: limits.maximumChain)
        if let depth { allowance = depth > limits.maximumDepth ? depth : 0 }
        return depth
    }

    /// How deep the document under `root` nests: the most nodes from the root down to a node
    /// (the root not counted), each node counted where it is nearest the root; nil as soon as
    /// it is deeper than `limit`. A walk level by level, each node once.
    ///
    /// - Complexity: O(n + r), n nodes and r references.
    @MainActor
    static func nesting(under root: any RippleNode, limit: Int) -> Int? {
        var visited = 0
        return nesting(under: root, limit: limit, visited: &visited)
    }

    @MainActor
    private static func nesting(under root: any RippleNode, limit: Int, visited: inout Int) -> Int? {
        var isMet: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var level: [any RippleNode] = [root]
        var depth = -1
        while !level.isEmpty {
            depth += 1
            guard depth <= limit else { return nil }
            var next: [any RippleNode] = []
            for node in level {
                for child in children(of: node) where isMet.insert(ObjectIdentifier(child)).inserted { next.append(child) }
            }
            visited += next.count
            level = next
        }
        return depth
    }

    /// Whether `node` holds a node in a saved node member.
    @MainActor
    static func holdsNodes(_ node: any RippleNode) -> Bool {
        var holds = false
        for member in type(of: node)._rippleDescriptor.savedNodeMembers where !holds {
            node._rippleVisitNodes(of: member) { _ in holds = true }
        }
        return holds
    }

    /// The nodes in the saved node members of `node`.
    @MainActor
    static func children(of node: any RippleNode) -> [any RippleNode] {
        var children: [any RippleNode] = []
        for member in type(of: node)._rippleDescriptor.savedNodeMembers {
            node._rippleVisitNodes(of: member) { children.append($0) }
        }
        return children
    }
}
