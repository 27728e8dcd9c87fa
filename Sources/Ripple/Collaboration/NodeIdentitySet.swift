/// A set of node identities with a cheap hash (SplitMix64's finalizer, as
/// ``SequenceSlotIndex``'s): for a check made once per operation, where hashing the identity
/// with `Hasher` into a dictionary cost a merge of register writes about a twentieth of its time.
///
/// An open-addressing table (linear probing), at most half full, that only grows: it holds
/// what one merge touches.
struct NodeIdentitySet {
    /// A power of two of buckets (or none).
    private var buckets: [NodeID?] = []
    private(set) var count = 0

    /// Whether it holds `id`.
    func contains(_ id: NodeID) -> Bool {
        guard !buckets.isEmpty else { return false }
        let mask = buckets.count - 1
        var bucket = Self.hash(id) & mask
        while let held = buckets[bucket] {
            if held == id { return true }
            bucket = (bucket + 1) & mask
        }
        return false
    }

    /// Adds `id`; returns whether it was not there.
    @discardableResult
    mutating func insert(_ id: NodeID) -> Bool {
        if (count + 1) * 2 > buckets.count { grow() }
        let mask = buckets.count - 1
        var bucket = Self.hash(id) & mask
        while let held = buckets[bucket] {
            if held == id { return false }
            bucket = (bucket + 1) & mask
        }
        buckets[bucket] = id
        count += 1
        return true
    }

    private mutating func grow() {
        let old = buckets
        buckets = Array(repeating: nil, count: max(16, old.count * 2))
        count = 0
        for case let id? in old { insert(id) }
    }

    private static func hash(_ id: NodeID) -> Int {
        var hash = id.made.counter &* 0x9E37_79B9_7F4A_7C15 ^ id.made.replica.rawValue
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: hash ^ (hash >> 31))
    }
}
