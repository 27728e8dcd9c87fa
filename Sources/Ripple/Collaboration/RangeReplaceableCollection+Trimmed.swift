extension RangeReplaceableCollection {
    /// A copy holding its elements in as little room as they need, where growing left room
    /// past them (up to as much again): for a table read whole, which then mostly stays.
    func trimmed() -> Self {
        var copy = Self()
        copy.reserveCapacity(count)
        copy.append(contentsOf: self)
        return copy
    }
}
