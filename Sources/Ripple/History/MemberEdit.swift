// What an undo step keeps of a collection edited in place: the difference, not the whole old
// collection. Appending one node to an array of 20,000 keeps the append's position and
// nothing else. Values that are not collections, and collections whose elements can be
// compared neither by `==` nor by identity, are kept whole.

/// The part of a member's value that an update changed, enough to put the old value back.
protocol MemberEdit {
    /// The value `current` had before the edit, or `nil` when `current` is not the value the
    /// edit was taken from (then the step keeps whole values instead).
    func revert(_ current: Any) -> Any?
    /// The nodes the edit put in (of a node member): what an undo of a move looks for.
    var insertedNodes: [ObjectIdentifier] { get }
}

extension MemberEdit {
    var insertedNodes: [ObjectIdentifier] { [] }
}

/// A collection whose elements compare by `==`, that can describe its difference from an
/// older value of itself.
protocol EquatableElementsEditing {
    /// The edit that turns `self` back into `old`, when it is smaller than `old` itself.
    func editComparingValues(revertingTo old: Any) -> (any MemberEdit)?
}

/// A collection of objects, compared by identity like node members (the very same objects
/// come back), that can describe its difference from an older value of itself.
protocol ObjectElementsEditing {
    /// The edit that turns `self` back into `old`, when it is smaller than `old` itself.
    func editComparingIdentities(revertingTo old: Any) -> (any MemberEdit)?
}

/// Finds the edits of the values an update changed, remembering which value types cannot be
/// edits: most recorded values are not collections, and asking a type whether it can be edited
/// costs two failing protocol casts (a conformance lookup each). Kept for one commit, in a local
/// variable: a cache on an object would pay an exclusivity check at every write instead.
struct MemberEdits {
    private var plainTypes: Set<ObjectIdentifier> = []
    /// The last plain type met: an update mostly writes members of a few types.
    private var lastPlainType: ObjectIdentifier?

    /// Whether `current` may be a collection that can describe an edit: `false` for a type
    /// already found not to be one.
    mutating func mayEdit(_ current: Any) -> Bool {
        let valueType = storedType(current)
        if valueType == lastPlainType { return false }
        if plainTypes.contains(valueType) {
            lastPlainType = valueType
            return false
        }
        return true
    }

    /// The edit of a value `current` back to `old`, when both are collections that can say it.
    /// The elements compare as the member's writes do: node members by identity, others by
    /// `==` when they can (objects that are `Equatable`), else by identity.
    mutating func edit(from current: Any, revertingTo old: Any, ofNodeMember isNodeMember: Bool) -> (any MemberEdit)? {
        let byValue = current as? any EquatableElementsEditing
        let byIdentity = current as? any ObjectElementsEditing
        if let byValue, !isNodeMember || byIdentity == nil { return byValue.editComparingValues(revertingTo: old) }
        if let byIdentity { return byIdentity.editComparingIdentities(revertingTo: old) }
        let valueType = storedType(current)
        lastPlainType = valueType
        plainTypes.insert(valueType)
        return nil
    }

    /// The type a value was stored as, read from the existential: `type(of:)` would ask the
    /// runtime for an object's class, and no class can be an edit.
    private func storedType<Value>(_: Value) -> ObjectIdentifier { ObjectIdentifier(Value.self) }
}

extension Array: ObjectElementsEditing where Element: AnyObject {
    func editComparingIdentities(revertingTo old: Any) -> (any MemberEdit)? {
        guard let old = old as? [Element] else { return nil }
        return ArrayEdit(from: self, revertingTo: old, by: ===)
    }
}

extension Array: EquatableElementsEditing where Element: Equatable {
    func editComparingValues(revertingTo old: Any) -> (any MemberEdit)? {
        guard let old = old as? [Element] else { return nil }
        return ArrayEdit(from: self, revertingTo: old, by: _rippleSameness(of: Element.self))
    }
}

extension Dictionary: ObjectElementsEditing where Value: AnyObject {
    func editComparingIdentities(revertingTo old: Any) -> (any MemberEdit)? {
        guard let old = old as? [Key: Value] else { return nil }
        return DictionaryEdit(from: self, revertingTo: old, by: ===)
    }
}

extension Dictionary: EquatableElementsEditing where Value: Equatable {
    func editComparingValues(revertingTo old: Any) -> (any MemberEdit)? {
        guard let old = old as? [Key: Value] else { return nil }
        return DictionaryEdit(from: self, revertingTo: old, by: _rippleSameness(of: Value.self))
    }
}

