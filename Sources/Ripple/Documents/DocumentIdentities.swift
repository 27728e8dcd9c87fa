import Foundation

/// The identities of a document's nodes: a number each, kept in its tracker, that snapshots,
/// patches and journals name it by. A node keeps its number when reordered, moved or replaced
/// and put back; a replica opened from a snapshot knows the same numbers.
///
/// Numbering a node costs a store into its tracker. Finding a node by its number (applying a
/// patch) needs an index, which is built on first need by walking the document from its root,
/// then kept up to date: a document opened or saved and never patched pays for no index. A
/// collaborating replica holds its nodes by number itself (``NodeKeeper``): the index then
/// holds only the nodes numbered since that it does not hold (the nodes an update numbers are
/// held strongly until it commits, when the keeper has taken them), since a weak reference
/// gives its node a side table, which costs memory and slows every retain and release of it
/// (a copy of an array of 100,000 nodes takes about 4 times as long).
final class DocumentIdentities {
    /// The next number to give.
    private(set) var nextID: UInt64 = 1
    /// The document's name, which its snapshots and patches carry (made the first time asked).
    lazy var document = UUID().uuidString
    /// How many patches the document has made (or applied) since it began: the number of its
    /// last one.
    var sequence: UInt64 = 0
    /// How large and deep the patches applied may make the document: those it was opened with,
    /// or (nil) ``DocumentLimits/default``.
    var limits: DocumentLimits?
    /// How deep the document is known to be, at most: what judges the patches applied.
    var depth = DocumentDepth()
    /// Whether the mediator committed changes of its own to the document (an update not tagged
    /// "remote") since it was opened: then it follows no origin's patches.
    var hasLocalChanges = false
    /// The replica state a collaborating replica's snapshot held, when this document was opened
    /// from one: the replica this mediator becomes starts from it (see `ReplicaSession`).
    var openedReplica: OpenedReplica?
    /// The next number to give, how many patches, and how deep: what a patch that fails to
    /// apply puts back.
    var numbers: (nextID: UInt64, sequence: UInt64, depth: DocumentDepth) {
        get { (nextID, sequence, depth) }
        set { (nextID, sequence, depth) = newValue }
    }
    /// The numbers a document may use: a number near `UInt64.max` would leave none to give.
    static let limit: UInt64 = 1 << 62
    /// The node numbers a document or a patch may hold (0 stands for "no number").
    static let validNumbers: ClosedRange<UInt64> = 1...limit
    /// The nodes by number, weakly (a node that leaves the model and every history step goes),
    /// once indexed.
    private var nodes: [UInt64: WeakNode] = [:]
    /// Whether `nodes` holds every numbered node of the document.
    private var isIndexed = true
    /// The document's root, where an index starts.
    private var root = WeakNode()
    private var pruneAt = 1_024
    /// Who holds the nodes by number instead of the index, while it lives.
    private weak var keeper: (any NodeKeeper)?
    /// The nodes numbered while a keeper lives, held until it holds them too (the update that
    /// numbered them commits): a weak reference would give each a side table for good, and
    /// the index would keep an entry for each, about 80 bytes a node made.
    private var unkept: [UInt64: any RippleNode] = [:]

    private struct WeakNode {
        weak var node: (any RippleNode)?
    }

    /// The root of the document these numbers are of.
    func setRoot(_ root: any RippleNode) {
        self.root = WeakNode(node: root)
    }

    /// The number of `node`, given now if it had none.
    func id(of node: any RippleNode) -> UInt64 {
        let tracker = node._rippleTracker
        if tracker.documentID != 0 {
            if isIndexed, nodes[tracker.documentID] == nil, !isKept(node, tracker.documentID) { remember(node, tracker.documentID) }
            return tracker.documentID
        }
        let id = nextID
        assign(id, to: node)
        return id
    }

    /// Whether the keeper holds `node` as number `id`, or will once the update commits.
    private func isKept(_ node: any RippleNode, _ id: UInt64) -> Bool {
        guard let keeper else { return false }
        return unkept[id] === node || keeper.node(numbered: id) === node
    }

    /// Whether `node` has a number already.
    func hasID(_ node: any RippleNode) -> Bool {
        node._rippleTracker.documentID != 0
    }

    /// Gives `node` the number `id`, read from a document or a patch.
    func assign(_ id: UInt64, to node: any RippleNode) {
        node._rippleTracker.documentID = id
        nextID = max(nextID, id &+ 1)
        if keeper != nil {
            unkept[id] = node
        } else if isIndexed {
            remember(node, id)
        }
    }

