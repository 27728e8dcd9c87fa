/// An ordered collection as a Fugue tree (Weidner & Kleppmann 2023): every item ever inserted
/// is a left or right child of an earlier one (or of the start); the order is the tree's
/// in-order walk, siblings by id. Runs typed forwards are chains of right children, runs typed
/// backwards chains of left children, so concurrent runs at one place never interleave, in
/// either direction.
///
/// The walk's result is kept in a ``SequenceOrder`` as items come (an item goes before its
/// next greater sibling's subtree, or at the end of its side of its parent), with the items
/// that have no removals shown: an item's visible index and the item at a visible index cost
/// the order's depth, not a walk. Where moves make the shown items differ from the visible
/// ones (an item removed only by moves that do not hold, a hidden move destination that has
/// no removals) the visible items are walked instead.
struct SequenceState: Equatable, Sendable {
    struct Item: Equatable, Sendable {
        let parent: OperationID?
        let leftSide: Bool
        let value: ReplicaValue
        var removals: [Removal] = []
        /// Where ``SequenceState/positions`` keeps it: not part of its value (equal states may
        /// have filled their slots in another order).
        fileprivate(set) var slot = SequenceOrder.none

        static func == (lhs: Item, rhs: Item) -> Bool {
            (lhs.parent, lhs.leftSide, lhs.value, lhs.removals) == (rhs.parent, rhs.leftSide, rhs.value, rhs.removals)
        }
    }

    var presence = Presence()
    private(set) var items: [OperationID: Item] = [:]
    /// Children by parent (nil: the start), each list by ascending id.
    private var leftChildren: [OperationID?: [OperationID]] = [:]
    private var rightChildren: [OperationID?: [OperationID]] = [:]
    /// Every item in order; those without removals shown.
    private var positions = SequenceOrder()
    /// The items whose removals are all parts of moves: whether they show depends on whether
    /// those moves hold (they usually do: a node moved out stays out).
    private var movedOut: Set<OperationID> = []

    /// The same items, removals and presence (the order follows from them).
    static func == (lhs: SequenceState, rhs: SequenceState) -> Bool {
        lhs.presence == rhs.presence && lhs.items == rhs.items
    }

    func contains(_ id: OperationID) -> Bool { items[id] != nil }

    /// Whether an item of identity `id` may be inserted under `parent` on that side.
    func accepts(_ id: OperationID, parent: OperationID?, leftSide: Bool) -> Bool {
        items[id] == nil && (parent.map { items[$0] != nil } ?? !leftSide)
    }

    mutating func insert(_ value: ReplicaValue, id: OperationID, parent: OperationID?, leftSide: Bool) {
        let siblings = (leftSide ? leftChildren[parent] : rightChildren[parent]) ?? []
        let index = siblings.firstIndex { $0 > id } ?? siblings.endIndex
        let slot: Int32
        if index < siblings.endIndex {
            slot = positions.insert(id, before: items[firstOfSubtree(siblings[index])]!.slot, isShown: true)
        } else if leftSide, let parent {
            slot = positions.insert(id, before: items[parent]!.slot, isShown: true)
        } else {
            let last = lastOfSubtree(parent).map { items[$0]!.slot } ?? SequenceOrder.none
            slot = positions.insert(id, after: last, isShown: true)
        }
        items[id] = Item(parent: parent, leftSide: leftSide, value: value, slot: slot)
        if leftSide {
            leftChildren[parent, default: []].insert(id, at: index)
        } else {
            rightChildren[parent, default: []].insert(id, at: index)
        }
    }

    /// Applies removals; false if one names no item.
    mutating func remove(_ removals: [Removal]) -> Bool {
        guard removals.allSatisfy({ items[$0.target] != nil }) else { return false }
        for removal in removals {
            let wasMovedOut = Self.isMovedOut(items[removal.target]!.removals)
            items[removal.target]!.removals.append(removal)
            removalsChanged(of: removal.target, wasMovedOut: wasMovedOut)
        }
        return true
    }

    /// Takes back the removals of item `id` after its first `count` (for an undone change).
    mutating func takeBackRemovals(of id: OperationID, keeping count: Int) {
        let wasMovedOut = Self.isMovedOut(items[id]!.removals)
        items[id]!.removals.removeSubrange(count...)
        removalsChanged(of: id, wasMovedOut: wasMovedOut)
    }

