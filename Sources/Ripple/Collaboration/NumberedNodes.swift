/// The nodes a replica session numbered: each number's identity and node, and the number of
/// each identity.
///
/// A document gives numbers in order from 1, so they are mostly dense: they index an array of
/// entries (32 bytes a node), and an index from identities to numbers (a ``SequenceSlotIndex``,
/// which reads the identities from the entries) costs about ten more. A dictionary from
/// identities to nodes beside an array of identities cost about a hundred bytes a node. A
/// number far beyond the others (a document or patch may carry any number up to 2^62) goes
/// into dictionaries instead: the array never grows past twice the nodes it holds (and a
/// thousand).
struct NumberedNodes {
    /// A number's identity, and its node once it is made (a merge names a node's number before
    /// it makes the node).
    struct Entry {
        var id: NodeID
        var node: (any DocumentNode)?
    }

    /// Index: number; `none` where no node has the number.
    private var dense: [Entry] = []
    private var sparse: [UInt64: Entry] = [:]
    /// The numbers of `dense`'s identities.
    private var index = SequenceSlotIndex()
    /// The numbers of `sparse`'s identities.
    private var sparseNumbers: [NodeID: UInt64] = [:]
    /// How many numbers the array holds.
    private var denseCount = 0
    /// Stands for "no node": no node is made by the genesis replica with clock 0.
    private static let noneID = NodeID.genesis(0)
    private static var none: Entry { Entry(id: noneID, node: nil) }

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
        if let slot = index.slot(of: id.made, in: DenseIdentities(entries: dense)) { return UInt64(slot) }
        return sparseNumbers.isEmpty ? nil : sparseNumbers[id]
    }

    /// Every node made, with its identity, in no particular order.
    func forEachNode(_ body: (NodeID, any DocumentNode) -> Void) {
        for entry in dense where entry.id != Self.noneID { entry.node.map { body(entry.id, $0) } }
        for entry in sparse.values { entry.node.map { body(entry.id, $0) } }
    }

    /// Numbers identity `id` as `number`, with its node if it is made.
    mutating func set(_ id: NodeID, node: (any DocumentNode)?, number: UInt64) {
        remove(number)
        if number >= UInt64(dense.count), number <= UInt64(denseCount) * 2 + 1_024, number < UInt64(Int32.max) {
            grow(through: number)
        }
        if number < UInt64(dense.count) {
            dense[Int(number)] = Entry(id: id, node: node)
            denseCount += 1
            index.insert(Int32(number), in: DenseIdentities(entries: dense))
        } else {
            sparse[number] = Entry(id: id, node: node)
            sparseNumbers[id] = number
        }
    }

    /// Forgets the identity and node numbered `number`.
    mutating func remove(_ number: UInt64) {
        guard let entry = entry(number) else { return }
        if number < UInt64(dense.count) {
            _ = index.remove(entry.id.made, in: DenseIdentities(entries: dense))
            dense[Int(number)] = Self.none
            denseCount -= 1
        } else {
            sparse[number] = nil
            sparseNumbers[entry.id] = nil
        }
    }

    private func entry(_ number: UInt64) -> Entry? {
        guard number < UInt64(dense.count) else { return sparse.isEmpty ? nil : sparse[number] }
        let entry = dense[Int(number)]
        return entry.id == Self.noneID ? nil : entry
    }

    /// Makes the array reach `number`, taking in the sparse numbers it then covers.
    private mutating func grow(through number: UInt64) {
        let oldCount = UInt64(dense.count)
        dense.append(contentsOf: repeatElement(Self.none, count: Int(number - oldCount) + 1))
        guard !sparse.isEmpty else { return }
        for (sparseNumber, entry) in sparse where sparseNumber >= oldCount && sparseNumber <= number {
            sparse[sparseNumber] = nil
            sparseNumbers[entry.id] = nil
            set(entry.id, node: entry.node, number: sparseNumber)
        }
    }

    /// The identities of the dense entries, by number, for the index.
    private struct DenseIdentities: SlotIdentities {
        let entries: [Entry]

        func id(_ slot: Int32) -> OperationID { entries[Int(slot)].id.made }
    }
}
