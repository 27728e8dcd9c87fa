/// Delivers changes and runs the refresh: which registrations are due, in which order, what
/// they may still owe (follow-ups), and the updates and writes waiting for their turn.
final class RefreshScheduler {
    /// Set once, by the core that owns it, as it is made (its `self` is not available sooner).
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    unowned(unsafe) var core: MediatorCore!

    /// How many refresh rounds one outermost update may chain before it stops with an error.
    var refreshLimit = 100
    var isLogging = false
    var log: [RefreshRecord] = []
    let logLimit = 100

    private(set) var isRefreshing = false
    /// The registration firing now.
    private(set) var running: RegistrationState?
    private var refreshNumber = 0

    // Pending work.
    var queue = RegistrationQueue()
    private var pendingInitial: [RegistrationState] = []
    private var followUps: [RegistrationState] = []
    @exclusivity(unchecked) private var outsideWrites: [JournalEntry] = []
    /// The members whose last write outside updates Observation heard of when it was made.
    private var outsideWritesToldObservation: Set<NodeMember> = []
    /// Updates started while a refresh ran, each a transaction of its own in a later round.
    private var queuedUpdates: [(origin: String?, tag: String?, body: @MainActor () throws -> Void)] = []
    /// Members of nodes read through Observation that changed, reported once the refresh round
    /// that changed them is over (its processors ran).
    private var observationChanges: [(node: any RippleNode, member: Int)] = []
    private var observationPending: Set<NodeMember> = []

    // Change context.
    /// The tag of the update whose changes are being delivered (its refresh included).
    var currentTag: String?
    /// The tags of the updates whose changes made the running registration fire.
    private(set) var firingTags: [String?] = []


    /// Whether anything waits for a refresh (changes for Observation included).
    var hasPendingWork: Bool {
        !queuedUpdates.isEmpty || !outsideWrites.isEmpty || !queue.isEmpty || !followUps.isEmpty
            || !observationChanges.isEmpty
    }

    /// Whether an update or write waits to be applied.
    var hasWaitingChanges: Bool { !queuedUpdates.isEmpty || !outsideWrites.isEmpty }

    func queueUpdate(origin: String?, tag: String?, _ body: @escaping @MainActor () throws -> Void) {
        queuedUpdates.append((origin, tag, body))
    }

    /// Keeps a change made outside updates for the next refresh; `toldObservation` when
    /// Observation heard of it already (it is not told again).
    func noteOutsideWrite(_ entry: JournalEntry, toldObservation: Bool = false) {
        outsideWrites.append(entry)
        if toldObservation {
            outsideWritesToldObservation.insert(NodeMember(entry.node._rippleTracker, entry.member))
        } else if !outsideWritesToldObservation.isEmpty {
            outsideWritesToldObservation.remove(NodeMember(entry.node._rippleTracker, entry.member))
        }
    }

    /// A new registration: it fires on the next refresh, whatever changed.
    func addInitial(_ registration: RegistrationState) {
        pendingInitial.append(registration)
    }

    /// A node's registration of a per-node registration, for a node that entered the model: in
    /// this refresh if one runs (in its place in the order), else on the next.
    func addEntered(_ registration: RegistrationState) {
        if isRefreshing { enqueue(registration) } else { pendingInitial.append(registration) }
    }

    /// A node's registration resumed with a change to catch up on.
    func addResumed(_ registration: RegistrationState) {
        if isRefreshing { followUp(registration) } else { enqueue(registration) }
    }

    func forget(_ registration: RegistrationState) {
        pendingInitial.removeAll { $0 === registration }
    }

    // MARK: Delivery

    /// Hands every member that changed in `entries` to the registrations watching it, and
    /// queues those that are due to be judged in this refresh; the model's membership follows
    /// them first. Observation hears of them after the round, but of `observationTold`.
    func deliver(_ entries: ArraySlice<JournalEntry>, observationTold: Set<NodeMember> = []) {
        core.membership.follow(entries)
        var seen: Set<NodeMember> = []
        for index in entries.indices {
            // Whether it is delivered at all, before the entry is copied (a retain and a copy of
            // its value): most writes of a large update are of nodes nobody watches.
            guard entries[index].node._rippleTracker.isDelivered else { continue }
            let entry = entries[index]
            let tracker = entry.node._rippleTracker
            guard seen.insert(NodeMember(tracker, entry.member)).inserted, !entry.isCurrent
            else { continue }
            let descriptor = type(of: entry.node)._rippleDescriptor
            let changeKey = descriptor.members[entry.member].changeKey
            if tracker.isObserved, observationTold.isEmpty || !observationTold.contains(NodeMember(tracker, entry.member)) {
                noteObservationChange(entry.node, entry.member)
                if changeKey != entry.member { noteObservationChange(entry.node, changeKey) }
            }
            let isNode = descriptor.members[entry.member].isNode
            tracker.forEachWatcher(of: changeKey) { registration in
                note(entry, for: registration, changeKey: changeKey, isNode: isNode)
            }
            tracker.forEachWatcher(of: Tracker.anyMember) { registration in
                note(entry, for: registration, changeKey: changeKey, isNode: isNode)
            }
        }
        // The running registration's own writes are not its changes, but what they moved is
        // followed now: its watches are then those of what it saw (see `followChanges()`).
        if let running, running.isMoved {
            running.isMoved = false
            running.followChanges()
        }
    }

