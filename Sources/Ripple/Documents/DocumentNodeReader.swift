internal import RippleJSON

/// Reads one node's saved members from a document: what the generated `_rippleOpen(from:)`
/// calls, one method per member, with the member's name and its initial value, which a member
/// the document does not hold keeps (a document written before the member existed).
@_spi(RippleGenerated)
public struct DocumentNodeReader {
    let values: JSONValue
    let context: DocumentReadContext

    private func member(_ name: String) throws -> JSONValue? {
        try values.memberIfPresent(name)
    }

    // Values: common types straight from the parsed document, others through the decoder.

    public func value<Value: Decodable>(_ name: String, default initial: Value) throws -> Value {
        guard let value = try member(name) else { return initial }
        return try context.decoder(of: value.tape).decode(Value.self, at: value.index)
    }

    /// An optional, as `Optional`'s `init(from:)` reads it (`null`, or the value), without going
    /// through it.
    public func value<Value: Decodable>(_ name: String, default initial: Value?) throws -> Value? {
        guard let value = try member(name) else { return initial }
        return value.isNull ? nil : try context.decoder(of: value.tape).decode(Value.self, at: value.index)
    }

    public func value(_ name: String, default initial: Int) throws -> Int {
        try member(name)?.int() ?? initial
    }

    public func value(_ name: String, default initial: String) throws -> String {
        try member(name)?.string() ?? initial
    }

    public func value(_ name: String, default initial: Bool) throws -> Bool {
        try member(name)?.bool() ?? initial
    }

    public func value(_ name: String, default initial: Double) throws -> Double {
        try member(name)?.double() ?? initial
    }

    // Nodes, in every shape.

    public func node<Node: DocumentNode>(_ name: String, default initial: Node) throws -> Node {
        guard let value = try member(name) else { return initial }
        return try context.node(value, as: Node.self)
    }

    public func node<Node: DocumentNode>(_ name: String, default initial: Node?) throws -> Node? {
        guard let value = try member(name) else { return initial }
        return value.isNull ? nil : try context.node(value, as: Node.self)
    }

    public func nodes<Node: DocumentNode>(_ name: String, default initial: [Node]) throws -> [Node] {
        guard let value = try member(name) else { return initial }
        return try value.elements().map { try context.node($0, as: Node.self) }
    }

    public func nodes<Node: DocumentNode>(_ name: String, default initial: [Node]?) throws -> [Node]? {
        guard let value = try member(name) else { return initial }
        return value.isNull ? nil : try value.elements().map { try context.node($0, as: Node.self) }
    }

    public func nodes<Node: DocumentNode & Hashable>(_ name: String, default initial: Set<Node>) throws -> Set<Node> {
        guard let value = try member(name) else { return initial }
        return Set(try value.elements().map { try context.node($0, as: Node.self) })
    }

    public func nodes<Node: DocumentNode & Hashable>(_ name: String, default initial: Set<Node>?) throws -> Set<Node>? {
        guard let value = try member(name) else { return initial }
        return value.isNull ? nil : Set(try value.elements().map { try context.node($0, as: Node.self) })
    }

    public func nodes<Key: Decodable & Hashable, Node: DocumentNode>(_ name: String, default initial: [Key: Node]) throws -> [Key: Node] {
        guard let value = try member(name) else { return initial }
        return try context.nodes(value, keyedBy: Key.self, as: Node.self)
    }

    public func nodes<Key: Decodable & Hashable, Node: DocumentNode>(_ name: String, default initial: [Key: Node]?) throws -> [Key: Node]? {
        guard let value = try member(name) else { return initial }
        return value.isNull ? nil : try context.nodes(value, keyedBy: Key.self, as: Node.self)
    }
}

/// What reading a document keeps: its nodes, made before any is read (so that members refer to
/// nodes written later, to nodes shared, and round a cycle), and which holds which.
final class DocumentReadContext {
    // Written once per node or reference read, by this class alone: the runtime's exclusivity
    // checks would cost opening a document about 4% (`@exclusivity(unchecked)`).

