/// A change of the visible document in replica terms: what a local update did (told to the
/// replica engine) and what a merge must do to the model (told by it). It mirrors
/// ``Patch/Operation``, with nodes named by ``NodeID`` and values split the way their member
/// merges.
enum ReplicaOperation: Hashable, Sendable {
    /// A node made, with every saved member's value (sorted by member name).
    case make(node: NodeID, type: String, members: [ReplicaMember])
    /// A member's whole content replaced (a register's value, or a collection set whole).
    case set(node: NodeID, member: String, content: ReplicaContent)
    /// A run of an ordered collection replaced: `removing` elements at `at` by `inserting`.
    case splice(node: NodeID, member: String, at: Int, removing: Int, inserting: [ReplicaValue])
    /// Keys of a dictionary set to values, and keys removed.
    case setKeys(node: NodeID, member: String, setting: [ReplicaEntry], removing: [ReplicaValue])
    /// Elements of a set inserted and removed.
    case setElements(node: NodeID, member: String, inserting: [ReplicaValue], removing: [ReplicaValue])

    /// The node the operation makes or edits.
    var node: NodeID {
        switch self {
        case .make(let node, _, _), .set(let node, _, _), .splice(let node, _, _, _, _), .setKeys(let node, _, _, _),
            .setElements(let node, _, _, _):
            node
        }
    }
}

/// A saved member of a node made, and its value.
struct ReplicaMember: Hashable, Sendable {
    let name: String
    let content: ReplicaContent
}

/// One value: a JSON text as documents write it, or a node (for members holding nodes).
enum ReplicaValue: Hashable, Sendable {
    case json(String)
    case node(NodeID)
}

/// A dictionary's key (its JSON text) and value.
struct ReplicaEntry: Hashable, Sendable {
    let key: String
    let value: ReplicaValue
}

/// A member's whole content, split as its shape merges.
enum ReplicaContent: Hashable, Sendable {
    /// A register's value (`nil` of an optional is `.json("null")`; a missing node reference
    /// of an optional node member too).
    case value(ReplicaValue)
    /// An ordered collection's elements.
    case elements([ReplicaValue])
    /// A dictionary's entries.
    case entries([ReplicaEntry])
    /// A set's elements.
    case members([ReplicaValue])
    /// An optional collection that is `nil`.
    case absent
}

/// How a member merges: what the generator says of its type.
enum MemberShape: Hashable, Sendable {
    /// Last writer wins, as a whole (values, `String`s, single and optional node references).
    case register
    /// An array (of values or nodes): elements inserted and removed, each replica's order kept.
    case sequence
    /// A dictionary: per key, a concurrent set beating a delete.
    case map
    /// A set: per element, a concurrent insert beating a removal.
    case set
}
