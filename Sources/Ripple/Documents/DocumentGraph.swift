/// The nodes of a document being read (a snapshot, or the nodes patches bring) and which holds
/// which, by their positions in the read: what it takes to measure how deep they nest before the
/// model takes them, and to let them go, when reading fails, without releasing a chain of them
/// one call inside the other.
struct DocumentGraph {
    /// How many nodes.
    private(set) var count = 0
    /// The references recorded: node `holders[i]` holds node `targets[i]`.
    private var holders: [Int32] = []
    private var targets: [Int32] = []
    /// The node whose members are being read, which the references recorded come from.
    private var reading = -1

    /// Adds a node; returns its position.
    mutating func addNode() -> Int {
        count += 1
        return count - 1
    }

    /// The references recorded from now on come from node `node`.
    mutating func beginReading(_ node: Int) {
        reading = node
    }

    /// Records that the node being read holds node `target`.
    mutating func addReference(to target: Int) {
        guard reading >= 0 else { return }
        holders.append(Int32(truncatingIfNeeded: reading))
        targets.append(Int32(truncatingIfNeeded: target))
    }

    /// Each node's references, as ranges of one array: those of node `n` are
    /// `targets[starts[n]..<starts[n + 1]]`.
    struct Adjacency {
        let starts: [Int]
        let targets: [Int32]
    }

    /// The references recorded, by holder (a counting sort).
    func adjacency() -> Adjacency {
        var starts = [Int](repeating: 0, count: count + 1)
        for holder in holders { starts[Int(holder) + 1] += 1 }
        for node in 0..<count { starts[node + 1] += starts[node] }
        var next = starts
        var sorted = [Int32](repeating: 0, count: targets.count)
        for (holder, target) in zip(holders, targets) {
            sorted[next[Int(holder)]] = target
            next[Int(holder)] += 1
        }
        return Adjacency(starts: starts, targets: sorted)
    }

    /// The number of nodes on the longest chain of nodes each held by the one before, a
    /// reference back to a node on the chain not followed (a cycle, a node's parent), whatever
    /// node it starts at; nil as soon as a chain is longer than `limit`.
    ///
    /// A walk with a stack of its own (no input can exhaust the call stack), each node once.
    ///
    /// - Complexity: O(n + r), n nodes and r references.
    func longestChain(limit: Int, _ adjacency: Adjacency? = nil) -> Int? {
        let adjacency = adjacency ?? self.adjacency()
        let (starts, targets) = (adjacency.starts, adjacency.targets)
        // 0: not met; -1: on the walk's path; otherwise the longest chain from it.
        var heights = [Int32](repeating: 0, count: count)
        var path: [(node: Int, next: Int)] = []
        var longest = 0
        for start in 0..<count where heights[start] == 0 {
            heights[start] = -1
            path.append((start, starts[start]))
            while let top = path.last {
                if top.next < starts[top.node + 1] {
                    path[path.count - 1].next += 1
                    let child = Int(targets[top.next])
                    guard heights[child] == 0 else { continue }
                    guard path.count < limit else { return nil }
                    heights[child] = -1
                    path.append((child, starts[child]))
                    continue
                }
                path.removeLast()
                var height: Int32 = 1
                for reference in starts[top.node]..<starts[top.node + 1] where heights[Int(targets[reference])] > 0 {
                    height = max(height, heights[Int(targets[reference])] + 1)
                }
                guard height <= limit else { return nil }
                heights[top.node] = height
                longest = max(longest, Int(height))
            }
        }
        return longest
    }

    /// How deep the nodes reached from `sources` nest: the most references it takes to reach
    /// one of them from the nearest source, plus one (a source is at level 1; 0 without any);
    /// nil as soon as a node is deeper than `limit`. A node held in two places is as deep as the
    /// nearer, so references across the nodes (a task waiting for another) do not deepen them.
    ///
    /// - Complexity: O(n + r), n nodes and r references.
    func levels(from sources: [Int], limit: Int, _ adjacency: Adjacency? = nil) -> Int? {
        let adjacency = adjacency ?? self.adjacency()
        let (starts, targets) = (adjacency.starts, adjacency.targets)
        var isReached = [Bool](repeating: false, count: count)
        var level: [Int] = []
        for source in sources where !isReached[source] {
            isReached[source] = true
            level.append(source)
        }
        var depth = 0
        while !level.isEmpty {
            depth += 1
            guard depth <= limit else { return nil }
            var next: [Int] = []
            for node in level {
                for reference in starts[node]..<starts[node + 1] where !isReached[Int(targets[reference])] {
                    isReached[Int(targets[reference])] = true
                    next.append(Int(targets[reference]))
                }
            }
            level = next
        }
        return depth
    }

