// Swift's `==` and hashing call canonically equivalent text equal (a precomposed "é" and "e"
// with a combining accent). Replicas must agree on bytes, so what is written, interned or
// ordered for writing goes by these wrappers; what merges (a dictionary's key, a set's element)
// still goes by Swift's equality, as the model's own dictionaries and sets do.

/// Text compared by its bytes, for what must not depend on Swift's canonical equivalence.
struct SpelledKey: Hashable, Comparable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (lhs: SpelledKey, rhs: SpelledKey) -> Bool { lhs.text._rippleHasSameBits(as: rhs.text) }

    /// Swift's order first (the order older replicas wrote keys in), then the bytes.
    static func < (lhs: SpelledKey, rhs: SpelledKey) -> Bool {
        if lhs.text < rhs.text { return true }
        if rhs.text < lhs.text { return false }
        return lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// A value compared by its bytes (see ``SpelledKey``).
struct SpelledValue: Hashable, Comparable {
    let value: ReplicaValue

    init(_ value: ReplicaValue) { self.value = value }

    static func == (lhs: SpelledValue, rhs: SpelledValue) -> Bool { lhs.value.isIdentical(to: rhs.value) }

    static func < (lhs: SpelledValue, rhs: SpelledValue) -> Bool {
        switch (lhs.value, rhs.value) {
        case (.json(let left), .json(let right)): SpelledKey(left) < SpelledKey(right)
        default: ReplicaValue.precedes(lhs.value, rhs.value)
        }
    }

    func hash(into hasher: inout Hasher) {
        switch value {
        case .json(let text): SpelledKey(text).hash(into: &hasher)
        case .node(let node): node.hash(into: &hasher)
        }
    }
}
