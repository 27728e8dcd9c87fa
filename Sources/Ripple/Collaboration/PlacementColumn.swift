/// The places of every node of a ``ReplicaNodes``, in one flat column shared by all nodes: a
/// node's places are a run of it (in the order added), and the node holds where its run starts,
/// how long it is and how many slots it owns.
///
/// An array of places per node cost a heap block per node (its header, the allocator's
/// rounding: about 100 bytes for a node held in one place). Here a place is a record of 16
/// bytes, its holder's and its own counters in 32 bits each, their replicas and its member as
/// 16-bit numbers into tables of those named, and a node its run (12). A place that does not
/// fit (a counter past 2^32, or past 65,535 replicas or members named) is kept whole in a table
/// of its own, its record naming it there. A ``Placement``, with the member's name as a string,
/// is 48 bytes; a record of 64-bit counters and 32-bit numbers took 32.
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

    /// A place as the column holds it: its replicas and member are numbers into `names`; a
    /// record whose `member` is `Record.wide` names the place in `names.wide` by `counter`.
    fileprivate struct Record: Sendable {
        var holderCounter: UInt32
        var counter: UInt32
        var holderReplica: UInt16
        var replica: UInt16
        var member: UInt16

        static let wide = UInt16.max
    }

    /// The replicas and member names the records name, by number, and the places that do not
    /// fit a record.
    fileprivate struct Names: Sendable {
        var replicaIDs: [ReplicaID] = []
        var replicaNumbers: [ReplicaID: UInt16] = [:]
        var memberNames: [String] = []
        var memberNumbers: [String: UInt16] = [:]
        /// The places whose counters or numbers do not fit a record (their records stay when
        /// the records are dropped: rare, and small).
        var wide: [Placement] = []
        /// Up to how many replicas `number(of:)` compares rather than looks up.
        static let replicasCompared = 8

        func placement(_ record: Record) -> Placement {
            guard record.member != Record.wide else { return wide[Int(record.counter)] }
            return Placement(
                holder: NodeID(made: OperationID(counter: UInt64(record.holderCounter), replica: replicaIDs[Int(record.holderReplica)])),
                member: memberNames[Int(record.member)],
                id: OperationID(counter: UInt64(record.counter), replica: replicaIDs[Int(record.replica)]))
        }

        mutating func record(_ placement: Placement) -> Record {
            if let holderCounter = UInt32(exactly: placement.holder.made.counter), let counter = UInt32(exactly: placement.id.counter),
                let holderReplica = number(of: placement.holder.made.replica), let replica = number(of: placement.id.replica),
                let member = number(of: placement.member)
            {
                return Record(holderCounter: holderCounter, counter: counter, holderReplica: holderReplica, replica: replica, member: member)
            }
            // Places are far fewer than 2^32 (each costs memory).
            wide.append(placement)
            return Record(holderCounter: 0, counter: UInt32(wide.count - 1), holderReplica: 0, replica: 0, member: Record.wide)
        }

        /// The number of `replica`, given on first use (nil once 65,535 are given).
        private mutating func number(of replica: ReplicaID) -> UInt16? {
            // Every place asks: while there are few replicas, comparing them beats hashing one.
            if replicaIDs.count <= Self.replicasCompared {
                if let index = replicaIDs.firstIndex(of: replica) { return UInt16(index) }
            } else if let number = replicaNumbers[replica] {
                return number
            }
            guard let number = UInt16(exactly: replicaIDs.count), number < UInt16.max else { return nil }
            replicaIDs.append(replica)
            replicaNumbers[replica] = number
            return number
        }

        /// The number of member name `member`, given on first use (nil once 65,535 are given;
        /// `Record.wide` is no member's).
        private mutating func number(of member: String) -> UInt16? {
            // Most places of a column are in one member: the last one named is compared first.
            if let last = memberNames.last, last == member { return UInt16(memberNames.count - 1) }
            if let number = memberNumbers[member] { return number }
            guard let number = UInt16(exactly: memberNames.count), number < Record.wide else { return nil }
            memberNames.append(member)
            memberNumbers[member] = number
            return number
        }
    }

    /// The places of one node, read from the column's records.
    struct Places: RandomAccessCollection, Sendable {
        fileprivate let records: ArraySlice<Record>
        fileprivate let names: Names

        /// Places of a node the column does not hold, numbered in a table of their own.
        init(_ placements: [Placement]) {
            var names = Names()
            records = ArraySlice(placements.map { names.record($0) })
            self.names = names
        }

        fileprivate init(records: ArraySlice<Record>, names: Names) {
            self.records = records
            self.names = names
        }

        var startIndex: Int { records.startIndex }
        var endIndex: Int { records.endIndex }

        subscript(position: Int) -> Placement { names.placement(records[position]) }
    }

    /// By slot of the node.
    private var runs: [Run] = []
    private var placements: [Record] = []
    private var names = Names()
    /// How many slots of `placements` no run owns.
    private var unused = 0
    /// How many places moves and compactions copied so far: what tests count costs by.
    private(set) var copiedPlaces = 0

    /// Adds a node with places `nodePlacements`, at the next slot.
    mutating func append(_ nodePlacements: [Placement]) {
        let count = UInt32(nodePlacements.count)
        runs.append(Run(start: UInt32(placements.count), count: count, capacity: count))
        reserve(nodePlacements.count)
        for placement in nodePlacements { placements.append(names.record(placement)) }
    }

    /// Removes the node at `slot`, moving the last node into it.
    mutating func remove(at slot: Int) {
        unused += Int(runs[slot].capacity)
        runs[slot] = runs[runs.count - 1]
        runs.removeLast()
        compactIfSparse()
    }

    /// The places of the node at `slot`, in the order added.
    subscript(slot: Int) -> Places {
        Places(records: placements[runs[slot].range], names: names)
    }

    /// Adds `placement` to the places of the node at `slot`.
    mutating func append(_ placement: Placement, at slot: Int) {
        let placement = names.record(placement)
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
        let nodePlacements = nodePlacements.map { names.record($0) }
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
        compacted.names = names
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
