internal import RippleJSON

/// A document of an older version, as a model's `migrateDocument(_:from:)` changes it into the
/// current version: its nodes, each with its number, class and saved values by member name.
///
/// ```swift
/// static func migrateDocument(_ document: inout DocumentMigration, from version: Int) throws {
///     if version < 2 {
///         // Version 2 renamed Shelf.name to Shelf.title, and counts shelves from 1.
///         document.forEachNode(ofType: "Shelf") { values in
///             values["title"] = values.removeValue(forKey: "name")
///             if case .int(let rank)? = values["rank"] { values["rank"] = .int(rank + 1) }
///         }
///     }
/// }
/// ```
///
/// A member the migrated document does not hold takes its initial value when it opens.
public struct DocumentMigration: Sendable {
    /// One node of the document.
    public struct Node: Sendable {
        /// Its number, by which other nodes' members refer to it.
        public let id: UInt64
        /// The name of its class.
        public var type: String
        /// Its saved members, by name.
        public var values: [String: DocumentValue]
    }

    /// The nodes, in the order the document holds them.
    public var nodes: [Node]
    let root: UInt64
    let nextID: UInt64
    /// The header's document name and patch number, carried over.
    let header: [(key: String, value: JSONValue)]

    /// Calls `body` with the values of every node of class `type`.
    public mutating func forEachNode(ofType type: String, _ body: (inout [String: DocumentValue]) throws -> Void) rethrows {
        for index in nodes.indices where nodes[index].type == type { try body(&nodes[index].values) }
    }

    init(_ document: JSONValue) throws {
        do {
            // Numbers in range, as opening checks them: the migrated document's next number is
            // worked out from them.
            root = try nodeNumber(document.member("root"))
            nextID = try document.member("nextID").uint64()
            guard nextID <= DocumentIdentities.limit + 1 else {
                throw DocumentError.damaged(reason: "its next node number, \(nextID), leaves no numbers to give")
            }
            header = try ["document", "sequence"].compactMap { key in try document.memberIfPresent(key).map { (key, $0) } }
            nodes = try document.member("nodes").elements().map { entry in
                let values = try entry.member("values").members().map { ($0.key, try DocumentValue($0.value)) }
                return Node(
                    id: try nodeNumber(entry.member("id")), type: try entry.member("type").string(),
                    values: Dictionary(values, uniquingKeysWith: { first, _ in first }))
            }
        } catch let error as DocumentError {
            throw error
        } catch {
            throw DocumentError.damaged(reason: describe(error))
        }
    }

    /// The migrated document, as a document of `version`.
    func bytes(model: String, version: Int) throws -> [UInt8] {
        var json = JSONWriter()
        json.beginObject()
        json.key("format")
        json.write(documentFormat)
        json.key("model")
        json.write(model)
        json.key("version")
        json.write(version)
        for (key, value) in header {
            json.key(key)
            try json.encode(DocumentValue(value))
        }
        json.key("root")
        json.write(root)
        json.key("nextID")
        json.write(max(nextID, (nodes.map(\.id).max() ?? 0) + 1))
        json.key("nodes")
        json.beginArray()
        for node in nodes {
            json.beginObject()
            json.key("id")
            json.write(node.id)
            json.key("type")
            json.write(node.type)
            json.key("values")
            try json.encode(node.values)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.bytes
    }
}

/// A value of a document, as a migration reads and writes it: JSON, with numbers told apart
/// as integers and others. A member holding nodes holds their numbers.
public enum DocumentValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case int(Int)
    /// A whole number above `Int.max` (a `UInt64`), kept exact.
    case uint(UInt64)
    case double(Double)
    case string(String)
    case array([DocumentValue])
    case object([String: DocumentValue])

    init(_ value: JSONValue) throws {
        switch value.kind {
        case .null: self = .null
        case .bool: self = .bool(try value.bool())
        case .number:
            // Exact: every Int, every UInt64, and -0 as the Double it was.
            if let double = try? value.double(), double == 0, double.sign == .minus {
                self = .double(double)
            } else if let int = try? value.int() {
                self = .int(int)
            } else if let uint = try? value.uint64() {
                self = .uint(uint)
            } else {
                self = .double(try value.double())
            }
        case .string: self = .string(try value.string())
        case .array: self = .array(try value.elements().map(DocumentValue.init))
        case .object:
            self = .object(Dictionary(try value.members().map { ($0.key, try DocumentValue($0.value)) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(UInt64.self) {
            self = .uint(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([DocumentValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: DocumentValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
