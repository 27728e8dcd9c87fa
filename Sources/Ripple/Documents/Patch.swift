internal import RippleJSON

/// What one committed update changed in a document, and no more: for a replica to apply
/// (``Mediator/apply(_:)``), or a journal to keep.
///
/// Nodes are named by their numbers in the document, which reordering, moving and replacing
/// keep. A patch holds the nodes an update brought into the document (new ones, or ones put back
/// by an undo) with their saved members, then the changes of members, each as small as it can
/// be: an append to an array of 50,000 is one element at one position.
///
/// `Codable` and `Sendable`, so it crosses tasks, processes and networks.
public struct Patch: Codable, Sendable, Equatable {
    /// The tag of the update it describes (`"undo"` and `"redo"` for those).
    public let tag: String?
    /// The changes, in the order to apply them.
    public let operations: [Operation]
    /// The document it changes (the name its snapshots carry), so that a replica of another
    /// document refuses it.
    let document: String
    /// Its place among the document's patches: the first after a snapshot follows the
    /// snapshot's number. A replica applies each once, in order.
    let sequence: UInt64

    /// One change.
    public enum Operation: Codable, Sendable, Equatable {
        /// A node brought into the document, with all its saved members (as a snapshot holds them).
        case node(id: UInt64, type: String, values: PatchValue)
        /// A member's new value (for a member holding nodes, their numbers).
        case set(node: UInt64, member: String, value: PatchValue)
        /// A run of an array replaced: `removing` elements at `at` by the `inserting` ones.
        case splice(node: UInt64, member: String, at: Int, removing: Int, inserting: PatchValue)
        /// Keys of a dictionary set to new values, and keys removed.
        case setKeys(node: UInt64, member: String, values: PatchValue, removing: PatchValue)
        /// Elements of a set inserted and removed.
        case setElements(node: UInt64, member: String, inserting: PatchValue, removing: PatchValue)

        /// The node it changes.
        var node: UInt64 {
            switch self {
            case .node(let id, _, _): id
            case .set(let node, _, _), .splice(let node, _, _, _, _), .setKeys(let node, _, _, _),
                .setElements(let node, _, _, _):
                node
            }
        }
    }
}

/// A value in a patch, as the JSON a document holds it in.
public struct PatchValue: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The JSON text.
    public let json: String

    init(_ bytes: [UInt8]) {
        json = String(decoding: bytes, as: UTF8.self)
    }

    public init(from decoder: any Decoder) throws {
        json = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(json)
    }

    public var description: String { json }

    /// The parsed value.
    func parsed() throws -> JSONValue {
        do {
            return try DocumentJSON.parse(Array(json.utf8))
        } catch {
            throw DocumentError.patchDoesNotApply(reason: "a value is not JSON: \(error)")
        }
    }
}
