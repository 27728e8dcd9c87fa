/// A shared document's changes, as a replica holds them: what one replica hands another
/// (through any transport) so that the other can catch up.
///
/// Get one from a replica with `changes(since:)` and give it to another's `merge(_:)`; change
/// sets may arrive duplicated, late or out of order. Its `Codable` form and ``encoded`` are a
/// compact binary form (about as small as Loro's updates).
public struct ChangeSet: Codable, Sendable, Equatable {
    /// The shared document's name: a replica refuses another document's changes.
    let document: String

    /// Whether these are changes of the document named `name` in its snapshots: a replica that
    /// began from a document's state adds that state's fingerprint to the name it gives its
    /// changes (`ReplicaSession.seed`).
    func isOf(document name: String) -> Bool {
        document == name || (document.hasPrefix(name) && document.dropFirst(name.count).first == "#")
    }
    /// The model's (root class's) name: a replica refuses another model's changes.
    let model: String
    /// The changes, in an order that puts each after those it depends on.
    let changes: [ReplicaChange]
    /// Where each change lies in the bytes it was decoded from (``init(encoded:)``), so that a
    /// replica's log keeps those bytes rather than encoding the changes again.
    var received: ReceivedChanges?

    /// Whether the two hold the same changes (however they were made).
    public static func == (lhs: ChangeSet, rhs: ChangeSet) -> Bool {
        lhs.document == rhs.document && lhs.model == rhs.model && lhs.changes == rhs.changes
    }
}
