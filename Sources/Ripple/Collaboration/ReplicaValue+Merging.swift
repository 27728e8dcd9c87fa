extension ReplicaValue {
    /// A total order on values, for output that does not depend on hashing.
    static func precedes(_ lhs: ReplicaValue, _ rhs: ReplicaValue) -> Bool {
        switch (lhs, rhs) {
        case (.json(let left), .json(let right)): left < right
        case (.json, .node): true
        case (.node, .json): false
        case (.node(let left), .node(let right)): left < right
        }
    }

    /// Whether the two are spelled with the same bytes: Swift's `==` calls canonically
    /// equivalent text equal (a precomposed "é" and "e" with a combining accent), and a replica
    /// must still pass the winning spelling on to its model.
    func isIdentical(to other: ReplicaValue) -> Bool {
        switch (self, other) {
        case (.json(let left), .json(let right)): left.utf8.elementsEqual(right.utf8)
        default: self == other
        }
    }

    /// The node it holds, if any.
    var node: NodeID? {
        if case .node(let node) = self { node } else { nil }
    }
}

extension ReplicaContent {
    /// Equal and spelled with the same bytes (see ``ReplicaValue/isIdentical(to:)``).
    func isIdentical(to other: ReplicaContent) -> Bool {
        switch (self, other) {
        case (.value(let left), .value(let right)): left.isIdentical(to: right)
        case (.elements(let left), .elements(let right)), (.members(let left), .members(let right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.isIdentical(to: $1) }
        case (.entries(let left), .entries(let right)):
            left.count == right.count
                && zip(left, right).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) && $0.value.isIdentical(to: $1.value) }
        default: self == other
        }
    }
}
