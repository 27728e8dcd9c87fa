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
///
/// A sequence may hold as many items as the document has nodes, so its items are kept by the
/// order's slot in arrays (``SequenceItems``), the tree's links as slots, and found by identity
/// through a table of slots (``SequenceSlotIndex``), not in a dictionary of items and one of
/// children lists (those cost about four times as much per item).
struct SequenceState: Equatable, Sendable {
    /// An item as the rules see it.
    struct Item: Equatable, Sendable {
        let parent: OperationID?
        let leftSide: Bool
        let value: ReplicaValue
        var removals: [Removal] = []
    }

    var presence = Presence()
    /// The slot of every item.
    private var index = SequenceSlotIndex()
    /// What each slot's item holds, and its children.
    private var store = SequenceItems()
    /// The first right child of the start (the start has no left children).
    private var startFirstRight = SequenceOrder.none
    /// Every item in order; those without removals shown.
    private var positions = SequenceOrder()
    /// The items whose removals are all parts of moves: whether they show depends on whether
    /// those moves hold (they usually do: a node moved out stays out).
    private var movedOut: Set<OperationID> = []
    /// The items each move removed, for a check brought up to a status where that move's hold
    /// changed (see ``SequenceVisibilityCheck``).
    private var removedByMove: [OperationID: [OperationID]] = [:]
    /// The items that show otherwise than the order shows them, kept by its engine.
    private var check: SequenceVisibilityCheck?

    /// The items whose removals are all parts of moves: those whose visibility a change of
    /// the move status alone can change (with the hidden destinations).
    var itemsMovedOut: Set<OperationID> { movedOut }

    /// The same items, removals and presence (the order follows from them).
    static func == (lhs: SequenceState, rhs: SequenceState) -> Bool {
        guard lhs.presence == rhs.presence, lhs.itemCount == rhs.itemCount else { return false }
        var equal = true
        lhs.forEachItem { id, item in equal = equal && rhs.item(id) == item }
        return equal
    }

    /// How many items it holds, removed ones included.
    var itemCount: Int { index.count }

    func contains(_ id: OperationID) -> Bool { self.slot(of: id) != nil }

    /// The item of identity `id`, if it holds one.
    func item(_ id: OperationID) -> Item? {
        self.slot(of: id).map(item(at:))
    }

    /// Calls `body` with every item, removed ones included, in no particular order.
    func forEachItem(_ body: (OperationID, Item) -> Void) {
        index.forEachSlot { body(positions.id($0), item(at: $0)) }
    }

    private func slot(of id: OperationID) -> Int32? {
        index.slot(of: id, in: positions)
    }

    private func item(at slot: Int32) -> Item {
        let parent = store.parent(slot)
        return Item(
            parent: parent == SequenceOrder.none ? nil : positions.id(parent), leftSide: store.isLeftSide(slot),
            value: store.value(slot), removals: store.removals(slot))
    }

    /// Whether an item of identity `id` may be inserted under `parent` on that side.
    func accepts(_ id: OperationID, parent: OperationID?, leftSide: Bool) -> Bool {
        self.slot(of: id) == nil && (parent.map { self.slot(of: $0) != nil } ?? !leftSide)
    }

    /// Makes room for a run of `count` items inserted next: its arrays are then as long as
    /// the items, where growing by appends leaves them up to twice that.
    mutating func reserve(_ count: Int) {
        positions.reserve(count)
        store.reserve(count)
    }

    /// Lets go of the room past its items, once it is read whole from a state (its arrays grew
    /// item by item, up to twice as long).
    mutating func trimCapacity() {
        positions.trimCapacity()
        store.trimCapacity()
    }

    mutating func insert(_ value: ReplicaValue, id: OperationID, parent: OperationID?, leftSide: Bool) {
        check?.pending.insert(id)
        let parentSlot = parent.map { self.slot(of: $0)! } ?? SequenceOrder.none
        // The siblings before and after it, by identity.
        var (before, after) = (SequenceOrder.none, firstChild(of: parentSlot, leftSide: leftSide))
        while after != SequenceOrder.none && positions.id(after) < id {
            (before, after) = (after, store.nextSibling(after))
        }
        let slot: Int32
        if after != SequenceOrder.none {
            slot = positions.insert(id, before: firstOfSubtree(after), isShown: true)
        } else if leftSide, parentSlot != SequenceOrder.none {
            slot = positions.insert(id, before: parentSlot, isShown: true)
        } else {
            slot = positions.insert(id, after: lastOfSubtree(parentSlot), isShown: true)
        }
        store.set(slot, parent: parentSlot, leftSide: leftSide, value: value, nextSibling: after)
        index.insert(slot, in: positions)
        if before != SequenceOrder.none {
            store.setNextSibling(before, slot)
        } else {
            setFirstChild(of: parentSlot, leftSide: leftSide, to: slot)
        }
    }

