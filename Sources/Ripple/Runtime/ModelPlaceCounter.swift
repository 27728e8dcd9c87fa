/// Which nodes are in a model: those its root reaches through stored node members (computed
/// ones hold no place). Kept at the cost of the change, never of the model.
///
/// It counts, for each node, the places that hold it in nodes of the model (an element of an
/// array, a value of a dictionary, an optional), its entries kept by a `PlaceCounter`; a node
/// whose count becomes positive enters and counts what it holds. A count alone (the plain
/// counting of documents) would keep a group of nodes holding each other (a subtree whose nodes
/// point back at their parents) in the model once nothing else holds it, so each node also has a
/// *label*, no larger than its depth when it entered, and counts its *supporting* places: those
/// in nodes of a smaller label. Every node of the model but the root (always in) has one, so
/// following them down the labels reaches the root. A node that loses its last supporting place
/// is in doubt: it and the nodes that only it supports are looked at together; those that
/// something outside the group still holds are reachable, and take new labels (with what they
/// hold in the group); the rest leave. So a commit costs what it changed, the nodes that entered
/// or left, and the nodes below one that moved deeper than the nodes it holds (which take new
/// labels); moving a node to a parent no deeper than its old one costs that move only.
final class ModelPlaceCounter {
    /// One node's entry.
    struct Entry: PlaceEntry {
        /// The places holding it in nodes of the model.
        var places: Int32 = 0
        /// Those of the places in nodes of a smaller label; out of the model, those of the
        /// label it would enter with.
        var support: Int32 = 0
        /// Its label; out of the model, the one it would enter with (one more than the smallest
        /// label holding it), or 0.
        var label: UInt64 = 0
        var isIn = false
    }

    /// What one ``follow(_:)`` changed.
    struct Change {
        /// The nodes that entered the model, in the order met (parents before children).
        var entered: [any RippleNode] = []
        /// The nodes that left it.
        var left: [any RippleNode] = []

        var isEmpty: Bool { entered.isEmpty && left.isEmpty }
    }

    /// The entries, in the trackers' model slots or a table.
    let counter = PlaceCounter<ModelPlaces>()
    let root: any RippleNode
    /// Whether the nodes it counts in are marked as in a mediator's model (see
    /// `Tracker/modelMemberships`), so that their writes outside updates reach the runtime.
    private let marksMembership: Bool
    /// How many nodes are in, the root included.
    @exclusivity(unchecked) private(set) var count = 1
    /// Whether ``follow(_:)`` lists what entered and left (it costs an append per node).
    var collectsChanges = false
    /// How many places were counted (or uncounted) as they came and went; how many nodes lost
    /// their last supporting place and were looked at with what only they support, and how many
    /// of those took new labels (stayed): what tests check costs against.
    @exclusivity(unchecked) private(set) var placesCounted = 0
    private(set) var nodesInDoubt = 0
    private(set) var nodesRelabeled = 0

    /// The largest label given.
    @exclusivity(unchecked) private var largestLabel: UInt64 = 1

    // Work of the running `follow`, kept for its capacity.
    @exclusivity(unchecked) private var entering: [any RippleNode] = []
    @exclusivity(unchecked) private var doubtful: [any RippleNode] = []
    /// What the running `follow` found entered and left.
    @exclusivity(unchecked) private var found = Change()

    /// Counts every node that `root` reaches, walking the model once.
    ///
    /// - Complexity: O(n), where n is the number of places in nodes of the model.
    init(root: any RippleNode, marksMembership: Bool) {
        self.root = root
        self.marksMembership = marksMembership
        counter.change(root._rippleTracker) { entry in
            entry.isIn = true
            entry.label = 1
        }
        if marksMembership { root._rippleTracker.enterModel() }
        forEachPlace(of: root) { count($0, by: 1, holderLabel: 1) }
        enterAll()
    }

    // MARK: Asking