extension Set: EquatableElementsEditing {
    func editComparingValues(revertingTo old: Any) -> (any MemberEdit)? {
        guard let old = old as? Set<Element> else { return nil }
        // By bits for floating-point elements: -0.0 in place of 0.0 is inserted, 0.0 removed.
        let isSame = _rippleSameness(of: Element.self)
        let inserted = _rippleElements(of: self, notIn: old, by: isSame)
        // An element not equal to itself (NaN) could not be found again to be taken out.
        guard inserted.allSatisfy({ $0 == $0 }) else { return nil }
        return SetEdit(inserted: inserted, removed: _rippleElements(of: old, notIn: self, by: isSame))
    }
}

/// A run of elements replaced: the `inserted` elements at `start` of the current array were
/// `removed` before; `leading` and `trailing` are the elements around the run, which must still
/// surround it for the edit to be reverted there.
struct ArrayEdit<Element>: MemberEdit {
    let start: Int
    let inserted: [Element]
    let removed: [Element]
    let leading: Element?
    let trailing: Element?
    let isSame: (Element, Element) -> Bool

    /// The edit from `old` to `current`, when they share a start or an end.
    init?(from current: [Element], revertingTo old: [Element], by isSame: @escaping (Element, Element) -> Bool) {
        let ends = CommonEnds(old, current, by: isSame)
        guard ends.prefix + ends.suffix > 0 || old.isEmpty else { return nil }
        start = ends.prefix
        let end = current.count - ends.suffix
        inserted = Array(current[ends.prefix..<end])
        removed = Array(old[ends.prefix..<(old.count - ends.suffix)])
        leading = ends.prefix > 0 ? current[ends.prefix - 1] : nil
        trailing = end < current.count ? current[end] : nil
        self.isSame = isSame
    }

    /// The edit from `old`, a node array's old value, to `current`, when they share a start or
    /// an end: from a splice, without reading the arrays whole.
    init?(from current: [Element], revertingTo old: OldNodes<Element>) where Element: RippleNode {
        let ends = old.commonEnds
        guard ends.prefix + ends.suffix > 0 || old.isEmpty else { return nil }
        start = ends.prefix
        let end = current.count - ends.suffix
        inserted = Array(current[ends.prefix..<end])
        removed = old.elements(ends.prefix..<(old.count - ends.suffix))
        leading = ends.prefix > 0 ? current[ends.prefix - 1] : nil
        trailing = end < current.count ? current[end] : nil
        isSame = { $0 === $1 }
    }

    var insertedNodes: [ObjectIdentifier] {
        let removedNodes = Set(removed.compactMap { ($0 as? any RippleNode).map(ObjectIdentifier.init) })
        return inserted.compactMap { ($0 as? any RippleNode).map(ObjectIdentifier.init) }.filter { !removedNodes.contains($0) }
    }

    /// Replaces the inserted run by the removed one: at `start`, or where the run and the
    /// elements around it moved to if changes made without recording shifted them; `nil` when
    /// they are nowhere (then the array stays as it is).
    func revert(_ current: Any) -> Any? {
        guard var array = current as? [Element], let at = position(in: array) else { return nil }
        array.replaceSubrange(at..<(at + inserted.count), with: removed)
        return array
    }

    /// Whether `element` is still the `expected` one; an element not equal to itself (NaN)
    /// cannot tell, and is taken to be.
    private func matches(_ element: Element, _ expected: Element) -> Bool {
        isSame(element, expected) || !isSame(expected, expected)
    }

    private func position(in array: [Element]) -> Int? {
        func fits(at index: Int) -> Bool {
            let end = index + inserted.count
            guard end <= array.count, zip(array[index...], inserted).allSatisfy(matches) else { return false }
            let leadingFits = leading.map { index > 0 && matches(array[index - 1], $0) } ?? (index == 0)
            let trailingFits = trailing.map { end < array.count && matches(array[end], $0) } ?? (end == array.count)
            return leadingFits && trailingFits
        }
        if start <= array.count, fits(at: start) { return start }
        return (0...array.count).first(where: fits)
    }
}

extension ArrayEdit where Element: RippleNode {
    /// The edit that reverts one run of a node array's splice, in the array that run left.
    init(run: ArrayRun<Element>) {
        start = run.start
        inserted = run.inserted
        removed = run.removed
        leading = run.leading
        trailing = run.trailing
        isSame = { $0 === $1 }
    }
}

