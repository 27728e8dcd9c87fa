// What an in-place edit of one key of a dictionary of nodes, or of one element of a set of
// nodes, journals instead of the whole collection it changed (see NodeKeyedEdits.swift): the
// key with the node it held, or the element with whether the set held it. The old collection is
// made from the current one only when something needs it whole, as a node array's splice does.

/// An ``ArraySplice`` of a dictionary of `Element` nodes: key `key` put or removed, which held
/// `oldNode` before (nil: no node).
final class NodeDictionarySplice<Key: Hashable, Element: RippleNode>: ArraySplice {
    let key: Key
    let oldNode: Element?

    init(key: Key, oldNode: Element?, node: any RippleNode, member: Int, epoch: UInt64) {
        self.key = key
        self.oldNode = oldNode
        super.init(node: node, member: member, epoch: epoch)
    }

    override func makeOld(after current: Any) -> Any {
        guard let current = current as? [Key: Element] else { return current }
        return oldDictionary(after: current)
    }

    /// The old dictionary, made from `current`, what the edit left.
    func oldDictionary(after current: [Key: Element]) -> [Key: Element] {
        var old = current
        _rippleStandardSetValue(&old, oldNode, forKey: key)
        return old
    }

    /// The node the key holds in `current`, what the edit left.
    func newNode(in current: [Key: Element]) -> Element? {
        _rippleStandardValue(current, forKey: key)
    }

    override func edit(current: Any) -> (any MemberEdit)? {
        guard let current = current as? [Key: Element] else { return nil }
        return DictionaryEdit(entries: [(key, oldNode, newNode(in: current))], by: ===)
    }

    override func leavesUnchanged(_ current: Any) -> Bool {
        guard let current = current as? [Key: Element] else { return false }
        return newNode(in: current) === oldNode
    }
}

/// An ``ArraySplice`` of a set of `Element` nodes: `element` inserted or removed; `wasMember`
/// says whether the set held it before.
final class NodeSetSplice<Element: RippleNode & Hashable>: ArraySplice {
    let element: Element
    let wasMember: Bool

    init(element: Element, wasMember: Bool, node: any RippleNode, member: Int, epoch: UInt64) {
        self.element = element
        self.wasMember = wasMember
        super.init(node: node, member: member, epoch: epoch)
    }

    override func makeOld(after current: Any) -> Any {
        guard let current = current as? Set<Element> else { return current }
        return oldSet(after: current)
    }

    /// The old set, made from `current`, what the edit left.
    func oldSet(after current: Set<Element>) -> Set<Element> {
        var old = current
        if wasMember {
            _ = _rippleStandardInsert(&old, element)
        } else {
            _ = _rippleStandardRemove(&old, element)
        }
        return old
    }

    /// The nodes that left the set (-1) and entered it (+1), from what the edit left, `current`.
    func placeChange(_ current: Set<Element>) -> Int {
        switch (wasMember, current.contains(element)) {
        case (true, false): -1
        case (false, true): 1
        default: 0
        }
    }

    override func edit(current: Any) -> (any MemberEdit)? {
        guard let current = current as? Set<Element> else { return nil }
        let change = placeChange(current)
        return SetEdit(inserted: change > 0 ? [element] : [], removed: change < 0 ? [element] : [])
    }

    override func leavesUnchanged(_ current: Any) -> Bool {
        guard let current = current as? Set<Element> else { return false }
        return placeChange(current) == 0
    }
}

/// The old value of a dictionary or set member of nodes, as the journal holds it (`old`): the
/// splice of one key or element while no old collection is made of it, else the collection.
enum OldKeyedNodes<Splice: ArraySplice, Whole> {
    case splice(Splice)
    case whole(Whole)
    /// Neither (a member that was not a collection of this type).
    case other

    /// The old value `old` of a member that holds `current`. A splice is asked for by the value's
    /// type first (see `JournalEntry.splice`).
    init(_ old: Any, current: Whole) {
        guard type(of: old) is ArraySplice.Type, let splice = old as? ArraySplice else {
            self = (old as? Whole).map(Self.whole) ?? .other
            return
        }
        if !splice.isMade, let splice = splice as? Splice {
            self = .splice(splice)
        } else {
            self = (splice.old(after: current) as? Whole).map(Self.whole) ?? .other
        }
    }
}
