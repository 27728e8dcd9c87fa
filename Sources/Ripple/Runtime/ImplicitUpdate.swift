import Foundation

/// The writes made on the main actor outside any update, waiting to commit together as one
/// update at the end of the main actor's turn (see `MediatorCore.commitImplicitUpdate()`).
final class ImplicitUpdate {
    /// Whether a write outside updates opens an implicit update; when off, it is kept for the
    /// next refresh (and is a contract violation where a registration or Observation watches it).
    var isEnabled = true
    /// The writes of the pending implicit update, in order: each with the value it replaced.
    var pending: [JournalEntry] = []
    /// The members whose writes Observation heard of when they were made: the commit's refresh
    /// does not tell it again.
    var toldObservation: Set<NodeMember> = []
    /// A commit waits for the main actor's next turn.
    var isScheduled = false
    /// The commit being made opens the journal: the next `Commit` is an implicit update's.
    var opensCommit = false

    /// Marks the main queue, which runs the main actor's jobs: on Linux they may run on a thread
    /// other than the main thread (under Swift Testing, say), where `Thread.isMainThread` is false.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the code running now is on the main actor: on the main thread, or in a job of the
    /// main queue (a non-trapping test: a write off the main actor is reported, never a crash).
    static var isOnMainActor: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// Whether the next commit is an implicit update's; the question is asked once per commit.
    func takeOpening() -> Bool {
        defer { opensCommit = false }
        return opensCommit
    }
}

extension MediatorCore {
    /// Whether a write made now outside updates opens (or joins) an implicit update of this
    /// mediator: made on the main thread, with implicit updates on.
    func takesImplicitWrite(onMainThread: Bool) -> Bool {
        onMainThread && implicit.isEnabled
    }

    /// Adds a write made outside updates to the pending implicit update, and schedules its commit
    /// for the main actor's next turn when it is the first.
    func noteImplicitWrite(_ entry: JournalEntry) {
        implicit.pending.append(entry)
        guard !implicit.isScheduled else { return }
        implicit.isScheduled = true
        // The core is found again on the main actor among the live ones (it is not Sendable).
        let id = ObjectIdentifier(self)
        Task { @MainActor in
            guard let core = AccessorRouting.liveCore(id) else { return }
            core.implicit.isScheduled = false
            core.commitImplicitUpdate()
        }
    }

    /// Commits the pending implicit update, if any and if no update runs: its writes are
    /// journaled as the body of an outermost update (validated, recorded, delivered, refreshed);
    /// if they would leave the model invalid they are rolled back, and the failure handler hears
    /// of it.
    @MainActor
    func commitImplicitUpdate() {
        guard !implicit.pending.isEmpty, !isBusy else { return }
        let writes = implicit.pending
        implicit.pending.removeAll()
        defer { implicit.toldObservation.removeAll() }
        implicit.opensCommit = true
        do {
            // The body journals what the writes replaced: the model already holds their values.
            try outermostUpdate {
                for write in writes { record(write.node, write.member, old: write.old) }
            }
        } catch {
            implicit.opensCommit = false
            // Observation heard of the writes when they were made: it hears that they went back.
            for write in writes where write.node._rippleTracker.isObserved {
                Self.tellObservation(write.node, write.member)
            }
            reportFailure(error, origin: "implicit update")
        }
    }

    /// Tells Observation's readers of `node` that member `member` changed (and the member it
    /// counts as, for a computed member's storage).
    static func tellObservation(_ node: any RippleNode, _ member: Int) {
        node._rippleObservationChange(member)
        let changeKey = type(of: node)._rippleDescriptor.members[member].changeKey
        if changeKey != member { node._rippleObservationChange(changeKey) }
    }

    /// Whether a registration watches member `member` of the tracker's node (or the whole node).
    static func watchesMember(_ tracker: Tracker, _ member: Int, descriptor: NodeDescriptor) -> Bool {
        let changeKey = descriptor.members.indices.contains(member) ? descriptor.members[member].changeKey : member
        var isWatched = false
        tracker.forEachWatcher(of: changeKey) { _ in isWatched = true }
        if !isWatched { tracker.forEachWatcher(of: Tracker.anyMember) { _ in isWatched = true } }
        return isWatched
    }
}
