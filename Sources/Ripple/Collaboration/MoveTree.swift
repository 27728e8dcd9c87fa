/// The tree the cycle check walks (Kleppmann et al. 2021): every placed node under the holder
/// the last valid move gave it, or else under its home, the holder of its earliest place that
/// no move made. A home is read from the node's places when a walk reaches it, so that checking
/// a move costs the holders above its destination, not every place of the document.
///
/// It holds no places: each walk reads them from the `nodes` it is given, so that keeping a
/// tree while they change copies nothing.
struct MoveTree: Equatable, Sendable {
    /// The holders valid moves gave their nodes (the last of each, in id order).
    var moved: [NodeID: NodeID] = [:]
    /// Every move's destination: a place a move made is no home.
    var destinations: Set<Placement> = []
    /// The document's root: it has no home, however many back references hold it.
    var root: NodeID?

    /// The holder of `node` in this tree (nil: none, as for the root and a node never placed).
    func parent(of node: NodeID, in nodes: ReplicaNodes) -> NodeID? {
        if let holder = moved[node] { return holder }
        guard node != root else { return nil }
        var home: Placement?
        for place in nodes.placements(of: node)
        where home.map({ place.id < $0.id }) ?? true && (destinations.isEmpty || !destinations.contains(place)) {
            home = place
        }
        return home?.holder
    }

    /// Whether `node` is `start` or one of its holders (the holders may loop through back
    /// references and shared nodes: a loop that misses `node` does not reach it).
    func reaches(_ node: NodeID, from start: NodeID, in nodes: ReplicaNodes) -> Bool {
        var current: NodeID? = start
        var visited: Set<NodeID> = []
        while let step = current, visited.insert(step).inserted {
            if step == node { return true }
            current = parent(of: step, in: nodes)
        }
        return false
    }
}
