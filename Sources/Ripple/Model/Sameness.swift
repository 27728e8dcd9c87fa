// The comparisons behind "an equal write notifies nobody". Generated code calls these with
// concrete types, so the compiler picks the `Equatable` overload whenever the type allows it.

/// Whether `old` (type-erased) equals `current`.
@inlinable
@_spi(RippleGenerated) public func _rippleIsSame<Value: Equatable>(_ current: Value, _ old: Any) -> Bool {
    guard let old = _rippleCast(old, to: Value.self) else { return false }
    return old == current
}

/// `value as? Value`, without the runtime's general cast (about 260 instructions) when `value`
/// holds exactly a `Value`, as journaled values do. (Generated code calls it also where `as?`
/// would warn, for members of type `Any`.)
@inlinable
@_spi(RippleGenerated) public func _rippleCast<Value>(_ value: Any, to type: Value.Type = Value.self) -> Value? {
    func exactly<Held>(_ held: Held) -> Value? {
        Held.self == Value.self ? unsafeBitCast(held, to: Value.self) : nil
    }
    return exactly(value) ?? value as? Value
}

/// Values that are not `Equatable` never compare equal: every write counts as a change.
@inlinable
@_spi(RippleGenerated) public func _rippleIsSame<Value>(_ current: Value, _ old: Any) -> Bool { false }

/// Whether `old` (type-erased) holds the very same child node(s) as `current`.
@inlinable
@_spi(RippleGenerated) public func _rippleIsSameNode<Node: AnyObject>(_ current: Node, _ old: Any) -> Bool {
    (old as? Node) === current
}

@inlinable
@_spi(RippleGenerated) public func _rippleIsSameNode<Node: AnyObject>(_ current: Node?, _ old: Any) -> Bool {
    guard let old = old as? Node? else { return false }
    return old === current
}

@inlinable
@_spi(RippleGenerated) public func _rippleIsSameNode<Nodes: Collection>(_ current: Nodes, _ old: Any) -> Bool where Nodes.Element: AnyObject {
    guard let old = old as? Nodes else { return false }
    return _rippleSameNodes(current, old)
}

@inlinable
@_spi(RippleGenerated) public func _rippleIsSameNode<Nodes: Collection>(_ current: Nodes?, _ old: Any) -> Bool where Nodes.Element: AnyObject {
    guard let old = old as? Nodes? else { return false }
    return _rippleSameNodes(current, old)
}

@inlinable
@_spi(RippleGenerated) public func _rippleIsSameNode<Node: AnyObject & Hashable>(_ current: Set<Node>, _ old: Any) -> Bool {
    (old as? Set<Node>) == current
}

@inlinable
@_spi(RippleGenerated) public func _rippleIsSameNode<Node: AnyObject & Hashable>(_ current: Set<Node>?, _ old: Any) -> Bool {
    guard let old = old as? Set<Node>? else { return false }
    return old == current
}

@inlinable
@_spi(RippleGenerated) public func _rippleIsSameNode<Key, Node: AnyObject>(_ current: [Key: Node], _ old: Any) -> Bool {
    guard let old = old as? [Key: Node] else { return false }
    return _rippleSameNodes(current, old)
}

@inlinable
@_spi(RippleGenerated) public func _rippleIsSameNode<Key, Node: AnyObject>(_ current: [Key: Node]?, _ old: Any) -> Bool {
    guard let old = old as? [Key: Node]? else { return false }
    return _rippleSameNodes(current, old)
}

/// Whether two collections hold the same objects in the same order.
@inlinable
@_spi(RippleGenerated) public func _rippleSameNodes<Nodes: Collection>(_ lhs: Nodes, _ rhs: Nodes) -> Bool where Nodes.Element: AnyObject {
    // A plain loop: `zip` and `allSatisfy` instantiate generic metadata at each call where the
    // element type is not known statically (`Array.merge`).
    guard lhs.count == rhs.count else { return false }
    var right = rhs.makeIterator()
    for node in lhs where node !== right.next() { return false }
    return true
}

@inlinable
@_spi(RippleGenerated) public func _rippleSameNodes<Nodes: Collection>(_ lhs: Nodes?, _ rhs: Nodes?) -> Bool where Nodes.Element: AnyObject {
    switch (lhs, rhs) {
    case (nil, nil): return true
    case let (lhs?, rhs?): return _rippleSameNodes(lhs, rhs)
    default: return false
    }
}

