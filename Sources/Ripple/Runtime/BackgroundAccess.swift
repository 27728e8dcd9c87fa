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
    /// Reads a background member's storage under its lock, from any thread.
    @inlinable
    public func _rippleLockedRead<Value>(_ read: () -> Value) -> Value {
        _rippleLock(for: tracker).withLock(read)
    }

    /// Writes an `allowBackgroundRead` member on the model's actor: tracked like any other
    /// write, with the store itself under the lock that background readers take.
    @inlinable
    public func _rippleLockedWrite<Value: Equatable>(_ storage: inout Value, _ newValue: Value, _ member: Int) {
        if storage == newValue { return }
        if _slowPath(_rippleIsRecording || tracker._isWatched) { _rippleWillWrite(self, member, storage) }
        _rippleLock(for: tracker).withLock { storage = newValue }
    }

    @inlinable
    public func _rippleLockedWrite<Value>(_ storage: inout Value, _ newValue: Value, _ member: Int) {
        if _slowPath(_rippleIsRecording || tracker._isWatched) { _rippleWillWrite(self, member, storage) }
        _rippleLock(for: tracker).withLock { storage = newValue }
    }

    /// Writes an `allowBackgroundWrite` member from any thread.
    ///
    /// Such writes happen outside transactions: they are never rolled back nor undone. The
    /// change is handed to the main actor, which notifies its readers in a refresh of their
    /// own (or the running one).
    @inlinable
    public func _rippleBackgroundWrite<Value: Equatable>(_ storage: inout Value, _ newValue: Value, _ member: Int) {
        let old: Value? = _rippleLock(for: tracker).withLock {
            if storage == newValue { return nil }
            defer { storage = newValue }
            return storage
        }
        if let old { _rippleDidWriteInBackground(self, member, old) }
    }

    @inlinable
    public func _rippleBackgroundWrite<Value>(_ storage: inout Value, _ newValue: Value, _ member: Int) {
        let old: Value = _rippleLock(for: tracker).withLock {
            defer { storage = newValue }
            return storage
        }
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
            for core in MediatorCore.watchingCores(of: entry.node.tracker) where !cores.contains(where: { $0 === core }) {
                cores.append(core)
            }
            for core in MediatorCore.watchingCores(of: entry.node.tracker) { core.noteOutsideWrite(entry) }
        }
        for core in cores where !core.isRefreshing && core.updateDepth == 0 {
            try? core.outermostUpdate {}
        }
    }
}

@usableFromInline
func _rippleDidWriteInBackground<Value>(_ node: any RippleNode, _ member: Int, _ old: Value) {
    BackgroundChanges.shared.add(JournalEntry(node: node, member: member, old: old))
}
