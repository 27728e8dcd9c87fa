// An in-place edit of a dictionary or set member of nodes (`sheet.cells["B2"] = cell`,
// `garden.companions.insert(plant)`) journals the one key or element it changes, as an edit of
// a node array journals its splice (NodeArrayEdits.swift, which says why): the generated
// `_modify` hands the old collection to a ``KeyedNodesEdit``, and the subscript setter,
// `updateValue(_:forKey:)`, `removeValue(forKey:)`, `insert(_:)` and `remove(_:)` below, which
// Ripple's more constrained extensions put before the standard library's own for collections of
// nodes, take it back before they edit, journaling a ``NodeDictionarySplice`` or
// ``NodeSetSplice``. Any other edit finds the old collection still held, and copies as before.

/// The in-place edit of a dictionary or set member of nodes, `Nodes`, that runs.
final class KeyedNodesEdit<Nodes>: ArrayEditInProgress {
    /// The collection before the edit, until an edit below takes the splice instead.
    var old: Nodes?
    /// The splice taken, and the collection right after it (held, so that any other edit after
    /// it copies the collection, and the end of the access can tell).
    var splice: ArraySplice?
    var after: Nodes?

    init(node: any RippleNode, member: Int, old: Nodes) {
        self.old = old
        super.init(node: node, member: member)
    }

    /// The journal segment an edit of `nodes` about to journal a splice would journal it in,
    /// when `nodes` is the collection of this edit, unedited: the edit then finds its storage
    /// unshared. A second edit makes the old collection from the first one's splice, and gets nil.
    func segmentForSplice(of nodes: Nodes) -> UInt64? {
        if let splice, let after {
            old = splice.old(after: after) as? Nodes
            (self.splice, self.after) = (nil, nil)
            return nil
        }
        guard let old, sameStorage(old, nodes), let core = AccessorRouting.running.last else { return nil }
        self.old = nil
        return core.journal.epoch
    }
}

/// Whether `a` and `b` share their storage (a dictionary or a set is one reference to it): the
/// same collection, not edited since.
private func sameStorage<Nodes>(_ a: Nodes, _ b: Nodes) -> Bool {
    withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { a.elementsEqual($0) } }
}

extension RippleNode {
    /// Starts an in-place edit of dictionary member `member`, which holds `old` and must journal
    /// it: inside an update, the edit's splice may be journaled instead (see ``KeyedNodesEdit``);
    /// otherwise `old` is journaled now. Returns the edit that ran outside, for the end of the edit.
    @_spi(RippleGenerated) public func _rippleBeginKeyedEdit<Key, Element: RippleNode>(_ member: Int, _ old: [Key: Element]) -> AnyObject? {
        beginKeyedEdit(member, old, isEmpty: old.isEmpty)
    }

    /// Starts an in-place edit of set member `member`, as the dictionary's overload does.
    @_spi(RippleGenerated) public func _rippleBeginKeyedEdit<Element: RippleNode>(_ member: Int, _ old: Set<Element>) -> AnyObject? {
        beginKeyedEdit(member, old, isEmpty: old.isEmpty)
    }

    /// Ends the in-place edit of dictionary member `member`, which holds `current` now: journals
    /// the splice an edit took, or the old dictionary (made from the splice when something else
    /// edited after it).
    @_spi(RippleGenerated) public func _rippleEndKeyedEdit<Key, Element: RippleNode>(_ member: Int, _ current: [Key: Element], outer: AnyObject?) {
        endKeyedEdit(member, current, outer: outer)
    }

    /// Ends the in-place edit of set member `member`, as the dictionary's overload does.
    @_spi(RippleGenerated) public func _rippleEndKeyedEdit<Element: RippleNode>(_ member: Int, _ current: Set<Element>, outer: AnyObject?) {
        endKeyedEdit(member, current, outer: outer)
    }

    private func beginKeyedEdit<Nodes>(_ member: Int, _ old: Nodes, isEmpty: Bool) -> AnyObject? {
        let outer = AccessorRouting.arrayEdit
        // An empty collection has no storage of its own to copy.
        if member < 64, !isEmpty, let core = AccessorRouting.running.last, core.journal.waitingSplice(of: self, member) == nil {
            AccessorRouting.arrayEdit = KeyedNodesEdit(node: self, member: member, old: old)
        } else {
            AccessorRouting.arrayEdit = nil
            AccessorRouting.willWrite(self, member, old)
        }
        return outer
    }

    private func endKeyedEdit<Nodes>(_ member: Int, _ current: Nodes, outer: AnyObject?) {
        let edit = AccessorRouting.arrayEdit as? KeyedNodesEdit<Nodes>
        AccessorRouting.arrayEdit = outer as? ArrayEditInProgress
        guard let edit, edit.node === self, edit.member == member else { return }
        if let splice = edit.splice, let after = edit.after {
            if sameStorage(after, current), let core = AccessorRouting.running.last {
                core.recordSplice(self, member, splice)
            } else {
                AccessorRouting.willWrite(self, member, splice.old(after: after))
            }
        } else if let old = edit.old {
            AccessorRouting.willWrite(self, member, old)
        } else if edit.splice != nil {
            // The edit that took the splice did not run: the collection is as it was.
            AccessorRouting.willWrite(self, member, current)
        }
    }
}

