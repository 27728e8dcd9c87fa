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

    /// The node it holds, if any.
    var node: NodeID? {
        if case .node(let node) = self { node } else { nil }
    }
}
