import Foundation

// Which child nodes a write of a node member attached and detached, found from the member's
// old value (type-erased, from the journal) and its current one. Validation uses it to find
// the nodes a transaction put into the model, and the parent links kept for validation
// follow it. It costs what changed, plus one pass of identity comparisons over an array
// (never a hash of every element) when only its ends changed.

/// The child nodes one write of a node member attached and detached.
struct NodeChanges {
    var attached: [any RippleNode] = []
    var detached: [any RippleNode] = []

    /// The changes from `old` to `new`, two values of one node member (a node, an optional
    /// node, or a collection of nodes, possibly optional).
    init(from old: Any, to new: Any) {
        if let new = new as? any NodeCollection {
            self = new.nodeChanges(from: old)
        } else if let old = old as? any NodeCollection {
            old.forEachNode { detached.append($0) }
        } else {
            let old = old as? any RippleNode
            let new = new as? any RippleNode
            guard old !== new else { return }
            if let new { attached.append(new) }
            if let old { detached.append(old) }
        }
    }

    init(attached: [any RippleNode] = [], detached: [any RippleNode] = []) {
        self.attached = attached
        self.detached = detached
    }

    var isEmpty: Bool { attached.isEmpty && detached.isEmpty }
}

/// A collection of child nodes, as a node member holds it.
protocol NodeCollection {
    /// Whether its nodes come in an order of its own (an array's): a dictionary's or a set's
    /// come in the order of its storage, which two equal ones need not share.
    var keepsOrder: Bool { get }
    /// Calls `body` with every node held.
    func forEachNode(_ body: (any RippleNode) -> Void)
    /// The nodes held now and not by `old`, and those `old` held and no longer held.
    func nodeChanges(from old: Any) -> NodeChanges
    /// Calls `body` with each node that lost a place (-1) or gained one (+1) since `old`.
    func forEachPlaceChange(from old: Any, _ body: (any RippleNode, Int) -> Void)
    /// How many calls ``forEachPlaceChange(from:_:)`` makes, where that is known at once (an
    /// array whose first and last nodes both changed: every node left and came); nil otherwise.
    func placeChangeBound(from old: Any) -> Int?
    /// The same collection without the nodes of `nodes` (an undo that leaves them where they
    /// are); a dictionary keeps, for a key whose node goes, the value `current` has there.
    func removingNodes(_ nodes: Set<ObjectIdentifier>, current: Any) -> Any
    /// The same collection without `places` more places of each node it names than `current`
    /// gives it (an undo that leaves a node where a merged move put it, once): those among the
    /// nodes that differ from `current`, the first first. Only an array holds a node twice.
    func removingGainedPlaces(_ places: [ObjectIdentifier: Int], current: Any) -> Any
    /// The nodes at the positions of `range` that the collection has (an array's; none for
    /// others).
    func nodes(in range: Range<Int>) -> [any RippleNode]
}

extension NodeCollection {
    var keepsOrder: Bool { false }

    func placeChangeBound(from old: Any) -> Int? { nil }

    func removingGainedPlaces(_ places: [ObjectIdentifier: Int], current: Any) -> Any { self }

    func nodes(in range: Range<Int>) -> [any RippleNode] { [] }
}

extension Array: NodeCollection where Element: RippleNode {
    var keepsOrder: Bool { true }

    func removingNodes(_ nodes: Set<ObjectIdentifier>, current: Any) -> Any {
        filter { !nodes.contains(ObjectIdentifier($0)) }
    }

    func removingGainedPlaces(_ places: [ObjectIdentifier: Int], current: Any) -> Any {
        guard let old = OldNodes(current, current: self) else { return self }
        let ends = old.commonEnds
        var left = places
        var result = self
        for index in (ends.prefix..<(count - ends.suffix)).reversed() {
            let id = ObjectIdentifier(self[index])
            guard let count = left[id], count > 0 else { continue }
            left[id] = count - 1
            result.remove(at: index)
        }
        return result
    }

    func nodes(in range: Range<Int>) -> [any RippleNode] {
        Array(self[range.clamped(to: indices)])
    }

    func placeChangeBound(from old: Any) -> Int? {
        guard let old = OldNodes(old, current: self) else { return count }
        return old.first !== first && old.last !== last ? old.count + count : nil
    }

