import Foundation

/// The engine's state for snapshots: what it was built from (genesis seeds, the changes it
/// integrated, those that wait), in the compact binary form of change sets, from which
/// decoding rebuilds the merge state. Replicas that have the same changes encode the same
/// bytes (no replica identity, everything sorted).
extension ReplicaEngine {
    /// The first byte of an encoded state: its format.
    static let stateFormat: UInt8 = 0xE1

    /// The state as bytes, for a snapshot.
    func encodedState() throws -> Data {
        var writer = CompactWriter()
        writer.string(document)
        writer.string(model)
        writer.varint(genesisSeeds.count)
        for seed in genesisSeeds {
            writer.varint(seed.count)
            for operation in seed { writer.operation(operation, base: 1) }
        }
        writer.changes(changes(since: DocumentVersion()).changes)
        writer.changes(waiting.keys.sorted().map { waiting[$0]! })
        return writer.bytes(format: Self.stateFormat)
    }

    /// Rebuilds a replica of identity `replica` from `encodedState()`'s bytes (this costs the
    /// document's history: every change is integrated again).
    ///
    /// - Throws: ``ReplicaError/malformed(_:)`` or ``ReplicaEngineError/malformed(_:)`` for bytes
    ///   that are not such a state.
    init(decoding data: Data, replica: ReplicaID, shapes: [String: [String: MemberShape]]) throws {
        var reader = try CompactReader(data, format: Self.stateFormat, what: "a replica state")
        self.init(replica: replica, document: try reader.string(), model: try reader.string(), shapes: shapes)
        var effects = ChangeEffects()
        for _ in 0..<(try reader.count()) {
            var seed: [ChangeOperation] = []
            for _ in 0..<(try reader.count()) { seed.append(try reader.operation(base: 1)) }
            var counter: UInt64 = 1
            for operation in seed {
                try apply(operation, id: OperationID(counter: counter, replica: .genesis), effects: &effects)
                let (next, overflow) = counter.addingReportingOverflow(operation.counterSpan)
                guard !overflow, next <= Self.maximumClock else {
                    throw ReplicaEngineError.malformed("genesis clocks out of range")
                }
                counter = next
            }
            clock = max(clock, counter)
            genesisSeeds.append(seed)
        }
        let (integrated, waiting) = (try reader.changes(), try reader.changes())
        try reader.finish()
        for change in integrated + waiting { try Self.checkRanges(change) }
        for change in integrated {
            guard change.sequence == version[change.replica] + 1, version.includes(change.dependencies) else {
                throw ReplicaEngineError.malformed("change \(change.sequence) of \(change.replica) out of order")
            }
            try apply(change, effects: &effects)
        }
        for change in waiting where change.sequence > version[change.replica] {
            self.waiting[ChangeKey(replica: change.replica, sequence: change.sequence)] = change
        }
        refreshMoves()
    }
}
