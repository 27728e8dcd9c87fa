/// Why a replica refused a change set, or cannot take part in collaboration. Nothing is
/// changed when one is thrown.
public enum ReplicaError: Error, Equatable, CustomStringConvertible {
    /// The change set is of another document (replicas start from one document's snapshot).
    case otherDocument
    /// The change set is of another model (its root class).
    case otherModel(found: String, expected: String)
    /// The change set is not whole or not well formed (it may come from anywhere).
    case malformed(String)
    /// The mediator is a ``DocumentStore``'s, whose journal keeps patches, not changes: a
    /// replica that is saved is a store shared through a folder.
    case storeIsNotShared
    /// The replica's state was saved with a log that starts later than the version asked from:
    /// it cannot give the changes that version lacks. Ripple's own snapshots keep the whole
    /// log; ask a replica that has the changes, or open the other replica from this one's
    /// snapshot.
    case historyCompacted

    public var description: String {
        switch self {
        case .otherDocument: "the changes are of another document"
        case let .otherModel(found, expected): "the changes are of a '\(found)' document, not a '\(expected)' one"
        case .malformed(let reason): "the changes are malformed: \(reason)"
        case .storeIsNotShared:
            "a document store's mediator takes part in collaboration only when the store is shared (sharing: .folder)"
        case .historyCompacted:
            "this replica no longer holds the changes that version lacks"
        }
    }
}
