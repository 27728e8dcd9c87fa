internal import RippleJSON

/// Applies one member's change from a ``Patch``: what the generated `_rippleApplyChange` calls,
/// with the member's storage through its tracked accessor (so that the change is journaled,
/// validated, delivered and rolled back with the update applying the patch).
@_spi(RippleGenerated)
public struct DocumentChangeReader {
    let operation: Patch.Operation
    let context: PatchApplyContext
    /// Set when the reader only finds out how a member merges (``MemberShapeProbe``): each
    /// method says its shape and throws before it changes anything.
    let probe: MemberShapeProbe?

    init(operation: Patch.Operation, context: PatchApplyContext) {
        self.operation = operation
        self.context = context
        probe = nil
    }

    init(probing probe: MemberShapeProbe, identities: DocumentIdentities) {
        operation = .set(node: 0, member: "", value: PatchValue([]))
        context = PatchApplyContext(identities: identities)
        self.probe = probe
    }

    private func mismatch(_ expected: String) -> DocumentError {
        DocumentError.patchDoesNotApply(reason: "\(operation.summary) cannot change \(expected)")
    }

    /// The error for a member the class does not have.
    public func unknownMember() -> any Error {
        mismatch("a member this class has")
    }

    // Values.

    public func apply<Value: Decodable>(to value: inout Value) throws {
        try probe?.found(.register)
        guard case .set(_, _, let json) = operation else { throw mismatch("a whole value") }
        value = try DocumentJSON.decode(Value.self, from: try json.parsed())
    }

    public func apply<Element: Decodable>(to value: inout [Element]) throws {
        try probe?.found(.sequence)
        switch operation {
        case .set(_, _, let json):
            value = try DocumentJSON.decode([Element].self, from: try json.parsed())
        case let .splice(_, _, at, removing, inserting):
            guard at >= 0, removing >= 0, at <= value.count, removing <= value.count - at else { throw mismatch("an array of \(value.count)") }
            value.replaceSubrange(at..<(at + removing), with: try DocumentJSON.decode([Element].self, from: try inserting.parsed()))
        default:
            throw mismatch("an array")
        }
    }

    public func apply<Element: Decodable>(to value: inout [Element]?) throws {
        try probe?.found(.sequence)
        if case .set(_, _, let json) = operation {
            value = try DocumentJSON.decode([Element]?.self, from: try json.parsed())
            return
        }
        guard var array = value else { throw mismatch("nil") }
        try apply(to: &array)
        value = array
    }

    public func apply<Key: Decodable & Hashable, Value: Decodable>(to value: inout [Key: Value]) throws {
        try probe?.found(.map, keys: Key.self)
        switch operation {
        case .set(_, _, let json):
            value = try DocumentJSON.decode([Key: Value].self, from: try json.parsed())
        case let .setKeys(_, _, values, removing):
            for key in try DocumentJSON.decode([Key].self, from: try removing.parsed()) { value[key] = nil }
            for (key, element) in try DocumentJSON.decode([Key: Value].self, from: try values.parsed()) { value[key] = element }
        default:
            throw mismatch("a dictionary")
        }
    }

    public func apply<Element: Decodable & Hashable>(to value: inout Set<Element>) throws {
        try probe?.found(.set)
        switch operation {
        case .set(_, _, let json):
            value = try DocumentJSON.decode(Set<Element>.self, from: try json.parsed())
        case let .setElements(_, _, inserting, removing):
            value.subtract(try DocumentJSON.decode([Element].self, from: try removing.parsed()))
            value.formUnion(try DocumentJSON.decode([Element].self, from: try inserting.parsed()))
        default:
            throw mismatch("a set")
        }
    }

    // Nodes, by number.

    public func applyNode<Node: DocumentNode>(to node: inout Node) throws {
        try probe?.found(.register)
        guard case .set(_, _, let json) = operation else { throw mismatch("a node") }
        node = try context.node(try json.parsed(), as: Node.self)
    }

    public func applyNode<Node: DocumentNode>(to node: inout Node?) throws {
        try probe?.found(.register)
        guard case .set(_, _, let json) = operation else { throw mismatch("an optional node") }
        let value = try json.parsed()
        node = value.isNull ? nil : try context.node(value, as: Node.self)
    }

    public func applyNodes<Node: DocumentNode>(to nodes: inout [Node]) throws {
        try probe?.found(.sequence)
        switch operation {
        case .set(_, _, let json):
            nodes = try json.parsed().elements().map { try context.node($0, as: Node.self) }
        case let .splice(_, _, at, removing, inserting):
            guard at >= 0, removing >= 0, at <= nodes.count, removing <= nodes.count - at else { throw mismatch("an array of \(nodes.count)") }
            let inserted = try inserting.parsed().elements().map { try context.node($0, as: Node.self) }
            // A splice of a model's array, as an insert there is: journaled as one, no copy.
            let tookSplice = nodes._rippleWillSplice(at..<(at + removing), inserting: inserted.count)
            nodes.replaceSubrange(at..<(at + removing), with: inserted)
            if tookSplice { nodes._rippleDidSplice() }
        default:
            throw mismatch("an array of nodes")
        }
    }

    public func applyNodes<Node: DocumentNode>(to nodes: inout [Node]?) throws {
        try probe?.found(.sequence)
        if case .set(_, _, let json) = operation {
            let value = try json.parsed()
            nodes = value.isNull ? nil : try value.elements().map { try context.node($0, as: Node.self) }
            return
        }
        guard var array = nodes else { throw mismatch("nil") }
        try applyNodes(to: &array)
        nodes = array
    }

