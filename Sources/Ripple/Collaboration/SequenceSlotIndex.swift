/// What a ``SequenceSlotIndex`` reads its slots' identities from.
protocol SlotIdentities {
    func id(_ slot: Int32) -> OperationID
}

extension SequenceOrder: SlotIdentities {}

/// The slot of each item of a sequence (or of each node of ``ReplicaNodes``), by its identity:
/// an open-addressing hash table (linear probing) of slots alone, the identities read from
/// what holds them (the sequence's ``SequenceOrder``). Four bytes a bucket, at most half of
/// them full: about ten bytes an item, where a dictionary from identities to slots costs about
/// sixty.
struct SequenceSlotIndex: Sendable {
    /// Each bucket's slot, or `SequenceOrder.none`; a power of two of them (or none).
    private var buckets: [Int32] = []
    /// How many slots it holds.
    private(set) var count = 0

    /// The slot of item `id`, if it holds it.
    func slot(of id: OperationID, in order: some SlotIdentities) -> Int32? {
        guard !buckets.isEmpty else { return nil }
        var bucket = Self.hash(id) & (buckets.count - 1)
        while buckets[bucket] != SequenceOrder.none {
            if order.id(buckets[bucket]) == id { return buckets[bucket] }
            bucket = (bucket + 1) & (buckets.count - 1)
        }
        return nil
    }

    /// Adds `slot`, whose item (in `order`) it does not hold yet.
    mutating func insert(_ slot: Int32, in order: some SlotIdentities) {
        if (count + 1) * 2 > buckets.count { grow(in: order) }
        place(slot, id: order.id(slot))
        count += 1
    }

    /// Takes out the slot of item `id` (in `order`, still) and returns it, if it holds it.
    mutating func remove(_ id: OperationID, in order: some SlotIdentities) -> Int32? {
        guard !buckets.isEmpty else { return nil }
        let mask = buckets.count - 1
        var bucket = Self.hash(id) & mask
        while buckets[bucket] != SequenceOrder.none, order.id(buckets[bucket]) != id { bucket = (bucket + 1) & mask }
        let slot = buckets[bucket]
        guard slot != SequenceOrder.none else { return nil }
        // Backward shift: each later slot of the cluster that may move into the gap does, so
        // that no lookup stops at the gap before reaching it.
        var (gap, next) = (bucket, (bucket + 1) & mask)
        while buckets[next] != SequenceOrder.none {
            let home = Self.hash(order.id(buckets[next])) & mask
            // It may fill the gap unless its home lies after the gap, up to it (cyclically).
            if (next - home) & mask >= (next - gap) & mask {
                buckets[gap] = buckets[next]
                gap = next
            }
            next = (next + 1) & mask
        }
        buckets[gap] = SequenceOrder.none
        count -= 1
        return slot
    }

    /// Calls `body` with every slot it holds, in no particular order.
    func forEachSlot(_ body: (Int32) -> Void) {
        for slot in buckets where slot != SequenceOrder.none { body(slot) }
    }

    private mutating func place(_ slot: Int32, id: OperationID) {
        var bucket = Self.hash(id) & (buckets.count - 1)
        while buckets[bucket] != SequenceOrder.none { bucket = (bucket + 1) & (buckets.count - 1) }
        buckets[bucket] = slot
    }

    private mutating func grow(in order: some SlotIdentities) {
        let old = buckets
        buckets = Array(repeating: SequenceOrder.none, count: max(8, old.count * 2))
        for slot in old where slot != SequenceOrder.none { place(slot, id: order.id(slot)) }
    }

    /// SplitMix64's finalizer of the identity: well mixed, the same on every run.
    private static func hash(_ id: OperationID) -> Int {
        var hash = id.counter &* 0x9E37_79B9_7F4A_7C15 ^ id.replica.rawValue
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: hash ^ (hash >> 31))
    }
}
