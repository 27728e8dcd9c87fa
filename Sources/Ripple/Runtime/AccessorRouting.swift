/// How a generated accessor reaches its mediator: the process-wide state that every tracked
/// read and write consults, in one place.
///
/// A node does not know its mediator (it may be in several models, or in none yet), so its
/// getters and setters ask here. On the fast path they test flags, one load and one predictable
/// branch each when nobody records or checks: ``checksReads`` (getters), ``isRecording`` and
/// ``journalEpoch`` (setters, with the bits in the node's tracker). On the slow path they find
/// the mediator: the innermost of ``running`` during an update or a refresh, else the mediators
/// in ``live`` whose model holds the node (a write outside updates).
///
/// The invariants, for every member:
/// - Written on the main actor only: by ``enter(_:)`` and ``leave(_:)`` as an outermost update
///   starts and ends, by ``add(_:)`` as a mediator is made, by `Journal` as a segment starts or
///   rolls back, by the refresh scheduler around a registration's body (``checksReads``), and by
///   the resolver around its walks of the model (which are not reads to check).
/// - Read by the accessors of tracked members, which run on the main actor as well: a model
///   belongs to the main actor, and the members marked allowBackgroundRead or
///   allowBackgroundWrite, the only ones touched off it, use a lock and never look here. So no
///   read races a write in a program that keeps that rule. One that breaks it (a tracked member
///   of a nonisolated class written by a background task) races with the main actor as any
///   unsynchronised access does; while no update runs, such a write is taken as a write outside
///   an update, never an implicit one.
/// - Plain static stored properties without locks, as the globals they replaced: a read costs a
///   load from a fixed address, which is what the accessors' speed rests on.
@usableFromInline
enum AccessorRouting {
    /// Whether a registration whose reads are checked is running: getters then report reads.
    @usableFromInline nonisolated(unsafe) static var checksReads = false

    /// Whether an update or refresh is recording writes: setters then journal.
    @usableFromInline nonisolated(unsafe) static var isRecording = false

    /// The journal epoch of the innermost running mediator (outside updates, the epoch of the
    /// writes outside updates, fresh after each update): a write of a member that its tracker
    /// already journaled in this epoch needs no journaling again.
    @usableFromInline nonisolated(unsafe) static var journalEpoch: UInt64 = 0

    /// The mediators whose update or refresh is running, innermost last.
    nonisolated(unsafe) static var running: [MediatorCore] = []

    /// The mediators alive, for writes outside updates (to find those whose model holds the
    /// node). Its exclusivity is not checked at run time: every access is on the main actor.
    @exclusivity(unchecked) nonisolated(unsafe) static var live: [WeakCore] = []

    /// A mediator of ``live``, held weakly: its model's nodes do not keep it alive.
    struct WeakCore { weak var core: MediatorCore? }

    /// The last epoch given to a journal segment or to the writes outside updates.
    private nonisolated(unsafe) static var lastEpoch: UInt64 = 0

    /// An epoch no journal had.
    static func newEpoch() -> UInt64 {
        lastEpoch &+= 1
        return lastEpoch
    }

    /// A mediator was made: writes outside updates find it from now on, noted in an epoch of
    /// their own (see ``leave(_:)``).
    static func add(_ core: MediatorCore) {
        if running.isEmpty && journalEpoch == 0 { journalEpoch = newEpoch() }
        live.removeAll { $0.core == nil }
        live.append(WeakCore(core: core))
    }

    /// A mediator of ``live`` found again by its identity (a task that cannot hold it, as it is
    /// not `Sendable`), if it is still alive.
    static func liveCore(_ id: ObjectIdentifier) -> MediatorCore? {
        live.lazy.compactMap(\.core).first { ObjectIdentifier($0) == id }
    }

    /// An outermost update of `core` starts: writes are journaled by it until it ends.
    static func enter(_ core: MediatorCore) {
        running.append(core)
        isRecording = true
        journalEpoch = core.journal.epoch
    }

    /// The outermost update of `core` ends: writes go to the mediator running outside it, if any.
    static func leave(_ core: MediatorCore) {
        if let index = running.lastIndex(where: { $0 === core }) { running.remove(at: index) }
        isRecording = !running.isEmpty
        // Outside updates, a fresh epoch: writes outside updates mark what they noted (see
        // `writeOutsideUpdate`), and those after this update are noted again.
        journalEpoch = running.last?.journal.epoch ?? newEpoch()
    }

    /// The slow path of a tracked read: check it against the running registration's contract.
    @usableFromInline
    static func didRead(_ node: any RippleNode, _ member: Int) {
        running.last?.didRead(node, member)
    }

    /// The slow path of a tracked write: journal the old value, or note a write outside updates.
    @usableFromInline
    static func willWrite<Value>(_ node: any RippleNode, _ member: Int, _ old: Value) {
        if let core = running.last {
            core.record(node, member, old: old)
        } else {
            MediatorCore.writeOutsideUpdate(node, member, old: old)
        }
    }
}
