// Comparing with a full walk, and the helpers on values that following uses.

extension Watches {
    // MARK: Checking

    /// What differs from `reference`, one line each: for tests that check following against a
    /// full walk (counts, points and their routes, triggers, the region).
    func differences(from reference: Watches) -> [String] {
        var lines: [String] = []
        func compare<Key: Hashable, Value: Equatable>(_ name: String, _ mine: [Key: Value], _ theirs: [Key: Value]) {
            guard mine != theirs else { return }
            for (key, value) in mine where theirs[key] != value {
                lines.append("\(name) \(key): \(value), full walk \(theirs[key].map { "\($0)" } ?? "none")")
            }
            for (key, value) in theirs where mine[key] == nil { lines.append("\(name) \(key): none, full walk \(value)") }
        }
        compare("watch", watched.entries.mapValues(\.count), reference.watched.entries.mapValues(\.count))
        let listed = watchList.enumerated().allSatisfy { watched[$0.element.key]?.index == $0.offset }
        if !listed || watchList.count != watched.count { lines.append("the list of trackers and the table disagree") }
        compare("permitted", permitted, reference.permitted)
        compare("region", regionEntries, reference.regionEntries)
        compare("triggers", triggers, reference.triggers)
        compare("region triggers", regionTriggers, reference.regionTriggers)
        compare("point", points.mapValues(PointSummary.init), reference.points.mapValues(PointSummary.init))
        if !dirty.isEmpty || needsFullResolve { lines.append("changes not followed: \(dirty.count), full walk due: \(needsFullResolve)") }
        return lines
    }

    /// What a point holds, compared regardless of the order its routes came in.
    struct PointSummary: Equatable, CustomStringConvertible {
        let routes: [Route]
        let holdsPlaces: Bool
        let children: [ObjectIdentifier]

        init(_ point: Point) {
            routes = point.routes
            holdsPlaces = point.holdsPlaces
            var children: [ObjectIdentifier] = []
            Watches.forEachChild(in: point.snapshot) { children.append(ObjectIdentifier($0)) }
            // A dictionary or a set lists its nodes in its storage's order: an equal one made
            // anew (a rolled-back put or removal, see NodeKeyedSplice.swift) may list them in
            // another, and following compares them by key or element, never by order.
            if case .stored(let value) = point.snapshot, let nodes = value as? any NodeCollection, !nodes.keepsOrder {
                children.sort()
            }
            self.children = children
        }

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.holdsPlaces == rhs.holdsPlaces && lhs.children == rhs.children && lhs.routes.count == rhs.routes.count
                && lhs.routes.allSatisfy(rhs.routes.contains)
        }

        var description: String {
            let routes = routes.map { "\(Array($0.rest)) \($0.context) x\($0.count)" }.sorted()
            return "\(routes) places: \(holdsPlaces) children: \(children)"
        }
    }

    // MARK: Values

    static func snapshot(of node: any RippleNode, _ member: Int, isComputed: Bool) -> Snapshot {
        guard isComputed else { return .stored(node._rippleValue(of: member)) }
        var nodes: [any RippleNode] = []
        node._rippleVisitNodes(of: member) { nodes.append($0) }
        return .computed(nodes)
    }

    static func forEachChild(in snapshot: Snapshot, _ body: (any RippleNode) -> Void) {
        switch snapshot {
        case .stored(let value):
            if let collection = value as? any NodeCollection {
                collection.forEachNode(body)
            } else if let node = value as? any RippleNode {
                body(node)
            }
        case .computed(let nodes):
            for node in nodes { body(node) }
        }
    }

    /// How many children ``forEachChild(in:_:)`` calls its body with.
    static func childCount(in snapshot: Snapshot) -> Int {
        switch snapshot {
        case .stored(let value): (value as? any Collection)?.count ?? 1
        case .computed(let nodes): nodes.count
        }
    }

    /// The places each node lost (-1 each) and gained (+1 each) from `old` to `new`, by identity.
    static func placeChanges(from old: [any RippleNode], to new: [any RippleNode]) -> [(node: any RippleNode, delta: Int)] {
        if old.count == new.count, zip(old, new).allSatisfy({ $0 === $1 }) { return [] }
        return old.map { ($0, -1) } + new.map { ($0, 1) }
    }

    /// The places a stored value gained and lost since `old`, or nil when they are `limit` or
    /// more (an array replaced whole is known at once, without visiting its nodes).
    static func placeChanges(from old: Any, to new: Any, below limit: Int) -> [(node: any RippleNode, delta: Int)]? {
        if let bound = (new as? any NodeCollection)?.placeChangeBound(from: old), bound >= limit { return nil }
        var changes: [(node: any RippleNode, delta: Int)] = []
        var isLarge = false
        forEachPlaceChange(from: old, to: new) { node, delta in
            if changes.count < limit { changes.append((node, delta)) } else { isLarge = true }
        }
        return isLarge ? nil : changes
    }

    /// One entry per node, its changes added up, in the order first met; zeros left out.
    static func netted(_ changes: [(node: any RippleNode, delta: Int)]) -> [(node: any RippleNode, delta: Int)] {
        var order: [ObjectIdentifier] = []
        var sums: [ObjectIdentifier: (node: any RippleNode, delta: Int)] = [:]
        order.reserveCapacity(changes.count)
        sums.reserveCapacity(changes.count)
        for (node, delta) in changes {
            let id = ObjectIdentifier(node)
            if let sum = sums[id] {
                sums[id] = (node, sum.delta + delta)
            } else {
                sums[id] = (node, delta)
                order.append(id)
            }
        }
        return order.compactMap { id in sums[id].flatMap { $0.delta == 0 ? nil : $0 } }
    }

    static func add(_ count: Int, to counts: inout [NodeMember: Int], _ key: NodeMember) {
        let sum = (counts[key] ?? 0) + count
        counts[key] = sum == 0 ? nil : sum
    }
}
