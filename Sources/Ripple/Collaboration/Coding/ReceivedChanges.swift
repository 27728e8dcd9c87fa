/// The bytes of a change set as it arrived, with its tables read: kept by a replica's log
/// (``ReplicaLog``) for the changes it integrated from them, so that it holds them in their
/// compact form without encoding them again.
final class ReceivedBytes: Sendable {
    let bytes: [UInt8]
    let strings: [String]
    let replicas: [ReplicaID]

    init(bytes: [UInt8], strings: [String], replicas: [ReplicaID]) {
        self.bytes = bytes
        self.strings = strings
        self.replicas = replicas
    }
}

/// Where each change of a change set decoded from its compact form lies in its bytes.
struct ReceivedChanges: Sendable {
    let source: ReceivedBytes
    /// Each change's first byte, then the end of the last.
    let starts: [Int]
    /// Each change's replica's sequence in the change before it in the set (0 for none): what
    /// its own sequence is written relative to.
    let sequenceBases: [UInt64]

    /// The change at `index` of `changes` (those decoded from these bytes) as a run of one.
    func run(of index: Int, in changes: [ReplicaChange]) -> ReceivedRun {
        ReceivedRun(
            source: source, start: starts[index], end: starts[index + 1], count: 1, replica: changes[index].replica,
            sequenceBase: sequenceBases[index], previousFirstCounter: index > 0 ? changes[index - 1].firstCounter : 0)
    }
}

/// Consecutive changes of one replica that lie one after the other in a change set's bytes,
/// with what decoding them needs of the changes before them.
struct ReceivedRun: Sendable {
    let source: ReceivedBytes
    let start: Int
    var end: Int
    var count: Int
    let replica: ReplicaID
    /// The sequence of the replica's change before the first (what its sequence is written
    /// relative to).
    let sequenceBase: UInt64
    /// The first counter of the change before the first in the set (what its own is written
    /// relative to).
    let previousFirstCounter: UInt64

    /// This run and `next` as one, when `next` is the change right after it in the same bytes
    /// (and so, in one replica's log, the change after its last).
    func followed(by next: ReceivedRun) -> ReceivedRun? {
        guard next.source === source, next.start == end, next.replica == replica else { return nil }
        var joined = self
        joined.end = next.end
        joined.count += next.count
        return joined
    }

    /// The changes, decoded again.
    func changes() -> [ReplicaChange] {
        var reader = CompactReader(source, at: start)
        var context = CompactReader.ChangeContext(
            previousFirstCounter: previousFirstCounter, last: (replica, sequenceBase))
        var changes: [ReplicaChange] = []
        do {
            for _ in 0..<count { changes.append(try reader.change(&context).change) }
        } catch {
            preconditionFailure("received changes that read once do not read again: \(error)")
        }
        precondition(reader.position == end, "received changes read past their run")
        return changes
    }
}