/// Whether two dictionaries map the same keys to the same objects.
@inlinable
@_spi(RippleGenerated) public func _rippleSameNodes<Key, Node: AnyObject>(_ lhs: [Key: Node], _ rhs: [Key: Node]) -> Bool {
    lhs.count == rhs.count && lhs.allSatisfy { key, node in rhs[key] === node }
}

@inlinable
@_spi(RippleGenerated) public func _rippleSameNodes<Key, Node: AnyObject>(_ lhs: [Key: Node]?, _ rhs: [Key: Node]?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): return true
    case let (lhs?, rhs?): return _rippleSameNodes(lhs, rhs)
    default: return false
    }
}

// MARK: - Visiting child nodes

/// Calls `visit` with the node(s) a member holds, whatever its shape.
@inlinable
@_spi(RippleGenerated) public func _rippleVisit<Node: RippleNode>(_ node: Node, _ visit: (any RippleNode) -> Void) { visit(node) }

@inlinable
@_spi(RippleGenerated) public func _rippleVisit<Node: RippleNode>(_ node: Node?, _ visit: (any RippleNode) -> Void) {
    if let node { visit(node) }
}

@inlinable
@_spi(RippleGenerated) public func _rippleVisit<Nodes: Sequence>(_ nodes: Nodes, _ visit: (any RippleNode) -> Void) where Nodes.Element: RippleNode {
    for node in nodes { visit(node) }
}

@inlinable
@_spi(RippleGenerated) public func _rippleVisit<Nodes: Sequence>(_ nodes: Nodes?, _ visit: (any RippleNode) -> Void) where Nodes.Element: RippleNode {
    if let nodes { for node in nodes { visit(node) } }
}

@inlinable
@_spi(RippleGenerated) public func _rippleVisit<Key, Node: RippleNode>(_ nodes: [Key: Node], _ visit: (any RippleNode) -> Void) {
    for node in nodes.values { visit(node) }
}

@inlinable
@_spi(RippleGenerated) public func _rippleVisit<Key, Node: RippleNode>(_ nodes: [Key: Node]?, _ visit: (any RippleNode) -> Void) {
    if let nodes { for node in nodes.values { visit(node) } }
}

// MARK: - Whether a write changes anything

/// Whether storing `newValue` over `old` is a change: `false` when they are `==`.
@inlinable @inline(__always)
@_spi(RippleGenerated) public func _rippleChanges<Value: Equatable>(_ old: Value, _ newValue: Value) -> Bool { old != newValue }

/// Values that are not `Equatable`: every write is a change.
@inlinable @inline(__always)
@_spi(RippleGenerated) public func _rippleChanges<Value>(_ old: Value, _ newValue: Value) -> Bool { true }

/// Whether storing `newValue` over `old` replaces the child node.
@inlinable @inline(__always)
@_spi(RippleGenerated) public func _rippleNodeChanges<Node: AnyObject>(_ old: Node, _ newValue: Node) -> Bool { old !== newValue }

@inlinable @inline(__always)
@_spi(RippleGenerated) public func _rippleNodeChanges<Node: AnyObject>(_ old: Node?, _ newValue: Node?) -> Bool { old !== newValue }

@inlinable
@_spi(RippleGenerated) public func _rippleNodeChanges<Nodes: Collection>(_ old: Nodes, _ newValue: Nodes) -> Bool where Nodes.Element: AnyObject {
    !_rippleSameNodes(old, newValue)
}

@inlinable
@_spi(RippleGenerated) public func _rippleNodeChanges<Nodes: Collection>(_ old: Nodes?, _ newValue: Nodes?) -> Bool where Nodes.Element: AnyObject {
    !_rippleSameNodes(old, newValue)
}

@inlinable
@_spi(RippleGenerated) public func _rippleNodeChanges<Node: AnyObject & Hashable>(_ old: Set<Node>, _ newValue: Set<Node>) -> Bool { old != newValue }

@inlinable
@_spi(RippleGenerated) public func _rippleNodeChanges<Node: AnyObject & Hashable>(_ old: Set<Node>?, _ newValue: Set<Node>?) -> Bool { old != newValue }

@inlinable
@_spi(RippleGenerated) public func _rippleNodeChanges<Key, Node: AnyObject>(_ old: [Key: Node], _ newValue: [Key: Node]) -> Bool {
    !_rippleSameNodes(old, newValue)
}

@inlinable
@_spi(RippleGenerated) public func _rippleNodeChanges<Key, Node: AnyObject>(_ old: [Key: Node]?, _ newValue: [Key: Node]?) -> Bool {
    !_rippleSameNodes(old, newValue)
}
