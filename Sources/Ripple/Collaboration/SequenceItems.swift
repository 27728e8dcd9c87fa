/// What the items of a ``SequenceState`` hold, by the slot its ``SequenceOrder`` gave each:
/// the parent and side in the Fugue tree, the value, the removals, and the links to the
/// children (each side's children a list by ascending identity, through `nextSibling`).
///
/// One array of plain records by slot costs about a hundred bytes an item; a dictionary of
/// items and two of children lists cost four times that. Most items are never removed, so
/// their removals are in a table of their own that only removed items reach (an array in each
/// record cost 8 bytes an item).
struct SequenceItems: Sendable {
    /// In this order, 40 bytes: the flags and the links fill the value's padding.
    private struct Record: Sendable {
        var value: ReplicaValue
        var leftSide: Bool
        var hasRemovals = false
        var parent: Int32
        var firstLeftChild = SequenceOrder.none
        var firstRightChild = SequenceOrder.none
        var nextSibling: Int32
    }

    private var records: ContiguousArray<Record> = []
    /// The removals of the items that have some, by slot.
    private var removalsBySlot: [Int32: [Removal]] = [:]

    func parent(_ slot: Int32) -> Int32 { records[Int(slot)].parent }
    func isLeftSide(_ slot: Int32) -> Bool { records[Int(slot)].leftSide }
    func value(_ slot: Int32) -> ReplicaValue { records[Int(slot)].value }
    func removals(_ slot: Int32) -> [Removal] {
        records[Int(slot)].hasRemovals ? removalsBySlot[slot] ?? [] : []
    }
    func nextSibling(_ slot: Int32) -> Int32 { records[Int(slot)].nextSibling }

    func firstChild(_ slot: Int32, leftSide: Bool) -> Int32 {
        leftSide ? records[Int(slot)].firstLeftChild : records[Int(slot)].firstRightChild
    }

    /// Makes room for `count` more items at once (a run inserted whole), doubling as appends
    /// do when that is more: an array grown by appends alone holds up to twice its items.
    mutating func reserve(_ count: Int) {
        let needed = records.count + count
        if needed > records.capacity { records.reserveCapacity(max(needed, 2 * records.capacity)) }
    }

    /// Lets go of the room past its items (a sequence read whole from a state).
    mutating func trimCapacity() {
        records = records.trimmed()
    }

    /// Fills `slot` (new, or one freed by `clear(_:)`) with an item without children.
    mutating func set(_ slot: Int32, parent: Int32, leftSide: Bool, value: ReplicaValue, nextSibling: Int32) {
        let record = Record(value: value, leftSide: leftSide, parent: parent, nextSibling: nextSibling)
        if Int(slot) == records.count {
            records.append(record)
        } else {
            records[Int(slot)] = record
        }
    }

    /// Lets go of what `slot` holds (its slot will be filled again).
    mutating func clear(_ slot: Int32) {
        records[Int(slot)].value = .json("")
        records[Int(slot)].hasRemovals = false
        removalsBySlot[slot] = nil
    }

    mutating func setNextSibling(_ slot: Int32, _ sibling: Int32) {
        records[Int(slot)].nextSibling = sibling
    }

    mutating func setFirstChild(_ slot: Int32, leftSide: Bool, _ child: Int32) {
        if leftSide { records[Int(slot)].firstLeftChild = child } else { records[Int(slot)].firstRightChild = child }
    }

    mutating func appendRemoval(_ removal: Removal, to slot: Int32) {
        records[Int(slot)].hasRemovals = true
        removalsBySlot[slot, default: []].append(removal)
    }

    /// Keeps only the first `count` removals of the item in `slot`.
    mutating func keepRemovals(of slot: Int32, count: Int) {
        removalsBySlot[slot]?.removeSubrange(count...)
        if count == 0 {
            records[Int(slot)].hasRemovals = false
            removalsBySlot[slot] = nil
        }
    }
}
