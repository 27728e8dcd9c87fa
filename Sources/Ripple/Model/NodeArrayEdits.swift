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
    /// The array before the edit, until an edit below takes a run instead.
    var old: [Element]?
    /// The splice that an earlier edit of the member journaled in this segment, which this
    /// edit's runs join (a move's insertion joins its removal), rather than make its old array.
    var continuing: NodeArraySplice<Element>?
    /// The journal segment the edit runs in.
    let epoch: UInt64
    /// The run of the edit under way, until it has run.
    var pending: NodeArraySplice<Element>.Run?
    /// The splice that took the runs, and the array right after the last (held, so that any
    /// other edit after it copies the array, and the end of the access can tell).
    var splice: NodeArraySplice<Element>?
    var after: [Element]?

    init(node: any RippleNode, member: Int, old: [Element], continuing: NodeArraySplice<Element>?, epoch: UInt64) {
        self.old = old
        self.continuing = continuing
        self.epoch = epoch
        super.init(node: node, member: member)
    }

    /// Adds the run that has just run to the splice.
    func didRun(leaving array: [Element]) {
        guard let run = pending else { return }
        pending = nil
        if let splice = splice ?? continuing {
            _ = splice.append(start: run.start, removed: run.removed, insertedCount: run.insertedCount)
            self.splice = splice
        } else {
            splice = NodeArraySplice(
                start: run.start, removed: run.removed, insertedCount: run.insertedCount, node: node, member: member, epoch: epoch)
        }
        after = array
    }

    /// Before an edit that takes no run, after runs that left `after`: the member is journaled
    /// whole (the old array made from the splice), as an edit that takes none would have it.
    func settle(after: [Element]) {
        if continuing != nil {
            AccessorRouting.running.last?.settleSplice(node, member, after: after)
            continuing = nil
        } else {
            old = splice?.oldArray(after: after) ?? after
        }
        (splice, self.after) = (nil, nil)
    }

    /// At the end of the access, the member holding `current`: journals the splice, or the old
    /// array (made from the splice when something else edited after it).
    func end(holding current: [Element]) {
        // A run taken whose edit did not run (it threw) left the array as it was.
        guard let last = after ?? (pending != nil ? current : nil) else {
            if let old { AccessorRouting.willWrite(node, member, old) }
            return
        }
        if sameStorage(last, current) {
            guard continuing == nil else { return }
            if let splice, let core = AccessorRouting.running.last {
                core.recordSplice(node, member, splice)
            } else {
                AccessorRouting.willWrite(node, member, current)
            }
        } else if continuing != nil {
            AccessorRouting.running.last?.settleSplice(node, member, after: last)
        } else {
            AccessorRouting.willWrite(node, member, splice?.oldArray(after: last) ?? last)
        }
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
    /// ``ArrayEditInProgress``), or join the splice an earlier edit journaled in this segment;
    /// otherwise `old` is journaled now. Returns the edit that ran outside, for
    /// ``_rippleEndArrayEdit(_:_:outer:)``.
    @_spi(RippleGenerated) public func _rippleBeginArrayEdit<Element: RippleNode>(_ member: Int, _ old: [Element]) -> AnyObject? {
        let outer = AccessorRouting.arrayEdit
        AccessorRouting.arrayEdit = nil
        if member < 64, !old.isEmpty, let core = AccessorRouting.running.last {
            let waiting = core.journal.waitingSplice(of: self, member)
            if waiting == nil || (waiting is NodeArraySplice<Element> && core.mayJoin(waiting!)) {
                AccessorRouting.arrayEdit = NodeArrayEdit(
                    node: self, member: member, old: old, continuing: waiting as? NodeArraySplice<Element>, epoch: core.journal.epoch)
            }
        }
        if AccessorRouting.arrayEdit == nil { AccessorRouting.willWrite(self, member, old) }
        return outer
    }

    /// Ends the in-place edit of member `member`, which holds `current` now: journals the splice
    /// an edit took, or the old array (made from the splice when something else edited after it).
    @_spi(RippleGenerated) public func _rippleEndArrayEdit<Element: RippleNode>(_ member: Int, _ current: [Element], outer: AnyObject?) {
        let edit = AccessorRouting.arrayEdit as? NodeArrayEdit<Element>
        AccessorRouting.arrayEdit = outer as? ArrayEditInProgress
        guard let edit, edit.node === self, edit.member == member else { return }
        edit.end(holding: current)
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

    /// Removes and returns the last element, as `Array`'s own `removeLast()` does.
    ///
    /// In an update, the edit of a model's array journals only the element it removes: moving
    /// the last node elsewhere (`points.insert(points.removeLast(), at: 0)`) journals two runs.
    @inlinable @discardableResult
    public mutating func removeLast() -> Element {
        guard _slowPath(AccessorRouting.arrayEdit != nil), !isEmpty, _rippleWillSplice((count - 1)..<count, inserting: 0) else {
            return _rippleStandardRemoveLast(&self)
        }
        let removed = _rippleStandardRemoveLast(&self)
        _rippleDidSplice()
        return removed
    }

    /// Takes the run of an edit about to replace `range` by `count` elements, when this is the
    /// array of the edit in progress, unedited since the access began or since its last run: the
    /// edit then finds its storage unshared. An edit past ``NodeArraySplice/maximumRuns``, or
    /// after an edit that took none, makes the old array and takes none.
    @usableFromInline
    func _rippleWillSplice(_ range: Range<Int>, inserting count: Int) -> Bool {
        guard let edit = AccessorRouting.arrayEdit as? NodeArrayEdit<Element> else { return false }
        edit.pending = nil
        let fits = range.lowerBound >= 0 && range.upperBound <= self.count
        let runs = (edit.splice ?? edit.continuing)?.runs.count ?? 0
        if let after = edit.after {
            guard fits, sameStorage(after, self), runs < NodeArraySplice<Element>.maximumRuns else {
                edit.settle(after: after)
                return false
            }
            edit.after = nil
        } else {
            guard let old = edit.old, fits, sameStorage(old, self), runs < NodeArraySplice<Element>.maximumRuns else { return false }
            edit.old = nil
        }
        edit.pending = NodeArraySplice<Element>.Run(start: range.lowerBound, removed: Array(self[range]), insertedCount: count)
        return true
    }

    /// Adds the run of the edit that has just run (see ``NodeArrayEdit/after``).
    @usableFromInline
    func _rippleDidSplice() {
        (AccessorRouting.arrayEdit as? NodeArrayEdit<Element>)?.didRun(leaving: self)
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

@inlinable
func _rippleStandardRemoveLast<Elements: RangeReplaceableCollection & BidirectionalCollection>(
    _ elements: inout Elements
) -> Elements.Element {
    elements.removeLast()
}
