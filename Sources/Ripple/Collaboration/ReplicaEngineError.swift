/// Why a replica refused a change set; nothing of the replica changed.
enum ReplicaEngineError: Error, Equatable, CustomStringConvertible {
    /// The change set is another document's.
    case otherDocument(expected: String, found: String)
    /// The change set is another model's.
    case otherModel(expected: String, found: String)
    /// A change names what cannot be: an unknown node or item, a bad clock or sequence number,
    /// an operation that does not fit its member's shape.
    case malformed(String)

    var description: String {
        switch self {
        case .otherDocument(let expected, let found):
            "the changes are of document \"\(found)\", this replica's is \"\(expected)\""
        case .otherModel(let expected, let found):
            "the changes are of model \"\(found)\", this replica's is \"\(expected)\""
        case .malformed(let reason):
            "malformed changes: \(reason); share changes only as a replica hands them out"
        }
    }
}
