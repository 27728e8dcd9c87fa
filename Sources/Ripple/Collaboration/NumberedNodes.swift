/// The nodes a replica session numbered: each number's identity and node, and the number of
/// each identity.
///
/// A document gives numbers in order from 1, so they are mostly dense: they index an array of
/// entries (24 bytes a node: the identity packed into 8, its replica as a number into a table
/// of the replicas named, and the node), and an index from identities to numbers (a
/// ``SequenceSlotIndex``, which reads the identities from the entries) costs about ten more.
/// The array grows by a quarter, not by doubling (a doubled array of 32-byte entries held 42
/// bytes a node at 100,000). A dictionary from identities to nodes beside an array of
/// identities cost about a hundred bytes a node. A number far beyond the others (a document or
/// patch may carry any number up to 2^62), or an identity that does not pack (a clock past
/// 2^48, past 65,535 replicas), goes into dictionaries instead: the array never grows past
/// twice the nodes it holds (and a thousand).
struct NumberedNodes {
    /// A number's identity, and its node once it is made (a merge names a node's number before
    /// it makes the node).
    struct Entry {
        var id: NodeID
        var node: (any DocumentNode)?
    }

    /// A dense number's identity, packed (`none`: no node has the number), and its node.
    private struct PackedEntry {
        var id: UInt64
        var node: (any DocumentNode)?
    }

    /// Index: number.
    private var dense: [PackedEntry] = []
    private var sparse: [UInt64: Entry] = [:]
    /// The numbers of `dense`'s identities.
    private var index = SequenceSlotIndex()
    /// The numbers of `sparse`'s identities.
    private var sparseNumbers: [NodeID: UInt64] = [:]
    /// How many numbers the array holds.
    private var denseCount = 0
    /// The replicas of the packed identities, by number.
    private var replicaIDs: [ReplicaID] = []
    private var replicaNumbers: [ReplicaID: UInt64] = [:]
    /// A packed identity: its replica's number above its clock's 48 bits.
    private static let clockBits: UInt64 = 48
    /// No identity packs to it (no replica gets the last number).
    private static let none = UInt64.max

    /// How many numbers it holds.
    var count: Int { denseCount + sparse.count }

    /// The identity numbered `number`.
    subscript(number: UInt64) -> NodeID? {
        entry(number)?.id
    }

    /// The node of identity `id`, if it was made.
    subscript(id: NodeID) -> (any DocumentNode)? {
        number(of: id).flatMap { entry($0)?.node }
    }

    /// The node numbered `number`, if it was made.
    func node(numbered number: UInt64) -> (any DocumentNode)? {
        entry(number)?.node
    }

    /// The number of identity `id`.
    func number(of id: NodeID) -> UInt64? {
        if let slot = index.slot(of: id.made, in: identities) { return UInt64(slot) }
        return sparseNumbers.isEmpty ? nil : sparseNumbers[id]
    }

    /// Every node made, with its identity, in no particular order.
    func forEachNode(_ body: (NodeID, any DocumentNode) -> Void) {
        for entry in dense where entry.id != Self.none { entry.node.map { body(unpacked(entry.id), $0) } }
        for entry in sparse.values { entry.node.map { body(entry.id, $0) } }
    }

    /// Numbers identity `id` as `number`, with its node if it is made.
    mutating func set(_ id: NodeID, node: (any DocumentNode)?, number: UInt64) {
        remove(number)
        if number >= UInt64(dense.count), number <= UInt64(denseCount) * 2 + 1_024, number < UInt64(Int32.max) {
            grow(through: number)
        }
        if number < UInt64(dense.count), let packed = packed(id) {
            dense[Int(number)] = PackedEntry(id: packed, node: node)
            denseCount += 1
            index.insert(Int32(number), in: identities)
        } else {
            sparse[number] = Entry(id: id, node: node)
            sparseNumbers[id] = number
        }
    }

    /// Forgets the identity and node numbered `number`.
    mutating func remove(_ number: UInt64) {
        if number < UInt64(dense.count), dense[Int(number)].id != Self.none {
            _ = index.remove(unpacked(dense[Int(number)].id).made, in: identities)
            dense[Int(number)] = PackedEntry(id: Self.none)
            denseCount -= 1
        } else if !sparse.isEmpty, let entry = sparse.removeValue(forKey: number) {
            sparseNumbers[entry.id] = nil
        }
    }

    private func entry(_ number: UInt64) -> Entry? {
        if number < UInt64(dense.count), case let entry = dense[Int(number)], entry.id != Self.none {
            return Entry(id: unpacked(entry.id), node: entry.node)
        }
        return sparse.isEmpty ? nil : sparse[number]
    }

    /// Makes the array reach `number`, taking in the sparse numbers it then covers.
    private mutating func grow(through number: UInt64) {
        let oldCount = UInt64(dense.count)
        let needed = Int(number) + 1
        if needed > dense.capacity { dense.reserveCapacity(needed + needed / 4 + 16) }
        dense.append(contentsOf: repeatElement(PackedEntry(id: Self.none), count: needed - Int(oldCount)))
        guard !sparse.isEmpty else { return }
        for (sparseNumber, entry) in sparse where sparseNumber >= oldCount && sparseNumber <= number {
            sparse[sparseNumber] = nil
            sparseNumbers[entry.id] = nil
            set(entry.id, node: entry.node, number: sparseNumber)
        }
    }

    /// `id` in 8 bytes, its replica numbered on first use; nil if it does not fit.
    private mutating func packed(_ id: NodeID) -> UInt64? {
        guard id.made.counter >> Self.clockBits == 0 else { return nil }
        let replica: UInt64
        // Every node numbered asks: while there are few replicas, comparing them beats hashing one.
        if replicaIDs.count <= 8, let index = replicaIDs.firstIndex(of: id.made.replica) {
            replica = UInt64(index)
        } else if replicaIDs.count > 8, let number = replicaNumbers[id.made.replica] {
            replica = number
        } else {
            // The last number stays unused, so that no identity packs to `none`.
            guard replicaIDs.count < (1 << (64 - Self.clockBits)) - 1 else { return nil }
            replica = UInt64(replicaIDs.count)
            replicaIDs.append(id.made.replica)
            replicaNumbers[id.made.replica] = replica
        }
        return (replica << Self.clockBits) | id.made.counter
    }

    private func unpacked(_ packed: UInt64) -> NodeID {
        NodeID(made: Self.unpacked(packed, replicas: replicaIDs))
    }

    fileprivate static func unpacked(_ packed: UInt64, replicas: [ReplicaID]) -> OperationID {
        OperationID(counter: packed & ((1 << clockBits) - 1), replica: replicas[Int(packed >> clockBits)])
    }

    private var identities: DenseIdentities { DenseIdentities(entries: dense, replicas: replicaIDs) }

    /// The identities of the dense entries, by number, for the index.
    private struct DenseIdentities: SlotIdentities {
        let entries: [PackedEntry]
        let replicas: [ReplicaID]

        func id(_ slot: Int32) -> OperationID { NumberedNodes.unpacked(entries[Int(slot)].id, replicas: replicas) }
    }
}