    public func applyNodes<Node: DocumentNode & Hashable>(to nodes: inout Set<Node>?) throws {
        try probe?.found(.set)
        switch operation {
        case .set(_, _, let json):
            let value = try json.parsed()
            nodes = value.isNull ? nil : Set(try value.elements().map { try context.node($0, as: Node.self) })
        case let .setElements(_, _, inserting, removing):
            guard var set = nodes else { throw mismatch("nil") }
            set.subtract(try removing.parsed().elements().map { try context.node($0, as: Node.self) })
            set.formUnion(try inserting.parsed().elements().map { try context.node($0, as: Node.self) })
            nodes = set
        default:
            throw mismatch("a set of nodes")
        }
    }

    public func applyNodes<Node: DocumentNode & Hashable>(to nodes: inout Set<Node>) throws {
        try probe?.found(.set)
        guard case let .setElements(_, _, inserting, removing) = operation else {
            var optional: Set<Node>? = nodes
            try applyNodes(to: &optional)
            guard let optional else { throw mismatch("a set of nodes, with nil") }
            nodes = optional
            return
        }
        // In place, one element at a time, as the app's edits are: one journaled as one, no copy.
        let removed = try removing.parsed().elements().map { try context.node($0, as: Node.self) }
        let inserted = try inserting.parsed().elements().map { try context.node($0, as: Node.self) }
        for node in removed { nodes.remove(node) }
        for node in inserted { nodes.insert(node) }
    }

    public func applyNodes<Key: Decodable & Hashable, Node: DocumentNode>(to nodes: inout [Key: Node]?) throws {
        try probe?.found(.map, keys: Key.self)
        switch operation {
        case .set(_, _, let json):
            let value = try json.parsed()
            nodes = value.isNull ? nil : try context.nodes(value, keyedBy: Key.self, as: Node.self)
        case let .setKeys(_, _, values, removing):
            guard var dictionary = nodes else { throw mismatch("nil") }
            for key in try DocumentJSON.decode([Key].self, from: try removing.parsed()) { dictionary[key] = nil }
            for (key, node) in try context.nodes(try values.parsed(), keyedBy: Key.self, as: Node.self) { dictionary[key] = node }
            nodes = dictionary
        default:
            throw mismatch("a dictionary of nodes")
        }
    }

    public func applyNodes<Key: Decodable & Hashable, Node: DocumentNode>(to nodes: inout [Key: Node]) throws {
        try probe?.found(.map, keys: Key.self)
        guard case let .setKeys(_, _, values, removing) = operation else {
            var optional: [Key: Node]? = nodes
            try applyNodes(to: &optional)
            guard let optional else { throw mismatch("a dictionary of nodes, with nil") }
            nodes = optional
            return
        }
        // In place, one key at a time, as the app's edits are: one key journaled as one, no copy.
        let removed = try DocumentJSON.decode([Key].self, from: try removing.parsed())
        let changed = try context.nodes(try values.parsed(), keyedBy: Key.self, as: Node.self)
        for key in removed { nodes[key] = nil }
        for (key, node) in changed { nodes[key] = node }
    }
}

/// What applying patches keeps: how to find the document's nodes by number, and which nodes
/// they brought.
final class PatchApplyContext {
    let identities: DocumentIdentities
    /// For a follower, the document whose nodes the patches may name (see `PatchApplication`).
    let documentSerial: Int?
    /// The nodes the patches brought (made, or found alive), which they may name too.
    var brought: Set<ObjectIdentifier> = []

    init(identities: DocumentIdentities, documentSerial: Int? = nil) {
        self.identities = identities
        self.documentSerial = documentSerial
    }

    /// Whether `node` is in the document a follower follows.
    func isInDocument(_ node: any RippleNode) -> Bool {
        guard let documentSerial else { return false }
        return node._rippleTracker.isInDocument && node._rippleTracker.documentOwner == documentSerial
    }

    /// Whether a patch may name `node`: any node alive when replaying a journal; for a follower,
    /// a node of its document, or one the patches brought.
    func mayName(_ node: any RippleNode) -> Bool {
        documentSerial == nil || isInDocument(node) || brought.contains(ObjectIdentifier(node))
    }

    /// The node of number `id`, which a patch may name.
    func node(_ id: UInt64) throws -> any DocumentNode {
        try Self.checkNumber(id)
        guard let found = identities.node(id) as? any DocumentNode, mayName(found) else {
            throw DocumentError.patchDoesNotApply(reason: "it refers to node \(id), which this document does not hold")
        }
        return found
    }

    func node<Node: DocumentNode>(_ value: JSONValue, as type: Node.Type) throws -> Node {
        try node(try value.uint64(), as: Node.self)
    }

    func node<Node: DocumentNode>(_ id: UInt64, as type: Node.Type) throws -> Node {
        let found = try node(id)
        guard let node = found as? Node else {
            throw DocumentError.patchDoesNotApply(reason: "node \(id) is not a \(Node._rippleDescriptor.name)")
        }
        return node
    }

    func nodes<Key: Decodable & Hashable, Node: DocumentNode>(_ value: JSONValue, keyedBy: Key.Type, as: Node.Type) throws -> [Key: Node] {
        try DocumentJSON.decode([Key: UInt64].self, from: value).mapValues { try node($0, as: Node.self) }
    }

    /// Refuses a node number out of range: 0 stands for "no number", and a number near
    /// `UInt64.max` would leave none to give.
    static func checkNumber(_ id: UInt64) throws {
        guard DocumentIdentities.validNumbers.contains(id) else {
            throw DocumentError.patchDoesNotApply(reason: "it names node \(id), out of range (1 to \(DocumentIdentities.limit))")
        }
    }
}
