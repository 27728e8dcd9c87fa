import Foundation
internal import RippleJSON

/// Writes one node's saved members into a document: what the generated `_rippleSave(to:)`
/// calls, one method per member, with the member's name. Every method throws, so that the
/// generated call is the same whichever one a member's type picks.
///
/// Values are written as `JSONEncoder` would write them (deterministically: the keys of
/// dictionaries and the elements of sets sorted); child nodes as the numbers of their entries in
/// the document, each node written once however many members hold it.
@_spi(RippleGenerated)
public struct DocumentNodeWriter {
    var json: JSONWriter
    let context: DocumentWriteContext

    // Values: common types straight to the writer, others through the encoder.

    public mutating func value<Value: Encodable>(_ value: Value, _ name: String) throws {
        json.key(name)
        try context.encoder.encode(value, appendingTo: &json)
    }

    /// An optional, as `Optional`'s `encode(to:)` writes it (`null`, or the value), without
    /// going through it.
    public mutating func value<Value: Encodable>(_ value: Value?, _ name: String) throws {
        guard let value else {
            json.key(name)
            return json.writeNull()
        }
        try self.value(value, name)
    }

    public mutating func value(_ value: Int, _ name: String) throws {
        json.key(name)
        json.write(value)
    }

    public mutating func value(_ value: String, _ name: String) throws {
        json.key(name)
        json.write(value)
    }

    public mutating func value(_ value: Bool, _ name: String) throws {
        json.key(name)
        json.write(value)
    }

    public mutating func value(_ value: Double, _ name: String) throws {
        json.key(name)
        try json.write(value)
    }

    // Nodes, in every shape.

    public mutating func node(_ node: (some DocumentNode)?, _ name: String) throws {
        json.key(name)
        if let node { json.write(context.reference(node)) } else { json.writeNull() }
    }

    public mutating func nodes<Nodes: Sequence>(_ nodes: Nodes?, _ name: String) throws where Nodes.Element: DocumentNode {
        json.key(name)
        guard let nodes else { return json.writeNull() }
        json.beginArray()
        for node in nodes { json.write(context.reference(node)) }
        json.endArray()
    }

    /// A set, by ascending number: the same set writes the same bytes, and its nodes come in
    /// that order in the document (not in the order of the set's hashing). The numbers are those
    /// the document is written with (a replica's canonical ones: by its own, two replicas that
    /// agree would write the set in two orders).
    public mutating func nodes<Node: DocumentNode & Hashable>(_ nodes: Set<Node>?, _ name: String) throws {
        json.key(name)
        guard let nodes else { return json.writeNull() }
        let numbered = nodes.map { (id: context.number(of: $0), node: $0) }.sorted { $0.id < $1.id }
        json.beginArray()
        for (_, node) in numbered { json.write(context.reference(node)) }
        json.endArray()
    }

    /// A dictionary, as the encoder writes a dictionary of numbers (by sorted keys).
    public mutating func nodes<Key: Encodable & Hashable, Node: DocumentNode>(_ nodes: [Key: Node]?, _ name: String) throws {
        json.key(name)
        guard let nodes else { return json.writeNull() }
        // The keys JSON writes as they are: straight to the text, without the encoder.
        if Key.self == String.self {
            return writeObject(unsafeBitCast(nodes, to: [String: Node].self)) { $0.write($1) }
        }
        if Key.self == Int.self {
            return writeObject(unsafeBitCast(nodes, to: [Int: Node].self)) { $0.write("\($1)") }
        }
        // Numbers given in the order of the keys' bytes, not of the dictionary's hashing.
        var keyed: [(bytes: [UInt8], key: Key, node: Node)] = []
        for (key, node) in nodes {
            var bytes: [UInt8] = []
            try DocumentJSON.encode(key, into: &bytes)
            keyed.append((bytes, key, node))
        }
        keyed.sort { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        var ids: [Key: UInt64] = [:]
        for entry in keyed { ids[entry.key] = context.reference(entry.node) }
        try json.encode(ids)
    }

    /// Writes a dictionary of nodes whose keys are strings in JSON as an object of node numbers,
    /// in the bytes the encoder writes for `[Key: UInt64]`, numbering the nodes in the order
    /// the general path above does.
    ///
    /// - Parameter writeKey: Writes a key as the JSON string it encodes as.
    private mutating func writeObject<Key, Node: DocumentNode>(
        _ nodes: [Key: Node], writeKey: (inout JSONWriter, Key) -> Void
    ) {
        // Every key's text in one buffer: its range in it, and its node, by position.
        var keys = JSONWriter()
        var ranges: [Range<Int>] = []
        var values: [Node] = []
        ranges.reserveCapacity(nodes.count)
        values.reserveCapacity(nodes.count)
        for (key, node) in nodes {
            let start = keys.bytes.count
            keys.needsComma = false
            writeKey(&keys, key)
            ranges.append(start..<keys.bytes.count)
            values.append(node)
        }
        var order = Array(ranges.indices)
        var numbers = [UInt64](repeating: 0, count: ranges.count)
        keys.bytes.withUnsafeBufferPointer { text in
            // Nodes are numbered by the keys' quoted text (the general path's order), ...
            order.sort { Self.compare(text, ranges[$0], ranges[$1]) < 0 }
            for index in order { numbers[index] = context.reference(values[index]) }
            // ... and written by the keys' text without quotes, a prefix first (the encoder's
            // order for an object's members). The two differ only when a key continues another
            // with a space or "!", which sort before the closing quote.
            if text.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "!") }) {
                order.sort {
                    Self.compare(text, ranges[$0].dropFirst().dropLast(), ranges[$1].dropFirst().dropLast()) < 0
                }
            }
            json.beginObject()
            for index in order {
                json.separate()
                json.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[ranges[index]]))
                json.bytes.append(UInt8(ascii: ":"))
                json.write(numbers[index])
            }
            json.endObject()
        }
    }

    /// Compares two ranges of `text` by their bytes, a prefix first.
    private static func compare(_ text: UnsafeBufferPointer<UInt8>, _ left: Range<Int>, _ right: Range<Int>) -> Int {
        let common = min(left.count, right.count)
        let order = common == 0 ? 0 : memcmp(text.baseAddress! + left.lowerBound, text.baseAddress! + right.lowerBound, common)
        return order != 0 ? Int(order) : left.count - right.count
    }
}

/// What writing a document keeps: the nodes met and not written yet, in the order met.
final class DocumentWriteContext {
    let identities: DocumentIdentities
    /// Whether the nodes referred to are queued, to be written too (a snapshot), or only named
    /// (a patch, whose nodes are written already or in the document).
    let writesBelow: Bool
    private(set) var queue: [any DocumentNode] = []
    private var queued: Set<ObjectIdentifier> = []
    /// What encodes the values of every node written (its frames serve them all).
    private(set) lazy var encoder = JSONStreamEncoder()

    init(identities: DocumentIdentities, writesBelow: Bool = true) {
        self.identities = identities
        self.writesBelow = writesBelow
    }

    /// How a replica's snapshot numbers nodes (alike on every replica with the same changes);
    /// nil: by their numbers in this document.
    var numbering: [ObjectIdentifier: UInt64]?

    /// The number of `node`, which the document will hold (once).
    func reference(_ node: some DocumentNode) -> UInt64 {
        if writesBelow, queued.insert(ObjectIdentifier(node)).inserted { queue.append(node) }
        return number(of: node)
    }

    /// The number the document holds `node` by.
    func number(of node: any DocumentNode) -> UInt64 {
        numbering?[ObjectIdentifier(node)] ?? identities.id(of: node)
    }
}