    /// Takes back the insertion of item `id`, inserted after every item under it (for an
    /// undone change: the items a change inserted are taken back latest first).
    mutating func takeBack(_ id: OperationID) {
        guard let item = items.removeValue(forKey: id) else { return }
        movedOut.remove(id)
        positions.remove(item.slot)
        if item.leftSide {
            leftChildren[item.parent]?.removeAll { $0 == id }
            if leftChildren[item.parent]?.isEmpty ?? false { leftChildren[item.parent] = nil }
        } else {
            rightChildren[item.parent]?.removeAll { $0 == id }
            if rightChildren[item.parent]?.isEmpty ?? false { rightChildren[item.parent] = nil }
        }
    }

    private static func isMovedOut(_ removals: [Removal]) -> Bool {
        !removals.isEmpty && removals.allSatisfy { $0.move != nil }
    }

    private mutating func removalsChanged(of id: OperationID, wasMovedOut: Bool) {
        let item = items[id]!
        if Self.isMovedOut(item.removals) { movedOut.insert(id) } else if wasMovedOut { movedOut.remove(id) }
        positions.setShown(item.slot, item.removals.isEmpty)
    }

    /// The first item of the walk of `id`'s subtree: down its least left children.
    private func firstOfSubtree(_ id: OperationID) -> OperationID {
        var first = id
        while let child = leftChildren[first]?.first { first = child }
        return first
    }

    /// The last item of the walk of `id`'s subtree (nil: the start's, nil if empty): down its
    /// greatest right children. That chain is a run typed after `id` by another replica,
    /// concurrently with the item placed after it: the cost of the concurrent edits.
    private func lastOfSubtree(_ id: OperationID?) -> OperationID? {
        var last = id
        while let child = rightChildren[last]?.last { last = child }
        return last
    }

    /// Every item, removed ones included, in order.
    func order() -> [OperationID] {
        positions.ids()
    }

    /// Where item `id` is among all items, removed ones included.
    func position(of id: OperationID) -> Int {
        positions.rank(of: items[id]!.slot).all
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

    /// Whether the order's shown items are the visible ones under `moves`: every item out
    /// only by moves is out under them, and no item without removals is a hidden destination.
    /// Costs the items moved out of this sequence and the hidden destinations, not the items.
    func showsVisible(holder: NodeID, member: String, moves: MoveStatus) -> Bool {
        movedOut.allSatisfy { moves.removes(items[$0]!.removals) }
            && (moves.hiddenDestinations.isEmpty
                || !moves.hiddenDestinations.contains {
                    $0.holder == holder && $0.member == member && items[$0.id]?.removals.isEmpty ?? false
                })
    }

    /// The visible items in order (a walk of every item).
    func visibleItems(holder: NodeID, member: String, moves: MoveStatus) -> [OperationID] {
        order().filter { isVisible($0, holder: holder, member: member, moves: moves) }
    }

    /// How many items are visible.
    func visibleCount(holder: NodeID, member: String, moves: MoveStatus) -> Int {
        guard showsVisible(holder: holder, member: member, moves: moves) else {
            return visibleItems(holder: holder, member: member, moves: moves).count
        }
        return positions.shownCount
    }

    /// The visible items at `range` of the visible ones (which it must be within).
    func visibleItems(in range: Range<Int>, holder: NodeID, member: String, moves: MoveStatus) -> [OperationID] {
        guard showsVisible(holder: holder, member: member, moves: moves) else {
            return Array(visibleItems(holder: holder, member: member, moves: moves)[range])
        }
        return range.map { positions.id(positions.slot(atShown: $0)) }
    }

    /// How many visible items come before item `id`, when ``showsVisible(holder:member:moves:)``.
    func visibleIndex(of id: OperationID) -> Int {
        positions.rank(of: items[id]!.slot).shown
    }

    /// Where a run inserted before visible position `position` goes: after the visible item
    /// before it (or the start), as its right child if it has none, else as the left child of
    /// the item that follows it in the walk.
    func anchor(forInsertingAt position: Int, holder: NodeID, member: String, moves: MoveStatus)
        -> (parent: OperationID?, leftSide: Bool)
    {
        let before = position > 0 ? visibleItems(in: (position - 1)..<position, holder: holder, member: member, moves: moves)[0] : nil
        guard rightChildren[before]?.isEmpty ?? true else {
            let next = positions.slot(after: before.map { items[$0]!.slot } ?? SequenceOrder.none)
            return (positions.id(next), true)
        }
        return (before, false)
    }
}