    /// Lets go of the nodes numbered since the keeper last held them all: the index holds
    /// those it does not hold (weakly). Called once an update committed.
    func settleUnkept() {
        guard !unkept.isEmpty else { return }
        if let keeper {
            for (id, node) in unkept where keeper.node(numbered: id) !== node { remember(node, id) }
        } else {
            for (id, node) in unkept { remember(node, id) }
        }
        unkept = [:]
    }

    /// Lets `keeper` answer for the nodes it holds: the index is not built while it lives, and
    /// holds the nodes numbered from now on (until the keeper holds them too).
    func keep(by keeper: any NodeKeeper) {
        self.keeper = keeper
    }

    /// The numbers given from now on are indexed when the document is walked (opening one:
    /// every node is numbered at once, and most documents are never patched).
    func deferIndex() {
        isIndexed = false
    }

    /// The node with number `id`, if it is alive.
    func node(_ id: UInt64) -> (any RippleNode)? {
        if let keeper {
            if let node = keeper.node(numbered: id) ?? unkept[id] { return node }
        } else if !isIndexed {
            index()
        }
        return nodes[id]?.node
    }

    /// Numbers below `id` are taken (a document or a patch used them).
    func reserve(upTo id: UInt64) {
        nextID = max(nextID, id)
    }

    /// Takes back the numbers from `firstID` on: those `nodes` were given by a change that was
    /// rolled back, and will be given again.
    func takeBack(from firstID: UInt64, of nodes: [any RippleNode]) {
        for node in nodes where node._rippleTracker.documentID >= firstID {
            self.nodes[node._rippleTracker.documentID] = nil
            unkept[node._rippleTracker.documentID] = nil
            node._rippleTracker.documentID = 0
        }
        nextID = min(nextID, firstID)
    }

    private func remember(_ node: any RippleNode, _ id: UInt64) {
        nodes[id] = WeakNode(node: node)
        if nodes.count >= pruneAt {
            nodes = nodes.filter { $0.value.node != nil }
            pruneAt = max(1_024, nodes.count * 2)
        }
    }

    /// How many nodes the index holds, alive or gone (a keeper's nodes are not among them).
    var indexedCount: Int { nodes.count }

    /// Calls `body` with every numbered node alive that the index holds (for tests that take a
    /// model apart after use).
    func forEachIndexedNode(_ body: (any RippleNode) -> Void) {
        if let keeper {
            var seen: Set<ObjectIdentifier> = []
            keeper.forEachNode { node in if seen.insert(ObjectIdentifier(node)).inserted { body(node) } }
            for node in unkept.values where seen.insert(ObjectIdentifier(node)).inserted { body(node) }
            for entry in nodes.values {
                if let node = entry.node, seen.insert(ObjectIdentifier(node)).inserted { body(node) }
            }
            return
        }
        if !isIndexed { index() }
        for entry in nodes.values { if let node = entry.node { body(node) } }
    }

    /// Indexes every numbered node the root reaches through saved members.
    private func index() {
        isIndexed = true
        guard let root = root.node else { return }
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var pending = [root]
        while let node = pending.popLast() {
            let tracker = node._rippleTracker
            if tracker.documentID != 0, nodes[tracker.documentID]?.node == nil { remember(node, tracker.documentID) }
            let descriptor = type(of: node)._rippleDescriptor
            for (member, description) in descriptor.members.enumerated() where description.isNode && descriptor.saves(member) {
                node._rippleVisitNodes(of: member) { child in
                    if seen.insert(ObjectIdentifier(child)).inserted { pending.append(child) }
                }
            }
        }
    }
}

/// What a collaborating replica's snapshot holds beside its nodes: the engine's state, and the
/// number after its genesis nodes' (made nodes follow in the order of their identities).
struct OpenedReplica {
    let state: Data
    let genesisNext: UInt64
}

/// Who holds a document's numbered nodes strongly and finds them by number (a collaborating
/// replica's session), so that ``DocumentIdentities`` need not index them weakly. Called on the
/// main actor only, as the identities are.
protocol NodeKeeper: AnyObject {
    /// The node of number `number` that it holds, if any.
    func node(numbered number: UInt64) -> (any RippleNode)?
    /// Calls `body` with every node it holds.
    func forEachNode(_ body: (any RippleNode) -> Void)
}
