extension RangeReplaceableCollection {
    /// A copy holding its elements in little more room than they need, where growing left room
    /// past them (up to as much again): for a table read whole, which then mostly stays.
    ///
    /// A thirty-second of its count stays spare, so that the first edits after it do not copy
    /// the whole table: with no room at all, a replica opened from a snapshot copied a long
    /// sequence's columns at its first insert, and one move merged into 10,000 points cost
    /// twice what it cost into 1,000.
    func trimmed() -> Self {
        var copy = Self()
        copy.reserveCapacity(count + count / Self.trimmedSpareDivisor)
        copy.append(contentsOf: self)
        return copy
    }

    /// The share of its count that ``trimmed()`` leaves spare: one in this many.
    static var trimmedSpareDivisor: Int { 32 }
}
