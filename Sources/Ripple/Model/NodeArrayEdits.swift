// An in-place edit of a node array member (`board.points.insert(point, at: 500)`) journals the
// array it replaces. Holding that array while the edit runs would make the edit copy the whole
// array (its buffer would be shared), and releasing it later would release every element: an
// insert into 100,000 nodes would cost 100,000 retains and releases. So the generated `_modify`
// of a node array member hands the old array to an ``ArrayEditInProgress`` instead, and the
// array's `insert(_:at:)`, `append(_:)` and `remove(at:)` below, which Ripple's more
// constrained extension puts before `Array`'s own for arrays of nodes, take it back before
// they edit, journaling the run they replace (a ``NodeArraySplice``). Any other edit finds the
// old array still held, and copies as before.

/// The in-place edit of a node array member that runs (the innermost), from the generated
/// `_modify`'s start to its end.
@usableFromInline
class ArrayEditInProgress {
    let node: any RippleNode
    let member: Int

    init(node: any RippleNode, member: Int) {
        self.node = node
        self.member = member
    }
}

/// An ``ArrayEditInProgress`` of an array of `Element` nodes.
final class NodeArrayEdit<Element: RippleNode>: ArrayEditInProgress {
    /// The array before the edit, until an edit below takes the splice instead.
    var old: [Element]?
    /// The splice taken, and the array right after it (held, so that any other edit after it
    /// copies the array, and the end of the access can tell).
    var splice: NodeArraySplice<Element>?
    var after: [Element]?

    init(node: any RippleNode, member: Int, old: [Element]) {
        self.old = old
        super.init(node: node, member: member)
    }
}

extension AccessorRouting {
    /// The in-place edit of a node array member that runs, if any.
    @usableFromInline nonisolated(unsafe) static var arrayEdit: ArrayEditInProgress?
}

/// Whether `a` and `b` share their storage: the same array, not edited since.
private func sameStorage<Element>(_ a: [Element], _ b: [Element]) -> Bool {
    a.count == b.count && a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress } }
}

extension RippleNode {
    /// Starts an in-place edit of node array member `member`, which holds `old` and must
    /// journal it: inside an update, the edit's splice may be journaled instead (see
    /// ``ArrayEditInProgress``); otherwise `old` is journaled now. Returns the edit that ran
    /// outside, for ``_rippleEndArrayEdit(_:_:outer:)``.
    @_spi(RippleGenerated) public func _rippleBeginArrayEdit<Element: RippleNode>(_ member: Int, _ old: [Element]) -> AnyObject? {
        let outer = AccessorRouting.arrayEdit
        if member < 64, !old.isEmpty, let core = AccessorRouting.running.last, core.journal.maySplice(self, member) {
            AccessorRouting.arrayEdit = NodeArrayEdit(node: self, member: member, old: old)
        } else {
            AccessorRouting.arrayEdit = nil
            AccessorRouting.willWrite(self, member, old)
        }
        return outer
    }

    /// Ends the in-place edit of member `member`, which holds `current` now: journals the splice
    /// an edit took, or the old array (made from the splice when something else edited after it).
    @_spi(RippleGenerated) public func _rippleEndArrayEdit<Element: RippleNode>(_ member: Int, _ current: [Element], outer: AnyObject?) {
        let edit = AccessorRouting.arrayEdit as? NodeArrayEdit<Element>
        AccessorRouting.arrayEdit = outer as? ArrayEditInProgress
        guard let edit, edit.node === self, edit.member == member else { return }
        if let splice = edit.splice, let after = edit.after {
            if sameStorage(after, current), let core = AccessorRouting.running.last {
                core.recordSplice(self, member, splice)
            } else {
                AccessorRouting.willWrite(self, member, splice.oldArray(after: after))
            }
        } else if let old = edit.old {
            AccessorRouting.willWrite(self, member, old)
        } else if edit.splice != nil {
            // The edit that took the splice did not run (it threw): the array is as it was.
            AccessorRouting.willWrite(self, member, current)
        }
    }
}

extension Array where Element: RippleNode {
    /// Inserts `newElement` at `index`, as `Array`'s own `insert(_:at:)` does.
    ///
    /// In an update, the edit of a model's array journals only the element it inserts: the
    /// update copies none of the array.
    @inlinable
    public mutating func insert(_ newElement: Element, at index: Int) {
        guard _slowPath(AccessorRouting.arrayEdit != nil), _rippleWillSplice(index..<index, inserting: 1) else {
            return _rippleStandardInsert(&self, newElement, at: index)
        }
        _rippleStandardInsert(&self, newElement, at: index)
        _rippleDidSplice()
    }

    /// Appends `newElement`, as `Array`'s own `append(_:)` does.
    ///
    /// In an update, the edit of a model's array journals only the element it appends.
    @inlinable
    public mutating func append(_ newElement: Element) {
        guard _slowPath(AccessorRouting.arrayEdit != nil), _rippleWillSplice(count..<count, inserting: 1) else {
            return _rippleStandardAppend(&self, newElement)
        }
        _rippleStandardAppend(&self, newElement)
        _rippleDidSplice()
    }

    /// Removes and returns the element at `index`, as `Array`'s own `remove(at:)` does.
    ///
    /// In an update, the edit of a model's array journals only the element it removes.
    @inlinable @discardableResult
    public mutating func remove(at index: Int) -> Element {
        guard _slowPath(AccessorRouting.arrayEdit != nil), _rippleWillSplice(index..<(index + 1), inserting: 0) else {
            return _rippleStandardRemove(&self, at: index)
        }
        let removed = _rippleStandardRemove(&self, at: index)
        _rippleDidSplice()
        return removed
    }

    /// Takes the splice of an edit about to replace `range` by `count` elements, when this is
    /// the array of the edit in progress, unedited: the edit then finds its storage unshared.
    /// A second edit makes the old array from the first one's splice, and takes none.
    @usableFromInline
    func _rippleWillSplice(_ range: Range<Int>, inserting count: Int) -> Bool {
        guard let edit = AccessorRouting.arrayEdit as? NodeArrayEdit<Element> else { return false }
        if let splice = edit.splice, let after = edit.after {
            edit.old = splice.oldArray(after: after)
            (edit.splice, edit.after) = (nil, nil)
            return false
        }
        guard let old = edit.old, range.lowerBound >= 0, range.upperBound <= self.count, sameStorage(old, self),
            let core = AccessorRouting.running.last
        else { return false }
        edit.splice = NodeArraySplice(
            start: range.lowerBound, removed: Array(self[range]), insertedCount: count, node: edit.node, member: edit.member,
            epoch: core.journal.epoch)
        edit.old = nil
        return true
    }

    /// Holds the array an edit that took its splice left (see ``NodeArrayEdit/after``).
    @usableFromInline
    func _rippleDidSplice() {
        (AccessorRouting.arrayEdit as? NodeArrayEdit<Element>)?.after = self
    }
}

// `Array`'s own methods, reached through the protocol from inside the extension above.

@inlinable
func _rippleStandardInsert<Elements: RangeReplaceableCollection>(
    _ elements: inout Elements, _ element: Elements.Element, at index: Elements.Index
) {
    elements.insert(element, at: index)
}

@inlinable
func _rippleStandardAppend<Elements: RangeReplaceableCollection>(_ elements: inout Elements, _ element: Elements.Element) {
    elements.append(element)
}

@inlinable
func _rippleStandardRemove<Elements: RangeReplaceableCollection>(_ elements: inout Elements, at index: Elements.Index) -> Elements.Element {
    elements.remove(at: index)
}
