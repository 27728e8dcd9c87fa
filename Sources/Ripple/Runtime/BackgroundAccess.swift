import Foundation

// Members marked allowBackgroundRead or allowBackgroundWrite are the only ones that may be
// touched off the model's actor. Their storage is guarded by a lock (one of a fixed set,
// picked by the node's identity, so a node costs no lock of its own). Their accesses never
// look at the unsynchronised flags of the tracked path.

/// The striped locks of background members.
let backgroundLocks: [NSLock] = (0..<64).map { _ in NSLock() }

/// The lock that guards the background members of the node that owns `tracker`.
@usableFromInline
func _rippleLock(for tracker: Tracker) -> NSLock {
    backgroundLocks[Int(UInt(bitPattern: ObjectIdentifier(tracker).hashValue) % 64)]
}

extension RippleNode {
    /// Runs `body` under the lock of this node's background members, from any thread.
    @inlinable
    public func _rippleLocked<Result>(_ body: () -> Result) -> Result {
        _rippleLock(for: _rippleTracker).withLock(body)
    }

    /// Hands a background member's change to the main actor, unless `old == newValue`.
    ///
    /// Such writes happen outside transactions: they are never rolled back nor undone. Their
    /// readers are notified in a refresh of their own (or in the one running).
    @inlinable
    public func _rippleDidSetInBackground<Value: Equatable>(_ old: Value, _ newValue: Value, _ member: Int) {
        if old != newValue { _rippleDidWriteInBackground(self, member, old) }
    }

    @inlinable
    public func _rippleDidSetInBackground<Value>(_ old: Value, _ newValue: Value, _ member: Int) {
        _rippleDidWriteInBackground(self, member, old)
    }
}

/// Background writes waiting for the main actor.
final class BackgroundChanges: @unchecked Sendable {
    static let shared = BackgroundChanges()
    private let lock = NSLock()
    private var pending: [JournalEntry] = []

    /// Queues a change; the first one schedules a delivery on the main actor.
    func add(_ entry: JournalEntry) {
        let isFirst = lock.withLock {
            pending.append(entry)
            return pending.count == 1
        }
        if isFirst { Task { @MainActor in BackgroundChanges.shared.deliver() } }
    }

    /// Hands every queued change to the mediators watching it, and refreshes those that are idle.
    @MainActor
    func deliver() {
        let entries = lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
        var cores: [MediatorCore] = []
        for entry in entries {
            for core in MediatorCore.watchingCores(of: entry.node._rippleTracker) where !cores.contains(where: { $0 === core }) {
                cores.append(core)
            }
            for core in MediatorCore.watchingCores(of: entry.node._rippleTracker) { core.scheduler.noteOutsideWrite(entry) }
        }
        for core in cores where !core.isBusy {
            try? core.outermostUpdate {}
        }
    }
}

@usableFromInline
func _rippleDidWriteInBackground<Value>(_ node: any RippleNode, _ member: Int, _ old: Value) {
    BackgroundChanges.shared.add(JournalEntry(node: node, member: member, old: old))
}