    /// Applies removals; false if one names no item.
    mutating func remove(_ removals: [Removal]) -> Bool {
        guard removals.allSatisfy({ self.slot(of: $0.target) != nil }) else { return false }
        for removal in removals {
            let slot = self.slot(of: removal.target)!
            let wasMovedOut = Self.isMovedOut(store.removals(slot))
            store.appendRemoval(removal, to: slot)
            if let move = removal.move { removedByMove[move, default: []].append(removal.target) }
            removalsChanged(of: removal.target, slot: slot, wasMovedOut: wasMovedOut)
        }
        return true
    }

    /// Takes back the removals of item `id` after its first `count` (for an undone change).
    mutating func takeBackRemovals(of id: OperationID, keeping count: Int) {
        let slot = self.slot(of: id)!
        let wasMovedOut = Self.isMovedOut(store.removals(slot))
        forgetMoves(of: store.removals(slot).dropFirst(count), target: id)
        store.keepRemovals(of: slot, count: count)
        removalsChanged(of: id, slot: slot, wasMovedOut: wasMovedOut)
    }

    /// Takes back the insertion of item `id`, inserted after every item under it (for an
    /// undone change: the items a change inserted are taken back latest first).
    mutating func takeBack(_ id: OperationID) {
        guard let slot = index.remove(id, in: positions) else { return }
        movedOut.remove(id)
        forgetMoves(of: store.removals(slot)[...], target: id)
        check?.differing.remove(id)
        check?.pending.remove(id)
        let (parent, leftSide) = (store.parent(slot), store.isLeftSide(slot))
        var (before, current) = (SequenceOrder.none, firstChild(of: parent, leftSide: leftSide))
        while current != slot { (before, current) = (current, store.nextSibling(current)) }
        if before != SequenceOrder.none {
            store.setNextSibling(before, store.nextSibling(slot))
        } else {
            setFirstChild(of: parent, leftSide: leftSide, to: store.nextSibling(slot))
        }
        store.clear(slot)
        positions.remove(slot)
    }

    private static func isMovedOut(_ removals: [Removal]) -> Bool {
        !removals.isEmpty && removals.allSatisfy { $0.move != nil }
    }

    /// Takes item `target` out of the items removed by the moves of `removals`.
    private mutating func forgetMoves(of removals: ArraySlice<Removal>, target: OperationID) {
        for case let move? in removals.lazy.map(\.move) {
            removedByMove[move]?.removeAll { $0 == target }
            if removedByMove[move]?.isEmpty ?? false { removedByMove[move] = nil }
        }
    }

    private mutating func removalsChanged(of id: OperationID, slot: Int32, wasMovedOut: Bool) {
        check?.pending.insert(id)
        let removals = store.removals(slot)
        if Self.isMovedOut(removals) { movedOut.insert(id) } else if wasMovedOut { movedOut.remove(id) }
        positions.setShown(slot, removals.isEmpty)
    }

    /// The first child on one side of the item in `slot` (`none`: the start), least identity first.
    private func firstChild(of slot: Int32, leftSide: Bool) -> Int32 {
        if slot == SequenceOrder.none { return leftSide ? SequenceOrder.none : startFirstRight }
        return store.firstChild(slot, leftSide: leftSide)
    }

    private mutating func setFirstChild(of slot: Int32, leftSide: Bool, to child: Int32) {
        if slot == SequenceOrder.none {
            startFirstRight = child
        } else {
            store.setFirstChild(slot, leftSide: leftSide, child)
        }
    }

    /// The first item of the walk of `slot`'s subtree: down its least left children.
    private func firstOfSubtree(_ slot: Int32) -> Int32 {
        var first = slot
        while case let child = store.firstChild(first, leftSide: true), child != SequenceOrder.none { first = child }
        return first
    }

    /// The last item of the walk of `slot`'s subtree (`none`: the start's, `none` if empty): down
    /// its greatest right children. That chain is a run typed after the item by another
    /// replica, concurrently with the item placed after it: the cost of the concurrent edits.
    private func lastOfSubtree(_ slot: Int32) -> Int32 {
        var last = slot
        var child = firstChild(of: slot, leftSide: false)
        while child != SequenceOrder.none {
            while case let next = store.nextSibling(child), next != SequenceOrder.none { child = next }
            last = child
            child = store.firstChild(child, leftSide: false)
        }
        return last
    }

    /// Every item, removed ones included, in order.
    func order() -> [OperationID] {
        positions.ids()
    }

    /// Where item `id` is among all items, removed ones included.
    func position(of id: OperationID) -> Int {
        positions.rank(of: self.slot(of: id)!).all
    }

    /// Whether an item shows: not removed, not a hidden move destination.
    func isVisible(_ id: OperationID, holder: NodeID, member: String, moves: MoveStatus) -> Bool {
        isVisibleIfPresent(id, holder: holder, member: member, moves: moves)
    }

