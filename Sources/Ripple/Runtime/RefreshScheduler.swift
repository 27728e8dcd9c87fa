/// Delivers changes and runs the refresh: which registrations are due, in which order, what
/// they may still owe (follow-ups), and the updates and writes waiting for their turn.
final class RefreshScheduler {
    unowned let core: MediatorCore

    /// How many refresh rounds one outermost update may chain before it stops with an error.
    var refreshLimit = 100
    var isLogging = false
    var log: [RefreshRecord] = []
    let logLimit = 100

    private(set) var isRefreshing = false
    /// The registration firing now.
    private(set) var running: Subscriber?
    private var refreshNumber = 0

    // Pending work.
    private var queue = SubscriberQueue()
    private var pendingInitial: [Subscriber] = []
    private var followUps: [Subscriber] = []
    private var outsideWrites: [JournalEntry] = []
    /// Updates started while a refresh ran, each a transaction of its own in a later round.
    private var queuedUpdates: [(origin: String?, tag: String?, body: @MainActor () throws -> Void)] = []
    /// Members of nodes read through Observation that changed, reported once the refresh round
    /// that changed them is over (its processors ran).
    private var observationChanges: [(node: any RippleNode, member: Int)] = []
    private var observationPending: Set<WatchPoint> = []

    // Change context.
    /// The tag of the update whose changes are being delivered (its refresh included).
    var currentTag: String?
    /// The tags of the updates whose changes made the running registration fire.
    private(set) var firingTags: [String?] = []

    init(core: MediatorCore) {
        self.core = core
    }

    /// Whether anything waits for a refresh.
    var hasPendingWork: Bool {
        !queuedUpdates.isEmpty || !outsideWrites.isEmpty || !queue.isEmpty || !followUps.isEmpty
    }

    /// Whether an update or write waits to be applied.
    var hasWaitingChanges: Bool { !queuedUpdates.isEmpty || !outsideWrites.isEmpty }

    func queueUpdate(origin: String?, tag: String?, _ body: @escaping @MainActor () throws -> Void) {
        queuedUpdates.append((origin, tag, body))
    }

    /// Keeps a change made outside updates for the next refresh.
    func noteOutsideWrite(_ entry: JournalEntry) {
        outsideWrites.append(entry)
    }

    /// A new registration: it fires on the next refresh, whatever changed.
    func addInitial(_ subscriber: Subscriber) {
        pendingInitial.append(subscriber)
    }

    func forget(_ subscriber: Subscriber) {
        pendingInitial.removeAll { $0 === subscriber }
    }

    // MARK: Delivery

    /// Hands every member that changed in `entries` to the registrations watching it, and
    /// queues those that are due to be judged in this refresh.
    func deliver(_ entries: ArraySlice<JournalEntry>) {
        var seen: Set<WatchPoint> = []
        for entry in entries {
            let tracker = entry.node._rippleTracker
            guard tracker._isWatched, seen.insert(WatchPoint(tracker, entry.member)).inserted,
                !entry.node._rippleIsCurrent(entry.member, entry.old)
            else { continue }
            let descriptor = type(of: entry.node)._rippleDescriptor
            let changeKey = descriptor.members[entry.member].changeKey
            if tracker.isObserved {
                noteObservationChange(entry.node, entry.member)
                if changeKey != entry.member { noteObservationChange(entry.node, changeKey) }
            }
            let movesPaths = descriptor.members[changeKey].isNode
            let point = WatchPoint(tracker, changeKey)
            tracker.forEachWatcher(of: changeKey) { subscriber in
                note(entry, for: subscriber, structural: subscriber.structural.contains(point))
            }
            tracker.forEachWatcher(of: Tracker.anyMember) { subscriber in
                note(entry, for: subscriber, structural: movesPaths || subscriber.structural.contains(point))
            }
        }
    }

    private func noteObservationChange(_ node: any RippleNode, _ member: Int) {
        if observationPending.insert(WatchPoint(node._rippleTracker, member)).inserted {
            observationChanges.append((node, member))
        }
    }

    /// Tells Observation of the changes of the round, now that its processors ran. What its
    /// `onChange` handlers update is queued like any update started during a refresh.
    private func reportObservationChanges() {
        while !observationChanges.isEmpty {
            let changes = observationChanges
            observationChanges.removeAll()
            observationPending.removeAll()
            for change in changes { change.node._rippleObservationChange(change.member) }
        }
    }

    /// Keeps the change for `subscriber` and queues it, unless it is paused or is the one running.
    private func note(_ entry: JournalEntry, for subscriber: Subscriber, structural: Bool) {
        guard !subscriber.isCancelled, subscriber !== running else { return }
        if structural { subscriber.needsResolve = true }
        subscriber.pending.add(entry)
        if !subscriber.pendingTags.contains(currentTag) { subscriber.pendingTags.append(currentTag) }
        if subscriber.isPaused { return }
        if isRefreshing && subscriber.lastRefresh == refreshNumber {
            // It already fired in this refresh: it gets a follow-up round, and whoever wrote
            // after its read broke the write-after-read contract.
            if core.contracts.writeAfterRead != .ignore {
                let path = MediatorCore.memberPath(type(of: entry.node)._rippleDescriptor, entry.member)
                core.report(.writeAfterRead, registration: running?.name, path: "\(path), read by '\(subscriber.name)'")
            }
            followUp(subscriber)
            return
        }
        enqueue(subscriber)
    }

    private func enqueue(_ subscriber: Subscriber) {
        if !subscriber.isQueued {
            subscriber.isQueued = true
            queue.push(subscriber)
        }
    }

    private func followUp(_ subscriber: Subscriber) {
        if !subscriber.isFollowUp {
            subscriber.isFollowUp = true
            followUps.append(subscriber)
        }
    }

