/// The items of a sequence in their order, with how many of them count as shown, as a treap
/// (a binary search tree by position, heap-ordered by a hash of each item's identity) whose
/// nodes keep their subtree's size and shown count. An item's position and the item at a
/// position then cost the tree's depth (logarithmic, expected) instead of a walk of every
/// item, tombstones included: what lets a structural edit of a long array cost the edit.
///
/// Items are addressed by slot, a number this order hands out on insertion (the caller keeps
/// it beside the item); the priorities come from the identities, so the same items in the same
/// order make the same tree, whatever the history.
struct SequenceOrder: Sendable {
    /// A slot's links and counts; `none` for no link.
    private struct Node: Sendable {
        let id: OperationID
        var left = SequenceOrder.none
        var right = SequenceOrder.none
        var parent = SequenceOrder.none
        /// Items in this subtree.
        var size: Int32 = 1
        /// Shown items in this subtree.
        var shown: Int32
        var isShown: Bool

        init(id: OperationID, isShown: Bool) {
            self.id = id
            self.isShown = isShown
            shown = isShown ? 1 : 0
        }
    }

    static let none: Int32 = -1
    private var nodes: ContiguousArray<Node> = []
    private var freeSlots: [Int32] = []
    private var root = SequenceOrder.none

    /// How many items it holds.
    var count: Int { root == Self.none ? 0 : Int(nodes[Int(root)].size) }

    /// How many of them are shown.
    var shownCount: Int { root == Self.none ? 0 : Int(nodes[Int(root)].shown) }

    /// The identity of the item in `slot`.
    func id(_ slot: Int32) -> OperationID { nodes[Int(slot)].id }

    /// Whether the item in `slot` is shown.
    func isShown(_ slot: Int32) -> Bool { nodes[Int(slot)].isShown }

    /// Makes room for `count` more items at once (a run inserted whole), doubling as appends
    /// do when that is more.
    mutating func reserve(_ count: Int) {
        let needed = nodes.count + count
        if needed > nodes.capacity { nodes.reserveCapacity(max(needed, 2 * nodes.capacity)) }
    }

    /// Lets go of the room past its items (a sequence read whole from a state).
    mutating func trimCapacity() {
        nodes = nodes.trimmed()
    }

    /// Inserts `id` just after the item in `slot` (`none`: first) and returns its slot.
    mutating func insert(_ id: OperationID, after slot: Int32, isShown: Bool) -> Int32 {
        let new = allocate(id, isShown: isShown)
        if slot == Self.none {
            if root == Self.none {
                root = new
            } else {
                attach(new, to: extreme(from: root, leftward: true), left: true)
            }
        } else if nodes[Int(slot)].right == Self.none {
            attach(new, to: slot, left: false)
        } else {
            attach(new, to: extreme(from: nodes[Int(slot)].right, leftward: true), left: true)
        }
        return new
    }

    /// Inserts `id` just before the item in `slot` and returns its slot.
    mutating func insert(_ id: OperationID, before slot: Int32, isShown: Bool) -> Int32 {
        let new = allocate(id, isShown: isShown)
        if nodes[Int(slot)].left == Self.none {
            attach(new, to: slot, left: true)
        } else {
            attach(new, to: extreme(from: nodes[Int(slot)].left, leftward: false), left: false)
        }
        return new
    }

    /// Takes the item in `slot` out (its slot may be handed out again).
    mutating func remove(_ slot: Int32) {
        // Rotated down until it has at most one child, then replaced by that child.
        while nodes[Int(slot)].left != Self.none && nodes[Int(slot)].right != Self.none {
            let (left, right) = (nodes[Int(slot)].left, nodes[Int(slot)].right)
            rotateUp(priority(left) > priority(right) ? left : right)
        }
        let node = nodes[Int(slot)]
        let child = node.left != Self.none ? node.left : node.right
        replace(slot, with: child)
        var ancestor = node.parent
        while ancestor != Self.none {
            nodes[Int(ancestor)].size -= 1
            nodes[Int(ancestor)].shown -= node.isShown ? 1 : 0
            ancestor = nodes[Int(ancestor)].parent
        }
        freeSlots.append(slot)
    }

    /// Shows or hides the item in `slot`.
    mutating func setShown(_ slot: Int32, _ isShown: Bool) {
        guard nodes[Int(slot)].isShown != isShown else { return }
        nodes[Int(slot)].isShown = isShown
        let delta: Int32 = isShown ? 1 : -1
        var current = slot
        while current != Self.none {
            nodes[Int(current)].shown += delta
            current = nodes[Int(current)].parent
        }
    }

    /// How many items, and how many shown ones, come before the item in `slot`.
    func rank(of slot: Int32) -> (all: Int, shown: Int) {
        var (all, shown) = (size(nodes[Int(slot)].left), shownCount(nodes[Int(slot)].left))
        var current = slot
        var parent = nodes[Int(slot)].parent
        while parent != Self.none {
            if nodes[Int(parent)].right == current {
                all += size(nodes[Int(parent)].left) + 1
                shown += shownCount(nodes[Int(parent)].left) + (nodes[Int(parent)].isShown ? 1 : 0)
            }
            (current, parent) = (parent, nodes[Int(parent)].parent)
        }
        return (Int(all), Int(shown))
    }