/// An array edit that can be reverted where it no longer fits, the nodes it puts back placed
/// by the replica (see `History.Reverting`).
protocol PlacingEdit: MemberEdit {
    /// The value `current` had before the edit, its run taken out wherever it is and the nodes
    /// the edit removed put back where `place` says (an index in `current`); nil when a node
    /// has no place there.
    func revert(_ current: Any, placing place: (any RippleNode) -> Int?) -> Any?
    /// The nodes the edit put in or took out.
    var nodes: [ObjectIdentifier] { get }
}

extension ArrayEdit: PlacingEdit {
    var nodes: [ObjectIdentifier] {
        (inserted + removed).compactMap { ($0 as? any RippleNode).map(ObjectIdentifier.init) }
    }

    func revert(_ current: Any, placing place: (any RippleNode) -> Int?) -> Any? {
        guard var array = current as? [Element] else { return nil }
        var at = array.count
        if let first = removed.first {
            guard let node = first as? any RippleNode, let index = place(node), index <= array.count else { return nil }
            at = index
        }
        for element in inserted {
            guard let index = array.firstIndex(where: { isSame($0, element) }) else { continue }
            array.remove(at: index)
            if index < at { at -= 1 }
        }
        // A node already back in the array (another replica's move) stays where it is, once.
        let putBack = removed.filter { element in !array.contains { isSame($0, element) } }
        array.insert(contentsOf: putBack, at: at)
        return array
    }
}

/// The edit of a node array whose splice replaced a few runs in turn (a move: a removal, then
/// an insertion), reverted last run first: it keeps the runs, not the elements between them.
/// All or nothing: when a run is found nowhere, the array stays as it is.
struct ArrayRunsEdit<Element: RippleNode>: MemberEdit {
    let edits: [ArrayEdit<Element>]

    init(_ runs: [ArrayRun<Element>]) {
        edits = runs.map { ArrayEdit(run: $0) }
    }

    func revert(_ current: Any) -> Any? {
        var value = current
        for edit in edits.reversed() {
            guard let reverted = edit.revert(value) else { return nil }
            value = reverted
        }
        return value
    }

    var insertedNodes: [ObjectIdentifier] {
        let removed = Set(edits.flatMap { $0.removed.map(ObjectIdentifier.init) })
        return edits.flatMap { $0.inserted.map(ObjectIdentifier.init) }.filter { !removed.contains($0) }
    }
}

/// The old entries of the keys that changed (`nil` for a key that was not there), with what
/// the edit left there, to tell a key changed since.
struct DictionaryEdit<Key: Hashable, Value>: MemberEdit {
    let entries: [(key: Key, old: Value?, new: Value?)]
    let isSame: (Value, Value) -> Bool

    init(from current: [Key: Value], revertingTo old: [Key: Value], by isSame: @escaping (Value, Value) -> Bool) {
        var entries: [(key: Key, old: Value?, new: Value?)] = []
        for (key, value) in old {
            let now = current[key]
            if let now, isSame(now, value) { continue }
            entries.append((key, value, now))
        }
        for (key, value) in current where old[key] == nil { entries.append((key, nil, value)) }
        // Kept as an edit whatever its size: an undo then puts back each key that was not
        // changed since, as documented, rather than all or nothing.
        self.entries = entries
        self.isSame = isSame
    }

    /// The edit of the keys of `entries`, each with its old entry and what the edit left there.
    init(entries: [(key: Key, old: Value?, new: Value?)], by isSame: @escaping (Value, Value) -> Bool) {
        self.entries = entries
        self.isSame = isSame
    }

    /// Puts back the old entry of every key that still holds what the edit left; a key changed
    /// since, without recording, keeps its newer value.
    func revert(_ current: Any) -> Any? {
        guard var dictionary = current as? [Key: Value] else { return nil }
        for entry in entries {
            switch (dictionary[entry.key], entry.new) {
            case (nil, nil): break
            case let (now?, new?) where isSame(now, new) || !isSame(new, new): break
            default: continue
            }
            dictionary[entry.key] = entry.old
        }
        return dictionary
    }
}

/// The elements a set gained and lost.
struct SetEdit<Element: Hashable>: MemberEdit {
    let inserted: [Element]
    let removed: [Element]

    func revert(_ current: Any) -> Any? {
        guard var set = current as? Set<Element> else { return nil }
        set.subtract(inserted)
        set.formUnion(removed)
        return set
    }
}