    /// The nodes of the read (made, or found for a patch), in the order added.
    @exclusivity(unchecked) private(set) var nodes: [any DocumentNode] = []
    /// Their positions in ``nodes`` by number.
    @exclusivity(unchecked) private var positions: [UInt64: Int] = [:]
    /// Whether each node was made by the read (not found alive, as a patch may find one).
    @exclusivity(unchecked) private var isMade: [Bool] = []
    /// Which node holds which, among ``nodes``, recorded as their members are read.
    @exclusivity(unchecked) private(set) var graph = DocumentGraph()
    /// Where numbers this read does not hold are looked up (a patch refers to nodes the
    /// document holds already); it throws for a number the document does not hold.
    var fallback: ((UInt64) throws -> any DocumentNode)?
    /// Whether a node read holds a node found through ``fallback``, other than ``ignoredHolding``.
    private(set) var holdsOtherNodes = false
    /// A node held through ``fallback`` that does not count in ``holdsOtherNodes`` (the root,
    /// which is on every chain of the document already).
    var ignoredHolding: ObjectIdentifier?
    /// What decodes the values of every node read, from the document's tape.
    private var decoder: JSONTapeDecoder?

    /// The decoder of values from `tape` (one for the whole document: a value's decoding
    /// leaves it as it was).
    func decoder(of tape: JSONTape) -> JSONTapeDecoder {
        if let decoder, decoder.tape === tape { return decoder }
        let made = JSONTapeDecoder(tape: tape, index: 0, userInfo: [:])
        decoder = made
        return made
    }

    /// Makes room for `count` nodes.
    func reserveCapacity(_ count: Int) {
        nodes.reserveCapacity(count)
        positions.reserveCapacity(count)
        isMade.reserveCapacity(count)
    }

    /// Adds `node`, of number `id`, made by the read (or found alive); returns its position.
    @discardableResult
    func add(_ node: any DocumentNode, id: UInt64, isMade: Bool = true) throws -> Int {
        guard positions.updateValue(nodes.count, forKey: id) == nil else {
            throw DocumentError.damaged(reason: "two nodes have the number \(id)")
        }
        nodes.append(node)
        self.isMade.append(isMade)
        return graph.addNode()
    }

    /// Records which of the read's nodes each node found alive holds now (its members were set
    /// through their accessors, not read): a merge's nodes are all made before its patch.
    @MainActor
    func recordHoldingOfFoundNodes() {
        for position in nodes.indices where !isMade[position] {
            graph.beginReading(position)
            for child in DocumentDepth.children(of: nodes[position]) {
                if let target = positions[child._rippleTracker.documentID] { graph.addReference(to: target) }
            }
        }
    }

    /// The position of the node of number `id` in the read, if any.
    func position(numbered id: UInt64) -> Int? {
        positions[id]
    }

    /// The node of number `id` in the read, if any.
    func node(numbered id: UInt64) -> (any DocumentNode)? {
        positions[id].map { nodes[$0] }
    }

    /// Reads `values` into the node at `position`, recording the nodes it holds.
    func read(_ values: JSONValue, into position: Int) throws {
        graph.beginReading(position)
        try nodes[position]._rippleOpen(from: DocumentNodeReader(values: values, context: self))
    }

    /// The node whose number `value` holds, of class `Node`.
    func node<Node: DocumentNode>(_ value: JSONValue, as _: Node.Type) throws -> Node {
        try node(try value.uint64(), as: Node.self)
    }

