/// The places of every node of a ``ReplicaNodes``, in one flat column shared by all nodes: a
/// node's places are a run of it (in the order added), and the node holds where its run starts
/// and how long it is.
///
/// An array of places per node cost a heap block per node (its header, the allocator's
/// rounding: about 100 bytes for a node held in one place); here a place costs its 48 bytes
/// and a node its run (8).
///
/// A node that gains a place whose run is not the last moves its run to the end; the runs left
/// behind are dropped when they outnumber the places in use.
struct PlacementColumn: Sendable {
    /// Where a node's places are in `placements`.
    private struct Run: Sendable {
        var start: UInt32
        var count: UInt32

        var range: Range<Int> { Int(start)..<Int(start + count) }
    }

    /// By slot of the node.
    private var runs: [Run] = []
    private var placements: [Placement] = []
    /// How many places of `placements` no run reaches.
    private var unused = 0

    /// Adds a node with places `nodePlacements`, at the next slot.
    mutating func append(_ nodePlacements: [Placement]) {
        runs.append(Run(start: UInt32(placements.count), count: UInt32(nodePlacements.count)))
        reserve(nodePlacements.count)
        placements += nodePlacements
    }

    /// Removes the node at `slot`, moving the last node into it.
    mutating func remove(at slot: Int) {
        unused += Int(runs[slot].count)
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
        if Int(run.start + run.count) != placements.count {
            unused += Int(run.count)
            // Copied out first: a slice of the column alive while it grows would copy it whole.
            let moved = Array(placements[run.range])
            run.start = UInt32(placements.count)
            reserve(moved.count)
            placements += moved
        }
        reserve(1)
        placements.append(placement)
        run.count += 1
        runs[slot] = run
        compactIfSparse()
    }

    /// Keeps the first `count` places of the node at `slot`.
    mutating func keep(_ count: Int, at slot: Int) {
        unused += Int(runs[slot].count) - count
        runs[slot].count = UInt32(count)
        compactIfSparse()
    }

    /// Sets the places of the node at `slot`.
    mutating func set(_ nodePlacements: [Placement], at slot: Int) {
        let run = runs[slot]
        if nodePlacements.count <= run.count {
            placements.replaceSubrange(Int(run.start)..<Int(run.start) + nodePlacements.count, with: nodePlacements)
            keep(nodePlacements.count, at: slot)
        } else {
            unused += Int(run.count)
            runs[slot] = Run(start: UInt32(placements.count), count: UInt32(nodePlacements.count))
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

    /// Drops the places no run reaches, once they outnumber those in use.
    private mutating func compactIfSparse() {
        guard unused > 1_024, unused > placements.count - unused else { return }
        var compacted = PlacementColumn()
        for run in runs {
            compacted.runs.append(Run(start: UInt32(compacted.placements.count), count: run.count))
            compacted.placements += placements[run.range]
        }
        self = compacted
    }
}