    func forEachNode(_ body: (any RippleNode) -> Void) {
        for node in self { body(node) }
    }

    func nodeChanges(from old: Any) -> NodeChanges {
        guard let old = OldNodes(old, current: self) else { return NodeChanges(attached: self) }
        if let runs = old.separateRuns() { return nodeChanges(of: runs) }
        let ends = old.commonEnds
        let oldMiddle = old.elements(ends.prefix..<(old.count - ends.suffix))
        let newMiddle = self[ends.prefix..<(count - ends.suffix)]
        if oldMiddle.isEmpty { return NodeChanges(attached: Array(newMiddle)) }
        let kept = Set(newMiddle.lazy.map(ObjectIdentifier.init))
        let gone = Set(oldMiddle.lazy.map(ObjectIdentifier.init))
        var changes = NodeChanges(attached: newMiddle.filter { !gone.contains(ObjectIdentifier($0)) })
        var detached = oldMiddle.filter { !kept.contains(ObjectIdentifier($0)) }
        if !detached.isEmpty, ends.prefix + ends.suffix > 0 {
            // A node held twice stays held while one of its places is left. Few nodes leave
            // at a time: a scan of the rest, by identity, costs less than hashing it.
            let head = self[..<ends.prefix]
            let tail = self[(count - ends.suffix)...]
            if detached.count <= 8 {
                detached.removeAll { node in head.contains { $0 === node } || tail.contains { $0 === node } }
            } else {
                let remaining = Set(head.lazy.map(ObjectIdentifier.init)).union(tail.lazy.map(ObjectIdentifier.init))
                detached.removeAll { remaining.contains(ObjectIdentifier($0)) }
            }
        }
        changes.detached = detached
        return changes
    }
}

extension Array where Element: RippleNode {
    /// The changes of a splice read as its runs (a node moved far along the array): the nodes
    /// the runs inserted more often than they removed, and those they removed more often, which
    /// the array no longer holds.
    private func nodeChanges(of runs: [ArrayRun<Element>]) -> NodeChanges {
        var places: [ObjectIdentifier: Int] = [:]
        var met: [Element] = []
        for run in runs {
            for node in run.removed + run.inserted where places[ObjectIdentifier(node)] == nil {
                places[ObjectIdentifier(node)] = 0
                met.append(node)
            }
            for node in run.removed { places[ObjectIdentifier(node)]! -= 1 }
            for node in run.inserted { places[ObjectIdentifier(node)]! += 1 }
        }
        var changes = NodeChanges()
        var detached: [any RippleNode] = []
        for node in met {
            let balance = places[ObjectIdentifier(node)]!
            if balance > 0 { changes.attached.append(node) } else if balance < 0 { detached.append(node) }
        }
        // A node held twice stays held while one of its places is left.
        if !detached.isEmpty {
            let held = Set(lazy.map(ObjectIdentifier.init))
            detached.removeAll { held.contains(ObjectIdentifier($0)) }
        }
        changes.detached = detached
        return changes
    }
}

extension Set: NodeCollection where Element: RippleNode {
    func removingNodes(_ nodes: Set<ObjectIdentifier>, current: Any) -> Any {
        filter { !nodes.contains(ObjectIdentifier($0)) }
    }

    func forEachNode(_ body: (any RippleNode) -> Void) {
        for node in self { body(node) }
    }

    func nodeChanges(from recorded: Any) -> NodeChanges {
        let old: Set<Element>
        switch OldKeyedNodes<NodeSetSplice<Element>, Self>(recorded, current: self) {
        case .splice(let splice):
            let change = splice.placeChange(self)
            return NodeChanges(attached: change > 0 ? [splice.element] : [], detached: change < 0 ? [splice.element] : [])
        case .whole(let whole): old = whole
        case .other: return NodeChanges(attached: Array(self))
        }
        return NodeChanges(attached: Array(subtracting(old)), detached: Array(old.subtracting(self)))
    }
}

extension Dictionary: NodeCollection where Value: RippleNode {
    func removingNodes(_ nodes: Set<ObjectIdentifier>, current: Any) -> Any {
        // The key was written since (with another node, or removed): it keeps what it holds now.
        let current = current as? [Key: Value]
        var result = self
        for (key, node) in self where nodes.contains(ObjectIdentifier(node)) { result[key] = current?[key] }
        return result
    }