    /// Whether item `id` is here and visible (false for an item this state does not hold).
    func isVisibleIfPresent(_ id: OperationID, holder: NodeID, member: String, moves: MoveStatus) -> Bool {
        guard let slot = self.slot(of: id) else { return false }
        return !moves.removes(store.removals(slot))
            && (moves.hiddenDestinations.isEmpty
                || !moves.hiddenDestinations.contains(Placement(holder: holder, member: member, id: id)))
    }

    /// Whether the order's shown items are the visible ones under `moves`: no item shows
    /// otherwise (see ``SequenceVisibilityCheck``). Costs nothing where its engine's check holds
    /// for `moves`, else the items moved out of this sequence and the hidden destinations.
    func showsVisible(holder: NodeID, member: String, moves: MoveStatus) -> Bool {
        let key = MemberKey(node: holder, member: member)
        if let check, check.holds(for: key, moves: moves) { return check.differing.isEmpty }
        return !movedOut.contains { differs($0, key, moves) }
            && (moves.hiddenDestinations.isEmpty
                || !moves.hiddenDestinations.contains { $0.holder == holder && $0.member == member && differs($0.id, key, moves) })
    }

    /// Whether item `id` shows otherwise than the order shows it: visible though removed (by
    /// moves that do not hold), or hidden though without removals.
    private func differs(_ id: OperationID, _ key: MemberKey, _ moves: MoveStatus) -> Bool {
        guard let slot = self.slot(of: id) else { return false }
        let removals = store.removals(slot)
        let isVisible =
            !moves.removes(removals)
            && (moves.hiddenDestinations.isEmpty
                || !moves.hiddenDestinations.contains(Placement(holder: key.node, member: key.member, id: id)))
        return removals.isEmpty != isVisible
    }

    /// Begins its check when it has no items (nothing shows otherwise under any status), for
    /// its engine's edits to keep (a sequence read from a state has its check found whole).
    mutating func beginCheckIfEmpty() {
        if check == nil && itemCount == 0 { check = SequenceVisibilityCheck() }
    }

    /// The items move `move` removed.
    func itemsRemoved(by move: OperationID) -> [OperationID] {
        removedByMove[move] ?? []
    }

    /// Brings the check up to `moves`, its engine's status, for member `key`: checks again the
    /// items edited since and `items` (those the change of status may show otherwise), or, when
    /// the check held for no status of that engine, every item out by moves and every hidden
    /// destination of `key` (`hidden`; nil: found among all of them). Returns how many items
    /// it looked at.
    @discardableResult
    mutating func settleCheck(
        of key: MemberKey, moves: MoveStatus, rechecking items: [OperationID] = [], hidden: [OperationID]? = nil
    ) -> Int {
        guard moves.checkToken != nil else {
            check = nil
            return 0
        }
        guard hidden == nil, var current = check.take(), current.continues(for: key, moves: moves) else {
            var fresh = SequenceVisibilityCheck(key: key, token: moves.checkToken)
            let hidden = hidden ?? moves.hiddenDestinations.filter { $0.holder == key.node && $0.member == key.member }.map(\.id)
            for id in movedOut where differs(id, key, moves) { fresh.differing.insert(id) }
            for id in hidden where differs(id, key, moves) { fresh.differing.insert(id) }
            check = fresh
            return movedOut.count + hidden.count
        }
        (current.key, current.token) = (key, moves.checkToken)
        // Not their union: a new set for each edit, one item each, of a long run.
        for id in current.pending { current.recheck(id, differs(id, key, moves)) }
        for id in items { current.recheck(id, differs(id, key, moves)) }
        let count = current.pending.count + items.count
        current.pending.removeAll(keepingCapacity: current.pending.count <= 4)
        check = current
        return count
    }

    /// The items its check names, when it holds for member `key` under `moves` (for tests).
    func checkedDifferingItems(of key: MemberKey, moves: MoveStatus) -> Set<OperationID>? {
        check.flatMap { $0.holds(for: key, moves: moves) ? $0.differing : nil }
    }

    /// The items that show otherwise under `moves`, found by a walk of every item (for tests).
    func differingItems(of key: MemberKey, moves: MoveStatus) -> Set<OperationID> {
        Set(order().filter { differs($0, key, moves) })
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
        positions.rank(of: self.slot(of: id)!).shown
    }

    /// Where a run inserted before visible position `position` goes: after the visible item
    /// before it (or the start), as its right child if it has none, else as the left child of
    /// the item that follows it in the walk.
    func anchor(forInsertingAt position: Int, holder: NodeID, member: String, moves: MoveStatus)
        -> (parent: OperationID?, leftSide: Bool)
    {
        let before = position > 0 ? visibleItems(in: (position - 1)..<position, holder: holder, member: member, moves: moves)[0] : nil
        let beforeSlot = before.map { self.slot(of: $0)! } ?? SequenceOrder.none
        guard firstChild(of: beforeSlot, leftSide: false) == SequenceOrder.none else {
            return (positions.id(positions.slot(after: beforeSlot)), true)
        }
        return (before, false)
    }
}
