/// An ordered collection as a Fugue tree (Weidner & Kleppmann 2023): every item ever inserted
/// is a left or right child of an earlier one (or of the start); the order is the tree's
/// in-order walk, siblings by id. Runs typed forwards are chains of right children, runs typed
/// backwards chains of left children, so concurrent runs at one place never interleave, in
/// either direction.
struct SequenceState: Equatable, Sendable {
    struct Item: Equatable, Sendable {
        let parent: OperationID?
        let leftSide: Bool
        let value: ReplicaValue
        var removals: [Removal] = []
    }

    var presence = Presence()
    private(set) var items: [OperationID: Item] = [:]
    /// Children by parent (nil: the start), each list by ascending id.
    private var leftChildren: [OperationID?: [OperationID]] = [:]
    private var rightChildren: [OperationID?: [OperationID]] = [:]

    func contains(_ id: OperationID) -> Bool { items[id] != nil }

    /// Whether an item of identity `id` may be inserted under `parent` on that side.
    func accepts(_ id: OperationID, parent: OperationID?, leftSide: Bool) -> Bool {
        items[id] == nil && (parent.map { items[$0] != nil } ?? !leftSide)
    }

    mutating func insert(_ value: ReplicaValue, id: OperationID, parent: OperationID?, leftSide: Bool) {
        items[id] = Item(parent: parent, leftSide: leftSide, value: value)
        if leftSide {
            Self.insertSorted(id, into: &leftChildren[parent, default: []])
        } else {
            Self.insertSorted(id, into: &rightChildren[parent, default: []])
        }
    }

    /// Applies removals; false if one names no item.
    mutating func remove(_ removals: [Removal]) -> Bool {
        guard removals.allSatisfy({ items[$0.target] != nil }) else { return false }
        for removal in removals { items[removal.target]!.removals.append(removal) }
        return true
    }

    private static func insertSorted(_ id: OperationID, into list: inout [OperationID]) {
        list.insert(id, at: list.firstIndex { $0 > id } ?? list.endIndex)
    }

    /// Every item, removed ones included, in order (an explicit stack: runs make deep trees).
    func order() -> [OperationID] {
        var result: [OperationID] = []
        result.reserveCapacity(items.count)
        var stack: [(id: OperationID?, expanded: Bool)] = [(nil, false)]
        while let (id, expanded) = stack.popLast() {
            if expanded {
                if let id { result.append(id) }
                continue
            }
            for child in (rightChildren[id] ?? []).reversed() { stack.append((child, false)) }
            stack.append((id, true))
            for child in (leftChildren[id] ?? []).reversed() { stack.append((child, false)) }
        }
        return result
    }

    /// Whether an item shows: not removed, not a hidden move destination.
    func isVisible(_ id: OperationID, holder: NodeID, member: String, moves: MoveStatus) -> Bool {
        isVisibleIfPresent(id, holder: holder, member: member, moves: moves)
    }

    /// Whether item `id` is here and visible (false for an item this state does not hold).
    func isVisibleIfPresent(_ id: OperationID, holder: NodeID, member: String, moves: MoveStatus) -> Bool {
        guard let item = items[id] else { return false }
        return !moves.removes(item.removals)
            && (moves.hiddenDestinations.isEmpty
                || !moves.hiddenDestinations.contains(Placement(holder: holder, member: member, id: id)))
    }

    /// The visible items in order.
    func visibleItems(holder: NodeID, member: String, moves: MoveStatus) -> [OperationID] {
        order().filter { isVisible($0, holder: holder, member: member, moves: moves) }
    }

    /// Where a run inserted before visible position `position` goes: after the visible item
    /// before it (or the start), as its right child if it has none, else as the left child of
    /// the item that follows it in the walk.
    func anchor(forInsertingAt position: Int, visible: [OperationID]) -> (parent: OperationID?, leftSide: Bool) {
        let before: OperationID? = position > 0 ? visible[position - 1] : nil
        guard rightChildren[before]?.isEmpty ?? true else {
            let all = order()
            let next = before.map { all[all.firstIndex(of: $0)! + 1] } ?? all[0]
            return (next, true)
        }
        return (before, false)
    }
}
