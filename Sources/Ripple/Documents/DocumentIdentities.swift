/// The identities of a document's nodes: a number each, kept in its tracker, that snapshots,
/// patches and journals name it by. A node keeps its number when reordered, moved or replaced
/// and put back; a replica opened from a snapshot knows the same numbers.
final class DocumentIdentities {
    /// The next number to give.
    private(set) var nextID: UInt64 = 1
    /// The nodes by number, weakly: a node that leaves the model and every history step goes.
    private var nodes: [UInt64: WeakNode] = [:]
    private var pruneAt = 1_024

    private struct WeakNode {
        weak var node: (any RippleNode)?
    }

    /// The number of `node`, given now if it had none.
    func id(of node: any RippleNode) -> UInt64 {
        let tracker = node._rippleTracker
        if tracker.documentID != 0 {
            if nodes[tracker.documentID] == nil { remember(node, tracker.documentID) }
            return tracker.documentID
        }
        let id = nextID
        tracker.documentID = id
        remember(node, id)
        return id
    }

    /// Whether `node` has a number already.
    func hasID(_ node: any RippleNode) -> Bool {
        node._rippleTracker.documentID != 0
    }

    /// Gives `node` the number `id`, read from a document or a patch.
    func assign(_ id: UInt64, to node: any RippleNode) {
        node._rippleTracker.documentID = id
        remember(node, id)
    }

    /// The node with number `id`, if it is alive.
    func node(_ id: UInt64) -> (any RippleNode)? {
        nodes[id]?.node
    }

    /// Numbers below `id` are taken (a document or a patch used them).
    func reserve(upTo id: UInt64) {
        nextID = max(nextID, id)
    }

    private func remember(_ node: any RippleNode, _ id: UInt64) {
        nodes[id] = WeakNode(node: node)
        nextID = max(nextID, id &+ 1)
        if nodes.count >= pruneAt {
            nodes = nodes.filter { $0.value.node != nil }
            pruneAt = max(1_024, nodes.count * 2)
        }
    }
}
