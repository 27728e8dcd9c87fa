// The two flags the generated accessors test on every read and write. They live outside any
// mediator so that a read costs one load and one predictable branch when nobody checks.
// They are only ever written on the main actor; members marked allowBackgroundRead/Write
// never look at them.

/// Whether a registration whose reads are checked is running.
@usableFromInline nonisolated(unsafe) var _rippleChecksReads = false

/// Whether an update or refresh is recording writes.
@usableFromInline nonisolated(unsafe) var _rippleIsRecording = false

/// The journal epoch of the innermost running mediator (outside updates, the epoch of the writes
/// outside updates, fresh after each update): a write of a member that its tracker already
/// journaled in this epoch needs no journaling again.
@usableFromInline nonisolated(unsafe) var _rippleJournalEpoch: UInt64 = 0

/// The mediator whose update or refresh is running, innermost first.
nonisolated(unsafe) var activeCores: [MediatorCore] = []

/// The slow path of a tracked read: check it against the running registration's contract.
@usableFromInline
func _rippleDidRead(_ node: any RippleNode, _ member: Int) {
    activeCores.last?.didRead(node, member)
}

/// The slow path of a tracked write: journal the old value, or note a write outside updates.
@usableFromInline
func _rippleWillWrite<Value>(_ node: any RippleNode, _ member: Int, _ old: Value) {
    if let core = activeCores.last {
        core.record(node, member, old: old)
    } else {
        MediatorCore.writeOutsideUpdate(node, member, old: old)
    }
}
