/// One committed update of one replica, as every replica integrates it.
struct ReplicaChange: Sendable, Equatable {
    /// The replica that made it.
    let replica: ReplicaID
    /// Its place among its replica's changes: 1, 2, 3...
    let sequence: UInt64
    /// What its replica had integrated when it made it: it waits for all of it elsewhere.
    let dependencies: DocumentVersion
    /// The clock of its first operation that is not a `make` (a `make` carries its node's).
    let firstCounter: UInt64
    let operations: [ChangeOperation]

    /// The clock of its last operation, or nil when its counters would overflow.
    var lastCounter: UInt64? {
        var total: UInt64 = 0
        for operation in operations {
            let (sum, overflow) = total.addingReportingOverflow(operation.counterSpan)
            guard !overflow else { return nil }
            total = sum
        }
        guard total > 0 else { return firstCounter }
        let (last, overflow) = firstCounter.addingReportingOverflow(total - 1)
        return overflow ? nil : last
    }
}
