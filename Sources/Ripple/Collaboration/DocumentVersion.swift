/// What a replica has of a shared document: for every replica, how many of its changes it has
/// integrated (a version vector). Hand it to another replica's
/// ``Mediator/changes(since:)`` to get what you lack.
public struct DocumentVersion: Hashable, Codable, Sendable {
    /// Changes integrated, by the replica that made them (replicas with none are absent).
    var counts: [ReplicaID: UInt64]

    /// The version of a replica that has no change of any replica.
    public init() {
        counts = [:]
    }

    /// How many of `replica`'s changes this version includes.
    subscript(replica: ReplicaID) -> UInt64 {
        get { counts[replica] ?? 0 }
        set { counts[replica] = newValue == 0 ? nil : newValue }
    }

    /// Whether this version includes everything `other` does.
    public func includes(_ other: DocumentVersion) -> Bool {
        other.counts.allSatisfy { self[$0.key] >= $0.value }
    }
}
