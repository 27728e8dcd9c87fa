/// Who made a change: each mediator of a shared document is a replica with an identity of its
/// own (a ``DocumentStore`` keeps its own across reopenings).
///
/// Replica identities are random 64-bit numbers; they order concurrent changes that a logical
/// clock cannot (a tie goes to the higher identity), never by wall-clock time.
public struct ReplicaID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The identity, never 0 (0 stands for the nodes a document held before it was shared).
    public let rawValue: UInt64

    /// The replica of identity `rawValue`, or nil for 0.
    public init?(rawValue: UInt64) {
        guard rawValue != 0 else { return nil }
        self.rawValue = rawValue
    }

    private init(unchecked rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// A new identity, drawn at random.
    static func random() -> ReplicaID {
        ReplicaID(unchecked: UInt64.random(in: 1...UInt64.max))
    }

    /// The maker of the nodes a document held before it was shared.
    static let genesis = ReplicaID(unchecked: 0)

    public static func < (lhs: ReplicaID, rhs: ReplicaID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        let digits = String(rawValue, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
