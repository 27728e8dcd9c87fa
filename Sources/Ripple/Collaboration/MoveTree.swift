/// The tree the cycle check walks (Kleppmann et al. 2021): every placed node under the holder
/// the last valid move gave it, or else under its home, the holder of its earliest place that
/// no move made, in a collection (an array, a set or a dictionary) if one holds it. A home is
/// read from the node's places when a walk reaches it, so that checking a move costs the
/// holders above its destination, not every place of the document.
///
/// A node-typed stored property is a home only for a node no collection holds: it is most often
/// a back reference (a group's `parent`, a figure's `group`), whose write may come before the
/// place that holds the node (breaker36: a layer's top group, whose groups' back references
/// came first, counted as inside them, so a move of a group was judged a cycle, sent as a
/// removal and a new place, and two crossed moves then made a real cycle that left the drawing).
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
    /// How each member of each class merges: which places are in collections.
    var shapes: [String: [String: MemberShape]] = [:]

    /// The holder of `node` in this tree (nil: none, as for the root and a node never placed).
    func parent(of node: NodeID, in nodes: ReplicaNodes) -> NodeID? {
        if let holder = moved[node] { return holder }
        return home(of: node, in: nodes)
    }

    /// The holder of the home of `node`: of its earliest place that no move made and that is
    /// not one of `excluded`, in a collection if one holds it.
    func home(of node: NodeID, in nodes: ReplicaNodes, excluding excluded: Set<Placement> = []) -> NodeID? {
        guard node != root else { return nil }
        var home: (place: Placement, inCollection: Bool)?
        for place in nodes.placements(of: node)
        where (destinations.isEmpty || !destinations.contains(place)) && (excluded.isEmpty || !excluded.contains(place)) {
            let inCollection = isCollection(place, in: nodes)
            guard let current = home else {
                home = (place, inCollection)
                continue
            }
            if inCollection != current.inCollection ? inCollection : place.id < current.place.id {
                home = (place, inCollection)
            }
        }
        return home?.place.holder
    }

    private func isCollection(_ place: Placement, in nodes: ReplicaNodes) -> Bool {
        guard let slot = nodes.slot(of: place.holder) else { return false }
        return (shapes[nodes.type(at: slot)]?[place.member] ?? .register) != .register
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
