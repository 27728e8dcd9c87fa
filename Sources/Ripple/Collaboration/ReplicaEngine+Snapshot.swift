import Foundation

/// The engine's state for snapshots: what it was built from (genesis seeds, the changes it
/// integrated, those that wait), from which decoding rebuilds the merge state. Replicas that
/// have the same changes encode the same bytes (no replica identity, everything sorted).
extension ReplicaEngine {
    /// What a snapshot keeps of a replica.
    private struct EncodedState: Codable {
        let document: String
        let model: String
        let genesisSeeds: [[ChangeOperation]]
        /// Integrated changes, each after those it depends on (by clock, then replica).
        let changes: [ReplicaChange]
        let waiting: [ReplicaChange]
    }

    /// The state as bytes, for a snapshot.
    func encodedState() throws -> Data {
        let state = EncodedState(
            document: document, model: model, genesisSeeds: genesisSeeds,
            changes: changes(since: DocumentVersion()).changes,
            waiting: waiting.keys.sorted().map { waiting[$0]! })
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(state)
    }

    /// Rebuilds a replica of identity `replica` from `encodedState()`'s bytes (this costs the
    /// document's history: every change is integrated again).
    ///
    /// - Throws: a decoding error or ``ReplicaEngineError/malformed(_:)`` for bytes that are not
    ///   such a state.
    init(decoding data: Data, replica: ReplicaID, shapes: [String: [String: MemberShape]]) throws {
        let state = try JSONDecoder().decode(EncodedState.self, from: data)
        self.init(replica: replica, document: state.document, model: state.model, shapes: shapes)
        var effects = ChangeEffects()
        for seed in state.genesisSeeds {
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
        for change in state.changes + state.waiting { try Self.checkRanges(change) }
        for change in state.changes {
            guard change.sequence == version[change.replica] + 1, version.includes(change.dependencies) else {
                throw ReplicaEngineError.malformed("change \(change.sequence) of \(change.replica) out of order")
            }
            try apply(change, effects: &effects)
        }
        for change in state.waiting where change.sequence > version[change.replica] {
            waiting[ChangeKey(replica: change.replica, sequence: change.sequence)] = change
        }
        refreshMoves()
    }
}