    /// Whether `subscriber` fires when its turn comes: on its first refresh, or when something
    /// it reads differs from what it saw when it last fired.
    private func isDue(_ subscriber: Subscriber) -> Bool {
        subscriber.isInitialDue || subscriber.pending.differs
    }

    /// Resumes; returns whether a catch-up notification is due (something it reads really
    /// changed while it was paused).
    func resume(_ subscriber: Subscriber) -> Bool {
        guard subscriber.isPaused, !subscriber.isCancelled else { return false }
        subscriber.isPaused = false
        guard isDue(subscriber) else {
            subscriber.pending.removeAll()
            return false
        }
        subscriber.isResumed = true
        if isRefreshing { followUp(subscriber) } else { enqueue(subscriber) }
        return true
    }

    // MARK: The refresh

    /// Fires every due registration in order, then runs queued updates, each with a round of
    /// its own, until nothing is left or the round limit is reached (then the failure handler
    /// hears of it).
    @MainActor
    func refresh() {
        let wasRefreshing = isRefreshing
        isRefreshing = true
        defer { isRefreshing = wasRefreshing }
        var rounds = 0
        while true {
            rounds += 1
            refreshNumber += 1
            if rounds > refreshLimit {
                core.reportFailure(stopRefreshing(rounds: rounds - 1), origin: nil)
                return
            }
            if rounds > 1, !queuedUpdates.isEmpty {
                let queued = queuedUpdates.removeFirst()
                // Its round delivers under its tag.
                currentTag = queued.tag
                isRefreshing = false
                do { try core.transaction(queued.body) } catch { core.reportFailure(error, origin: queued.origin) }
                isRefreshing = true
            }
            core.cancelReleased()
            core.graph.updateLevels()
            if !outsideWrites.isEmpty {
                let writes = outsideWrites
                outsideWrites.removeAll()
                core.validator.follow(writes[...])
                deliver(writes[...])
            }
            for subscriber in pendingInitial where !subscriber.isCancelled { enqueue(subscriber) }
            pendingInitial.removeAll()
            for subscriber in followUps {
                subscriber.isFollowUp = false
                enqueue(subscriber)
            }
            followUps.removeAll()

            var record = RefreshRecord(number: refreshNumber)
            while let subscriber = queue.pop() {
                subscriber.isQueued = false
                // A paused registration keeps its changes for resume().
                if subscriber.isCancelled || subscriber.isPaused { continue }
                if isDue(subscriber) {
                    run(subscriber, &record)
                } else {
                    subscriber.pending.removeAll()
                    subscriber.pendingTags.removeAll()
                }
            }
            for subscriber in core.graph.everyRefresh where !subscriber.isCancelled && !subscriber.isPaused {
                run(subscriber, &record)
            }
            reportObservationChanges()
            if isLogging {
                log.append(record)
                if log.count > logLimit { log.removeFirst(log.count - logLimit) }
            }
            if queuedUpdates.isEmpty, followUps.isEmpty, pendingInitial.isEmpty, outsideWrites.isEmpty { break }
        }
    }

    @MainActor
    private func run(_ subscriber: Subscriber, _ record: inout RefreshRecord) {
        if subscriber.needsResolve, subscriber.role != .everyRefresh { subscriber.resolve() }
        let journal = core.journal
        let mark = journal.count
        journal.beginSegment()
        if isLogging {
            record.firings.append(.init(registration: subscriber.name, role: subscriber.roleName, reasons: reasons(subscriber)))
        }
        subscriber.pending.removeAll()
        subscriber.isInitialDue = false
        subscriber.isResumed = false
        subscriber.lastRefresh = refreshNumber
        subscriber.fireCount += 1
        firingTags = subscriber.pendingTags
        subscriber.pendingTags.removeAll()
        defer { firingTags = [] }
        running = subscriber
        let checksReads = subscriber.isChecked && core.contracts.readOutsideReads != .ignore
        let wasChecking = _rippleChecksReads
        _rippleChecksReads = checksReads
        subscriber.body()
        _rippleChecksReads = wasChecking
        core.validator.follow(journal[mark...])
        // Delivered while it is still the one running: its own writes do not notify itself,
        // and a write after another's read is reported under its name.
        deliver(journal[mark...])
        running = nil
    }

    /// Why `subscriber` fires, for the refresh log.
    private func reasons(_ subscriber: Subscriber) -> [FiringReason] {
        if subscriber.role == .everyRefresh { return [.everyRefresh] }
        if subscriber.isInitialDue { return [.initial] }
        if subscriber.isResumed { return [.resumed] }
        var reasons: [FiringReason] = []
        for entry in subscriber.pending.entries where !entry.node._rippleIsCurrent(entry.member, entry.old) {
            let descriptor = type(of: entry.node)._rippleDescriptor
            let changed = descriptor.members[descriptor.members[entry.member].changeKey]
            let reason = FiringReason.changed(descriptor.name + "." + changed.name)
            if !reasons.contains(reason) { reasons.append(reason) }
            if reasons.count == 8 { break }
        }
        return reasons
    }

    /// Gives up on a chain of refreshes, naming who kept it going, and clears what is pending.
    func stopRefreshing(rounds: Int) -> RippleError {
        var names: [String] = []
        for subscriber in followUps + pendingInitial where !names.contains(subscriber.name) {
            names.append(subscriber.name)
        }
        for queued in queuedUpdates where !names.contains(queued.origin ?? "an update") {
            names.append(queued.origin ?? "an update")
        }
        for subscriber in followUps { subscriber.isFollowUp = false }
        followUps.removeAll()
        queuedUpdates.removeAll()
        outsideWrites.removeAll()
        queue.removeAll()
        return .refreshDidNotSettle(rounds: rounds, registrations: names)
    }
}
