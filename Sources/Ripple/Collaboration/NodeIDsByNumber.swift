/// The identity of each numbered node of a replica's document, by number.
///
/// A document gives numbers in order from 1, so they are mostly dense: they index an array (16
/// bytes a node, where a dictionary costs about three times that). A number far beyond the
/// others (a document or patch may carry any number up to 2^62) goes into a dictionary instead:
/// the array never grows past twice the nodes it holds (and a thousand).
struct NodeIDsByNumber {
    /// Index: number; `none` where no node has the number.
    private var dense: [NodeID] = []
    private var sparse: [UInt64: NodeID] = [:]
    /// How many nodes the array holds.
    private var denseCount = 0
    /// Stands for "no node": no node is made by the genesis replica with clock 0.
    private static let none = NodeID.genesis(0)

    subscript(number: UInt64) -> NodeID? {
        get {
            guard number < UInt64(dense.count) else { return sparse.isEmpty ? nil : sparse[number] }
            let id = dense[Int(number)]
            return id == Self.none ? nil : id
        }
        set {
            if number >= UInt64(dense.count), newValue != nil, number <= UInt64(denseCount) * 2 + 1_024 {
                grow(through: number)
            }
            if number < UInt64(dense.count) {
                denseCount += (newValue == nil ? 0 : 1) - (dense[Int(number)] == Self.none ? 0 : 1)
                dense[Int(number)] = newValue ?? Self.none
            } else {
                sparse[number] = newValue
            }
        }
    }

    /// Makes the array reach `number`, taking in the sparse numbers it then covers.
    private mutating func grow(through number: UInt64) {
        let oldCount = UInt64(dense.count)
        dense.append(contentsOf: repeatElement(Self.none, count: Int(number - oldCount) + 1))
        guard !sparse.isEmpty else { return }
        for (sparseNumber, id) in sparse where sparseNumber >= oldCount && sparseNumber <= number {
            dense[Int(sparseNumber)] = id
            denseCount += 1
            sparse[sparseNumber] = nil
        }
    }
}