    private func noteObservationChange(_ node: any RippleNode, _ member: Int) {
        if observationPending.insert(NodeMember(node._rippleTracker, member)).inserted {
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

    /// Keeps the change for `registration` and queues it, unless it is paused or is the one
    /// running; notes what the change may have moved under its watches, followed when it fires.
    private func note(_ entry: JournalEntry, for registration: RegistrationState, changeKey: Int, isNode: Bool) {
        guard !registration.isCancelled else { return }
        if registration.noteMove(entry.node, member: entry.member, changeKey: changeKey, isNode: isNode), registration === running {
            registration.isMoved = true
        }
        guard registration !== running else { return }
        registration.pending.add(entry)
        if !registration.pendingTags.contains(currentTag) { registration.pendingTags.append(currentTag) }
        if registration.isPaused { return }
        if isRefreshing && registration.lastRefresh == refreshNumber {
            // It already fired in this refresh: it gets a follow-up round, and whoever wrote
            // after its read broke the write-after-read contract.
            if core.contracts.writeAfterRead != .ignore {
                let path = MediatorCore.memberPath(type(of: entry.node)._rippleDescriptor, entry.member)
                core.report(.writeAfterRead, registration: running?.name, path: "\(path), read by '\(registration.name)'")
            }
            followUp(registration)
            return
        }
        enqueue(registration)
    }

    private func enqueue(_ registration: RegistrationState) {
        if !registration.isQueued {
            registration.isQueued = true
            queue.push(registration)
        }
    }

    private func followUp(_ registration: RegistrationState) {
        if !registration.isFollowUp {
            registration.isFollowUp = true
            followUps.append(registration)
        }
    }

    /// Whether `registration` fires when its turn comes: on its first refresh, or when something
    /// it reads differs from what it saw when it last fired.
    func isDue(_ registration: RegistrationState) -> Bool {
        registration.isInitialDue || registration.pending.differs
    }

    /// Resumes; returns whether a catch-up notification is due (something it reads really
    /// changed while it was paused).
    func resume(_ registration: RegistrationState) -> Bool {
        guard registration.isPaused, !registration.isCancelled else { return false }
        registration.isPaused = false
        guard isDue(registration) else {
            // What changed cancelled out: nothing to catch up on, not even its tags.
            registration.pending.removeAll()
            registration.pendingTags.removeAll()
            registration.followChanges()
            return false
        }
        registration.isResumed = true
        if isRefreshing { followUp(registration) } else { enqueue(registration) }
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
        // Background members written since (in the update that ends, say) are delivered now.
        BackgroundChanges.shared.deliver()
        var rounds = 0
        while true {
            rounds += 1
            refreshNumber += 1
            if rounds > refreshLimit {
                core.reportFailure(stopRefreshing(rounds: rounds - 1), origin: nil, wasRolledBack: false)
                return
            }
            if rounds > 1, !queuedUpdates.isEmpty {
                let queued = queuedUpdates.removeFirst()
                // A transaction of its own: what came before commits first.
                core.commitJournal()
                // Its round delivers under its tag.
                currentTag = queued.tag
                isRefreshing = false
                do {
                    try core.transaction(queued.body)
                    core.open(tag: queued.tag, committed: true)
                } catch {
                    core.open(tag: queued.tag, committed: false)
                    core.reportFailure(error, origin: queued.origin)
                }
                isRefreshing = true
            }
            core.cancelReleased()
            core.graph.updateLevels()
            if !outsideWrites.isEmpty {
                let writes = outsideWrites
                let told = outsideWritesToldObservation
                outsideWrites.removeAll(keepingCapacity: true)
                outsideWritesToldObservation.removeAll()
                core.validator.follow(writes[...])
                deliver(writes[...], observationTold: told)
                // The recorders hear of them as changes never undone (background writes of saved
                // members make the document unsaved).
                for write in writes { core.journal.append(write.node, write.member, old: write.old, isUndoable: false) }
            }
            for registration in pendingInitial where !registration.isCancelled { enqueue(registration) }
            pendingInitial.removeAll()
            for registration in followUps {
                registration.isFollowUp = false
                enqueue(registration)
            }
            followUps.removeAll()

            var record = RefreshRecord(number: refreshNumber)
            while let registration = queue.pop() {
                registration.isQueued = false
                if core.graph.hasReleased { core.cancelReleased() }
                // A paused registration keeps its changes for resume().
                if registration.isCancelled || registration.isPaused { continue }
                if let family = registration.family, !family.recursiveKeys.isEmpty {
                    runRecursive(registration, of: family, &record)
                } else if isDue(registration) {
                    run(registration, &record)
                } else {
                    passOver(registration)
                }
            }
            for registration in core.graph.everyRefresh {
                if core.graph.hasReleased { core.cancelReleased() }
                if !registration.isCancelled && !registration.isPaused { run(registration, &record) }
            }
            reportObservationChanges()
            if isLogging {
                log.append(record)
                if log.count > logLimit { log.removeFirst(log.count - logLimit) }
            }
            if queuedUpdates.isEmpty, followUps.isEmpty, pendingInitial.isEmpty, outsideWrites.isEmpty { break }
        }
    }

    /// Forgets the changes of a registration judged not due: they cancelled out.
    func passOver(_ registration: RegistrationState) {
        registration.pending.removeAll()
        registration.pendingTags.removeAll()
        registration.followChanges()
    }

    @MainActor
    func run(_ registration: RegistrationState, _ record: inout RefreshRecord) {
        if registration.role != .everyRefresh { registration.followChanges() }
        let journal = core.journal
        let mark = journal.count
        let hookMark = core.hooks.mark
        journal.beginSegment()
        if isLogging {
            record.note(registration: registration.name, role: registration.roleName, reasons: reasons(registration), isPerNode: registration.family != nil)
        }
        registration.family?.fireCount += 1
        registration.pending.removeAll()
        registration.isInitialDue = false
        registration.isResumed = false
        registration.lastRefresh = refreshNumber
        registration.fireCount += 1
        firingTags = registration.pendingTags
        registration.pendingTags.removeAll()
        defer { firingTags = [] }
        running = registration
        let checksReads = registration.isChecked && core.contracts.readOutsideReads != .ignore
        let wasChecking = AccessorRouting.checksReads
        AccessorRouting.checksReads = checksReads
        registration.body()
        AccessorRouting.checksReads = wasChecking
        do {
            if journal.count > mark { try core.validate(from: mark) }
        } catch {
            // What it wrote would leave the model invalid: undone, alone, and reported.
            journal.rollBack(to: mark)
            core.hooks.rollBack(from: hookMark, startingSegment: journal.beginSegment)
            running = nil
            core.reportFailure(error, origin: registration.name)
            return
        }
        // Delivered while it is still the one running: its own writes do not notify itself,
        // and a write after another's read is reported under its name.
        deliver(journal[mark...])
        running = nil
    }

    /// Why `registration` fires, for the refresh log.
    private func reasons(_ registration: RegistrationState) -> [FiringReason] {
        if registration.role == .everyRefresh { return [.everyRefresh] }
        if registration.isInitialDue { return [.initial] }
        if registration.isResumed { return [.resumed] }
        var reasons: [FiringReason] = []
        for entry in registration.pending.entries where !entry.isCurrent {
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
        for registration in followUps + pendingInitial where !names.contains(registration.name) {
            names.append(registration.name)
        }
        for queued in queuedUpdates where !names.contains(queued.origin ?? "an update") {
            names.append(queued.origin ?? "an update")
        }
        for registration in followUps { registration.isFollowUp = false }
        followUps.removeAll()
        queuedUpdates.removeAll()
        // Dropped, but they were made: the model's membership follows them, and the validator's
        // links with it (below a node the membership holds, the links are taken as made).
        core.validator.follow(outsideWrites[...])
        core.membership.follow(outsideWrites[...])
        outsideWrites.removeAll()
        outsideWritesToldObservation.removeAll()
        queue.removeAll()
        return .refreshDidNotSettle(rounds: rounds, registrations: names)
    }
}
