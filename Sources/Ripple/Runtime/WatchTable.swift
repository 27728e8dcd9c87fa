/// The watches of one registration by node member: how many ways its walk reaches each, and
/// where the tracker is in the registration's list of trackers.
///
/// A walk of a large model makes one look-up per node it reaches (50,000 items observed through
/// `items.value` make 50,000), so this is a table of its own rather than a `Dictionary`: open
/// addressing with linear probing, each slot holding its key and its value side by side (one
/// cache line a look-up, where a dictionary reads its bitmap, keys and values apart), at a
/// hash that is one multiplication of the tracker's address (no hasher seeded per look-up).
/// At most half the slots are used, so a look-up seldom reads more than two slots.
struct WatchTable {
    private struct Slot {
        /// The tracker's address; 0 in an empty slot.
        var tracker: UInt
        var member: Int32
        var index: Int32
        var count: Int
    }

    private static let empty = Slot(tracker: 0, member: 0, index: 0, count: 0)

    /// A power of two, or none.
    private var slots: [Slot] = []
    /// How far a hash is shifted right to give a slot: 64 minus the bits of the slot count.
    private var shift = 64
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// How many watches fit before the table grows.
    var capacity: Int { slots.count / 2 }

    /// The watch of `key`, if any.
    subscript(key: NodeMember) -> Watches.Watched? {
        guard count > 0 else { return nil }
        let tracker = Self.address(key)
        let member = Int32(truncatingIfNeeded: key.member)
        var position = slot(tracker, member)
        while slots[position].tracker != 0 {
            if slots[position].tracker == tracker, slots[position].member == member {
                return Watches.Watched(count: slots[position].count, index: Int(slots[position].index))
            }
            position = (position + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Adds `times` to the count of `key`, a new watch at `index` when it has none; a count that
    /// falls to zero or below takes the watch out. Returns the count and the watch's index.
    mutating func add(_ times: Int, to key: NodeMember, index: Int) -> Watches.Watched {
        if count + 1 > capacity { grow(to: count + 1) }
        let tracker = Self.address(key)
        let member = Int32(truncatingIfNeeded: key.member)
        var position = slot(tracker, member)
        while slots[position].tracker != 0 {
            if slots[position].tracker == tracker, slots[position].member == member {
                slots[position].count += times
                let watched = Watches.Watched(count: slots[position].count, index: Int(slots[position].index))
                if watched.count <= 0 { remove(at: position) }
                return watched
            }
            position = (position + 1) & (slots.count - 1)
        }
        guard times > 0 else { return Watches.Watched(count: times, index: index) }
        slots[position] = Slot(tracker: tracker, member: member, index: Int32(truncatingIfNeeded: index), count: times)
        count += 1
        return Watches.Watched(count: times, index: index)
    }

    /// Moves the watch of `key` to `index` of the list of trackers.
    mutating func setIndex(_ index: Int, of key: NodeMember) {
        guard count > 0 else { return }
        let tracker = Self.address(key)
        let member = Int32(truncatingIfNeeded: key.member)
        var position = slot(tracker, member)
        while slots[position].tracker != 0 {
            if slots[position].tracker == tracker, slots[position].member == member {
                slots[position].index = Int32(truncatingIfNeeded: index)
                return
            }
            position = (position + 1) & (slots.count - 1)
        }
    }

    /// Makes room for `count` watches at once.
    mutating func reserveCapacity(_ count: Int) {
        if count > capacity { grow(to: count) }
    }

    mutating func removeAll(keepingCapacity: Bool = false) {
        if keepingCapacity {
            for position in slots.indices { slots[position] = Self.empty }
        } else {
            slots = []
            shift = 64
        }
        count = 0
    }

    /// Every watch, as a dictionary (for checks).
    var entries: [NodeMember: Watches.Watched] {
        var entries: [NodeMember: Watches.Watched] = [:]
        for slot in slots where slot.tracker != 0 {
            let tracker = unsafeBitCast(slot.tracker, to: ObjectIdentifier.self)
            entries[NodeMember(tracker, Int(slot.member))] = Watches.Watched(count: slot.count, index: Int(slot.index))
        }
        return entries
    }

    // MARK: Slots

    private static func address(_ key: NodeMember) -> UInt {
        UInt(bitPattern: key.tracker)
    }

    /// Where the search for a key starts: the high bits of a multiplication, which every bit of
    /// the address reaches (trackers are aligned: their low bits are all zero).
    private func slot(_ tracker: UInt, _ member: Int32) -> Int {
        let mixed = (tracker ^ UInt(bitPattern: Int(member)) &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> UInt(shift))
    }

    /// Empties the slot at `position`, moving back the slots after it whose search starts at or
    /// before it, so that every search still finds its key without gaps on the way.
    private mutating func remove(at position: Int) {
        let mask = slots.count - 1
        var hole = position
        var next = position
        while true {
            next = (next + 1) & mask
            guard slots[next].tracker != 0 else { break }
            let start = slot(slots[next].tracker, slots[next].member)
            // The slot may move to the hole when its search starts outside (hole, next].
            let staysAfterHole = hole <= next ? (hole < start && start <= next) : (hole < start || start <= next)
            if !staysAfterHole {
                slots[hole] = slots[next]
                hole = next
            }
        }
        slots[hole] = Self.empty
        count -= 1
    }

    private mutating func grow(to needed: Int) {
        var size = max(8, slots.count)
        while size / 2 < needed { size *= 2 }
        let old = slots
        slots = Array(repeating: Self.empty, count: size)
        shift = 64 - size.trailingZeroBitCount
        let mask = size - 1
        for entry in old where entry.tracker != 0 {
            var position = slot(entry.tracker, entry.member)
            while slots[position].tracker != 0 { position = (position + 1) & mask }
            slots[position] = entry
        }
    }
}

extension NodeMember {
    /// The member `member` of the node whose tracker is `tracker`.
    init(_ tracker: ObjectIdentifier, _ member: Int) {
        self.tracker = tracker
        self.member = member
    }
}