    /// The slot of the shown item at `index` among the shown ones (`0..<shownCount`).
    func slot(atShown index: Int) -> Int32 {
        var (current, remaining) = (root, Int32(index))
        while true {
            let node = nodes[Int(current)]
            let before = shownCount(node.left)
            if remaining < before {
                current = node.left
            } else if node.isShown && remaining == before {
                return current
            } else {
                remaining -= before + (node.isShown ? 1 : 0)
                current = node.right
            }
        }
    }

    /// The slot of the item after the one in `slot` (`none`: the first; `none` after the last).
    func slot(after slot: Int32) -> Int32 {
        if slot == Self.none { return root == Self.none ? Self.none : extreme(from: root, leftward: true) }
        if nodes[Int(slot)].right != Self.none { return extreme(from: nodes[Int(slot)].right, leftward: true) }
        var (current, parent) = (slot, nodes[Int(slot)].parent)
        while parent != Self.none && nodes[Int(parent)].right == current {
            (current, parent) = (parent, nodes[Int(parent)].parent)
        }
        return parent
    }

    /// Every item's identity, in order.
    func ids() -> [OperationID] {
        var result: [OperationID] = []
        result.reserveCapacity(count)
        var stack: [Int32] = []
        var current = root
        while current != Self.none || !stack.isEmpty {
            while current != Self.none {
                stack.append(current)
                current = nodes[Int(current)].left
            }
            let slot = stack.removeLast()
            result.append(nodes[Int(slot)].id)
            current = nodes[Int(slot)].right
        }
        return result
    }

    // MARK: The tree

    private func size(_ slot: Int32) -> Int32 { slot == Self.none ? 0 : nodes[Int(slot)].size }
    private func shownCount(_ slot: Int32) -> Int32 { slot == Self.none ? 0 : nodes[Int(slot)].shown }

    /// A well-mixed hash of the slot's identity (SplitMix64's finalizer): balanced trees
    /// without a random generator, the same for the same items.
    private func priority(_ slot: Int32) -> UInt64 {
        let id = nodes[Int(slot)].id
        var hash = id.counter &* 0x9E37_79B9_7F4A_7C15 ^ id.replica.rawValue
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 31)
    }

    private mutating func allocate(_ id: OperationID, isShown: Bool) -> Int32 {
        let node = Node(id: id, isShown: isShown)
        if let slot = freeSlots.popLast() {
            nodes[Int(slot)] = node
            return slot
        }
        nodes.append(node)
        return Int32(nodes.count - 1)
    }

    private func extreme(from slot: Int32, leftward: Bool) -> Int32 {
        var current = slot
        while true {
            let next = leftward ? nodes[Int(current)].left : nodes[Int(current)].right
            if next == Self.none { return current }
            current = next
        }
    }

    /// Hangs leaf `new` under `parent`, counts it in every ancestor, and rotates it up to
    /// where its priority puts it.
    private mutating func attach(_ new: Int32, to parent: Int32, left: Bool) {
        if left { nodes[Int(parent)].left = new } else { nodes[Int(parent)].right = new }
        nodes[Int(new)].parent = parent
        let shown: Int32 = nodes[Int(new)].isShown ? 1 : 0
        var ancestor = parent
        while ancestor != Self.none {
            nodes[Int(ancestor)].size += 1
            nodes[Int(ancestor)].shown += shown
            ancestor = nodes[Int(ancestor)].parent
        }
        while nodes[Int(new)].parent != Self.none && priority(new) > priority(nodes[Int(new)].parent) {
            rotateUp(new)
        }
    }

    /// Puts `slot` where its parent was, its parent becoming its child; counts stay right.
    private mutating func rotateUp(_ slot: Int32) {
        let parent = nodes[Int(slot)].parent
        if nodes[Int(parent)].left == slot {
            let moved = nodes[Int(slot)].right
            nodes[Int(parent)].left = moved
            if moved != Self.none { nodes[Int(moved)].parent = parent }
            nodes[Int(slot)].right = parent
        } else {
            let moved = nodes[Int(slot)].left
            nodes[Int(parent)].right = moved
            if moved != Self.none { nodes[Int(moved)].parent = parent }
            nodes[Int(slot)].left = parent
        }
        replace(parent, with: slot)
        nodes[Int(parent)].parent = slot
        recount(parent)
        recount(slot)
    }

    /// Puts `child` (or nothing) in `slot`'s place under `slot`'s parent.
    private mutating func replace(_ slot: Int32, with child: Int32) {
        let parent = nodes[Int(slot)].parent
        if child != Self.none { nodes[Int(child)].parent = parent }
        if parent == Self.none {
            root = child
        } else if nodes[Int(parent)].left == slot {
            nodes[Int(parent)].left = child
        } else {
            nodes[Int(parent)].right = child
        }
    }

    private mutating func recount(_ slot: Int32) {
        let node = nodes[Int(slot)]
        nodes[Int(slot)].size = size(node.left) + size(node.right) + 1
        nodes[Int(slot)].shown = shownCount(node.left) + shownCount(node.right) + (node.isShown ? 1 : 0)
    }
}
