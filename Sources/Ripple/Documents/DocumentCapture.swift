internal import RippleJSON

/// Takes one node's saved members for a compaction, on the main actor: what the generated
/// `_rippleCapture(to:)` calls, one method per member, as `_rippleSave(to:)` calls
/// ``DocumentNodeWriter``.
///
/// A value whose type is `Sendable` is kept as it is (a copy, which costs a retain for a string
/// or an array), and encoded later off the main actor (``CapturedDocument/encode(isCancelled:)``).
/// A value that is not `Sendable`, or whose `Encodable` conformance is isolated to the main actor
/// (a type in a target isolated to the main actor by default), picks the other overload and is
/// encoded here, as are members holding nodes (their numbers, and the order the document lists
/// its nodes in, are decided as the model is walked).
@_spi(RippleGenerated)
public struct DocumentCapture {
    /// Writes what is encoded now, sharing the walk's context (which numbers and queues nodes).
    var writer: DocumentNodeWriter
    var members: [CapturedMember] = []

    init(context: DocumentWriteContext) {
        writer = DocumentNodeWriter(json: JSONWriter(), context: context)
    }

    // Values kept, to be encoded later.

    /// Keeps a member's value, to be encoded off the main actor.
    ///
    /// - Parameters:
    ///   - value: The member's value.
    ///   - name: The member's name in the document.
    public mutating func value<Value: Encodable & Sendable>(_ value: Value, _ name: String) throws {
        members.append(CapturedMember(name: name, value: .encodable(value)))
    }

    /// Keeps a member's value, to be encoded off the main actor.
    ///
    /// - Parameters:
    ///   - value: The member's value.
    ///   - name: The member's name in the document.
    public mutating func value(_ value: Int, _ name: String) throws {
        members.append(CapturedMember(name: name, value: .int(value)))
    }

    /// Keeps a member's value, to be encoded off the main actor.
    ///
    /// - Parameters:
    ///   - value: The member's value.
    ///   - name: The member's name in the document.
    public mutating func value(_ value: String, _ name: String) throws {
        members.append(CapturedMember(name: name, value: .string(value)))
    }

    /// Keeps a member's value, to be encoded off the main actor.
    ///
    /// - Parameters:
    ///   - value: The member's value.
    ///   - name: The member's name in the document.
    public mutating func value(_ value: Bool, _ name: String) throws {
        members.append(CapturedMember(name: name, value: .bool(value)))
    }

    /// Keeps a member's value, to be encoded off the main actor.
    ///
    /// - Parameters:
    ///   - value: The member's value.
    ///   - name: The member's name in the document.
    public mutating func value(_ value: Double, _ name: String) throws {
        members.append(CapturedMember(name: name, value: .double(value)))
    }

    // Encoded now.

    /// Encodes a member now, on the main actor: its type is not `Sendable`.
    ///
    /// - Parameters:
    ///   - value: The member's value.
    ///   - name: The member's name in the document.
    /// - Throws: `EncodingError` when its `Encodable` conformance refuses it.
    public mutating func value<Value: Encodable>(_ value: Value, _ name: String) throws {
        try writeNow { try $0.value(value, name) }
    }

    /// Writes a member holding nodes now: their numbers, and the order the document lists its
    /// nodes in, are decided as the model is walked.
    ///
    /// - Parameters:
    ///   - node: The member's node.
    ///   - name: The member's name in the document.
    /// - Throws: `EncodingError` when a key cannot be encoded.
    public mutating func node(_ node: (some DocumentNode)?, _ name: String) throws {
        try writeNow { try $0.node(node, name) }
    }

    /// Writes a member holding nodes now: their numbers, and the order the document lists its
    /// nodes in, are decided as the model is walked.
    ///
    /// - Parameters:
    ///   - nodes: The member's nodes.
    ///   - name: The member's name in the document.
    /// - Throws: `EncodingError` when a key cannot be encoded.
    public mutating func nodes<Nodes: Sequence>(_ nodes: Nodes?, _ name: String) throws where Nodes.Element: DocumentNode {
        try writeNow { try $0.nodes(nodes, name) }
    }

    /// Writes a member holding nodes now: their numbers, and the order the document lists its
    /// nodes in, are decided as the model is walked.
    ///
    /// - Parameters:
    ///   - nodes: The member's nodes.
    ///   - name: The member's name in the document.
    /// - Throws: `EncodingError` when a key cannot be encoded.
    public mutating func nodes<Node: DocumentNode & Hashable>(_ nodes: Set<Node>?, _ name: String) throws {
        try writeNow { try $0.nodes(nodes, name) }
    }

    /// Writes a member holding nodes now: their numbers, and the order the document lists its
    /// nodes in, are decided as the model is walked.
    ///
    /// - Parameters:
    ///   - nodes: The member's nodes.
    ///   - name: The member's name in the document.
    /// - Throws: `EncodingError` when a key cannot be encoded.
    public mutating func nodes<Key: Encodable & Hashable, Node: DocumentNode>(_ nodes: [Key: Node]?, _ name: String) throws {
        try writeNow { try $0.nodes(nodes, name) }
    }

