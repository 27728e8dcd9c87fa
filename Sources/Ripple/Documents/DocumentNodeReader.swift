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
        try member(name)?.integer(as: Int.self) ?? initial
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

/// What reading a document keeps: its nodes by number, made before any is read, so that
/// members refer to nodes written later, to nodes shared, and round a cycle.
final class DocumentReadContext {
    private(set) var nodes: [UInt64: any DocumentNode] = [:]
    /// Where numbers this read did not make are looked up (a patch refers to nodes the document
    /// holds already).
    var fallback: ((UInt64) -> (any DocumentNode)?)?
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

    func add(_ node: any DocumentNode, id: UInt64) throws {
        guard nodes.updateValue(node, forKey: id) == nil else {
            throw DocumentError.damaged(reason: "two nodes have the number \(id)")
        }
    }

    /// The node whose number `value` holds, of class `Node`.
    func node<Node: DocumentNode>(_ value: JSONValue, as _: Node.Type) throws -> Node {
        let id = try value.integer(as: UInt64.self)
        guard let found = nodes[id] ?? fallback?(id) else {
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
                    throw DocumentError.damaged(reason: "a dictionary of nodes keyed by integers has the key '\(text.prefix(40))'")
                }
                return key
            }
            return unsafeBitCast(nodes, to: [Key: Node].self)
        }
        let ids = try DocumentJSON.decode([Key: UInt64].self, from: value)
        return try ids.mapValues { id in
            guard let found = nodes[id] ?? fallback?(id) else {
                throw DocumentError.damaged(reason: "a member refers to node \(id), which the document does not hold")
            }
            guard let node = found as? Node else {
                throw DocumentError.damaged(reason: "node \(id) is not a \(Node._rippleDescriptor.name)" as String)
            }
            return node
        }
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
