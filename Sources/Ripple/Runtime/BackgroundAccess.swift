import Foundation

// Members marked allowBackgroundRead or allowBackgroundWrite are the only ones that may be
// touched off the main actor. Their storage is guarded by a lock (one of a fixed set, picked
// by the node's identity, so a node costs no lock of its own). Their getters, and the setters
// of allowBackgroundWrite members, never look at the unsynchronised flags of the tracked path;
// an allowBackgroundRead setter runs on the main actor and journals like any other.
//
// Their generated accessors are `nonisolated` in a main-actor class, where the conformance to
// `RippleNode` is isolated to the main actor and cannot be used: so what they call here takes
// the node as a plain object, and finds its conformance on the main actor.

/// The striped locks of background members.
let backgroundLocks: [NSLock] = (0..<64).map { _ in NSLock() }

/// The lock that guards the background members of `node`.
@usableFromInline
func _rippleLock(for node: AnyObject) -> NSLock {
    backgroundLocks[Int(UInt(bitPattern: ObjectIdentifier(node).hashValue) % 64)]
}

/// Runs `body` under the lock of the background members of `node`, from any thread.
@inlinable
@_spi(RippleGenerated) public func _rippleLocked<Result>(_ node: AnyObject, _ body: () -> Result) -> Result {
    _rippleLock(for: node).withLock(body)
}

/// Journals `old` before the setter of a member readable from any thread stores a new value.
///
/// Such a setter is `nonisolated` in a main-actor class, whose conformance is isolated to the
/// main actor and cannot be named there, so it reaches the conformance dynamically. It runs on
/// the main actor, in updates, as every setter of a member that is not `allowBackgroundWrite`.
@inlinable
@_spi(RippleGenerated) public func _rippleWillSetShared<Value>(_ node: AnyObject, _ old: Value, _ member: Int) {
    guard let tracked = node as? any RippleNode else { return }
    tracked._rippleWillSet(old, member)
}

/// Hands a background member's change to the main actor, unless `old == newValue`.
///
/// Such writes happen outside transactions: they are never rolled back nor undone. Their
/// readers are notified in a refresh of their own (or in the one running).
@inlinable
@_spi(RippleGenerated) public func _rippleDidSetInBackground<Value: Equatable>(_ node: AnyObject, _ old: Value, _ newValue: Value, _ member: Int) {
    if old != newValue { _rippleDidWriteInBackground(node, member, old) }
}

@inlinable
@_spi(RippleGenerated) public func _rippleDidSetInBackground<Value>(_ node: AnyObject, _ old: Value, _ newValue: Value, _ member: Int) {
    _rippleDidWriteInBackground(node, member, old)
}

/// A node as background work holds it: `Sendable`, offering only the node's members that are
/// safe on any thread, those annotated `allowBackgroundRead` (read) or `allowBackgroundWrite`
/// (read and written).
///
/// An action's work runs off the main actor, so what it captures must be `Sendable`. A
/// `@MainActor` model class is `Sendable` already, and its background members are
/// `nonisolated` (see <doc:Isolation>); a nonisolated class is not, so hand the work a
/// `BackgroundNode` of it instead, made on the main actor:
///
/// ```swift
/// let job = BackgroundNode(library.job)
/// mediator.run("Import") { context in
///     for index in files.indices {
///         try context.checkCancellation()
///         job.progress = Double(index + 1) / Double(files.count)   // allowBackgroundWrite
///     }
///     let title = job.title                                       // allowBackgroundRead
///     return { library in library.imported = title }
/// }
/// ```
///
/// The generated code gives `BackgroundNode<Job>` the background properties of `Job`; one
/// readable only (`allowBackgroundRead`) has no setter here, since it is written in updates.
/// Node members are left out: a node handed out would lead to its other members. Make a
/// `BackgroundNode` of the child node instead.
public struct BackgroundNode<Node: AnyObject>: @unchecked Sendable {
    // Sendable although `Node` may not be: the only members the generated code offers are
    // those whose storage Ripple guards with a lock.

    /// The node. Generated code only: its other members are not safe off the main actor.
    @_spi(RippleGenerated) public let _node: Node

    /// Wraps `node`, for background work to use its background members.
    public init(_ node: Node) {
        _node = node
    }
}

/// Background writes waiting for the main actor.
final class BackgroundChanges: @unchecked Sendable {
    /// A change made off the main actor: the node as a plain object, since its conformance may
    /// be usable on the main actor only.
    private struct Change {
        let node: AnyObject
        let member: Int
        let old: Any
    }

    static let shared = BackgroundChanges()
    private let lock = NSLock()
    private var pending: [Change] = []

    /// Queues a change; the first one schedules a delivery on the main actor. Every refresh
    /// delivers what waits too, so a write made in an update is part of its commit.
    func add(_ node: AnyObject, _ member: Int, _ old: Any) {
        let isFirst = lock.withLock {
            pending.append(Change(node: node, member: member, old: old))
            return pending.count == 1
        }
        if isFirst { Task { @MainActor in BackgroundChanges.shared.deliver() } }
    }

    /// Hands every queued change to the mediators watching it, and refreshes those that are idle.
    @MainActor
    func deliver() {
        let changes = lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
        guard !changes.isEmpty else { return }
        var cores: [MediatorCore] = []
        for change in changes {
            // On the main actor, a conformance isolated to it is found.
            guard let node = change.node as? any RippleNode else { continue }
            var watching = MediatorCore.watchingCores(of: node._rippleTracker)
            // The document holding it journals and patches it, watched or not.
            if node._rippleTracker.isInDocument, type(of: node)._rippleDescriptor.saves(change.member) {
                watching += MediatorCore.documentCores(holding: node).filter { core in !watching.contains { $0 === core } }
            }
            for core in watching where !cores.contains(where: { $0 === core }) {
                cores.append(core)
            }
            for core in watching {
                core.scheduler.noteOutsideWrite(JournalEntry(node: node, member: change.member, old: change.old))
            }
        }
        for core in cores where !core.isBusy {
            try? core.outermostUpdate {}
        }
    }
}

@usableFromInline
func _rippleDidWriteInBackground<Value>(_ node: AnyObject, _ member: Int, _ old: Value) {
    BackgroundChanges.shared.add(node, member, old)
}