    /// The nodes in an order where a node comes before those it holds (but round a cycle):
    /// released in this order, a node released holds nothing that is not still held, so none is
    /// released from inside the release of another.
    func holdersFirst() -> [Int] {
        let adjacency = adjacency()
        let (starts, targets) = (adjacency.starts, adjacency.targets)
        var isMet = [Bool](repeating: false, count: count)
        var finished: [Int] = []
        finished.reserveCapacity(count)
        var path: [(node: Int, next: Int)] = []
        for start in 0..<count where !isMet[start] {
            isMet[start] = true
            path.append((start, starts[start]))
            while let top = path.last {
                if top.next < starts[top.node + 1] {
                    path[path.count - 1].next += 1
                    let child = Int(targets[top.next])
                    guard !isMet[child] else { continue }
                    isMet[child] = true
                    path.append((child, starts[child]))
                    continue
                }
                path.removeLast()
                finished.append(top.node)
            }
        }
        return finished.reversed()
    }

    /// Whether each node is reachable from node `start`.
    func reachable(from start: Int, _ adjacency: Adjacency) -> [Bool] {
        let (starts, targets) = (adjacency.starts, adjacency.targets)
        var isReached = [Bool](repeating: false, count: count)
        isReached[start] = true
        var pending = [start]
        while let node = pending.popLast() {
            for reference in starts[node]..<starts[node + 1] where !isReached[Int(targets[reference])] {
                isReached[Int(targets[reference])] = true
                pending.append(Int(targets[reference]))
            }
        }
        return isReached
    }
}

/// Lets go of `nodes`, whose references `graph` recorded (by their positions in `nodes`): for
/// nodes read and then refused. Those `isMade` says were made by the read are taken apart first
/// (see ``dismantle(_:)``: nodes holding each other in a cycle would never be freed), then all
/// are released holders first, so that no node is released from inside the release of another
/// however deep they nest. Whatever else held them must have let go already.
func release(_ nodes: inout [any DocumentNode], as graph: DocumentGraph, isMade: [Bool]) {
    for (node, isMade) in zip(nodes, isMade) where isMade { dismantle(node) }
    guard graph.count == nodes.count, nodes.count > 1 else { return nodes.removeAll() }
    var ordered: [(any DocumentNode)?] = graph.holdersFirst().map { nodes[$0] }
    nodes.removeAll()
    // One at a time, in order: each takes with it only what no later one still holds.
    for index in ordered.indices { ordered[index] = nil }
}

/// Empties every member of `node` that holds nodes and can be emptied (an optional, an array, a
/// set, a dictionary), in its storage, without tracking: for a node that nothing will use again
/// (made for a document that was refused, or that its root does not reach), so that the nodes
/// it held in a cycle are freed rather than kept alive by each other.
func dismantle(_ node: any RippleNode) {
    let descriptor = type(of: node)._rippleDescriptor
    for (index, member) in descriptor.members.enumerated() where member.isNode && !member.isComputed {
        if let empty = emptied(node._rippleValue(of: index)) { node._rippleRestore(index, empty) }
    }
}

/// The empty value of the type of `value` (nil, `[]`, `[:]`), when it has one.
private func emptied(_ value: Any) -> Any? {
    func none<Value: ExpressibleByNilLiteral>(_: Value) -> Any { Value(nilLiteral: ()) }
    func noElements<Value: ExpressibleByArrayLiteral>(_: Value) -> Any { [] as Value }
    func noEntries<Value: ExpressibleByDictionaryLiteral>(_: Value) -> Any { [:] as Value }
    if let value = value as? any ExpressibleByNilLiteral { return none(value) }
    if let value = value as? any ExpressibleByArrayLiteral { return noElements(value) }
    if let value = value as? any ExpressibleByDictionaryLiteral { return noEntries(value) }
    return nil
}
