// What an undo step keeps of a collection edited in place: the difference, not the whole old
// collection. Appending one node to an array of 20,000 keeps the append's position and
// nothing else. Values that are not collections, and collections whose elements can be
// compared neither by `==` nor by identity, are kept whole.

/// The part of a member's value that an update changed, enough to put the old value back.
protocol MemberEdit {
    /// The value `current` had before the edit, or `nil` when `current` is not the value the
    /// edit was taken from (then the step keeps whole values instead).
    func revert(_ current: Any) -> Any?
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

/// The edit of a value `current` back to `old`, when both are collections that can say it.
func memberEdit(from current: Any, revertingTo old: Any) -> (any MemberEdit)? {
    if let current = current as? any ObjectElementsEditing { return current.editComparingIdentities(revertingTo: old) }
    if let current = current as? any EquatableElementsEditing { return current.editComparingValues(revertingTo: old) }
    return nil
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
        return ArrayEdit(from: self, revertingTo: old, by: ==)
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
        return DictionaryEdit(from: self, revertingTo: old, by: ==)
    }
}

extension Set: EquatableElementsEditing {
    func editComparingValues(revertingTo old: Any) -> (any MemberEdit)? {
        guard let old = old as? Set<Element> else { return nil }
        let inserted = subtracting(old)
        let removed = old.subtracting(self)
        guard inserted.count + removed.count < old.count else { return nil }
        return SetEdit(inserted: Array(inserted), removed: Array(removed))
    }
}

/// A run of elements replaced: the `inserted` elements at `start` of the current array were
/// `removed` before.
struct ArrayEdit<Element>: MemberEdit {
    let start: Int
    let inserted: [Element]
    let removed: [Element]
    let isSame: (Element, Element) -> Bool

    /// The edit from `old` to `current`, when they share a start or an end.
    init?(from current: [Element], revertingTo old: [Element], by isSame: @escaping (Element, Element) -> Bool) {
        let ends = CommonEnds(old, current, by: isSame)
        guard ends.prefix + ends.suffix > 0 || old.isEmpty else { return nil }
        start = ends.prefix
        inserted = Array(current[ends.prefix..<(current.count - ends.suffix)])
        removed = Array(old[ends.prefix..<(old.count - ends.suffix)])
        self.isSame = isSame
    }

    /// Replaces the inserted run by the removed one: at `start`, or where the run moved to if
    /// changes made without recording shifted it; a run of nothing inserted goes back at
    /// `start`, or at the end if the array got shorter.
    func revert(_ current: Any) -> Any? {
        guard var array = current as? [Element] else { return nil }
        guard let at = position(of: inserted, in: array) else { return nil }
        array.replaceSubrange(at..<(at + inserted.count), with: removed)
        return array
    }

    private func position(of run: [Element], in array: [Element]) -> Int? {
        func matches(at index: Int) -> Bool {
            index + run.count <= array.count && zip(array[index...], run).allSatisfy(isSame)
        }
        if run.isEmpty { return min(start, array.count) }
        if matches(at: start) { return start }
        return array.indices.first(where: matches)
    }
}

/// The old entries of the keys that changed (`nil` for a key that was not there).
struct DictionaryEdit<Key: Hashable, Value>: MemberEdit {
    let entries: [(key: Key, old: Value?)]

    init?(from current: [Key: Value], revertingTo old: [Key: Value], by isSame: (Value, Value) -> Bool) {
        var entries: [(key: Key, old: Value?)] = []
        for (key, value) in old {
            if let now = current[key], isSame(now, value) { continue }
            entries.append((key, value))
        }
        for key in current.keys where old[key] == nil { entries.append((key, nil)) }
        guard entries.count < old.count else { return nil }
        self.entries = entries
    }

    func revert(_ current: Any) -> Any? {
        guard var dictionary = current as? [Key: Value] else { return nil }
        for entry in entries { dictionary[entry.key] = entry.old }
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
