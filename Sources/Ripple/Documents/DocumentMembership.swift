/// Which nodes are in a document: those the root reaches through saved members. A patch changes
/// only nodes that were in the document (a replica holds exactly those), and brings, with every
/// saved member, the nodes its update put in (new ones, or ones back after leaving).
///
/// A `PlaceCounter` counts, for each node, the places that hold it in nodes of the document: a
/// committed update changes the counts of what it changed, in the members it wrote. A group of
/// nodes holding each other in a cycle that nothing else holds stays counted, as it stays alive
/// (and numbered) in a replica for the same reason.
@MainActor
final class DocumentMembership {
    /// What one commit changed in the document.
    struct Change {
        /// The nodes that entered, in the order met.
        var entered: [any DocumentNode] = []
        var enteredIDs: Set<ObjectIdentifier> = []
        var leftIDs: Set<ObjectIdentifier> = []
        /// The nodes that took a place in a member of a node of the document that they did not
        /// hold before the commit (moved there, shared there, or entered): what may make the
        /// document deeper, with the nodes that entered (see ``DocumentDepth``); each with the
        /// node whose member it took the place in.
        var placed: [(node: any RippleNode, holder: any RippleNode)] = []
        /// Those of ``placed`` that one place alone holds after the commit: a chain reaches them
        /// only through it.
        var heldOnce: Set<ObjectIdentifier> = []

        /// Whether `node` was in the document before the commit.
        func wasInDocument(_ node: any RippleNode) -> Bool {
            let id = ObjectIdentifier(node)
            return node._rippleTracker.isInDocument ? !enteredIDs.contains(id) : leftIDs.contains(id)
        }
    }

    private let counter = PlaceCounter<DocumentPlaces>()
    /// This document among those of the process, which its nodes' trackers name.
    var serial: Int { Int(counter.serial) }

    /// Counts every node the root reaches.
    init(root: any RippleNode) {
        counter.change(root._rippleTracker) { entry in
            entry.isIn = true
            entry.places += 1
        }
        var change = Change()
        forEachPlace(of: root) { child in counter.count(child, by: 1) }
        settle(into: &change)
    }

    /// Follows `writes`, the first writes of saved members in a commit, with the values they
    /// had before it.
    func update(with writes: [JournalEntry]) -> Change {
        var change = Change()
        for entry in writes where counter.contains(entry.node._rippleTracker) {
            let member = type(of: entry.node)._rippleDescriptor.members[entry.member]
            guard member.isNode else { continue }
            // A node that lost a place in the member and gained one there was reordered.
            var lost: Set<ObjectIdentifier> = []
            var gained: [any RippleNode] = []
            forEachPlaceChange(from: entry.recorded, to: entry.node._rippleValue(of: entry.member)) { node, delta in
                counter.count(node, by: Int32(delta))
                if delta < 0 { lost.insert(ObjectIdentifier(node)) } else { gained.append(node) }
            }
            for node in gained where !lost.contains(ObjectIdentifier(node)) { change.placed.append((node, entry.node)) }
        }
        settle(into: &change)
        for (node, _) in change.placed where counter.entry(of: node._rippleTracker).places == 1 {
            change.heldOnce.insert(ObjectIdentifier(node))
        }
        return change
    }

    /// Lets the nodes whose count crossed zero enter or leave, noting them in `change`.
    private func settle(into change: inout Change) {
        counter.settle(
            entered: { node in
                if let node = node as? any DocumentNode {
                    change.entered.append(node)
                    change.enteredIDs.insert(ObjectIdentifier(node))
                }
                forEachPlace(of: node) { child in counter.count(child, by: 1) }
            },
            left: { node, _ in
                change.leftIDs.insert(ObjectIdentifier(node))
                forEachPlace(of: node) { child in counter.count(child, by: -1) }
            })
    }

    /// Calls `body` with the node of every place of `node`'s saved members.
    private func forEachPlace(of node: any RippleNode, _ body: (any RippleNode) -> Void) {
        let descriptor = type(of: node)._rippleDescriptor
        for (index, member) in descriptor.members.enumerated() where member.isNode && descriptor.saves(index) {
            node._rippleVisitNodes(of: index, body)
        }
    }
}

extension Tracker {
    /// Whether the node is in the document that keeps its entry here (``documentOwner``).
    var isInDocument: Bool { documentPlaces.entry.isIn }
    /// The ``DocumentMembership/serial`` of the document that keeps its entry here; 0 for none.
    var documentOwner: Int { Int(documentPlaces.owner) }
}

/// Calls `body` with each node that lost a place (-1) or gained one (+1) from `old` to `new`,
/// two values of one node member: the elements between the common ends of two arrays, the
/// values of the keys that changed, the elements of sets that differ.
func forEachPlaceChange(from old: Any, to new: Any, _ body: (any RippleNode, Int) -> Void) {
    if let new = new as? any NodeCollection {
        new.forEachPlaceChange(from: old, body)
    } else if let old = old as? any NodeCollection {
        old.forEachNode { body($0, -1) }
    } else {
        let old = old as? any RippleNode
        let new = new as? any RippleNode
        guard old !== new else { return }
        if let old { body(old, -1) }
        if let new { body(new, 1) }
    }
}

extension Array where Element: RippleNode {
    func forEachPlaceChange(from old: Any, _ body: (any RippleNode, Int) -> Void) {
        guard let old = OldNodes(old, current: self) else { return forEachNode { body($0, 1) } }
        if let runs = old.separateRuns() {
            // What moved, not what lies between where it left and where it went.
            for run in runs {
                for node in run.removed { body(node, -1) }
                for node in run.inserted { body(node, 1) }
            }
            return
        }
        let ends = old.commonEnds
        for index in ends.prefix..<(old.count - ends.suffix) { body(old[index], -1) }
        for node in self[ends.prefix..<(count - ends.suffix)] { body(node, 1) }
    }
}

extension Set where Element: RippleNode {
    func forEachPlaceChange(from recorded: Any, _ body: (any RippleNode, Int) -> Void) {
        let old: Set<Element>
        switch OldKeyedNodes<NodeSetSplice<Element>, Self>(recorded, current: self) {
        case .splice(let splice):
            let change = splice.placeChange(self)
            return change == 0 ? () : body(splice.element, change)
        case .whole(let whole): old = whole
        case .other: return forEachNode { body($0, 1) }
        }
        for node in old.subtracting(self) { body(node, -1) }
        for node in subtracting(old) { body(node, 1) }
    }
}

extension Dictionary where Value: RippleNode {
    func forEachPlaceChange(from recorded: Any, _ body: (any RippleNode, Int) -> Void) {
        let old: [Key: Value]
        switch OldKeyedNodes<NodeDictionarySplice<Key, Value>, Self>(recorded, current: self) {
        case .splice(let splice):
            let (before, after) = (splice.oldNode, splice.newNode(in: self))
            guard before !== after else { return }
            if let before { body(before, -1) }
            if let after { body(after, 1) }
            return
        case .whole(let whole): old = whole
        case .other: return forEachNode { body($0, 1) }
        }
        for (key, node) in old where self[key] !== node { body(node, -1) }
        for (key, node) in self where old[key] !== node { body(node, 1) }
    }
}