    func node<Node: DocumentNode>(_ id: UInt64, as _: Node.Type) throws -> Node {
        let found: any DocumentNode
        if let position = positions[id] {
            graph.addReference(to: position)
            found = nodes[position]
        } else if let fallback {
            found = try fallback(id)
            if ObjectIdentifier(found) != ignoredHolding { holdsOtherNodes = true }
        } else {
            throw DocumentError.damaged(reason: "a member refers to node \(id), which the document does not hold")
        }
        guard let node = found as? Node else {
            throw DocumentError.damaged(
                reason: "node \(id) is a \(type(of: found)._rippleDescriptor.name) where a \(Node._rippleDescriptor.name) belongs")
        }
        return node
    }

    func nodes<Key: Decodable & Hashable, Node: DocumentNode>(_ value: JSONValue, keyedBy: Key.Type, as: Node.Type) throws -> [Key: Node] {
        // The keys JSON writes as they are: straight from the tape, without the decoder.
        if Key.self == String.self {
            return unsafeBitCast(try nodes(byKey: value, as: Node.self) { $0 }, to: [Key: Node].self)
        }
        if Key.self == Int.self {
            let nodes = try nodes(byKey: value, as: Node.self) { text in
                guard let key = Int(text) else {
                    throw DocumentError.damaged(reason: "a dictionary of nodes keyed by integers has the key '\(excerpt(text))'")
                }
                return key
            }
            return unsafeBitCast(nodes, to: [Key: Node].self)
        }
        return try DocumentJSON.decode([Key: UInt64].self, from: value).mapValues { try node($0, as: Node.self) }
    }

    /// Lets go of the read's nodes, those it made taken apart (see ``release(_:as:isMade:)``):
    /// for a read that failed, whose nodes nothing else holds now.
    func release() {
        positions.removeAll()
        Ripple.release(&nodes, as: graph, isMade: isMade)
    }

    /// The number of nodes on the longest chain among the read's nodes (see
    /// ``DocumentGraph/longestChain(limit:_:)``), within `chainLimit`, and how deep they nest
    /// below the node of number `root` (see ``DocumentGraph/levels(from:limit:_:)``, the root
    /// not counted), within `depthLimit`; nil past either. Then takes apart the nodes made that
    /// the root does not reach (see ``dismantle(_:)``): the document has no use for them, and a
    /// cycle of them would never be freed.
    func measure(chainLimit: Int, depthLimit: Int, root: UInt64) -> (chain: Int, depth: Int)? {
        let adjacency = graph.adjacency()
        guard let chain = graph.longestChain(limit: chainLimit, adjacency) else { return nil }
        guard let start = positions[root] else { return (chain, chain) }
        guard let levels = graph.levels(from: [start], limit: depthLimit + 1, adjacency) else { return nil }
        for (position, isReached) in graph.reachable(from: start, adjacency).enumerated() where !isReached && isMade[position] {
            dismantle(nodes[position])
        }
        return (chain, levels - 1)
    }
}

extension DocumentReadContext {
    /// The nodes an object holds by their numbers, keyed by its keys made into `Key`s (a key
    /// written twice keeps its first node).
    private func nodes<Key: Hashable, Node: DocumentNode>(
        byKey value: JSONValue, as _: Node.Type, _ makeKey: (String) throws -> Key
    ) throws -> [Key: Node] {
        let tape = value.tape
        guard value.kind == .object else { throw tape.mismatch([String: Any].self, at: value.index) }
        var nodes: [Key: Node] = [:]
        nodes.reserveCapacity(tape.size(at: value.index))
        var child = value.index + 1
        while child < tape.offset(at: value.index) {
            let key = try makeKey(tape.string(at: child))
            if nodes[key] == nil { nodes[key] = try node(JSONValue(tape: tape, index: child + 1), as: Node.self) }
            child = tape.next(after: child + 1)
        }
        return nodes
    }
}

extension JSONValue {
    /// The value of an object's member, or `nil` when it has none.
    func memberIfPresent(_ key: String) throws -> JSONValue? {
        guard kind == .object else { throw tape.mismatch([String: Any].self, at: index) }
        return tape.member(key, in: index).map { JSONValue(tape: tape, index: $0) }
    }
}
