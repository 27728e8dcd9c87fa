/// The places of every node of a ``ReplicaNodes``, in one flat column shared by all nodes: a
/// node's places are a run of it (in the order added), and the node holds where its run starts,
/// how long it is and how many slots it owns.
///
/// An array of places per node cost a heap block per node (its header, the allocator's
/// rounding: about 100 bytes for a node held in one place); here a place costs its 48 bytes
/// and a node its run (12).
///
/// A node that gains a place with no free slot in its run moves its run to the end of the
/// column with twice the slots, so that a node held in many places (a style shared by 100,000
/// cells) gains each place at a constant cost, not the cost of the places it has. The runs left
/// behind are dropped when they outnumber the slots in use.
struct PlacementColumn: Sendable {
    /// Where a node's places are in `placements`: `count` places, then slots up to `capacity`
    /// that hold copies of its places until it fills them.
    private struct Run: Sendable {
        var start: UInt32
        var count: UInt32
        var capacity: UInt32

        var range: Range<Int> { Int(start)..<Int(start + count) }
        var end: Int { Int(start + capacity) }
    }

    /// By slot of the node.
    private var runs: [Run] = []
    private var placements: [Placement] = []
    /// How many slots of `placements` no run owns.
    private var unused = 0
    /// How many places moves and compactions copied so far: what tests count costs by.
    private(set) var copiedPlaces = 0

    /// Adds a node with places `nodePlacements`, at the next slot.
    mutating func append(_ nodePlacements: [Placement]) {
        let count = UInt32(nodePlacements.count)
        runs.append(Run(start: UInt32(placements.count), count: count, capacity: count))
        reserve(nodePlacements.count)
        placements += nodePlacements
    }

    /// Removes the node at `slot`, moving the last node into it.
    mutating func remove(at slot: Int) {
        unused += Int(runs[slot].capacity)
        runs[slot] = runs[runs.count - 1]
        runs.removeLast()
        compactIfSparse()
    }

    /// The places of the node at `slot`, in the order added.
    subscript(slot: Int) -> ArraySlice<Placement> {
        placements[runs[slot].range]
    }

    /// Adds `placement` to the places of the node at `slot`.
    mutating func append(_ placement: Placement, at slot: Int) {
        var run = runs[slot]
        if run.count < run.capacity {
            placements[Int(run.start + run.count)] = placement
        } else if run.end == placements.count {
            reserve(1)
            placements.append(placement)
            run.capacity += 1
        } else {
            // Copied out first: a slice of the column alive while it grows would copy it whole.
            let moved = Array(placements[run.range])
            copiedPlaces += moved.count
            let capacity = max(2 * run.count, 1)
            unused += Int(run.capacity)
            run.start = UInt32(placements.count)
            run.capacity = capacity
            reserve(Int(capacity))
            placements += moved
            placements.append(contentsOf: repeatElement(placement, count: Int(capacity - run.count)))
        }
        run.count += 1
        runs[slot] = run
        compactIfSparse()
    }

    /// Keeps the first `count` places of the node at `slot`; a run kept at a quarter of its
    /// slots or less gives the others up.
    mutating func keep(_ count: Int, at slot: Int) {
        runs[slot].count = UInt32(count)
        if count <= Int(runs[slot].capacity) / 4 {
            unused += Int(runs[slot].capacity) - count
            runs[slot].capacity = UInt32(count)
            compactIfSparse()
        }
    }

    /// Sets the places of the node at `slot`.
    mutating func set(_ nodePlacements: [Placement], at slot: Int) {
        let run = runs[slot]
        if nodePlacements.count <= run.capacity {
            placements.replaceSubrange(Int(run.start)..<Int(run.start) + nodePlacements.count, with: nodePlacements)
            keep(nodePlacements.count, at: slot)
        } else {
            unused += Int(run.capacity)
            let count = UInt32(nodePlacements.count)
            runs[slot] = Run(start: UInt32(placements.count), count: count, capacity: count)
            reserve(nodePlacements.count)
            placements += nodePlacements
            compactIfSparse()
        }
    }

    /// Makes room for `count` more places, growing by a quarter rather than doubling (a doubled
    /// column holds up to twice what it uses).
    private mutating func reserve(_ count: Int) {
        let needed = placements.count + count
        if needed > placements.capacity { placements.reserveCapacity(needed + needed / 4 + 16) }
    }

    /// Drops the slots no run owns, once they outnumber those in use; runs keep only their places.
    private mutating func compactIfSparse() {
        guard unused > 1_024, unused > placements.count - unused else { return }
        var compacted = PlacementColumn()
        compacted.runs.reserveCapacity(runs.count)
        compacted.placements.reserveCapacity(placements.count - unused)
        for run in runs {
            compacted.runs.append(Run(start: UInt32(compacted.placements.count), count: run.count, capacity: run.count))
            compacted.placements += placements[run.range]
        }
        compacted.copiedPlaces = copiedPlaces + compacted.placements.count
        self = compacted
    }
}
