/// What a replica has of a shared document: for every replica, how many of its changes it has
/// integrated (a version vector). Hand it to another replica's
/// ``Mediator/changes(since:)`` to get what you lack.
public struct DocumentVersion: Hashable, Codable, Sendable {
    /// Changes integrated, by the replica that made them (replicas with none are absent).
    var counts: [ReplicaID: UInt64]
    /// The document this is a version of, as ``Mediator/version`` gives it: another document's
    /// replica refuses it (``ReplicaError/otherDocument``) instead of sending its whole history
    /// for the holder to refuse. `nil` in a version made with ``init()``, which any replica takes.
    var document: String?

    /// The version of a replica that has no change of any replica, of any document.
    public init() {
        counts = [:]
    }

    /// Whether the two include the same changes (whichever document they name: the empty
    /// version equals ``init()``).
    public static func == (lhs: DocumentVersion, rhs: DocumentVersion) -> Bool {
        lhs.counts == rhs.counts
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(counts)
    }

    /// `version` as the version of `document`.
    init(_ version: DocumentVersion, of document: String) {
        self = version
        self.document = document
    }

    /// How many of `replica`'s changes this version includes.
    subscript(replica: ReplicaID) -> UInt64 {
        get {
            // A change's dependencies on the others mostly name one replica: compared, not hashed.
            if counts.count == 1, let only = counts.first { return only.key == replica ? only.value : 0 }
            return counts[replica] ?? 0
        }
        set { counts[replica] = newValue == 0 ? nil : newValue }
    }

    /// Whether this version includes everything `other` does.
    public func includes(_ other: DocumentVersion) -> Bool {
        other.counts.allSatisfy { self[$0.key] >= $0.value }
    }

    /// Whether the two name one replica alike, with one count: compared without hashing (a
    /// change set's consecutive changes mostly share their dependencies on the others).
    func isSameSingleEntry(as other: DocumentVersion) -> Bool {
        guard counts.count == 1, other.counts.count == 1 else { return false }
        // One table (consecutive changes decoded share it) is equal at once; else one lookup.
        return counts == other.counts
    }
}