extension Dictionary where Value: RippleNode {
    /// The node of `key`, as `Dictionary`'s own subscript reads and writes it.
    ///
    /// In an update, writing one key of a model's dictionary journals only that key's node: the
    /// update copies none of the dictionary.
    @inlinable
    public subscript(key: Key) -> Value? {
        get { _rippleStandardValue(self, forKey: key) }
        set {
            guard _slowPath(AccessorRouting.arrayEdit != nil), _rippleWillPut(key) else {
                return _rippleStandardSetValue(&self, newValue, forKey: key)
            }
            _rippleStandardSetValue(&self, newValue, forKey: key)
            _rippleDidPut()
        }
    }

    /// Sets the node of `key`, as `Dictionary`'s own `updateValue(_:forKey:)` does.
    ///
    /// In an update, the edit of a model's dictionary journals only that key's node.
    @inlinable @discardableResult
    public mutating func updateValue(_ value: Value, forKey key: Key) -> Value? {
        guard _slowPath(AccessorRouting.arrayEdit != nil), _rippleWillPut(key) else { return _rippleStandardUpdate(&self, value, forKey: key) }
        let old = _rippleStandardUpdate(&self, value, forKey: key)
        _rippleDidPut()
        return old
    }

    /// Removes the node of `key`, as `Dictionary`'s own `removeValue(forKey:)` does.
    ///
    /// In an update, the edit of a model's dictionary journals only that key's node.
    @inlinable @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard _slowPath(AccessorRouting.arrayEdit != nil), _rippleWillPut(key) else { return _rippleStandardRemoveValue(&self, forKey: key) }
        let old = _rippleStandardRemoveValue(&self, forKey: key)
        _rippleDidPut()
        return old
    }

    /// Takes the splice of an edit about to write `key`, when this is the dictionary of the
    /// edit in progress, unedited (see ``KeyedNodesEdit/segmentForSplice(of:)``).
    @usableFromInline
    func _rippleWillPut(_ key: Key) -> Bool {
        guard let edit = AccessorRouting.arrayEdit as? KeyedNodesEdit<Self>, let epoch = edit.segmentForSplice(of: self) else { return false }
        edit.splice = NodeDictionarySplice(
            key: key, oldNode: _rippleStandardValue(self, forKey: key), node: edit.node, member: edit.member, epoch: epoch)
        return true
    }

    /// Holds the dictionary an edit that took its splice left (see ``KeyedNodesEdit/after``).
    @usableFromInline
    func _rippleDidPut() {
        (AccessorRouting.arrayEdit as? KeyedNodesEdit<Self>)?.after = self
    }
}

extension Set where Element: RippleNode {
    /// Inserts `newMember` if the set holds no equal node, as `Set`'s own `insert(_:)` does.
    ///
    /// In an update, the edit of a model's set journals only that node.
    @inlinable @discardableResult
    public mutating func insert(_ newMember: Element) -> (inserted: Bool, memberAfterInsert: Element) {
        guard _slowPath(AccessorRouting.arrayEdit != nil), _rippleWillChange(newMember) else { return _rippleStandardInsert(&self, newMember) }
        let result = _rippleStandardInsert(&self, newMember)
        _rippleDidChange()
        return result
    }

    /// Removes the node equal to `member`, as `Set`'s own `remove(_:)` does.
    ///
    /// In an update, the edit of a model's set journals only that node.
    @inlinable @discardableResult
    public mutating func remove(_ member: Element) -> Element? {
        guard _slowPath(AccessorRouting.arrayEdit != nil), _rippleWillChange(member) else { return _rippleStandardRemove(&self, member) }
        let removed = _rippleStandardRemove(&self, member)
        _rippleDidChange()
        return removed
    }

    /// Takes the splice of an edit about to insert or remove `element`, when this is the set of
    /// the edit in progress, unedited (see ``KeyedNodesEdit/segmentForSplice(of:)``).
    @usableFromInline
    func _rippleWillChange(_ element: Element) -> Bool {
        guard let edit = AccessorRouting.arrayEdit as? KeyedNodesEdit<Self>, let epoch = edit.segmentForSplice(of: self) else { return false }
        // The node the set holds, which a removal takes out (equal to `element`, maybe not it).
        let held = firstIndex(of: element).map { self[$0] }
        edit.splice = NodeSetSplice(element: held ?? element, wasMember: held != nil, node: edit.node, member: edit.member, epoch: epoch)
        return true
    }

    /// Holds the set an edit that took its splice left (see ``KeyedNodesEdit/after``).
    @usableFromInline
    func _rippleDidChange() {
        (AccessorRouting.arrayEdit as? KeyedNodesEdit<Self>)?.after = self
    }
}

// The standard library's own members, reached from a context that does not know the elements
// are nodes.

@inlinable
func _rippleStandardValue<Key, Value>(_ dictionary: [Key: Value], forKey key: Key) -> Value? {
    dictionary[key]
}

@inlinable
func _rippleStandardSetValue<Key, Value>(_ dictionary: inout [Key: Value], _ value: Value?, forKey key: Key) {
    dictionary[key] = value
}

@inlinable
func _rippleStandardUpdate<Key, Value>(_ dictionary: inout [Key: Value], _ value: Value, forKey key: Key) -> Value? {
    dictionary.updateValue(value, forKey: key)
}

@inlinable
func _rippleStandardRemoveValue<Key, Value>(_ dictionary: inout [Key: Value], forKey key: Key) -> Value? {
    dictionary.removeValue(forKey: key)
}

@inlinable
func _rippleStandardInsert<Element>(_ set: inout Set<Element>, _ element: Element) -> (inserted: Bool, memberAfterInsert: Element) {
    set.insert(element)
}

@inlinable
func _rippleStandardRemove<Element>(_ set: inout Set<Element>, _ element: Element) -> Element? {
    set.remove(element)
}