    func forEachNode(_ body: (any RippleNode) -> Void) {
        for node in values { body(node) }
    }

    func nodeChanges(from recorded: Any) -> NodeChanges {
        let old: [Key: Value]
        switch OldKeyedNodes<NodeDictionarySplice<Key, Value>, Self>(recorded, current: self) {
        case .splice(let splice): return nodeChanges(of: splice)
        case .whole(let whole): old = whole
        case .other: return NodeChanges(attached: Array(values))
        }
        var attached: [any RippleNode] = []
        var detached: [any RippleNode] = []
        for (key, node) in self where old[key] !== node { attached.append(node) }
        for (key, node) in old where self[key] !== node { detached.append(node) }
        if !attached.isEmpty || !detached.isEmpty {
            // A node that moved to another key stays held; one that came from another key was held.
            let now = Set(values.lazy.map(ObjectIdentifier.init))
            let before = Set(old.values.lazy.map(ObjectIdentifier.init))
            attached.removeAll { before.contains(ObjectIdentifier($0)) }
            detached.removeAll { now.contains(ObjectIdentifier($0)) }
        }
        return NodeChanges(attached: attached, detached: detached)
    }

    /// The changes of one key's write: its node before and after, unless another key holds it
    /// (then it stays held, or was held), found by identity over the other keys' nodes.
    private func nodeChanges(of splice: NodeDictionarySplice<Key, Value>) -> NodeChanges {
        let (before, after) = (splice.oldNode, splice.newNode(in: self))
        guard before !== after else { return NodeChanges() }
        func isHeldElsewhere(_ node: Value) -> Bool {
            contains { $0.value === node && $0.key != splice.key }
        }
        var changes = NodeChanges()
        if let after, !isHeldElsewhere(after) { changes.attached.append(after) }
        if let before, !isHeldElsewhere(before) { changes.detached.append(before) }
        return changes
    }
}

/// How many elements two arrays share at their start and, after that, at their end.
///
/// Elements of plain types (no references to count) and objects are compared by their bytes,
/// a `memcmp` over blocks: the same bits are the same value (or the same object), and two values
/// told apart that `==` would call equal (`-0.0` and `0.0`) only make a difference a little
/// larger, never wrong. Run once per collection an update edits, over the whole collection,
/// this keeps an update that appends one Int to a list of 50,000 at a few microseconds.
struct CommonEnds {
    let prefix: Int
    let suffix: Int

    init(prefix: Int, suffix: Int) {
        self.prefix = prefix
        self.suffix = suffix
    }

    init<Element>(_ old: [Element], _ new: [Element], by isSame: (Element, Element) -> Bool) {
        if _isPOD(Element.self) || Element.self is AnyObject.Type {
            (prefix, suffix) = Self.byBytes(old, new)
            return
        }
        let shorter = Swift.min(old.count, new.count)
        var prefix = 0
        while prefix < shorter, isSame(old[prefix], new[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, isSame(old[old.count - 1 - suffix], new[new.count - 1 - suffix]) { suffix += 1 }
        self.prefix = prefix
        self.suffix = suffix
    }

    private static func byBytes<Element>(_ old: [Element], _ new: [Element]) -> (prefix: Int, suffix: Int) {
        let stride = MemoryLayout<Element>.stride
        let shorter = Swift.min(old.count, new.count)
        guard stride > 0, shorter > 0 else { return (0, 0) }
        return old.withUnsafeBytes { oldBytes in
            new.withUnsafeBytes { newBytes in
                let oldBase = oldBytes.baseAddress!
                let newBase = newBytes.baseAddress!
                func same(_ oldIndex: Int, _ newIndex: Int, _ count: Int) -> Bool {
                    memcmp(oldBase + oldIndex * stride, newBase + newIndex * stride, count * stride) == 0
                }
                let block = 64
                var prefix = 0
                while prefix + block <= shorter, same(prefix, prefix, block) { prefix += block }
                while prefix < shorter, same(prefix, prefix, 1) { prefix += 1 }
                var suffix = 0
                let room = shorter - prefix
                while suffix + block <= room, same(old.count - suffix - block, new.count - suffix - block, block) { suffix += block }
                while suffix < room, same(old.count - suffix - 1, new.count - suffix - 1, 1) { suffix += 1 }
                return (prefix, suffix)
            }
        }
    }
}