    /// Whether `node` is in the model.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func contains(_ node: any RippleNode) -> Bool {
        counter.contains(node._rippleTracker)
    }

    /// The entry of `node`.
    func entry(of node: any RippleNode) -> Entry {
        counter.entry(of: node._rippleTracker)
    }

    // MARK: Following commits

    /// Follows `entries`, writes that stay (a transaction's, a registration's, writes outside
    /// updates), each with the value its member had before its first write among them.
    ///
    /// - Returns: The nodes that entered and left, when ``collectsChanges`` (else empty lists).
    /// - Complexity: O(w + e + c), where w is the number of entries, e the places changed and
    ///   the places in the nodes that entered or left, and c those in the nodes that took new labels.
    func follow(_ entries: ArraySlice<JournalEntry>) -> Change {
        var first = -1
        var others: [Int] = []
        let counter = counter
        for index in entries.indices {
            let node = entries[index].node
            // Whether the entry is of a node member of a node of the model, cheapest test first.
            guard counter.contains(node._rippleTracker),
                type(of: node)._rippleDescriptor.holdsPlaces(entries[index].member)
            else { continue }
            if first < 0 { first = index } else { others.append(index) }
        }
        guard first >= 0 else { return Change() }
        count(entries[first])
        if !others.isEmpty {
            // Several writes of node members: the first of each member holds its value before them.
            var seen: Set<NodeMember> = [NodeMember(entries[first].node._rippleTracker, entries[first].member)]
            for index in others where seen.insert(NodeMember(entries[index].node._rippleTracker, entries[index].member)).inserted {
                count(entries[index])
            }
        }
        enterAll()
        settleDoubts()
        defer { found = Change() }
        return found
    }

    /// Counts the places that one write of a node member took away and added.
    private func count(_ write: borrowing JournalEntry) {
        let label = counter.entry(of: write.node._rippleTracker).label
        forEachPlaceChange(from: write.recorded, to: write.node._rippleValue(of: write.member)) { node, delta in
            count(node, by: Int32(delta), holderLabel: label)
        }
    }

    /// A place of `node` in a node of the model labelled `holderLabel` came (+1) or went (-1).
    private func count(_ node: any RippleNode, by delta: Int32, holderLabel: UInt64) {
        placesCounted &+= 1
        let tracker = node._rippleTracker
        if delta > 0, counter.isSurelyUncounted(tracker), !type(of: node)._rippleDescriptor.holdsNodes {
            // A node that holds no node, out of every counter's sight (the common case of a new
            // leaf): it enters at once, with nothing to count below it.
            counter.change(tracker) { $0 = Entry(places: delta, support: delta, label: holderLabel &+ 1, isIn: true) }
            entered(node, tracker, label: holderLabel &+ 1)
            return
        }
        let next: (entering: Bool, doubtful: Bool) = counter.change(tracker) { entry in
            entry.places &+= delta
            if entry.isIn {
                guard holderLabel < entry.label else { return (false, false) }
                entry.support &+= delta
                return (false, delta < 0 && entry.support <= 0)
            }
            if delta > 0 {
                // Out: it would enter one past the smallest label holding it.
                let label = holderLabel &+ 1
                if entry.label == 0 || label < entry.label {
                    entry.label = label
                    entry.support = delta
                } else if label == entry.label {
                    entry.support &+= delta
                }
                return (entry.places > 0 && entry.places &- delta <= 0, false)
            }
            // An out node losing a place: one that is leaving, whose holders leave too.
            if entry.places <= 0 { entry = Entry() }
            return (false, false)
        }
        if next.entering { entering.append(node) } else if next.doubtful { doubtful.append(node) }
    }

    /// Lets in the nodes whose count became positive, each counting what it holds; breadth
    /// first, so that a walk from the root gives each node its depth as its label.
    private func enterAll() {
        var next = 0
        while next < entering.count {
            let node = entering[next]
            next += 1
            let tracker = node._rippleTracker
            let label: UInt64? = counter.change(tracker) { entry in
                guard !entry.isIn, entry.places > 0 else { return nil }
                entry.isIn = true
                return entry.label
            }
            guard let label else { continue }
            entered(node, tracker, label: label)
            forEachPlace(of: node) { self.count($0, by: 1, holderLabel: label) }
        }
        entering.removeAll(keepingCapacity: true)
    }

    /// Notes that `node`, whose tracker is `tracker`, entered with `label`.
    @inline(__always)
    private func entered(_ node: any RippleNode, _ tracker: Tracker, label: UInt64) {
        if label > largestLabel { largestLabel = label }
        count &+= 1
        if marksMembership { tracker.enterModel() }
        if collectsChanges { found.entered.append(node) }
    }

    /// Settles the nodes that lost their last supporting place: with the nodes that only they
    /// support, those still held from outside them stay (with new labels, and what they hold
    /// among them), the others leave.
    private func settleDoubts() {
        guard !doubtful.isEmpty else { return }
        var group: [any RippleNode] = []
        var inGroup: Set<ObjectIdentifier> = []
        for node in doubtful {
            let entry = counter.entry(of: node._rippleTracker)
            if entry.isIn, entry.support <= 0, inGroup.insert(ObjectIdentifier(node)).inserted { group.append(node) }
        }
        doubtful.removeAll(keepingCapacity: true)
        guard !group.isEmpty else { return }
        // The group: they and what only they support. Their supports of what they hold go, and
        // the places they hold are counted, to tell them from the places outside.
        var inner: [ObjectIdentifier: Int32] = [:]
        var next = 0
        while next < group.count {
            let holderLabel = counter.entry(of: group[next]._rippleTracker).label
            forEachPlace(of: group[next]) { node in
                let id = ObjectIdentifier(node)
                inner[id, default: 0] &+= 1
                let isUnsupported = counter.change(node._rippleTracker) { entry in
                    guard entry.isIn, holderLabel < entry.label else { return false }
                    entry.support &-= 1
                    return entry.support <= 0
                }
                if isUnsupported, inGroup.insert(id).inserted { group.append(node) }
            }
            next += 1
        }
        nodesInDoubt += group.count
        // Held from outside: reachable, labelled past every label (those outside the group are
        // smaller, so each place outside supports it); then what they hold in the group.
        var kept: [any RippleNode] = []
        var isKept: Set<ObjectIdentifier> = []
        let outsideLabel = largestLabel &+ 1
        for node in group {
            let outside = counter.entry(of: node._rippleTracker).places &- inner[ObjectIdentifier(node), default: 0]
            guard outside > 0 else { continue }
            kept.append(node)
            isKept.insert(ObjectIdentifier(node))
            counter.change(node._rippleTracker) { entry in
                entry.label = outsideLabel
                entry.support = outside
            }
        }
        largestLabel = max(largestLabel, outsideLabel)
        next = 0
        while next < kept.count {
            let label = counter.entry(of: kept[next]._rippleTracker).label
            forEachPlace(of: kept[next]) { node in
                let id = ObjectIdentifier(node)
                guard inGroup.contains(id), isKept.insert(id).inserted else { return }
                kept.append(node)
                let outside = counter.entry(of: node._rippleTracker).places &- inner[id, default: 0]
                counter.change(node._rippleTracker) { entry in
                    entry.label = label &+ 1
                    entry.support = outside
                }
                if label &+ 1 > largestLabel { largestLabel = label &+ 1 }
            }
            next += 1
        }
        nodesRelabeled += kept.count
        for holder in kept {
            let label = counter.entry(of: holder._rippleTracker).label
            forEachPlace(of: holder) { node in
                guard isKept.contains(ObjectIdentifier(node)) else { return }
                counter.change(node._rippleTracker) { entry in
                    if label < entry.label { entry.support &+= 1 }
                }
            }
        }
        // The others leave: all that holds them is in the group and leaves too.
        var leaving: [any RippleNode] = []
        for node in group where !isKept.contains(ObjectIdentifier(node)) {
            let tracker = node._rippleTracker
            counter.change(tracker) { entry in
                entry.isIn = false
                entry.label = 0
                entry.support = 0
            }
            count &-= 1
            if marksMembership { tracker.leaveModel() }
            leaving.append(node)
        }
        for node in leaving {
            // Their supports went with the group's; what is left is the places.
            forEachPlace(of: node) { child in
                counter.change(child._rippleTracker) { entry in
                    entry.places &-= 1
                    if !entry.isIn, entry.places <= 0 { entry = Entry() }
                }
            }
        }
        guard collectsChanges, !leaving.isEmpty else { return }
        // A node that entered through a node that left neither entered nor left.
        let enteredNow = Set(found.entered.lazy.map { ObjectIdentifier($0) })
        if !enteredNow.isEmpty { found.entered.removeAll { !contains($0) } }
        found.left = enteredNow.isEmpty ? leaving : leaving.filter { !enteredNow.contains(ObjectIdentifier($0)) }
    }

    // MARK: Releasing

    /// Forgets every node it counts in (the mediator is gone), walking the model once.
    ///
    /// - Complexity: O(n), where n is the number of places in nodes of the model.
    func releaseAll() {
        release(root._rippleTracker)
        var stack = [root]
        while let node = stack.popLast() {
            forEachPlace(of: node) { child in
                guard contains(child) else { return }
                release(child._rippleTracker)
                stack.append(child)
            }
        }
        counter.removeAll()
        count = 0
    }

    private func release(_ tracker: Tracker) {
        if marksMembership, counter.entry(of: tracker).isIn { tracker.leaveModel() }
        counter.change(tracker) { $0 = Entry() }
    }

    // MARK: Places

    /// Calls `body` with every node that a stored node member of `node` holds, once per place.
    @inline(__always)
    private func forEachPlace(of node: any RippleNode, _ body: (any RippleNode) -> Void) {
        let descriptor = type(of: node)._rippleDescriptor
        guard descriptor.holdsNodes else { return }
        for member in descriptor.storedNodeMembers { node._rippleVisitNodes(of: member, body) }
    }
}