    /// Writes members into the capture's text now (a key and a value each, with commas between
    /// them); they are kept as that run of text.
    mutating func writeNow(_ write: (inout DocumentNodeWriter) throws -> Void) throws {
        let start = writer.json.bytes.count
        writer.json.needsComma = false
        try write(&writer)
        members.append(CapturedMember(name: "", value: .text(start..<writer.json.bytes.count)))
    }
}

extension DocumentNode {
    /// Code generated before captures existed: every member is encoded on the main actor.
    @_spi(RippleGenerated) public func _rippleCapture(to capture: inout DocumentCapture) throws {
        try capture.writeNow { try _rippleSave(to: &$0) }
    }
}

/// One member of a captured node.
struct CapturedMember: Sendable {
    /// Its name (empty for `.text`, which holds its names).
    let name: String
    let value: CapturedValue
}

/// A member's value as a capture keeps it.
enum CapturedValue: Sendable {
    case int(Int)
    case string(String)
    case bool(Bool)
    case double(Double)
    case encodable(any Encodable & Sendable)
    /// Members written at the capture: where their text is in ``CapturedDocument/text``.
    case text(Range<Int>)
}

/// A document's saved values taken on the main actor, to be encoded anywhere: its header, its
/// nodes in the order a snapshot lists them, their members, and the text of what was encoded as
/// it was taken. ``encode(isCancelled:)`` writes the bytes ``Mediator/snapshotBytes(extra:)``
/// writes for the same document.
struct CapturedDocument: Sendable {
    struct Node: Sendable {
        let id: UInt64
        let type: String
        /// Where its members end in ``CapturedDocument/members`` (they start where the previous
        /// node's end).
        let end: Int
    }

    let header: DocumentHeader
    let nodes: [Node]
    let members: [CapturedMember]
    let text: [UInt8]

    /// The document's bytes.
    ///
    /// - Parameter isCancelled: Asked now and then; `true` stops the encoding.
    /// - Throws: `CancellationError`; ``DocumentError/unencodable(reason:)`` for a value its
    ///   `Encodable` conformance refuses.
    func encode(isCancelled: () -> Bool = { false }) throws -> [UInt8] {
        // A context of its own: the nodes are numbered already, nothing is queued.
        var writer = DocumentNodeWriter(json: JSONWriter(), context: DocumentWriteContext(identities: DocumentIdentities(), writesBelow: false))
        writer.json.bytes.reserveCapacity(text.count + members.count * 16 + nodes.count * 40)
        writer.json.beginArray()
        var start = 0
        do {
            for (index, node) in nodes.enumerated() {
                if index & 1_023 == 0, isCancelled() { throw CancellationError() }
                writer.json.beginObject()
                writer.json.key("id")
                writer.json.write(node.id)
                writer.json.key("type")
                writer.json.write(node.type)
                writer.json.key("values")
                writer.json.beginObject()
                for member in members[start..<node.end] {
                    switch member.value {
                    case .int(let value): try writer.value(value, member.name)
                    case .string(let value): try writer.value(value, member.name)
                    case .bool(let value): try writer.value(value, member.name)
                    case .double(let value): try writer.value(value, member.name)
                    case .encodable(let value): try writer.value(value, member.name)
                    case .text(let range):
                        guard !range.isEmpty else { continue }
                        writer.json.separate()
                        writer.json.bytes.append(contentsOf: text[range])
                        writer.json.needsComma = true
                    }
                }
                start = node.end
                writer.json.endObject()
                writer.json.endObject()
            }
        } catch let error as EncodingError {
            throw DocumentError.unencodable(reason: "\(error)")
        }
        writer.json.endArray()
        return header.document(nodes: &writer.json.bytes)
    }
}

extension Mediator where Root: DocumentRoot {
    /// The saved values of the model, for a snapshot with `extra` members in its header: every
    /// node walked, its values copied, what is not `Sendable` encoded.
    ///
    /// - Complexity: O(n) in the saved members, without encoding what can be encoded later.
    /// - Throws: ``DocumentError/updateInProgress`` inside an update;
    ///   ``DocumentError/unencodable(reason:)`` for a value encoded now that cannot be.
    func captureDocument(extra: [(String, UInt64)] = []) throws -> CapturedDocument {
        // Only between updates: what storage holds then has committed (and is journaled).
        guard core.updateDepth == 0 else { throw DocumentError.updateInProgress }
        let context = DocumentWriteContext(identities: identities)
        let rootID = context.reference(root)
        var capture = DocumentCapture(context: context)
        var nodes: [CapturedDocument.Node] = []
        var next = 0
        do {
            while next < context.queue.count {
                let node = context.queue[next]
                next += 1
                try node._rippleCapture(to: &capture)
                nodes.append(CapturedDocument.Node(id: identities.id(of: node), type: type(of: node)._rippleDescriptor.name, end: capture.members.count))
            }
        } catch let error as EncodingError {
            throw DocumentError.unencodable(reason: "\(error)")
        }
        let header = DocumentHeader(Root.self, extra: extra, identities: identities, root: rootID)
        return CapturedDocument(header: header, nodes: nodes, members: capture.members, text: capture.writer.json.bytes)
    }
}
