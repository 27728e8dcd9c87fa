/// Why a replica refused a change set, or cannot take part in collaboration. Nothing is
/// changed when one is thrown.
public enum ReplicaError: Error, Equatable, CustomStringConvertible {
    /// The change set is of another document, or of this one begun from another state:
    /// replicas start from one document's snapshot, taken before anyone edits it or after the
    /// first collaboration call (such as reading ``Mediator/replicaID``) of the mediator it
    /// comes from; a mediator opened from a snapshot and edited before its own first call
    /// begins from its edited state.
    case otherDocument
    /// The change set is of another model (its root class).
    case otherModel(found: String, expected: String)
    /// The change set is not whole or not well formed (it may come from anywhere).
    case malformed(String)
    /// The replica's state was saved with a log that starts later than the version asked from:
    /// it cannot give the changes that version lacks. Ripple's own snapshots keep the whole
    /// log; ask a replica that has the changes, or open the other replica from this one's
    /// snapshot.
    case historyCompacted
    /// A ``SharedFolderStore``'s folder holds other replicas' change files but not yet the
    /// document they change (`genesis.ripple`): the sync engine has not brought it. Nothing was
    /// written; open the store again once it has.
    case folderNotSyncedYet
    /// A ``SharedFolderStore``'s identity file is inside the shared folder (every device would
    /// read one identity), or another store of this process holds it (two windows of one
    /// document would append as one replica). Nothing was written.
    case identityNotOwn(String)

    public var description: String {
        switch self {
        case .otherDocument:
            "the changes are of another document, or of this one begun from another state (open replicas from a snapshot taken after the first collaboration call)"
        case let .otherModel(found, expected): "the changes are of a '\(found)' document, not a '\(expected)' one"
        case .malformed(let reason): "the changes are malformed: \(reason)"
        case .historyCompacted:
            "this replica no longer holds the changes that version lacks"
        case .folderNotSyncedYet:
            "the shared folder holds changes but not yet its genesis.ripple; open it again once the sync engine has brought it"
        case .identityNotOwn(let reason): "the replica identity file cannot be used: \(reason)"
        }
    }
}
