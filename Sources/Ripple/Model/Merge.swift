// Identity-keyed merges (after ConsistencyManager): a payload of `Identifiable` values updates
// the nodes with the same ids in place, through their tracked accessors, so that merging what
// the model already holds changes, and notifies, nothing.

/// Why a merge was refused; nothing was changed.
public enum MergeError: Error, Equatable, CustomStringConvertible {
    /// The payload holds the same id more than once: which element should win is unclear.
    case duplicateID(String)

    public var description: String {
        switch self {
        case .duplicateID(let id):
            "the payload holds id \(id) more than once; nothing was merged (make the ids unique)"
        }
    }
}

extension Array where Element: RippleNode & Identifiable {
    /// Merges `incoming` into these nodes by id, inside an update.
    ///
    /// A node whose id is in `incoming` is kept and handed to `update` with its value (write
    /// its members through their accessors: equal values are skipped, so only real changes
    /// notify); a value with a new id becomes a node made by `make`; a node whose id is
    /// missing is removed. The order follows `incoming`. Merging the same payload twice changes
    /// nothing the second time.
    ///
    /// ```swift
    /// try mediator.update { library in
    ///     try library.shelves.merge(payload, make: { Shelf(id: $0.id, title: $0.title) },
    ///                               update: { shelf, value in shelf.title = value.title })
    /// }
    /// ```
    ///
    /// - Throws: ``MergeError/duplicateID(_:)`` when `incoming` holds an id twice (then nothing
    ///   is changed), or what `make` or `update` throws (the enclosing update then rolls back).
    /// - Complexity: O(n + m), where n is the number of nodes of the array and m the number of
    ///   elements of `incoming`, plus what `make` and `update` do; the writes it makes then cost
    ///   what they cost in any update (only real changes notify).
    public mutating func merge<Incoming: Sequence>(
        _ incoming: Incoming, make: (Incoming.Element) throws -> Element,
        update: (Element, Incoming.Element) throws -> Void
    ) throws where Incoming.Element: Identifiable, Incoming.Element.ID == Element.ID {
        let values = try uniqueValues(incoming)
        var known: [Element.ID: Element] = [:]
        known.reserveCapacity(count)
        for node in self where known[node.id] == nil { known[node.id] = node }
        var merged: [Element] = []
        merged.reserveCapacity(values.count)
        for value in values {
            if let node = known[value.id] {
                try update(node, value)
                merged.append(node)
            } else {
                merged.append(try make(value))
            }
        }
        if !_rippleSameNodes(self, merged) { self = merged }
    }
}

extension Dictionary where Value: RippleNode & Identifiable, Key == Value.ID {
    /// Merges `incoming` into these nodes by id, inside an update: as ``Swift/Array/merge(_:make:update:)``,
    /// with each node under its id.
    ///
    /// - Throws: ``MergeError/duplicateID(_:)`` when `incoming` holds an id twice (then nothing
    ///   is changed), or what `make` or `update` throws (the enclosing update then rolls back).
    /// - Complexity: O(n + m), where n is the number of nodes of the dictionary and m the number
    ///   of elements of `incoming`, plus what `make` and `update` do.
    public mutating func merge<Incoming: Sequence>(
        _ incoming: Incoming, make: (Incoming.Element) throws -> Value,
        update: (Value, Incoming.Element) throws -> Void
    ) throws where Incoming.Element: Identifiable, Incoming.Element.ID == Key {
        let values = try uniqueValues(incoming)
        var merged: [Key: Value] = [:]
        merged.reserveCapacity(values.count)
        for value in values {
            if let node = self[value.id] {
                try update(node, value)
                merged[value.id] = node
            } else {
                merged[value.id] = try make(value)
            }
        }
        if !_rippleSameNodes(self, merged) { self = merged }
    }
}

/// The values of `incoming`, after checking that no id comes twice.
private func uniqueValues<Incoming: Sequence>(_ incoming: Incoming) throws -> [Incoming.Element]
where Incoming.Element: Identifiable {
    let values = Array(incoming)
    var seen: Set<Incoming.Element.ID> = []
    seen.reserveCapacity(values.count)
    for value in values where !seen.insert(value.id).inserted {
        throw MergeError.duplicateID(String(describing: value.id))
    }
    return values
}
