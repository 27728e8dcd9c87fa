// PLACEHOLDER of the lead's branch, replaced by the engine branch at merge: records local
// operations and hands them on in order, with no conflict rules.

public struct ChangeSet: Sendable, Equatable {
    let document: String
    let model: String
    let changes: [Change]

    struct Change: Sendable, Equatable {
        let replica: ReplicaID
        let sequence: UInt64
        let operations: [ReplicaOperation]
    }
}

struct ReplicaEngine {
    let replica: ReplicaID
    let document: String
    let model: String
    private(set) var version = DocumentVersion()
    private var log: [ChangeSet.Change] = []
    private var counter: UInt64 = 0

    init(replica: ReplicaID, document: String, model: String, shapes: [String: [String: MemberShape]]) {
        self.replica = replica
        self.document = document
        self.model = model
    }

    mutating func newNode() -> NodeID {
        counter += 1
        return NodeID(made: OperationID(counter: counter, replica: replica))
    }

    mutating func recordLocal(_ operations: [ReplicaOperation]) {
        version[replica] += 1
        log.append(ChangeSet.Change(replica: replica, sequence: version[replica], operations: operations))
    }

    func changes(since version: DocumentVersion) -> ChangeSet {
        ChangeSet(document: document, model: model, changes: log.filter { $0.sequence > version[$0.replica] })
    }

    mutating func integrate(_ changes: ChangeSet) throws -> [ReplicaOperation] {
        guard changes.document == document, changes.model == model else { throw ReplicaError.malformed("another document") }
        var result: [ReplicaOperation] = []
        for change in changes.changes where change.sequence == version[change.replica] + 1 {
            version[change.replica] = change.sequence
            log.append(change)
            result += change.operations
        }
        return result
    }
}
