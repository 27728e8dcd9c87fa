import Foundation

/// The state of one mediator that the generated accessors reach: the transaction journal,
/// the registrations and where they watch, and the refresh in progress.
///
/// Everything here runs on the main actor. The methods the accessors call are nonisolated
/// only because the model classes are; `activeCores` hands them the running core.
final class MediatorCore {
    var contracts = Contracts.default
    var violations: [ContractViolation] = []
    /// How many refresh rounds one outermost update may chain before it stops with an error.
    var refreshLimit = 100
    var isLogging = false
    var log: [RefreshRecord] = []
    var logLimit = 100
    /// Where the failures that no caller can receive go: an update queued by a registration
    /// that failed, a chain of refreshes that did not settle.
    var failureHandler: @MainActor (UpdateFailure) -> Void = UpdateFailure.log

    // The journal: the old value of every member at its first write in a segment.
    var journal: [JournalEntry] = []
    private(set) var epoch: UInt64 = 0
    private var journaledHigh: Set<WatchPoint> = []
    private nonisolated(unsafe) static var lastEpoch: UInt64 = 0

    // Where the mediator stands.
    var updateDepth = 0
    var isRefreshing = false
    /// The update is over and being handed on: history, hooks, the history state.
    private(set) var isFinishing = false
    var running: Subscriber?
    var refreshNumber = 0
    /// `validate()` or a transaction hook runs: its writes break the contract. Outside the
    /// transaction (did-commit, did-roll-back) they are delivered like writes outside updates.
    private var runningHook: (name: String, isInTransaction: Bool)?

    // Registrations.
    private var subscribers: [Int: Subscriber] = [:]
    private var nextSequence = 0
    private var writers: [MemberKey: Subscriber] = [:]
    private var processorReaders: [MemberKey: [Subscriber]] = [:]
    private var everyRefresh: [Subscriber] = []
    private var graphIsDirty = false

    // Pending work.
    private var queue = SubscriberQueue()
    private var pendingInitial: [Subscriber] = []
    private var followUps: [Subscriber] = []
    private var outsideWrites: [JournalEntry] = []
    var queuedUpdates: [(origin: String?, tag: String?, body: @MainActor () throws -> Void)] = []
    /// Work to run once the running outermost update is over, each in an update of its own.
    private var afterUpdates: [@MainActor () -> Void] = []
    /// Members of nodes read through Observation that changed, reported once the refresh round
    /// that changed them is over (its processors ran).
    private var observationChanges: [(node: any RippleNode, member: Int)] = []
    private var observationPending: Set<WatchPoint> = []

    /// The actions not yet finished, shown to registrations by ``activity``.
    var unfinishedActions: [Action] = []
    let activity = ActivityState()

    // Transaction hooks: the nodes with hooks written since the outermost update began, in the
    // order of their first write.
    private var hookedNodes: [any RippleNode] = []
    private var hookedSet: Set<ObjectIdentifier> = []

    // Change context.
    /// The tag of the update whose changes are being delivered (its refresh included).
    private var currentTag: String?
    /// The tags of the updates whose changes made the running registration fire.
    private(set) var firingTags: [String?] = []

    // History: it records each outermost update when it ends, from the journal.
    /// Owned here, so that no update loads a weak reference (which would also make every
    /// retain of the history take the slow, side-table path).
    var history: History?
    /// The model's root.
    let root: any RippleNode
    /// Validates transactions; keeps the parent links it needs.
    let validator: Validator
    /// Whether writes are recorded into history now (false inside `History.withoutRecording`).
    var recordsHistory = true
    /// The name of the undo step the running outermost update makes.
    var undoName: String?

    // Registrations released on any thread, cancelled at the next refresh.
    private let releasedLock = NSLock()
    private nonisolated(unsafe) var released: [Subscriber] = []

    /// The mediators alive, for writes outside updates that only Observation watches.
    private nonisolated(unsafe) static var live: [WeakCore] = []
    private struct WeakCore { weak var core: MediatorCore? }

    init(root: any RippleNode) {
        self.root = root
        validator = Validator(rootDescriptor: type(of: root)._rippleDescriptor)
        Self.live.removeAll { $0.core == nil }
        Self.live.append(WeakCore(core: self))
    }

    /// The mediator is gone: its registrations stop watching the model, so nothing it
    /// registered keeps model nodes alive.
    deinit {
        for subscriber in subscribers.values {
            subscriber.isCancelled = true
            subscriber.removeWatches()
            subscriber.onEnd?()
        }
    }

    /// Whether an update or a refresh is running on this mediator.
    var isBusy: Bool { updateDepth > 0 || isRefreshing || isFinishing }

    // MARK: - Journal

    /// Starts a segment: the next write of every member is journaled again.
    func beginSegment() {
        Self.lastEpoch &+= 1
        epoch = Self.lastEpoch
        _rippleJournalEpoch = epoch
        journaledHigh.removeAll(keepingCapacity: true)
    }

    /// Journals the value member `member` of `node` had before its first write in this segment.
    func record<Value>(_ node: any RippleNode, _ member: Int, old: Value) {
        if let running, contracts.writeOutsideWrites != .ignore {
            let descriptor = type(of: node)._rippleDescriptor
            if !running.mayWrite(member, descriptor: descriptor) {
                report(.writeOutsideWrites, registration: running.name, path: Self.memberPath(descriptor, member))
            }
        }
        guard isFirstInSegment(node._rippleTracker, member) else { return }
        if let runningHook {
            report(.writeInHook, registration: nil, path: Self.memberPath(type(of: node)._rippleDescriptor, member) + " in \(runningHook.name)")
            if !runningHook.isInTransaction {
                noteOutsideWrite(JournalEntry(node: node, member: member, old: old))
                return
            }
        }
        willChange(node)
        journal.append(JournalEntry(node: node, member: member, old: old, isRecorded: recordsHistory))
    }

    /// Whether this is the first time the segment meets member `member` of the tracker's node;
    /// marks it met.
    @inline(__always)
    func isFirstInSegment(_ tracker: Tracker, _ member: Int) -> Bool {
        if member < 64 {
            if tracker.journalEpoch != epoch {
                tracker.journalEpoch = epoch
                tracker.journaledMembers = 0
            }
            let bit: UInt64 = 1 << UInt64(member)
            if tracker.journaledMembers & bit != 0 { return false }
            tracker.journaledMembers |= bit
            return true
        }
        return journaledHigh.insert(WatchPoint(tracker, member)).inserted
    }

    /// A write while no update runs: a contract violation, and a change the next refresh delivers.
    static func writeOutsideUpdate<Value>(_ node: any RippleNode, _ member: Int, old: Value) {
        let tracker = node._rippleTracker
        let path = memberPath(type(of: node)._rippleDescriptor, member)
        let cores = watchingCores(of: tracker)
        for core in cores {
            core.report(.writeOutsideUpdate, registration: nil, path: path)
            core.noteOutsideWrite(JournalEntry(node: node, member: member, old: old))
        }
        guard cores.isEmpty, tracker.isObserved else { return }
        // Only Observation reads it: its readers hear of it now (no registration waits for a
        // refresh), and the mediators whose model holds it report the violation. Finding them
        // walks their models, a cost paid by this mistake only.
        for core in live.compactMap(\.core) where core.modelContains(node) {
            core.report(.writeOutsideUpdate, registration: nil, path: path)
        }
        if !node._rippleIsCurrent(member, old) {
            node._rippleObservationChange(member)
            let changeKey = type(of: node)._rippleDescriptor.members[member].changeKey
            if changeKey != member { node._rippleObservationChange(changeKey) }
        }
    }

    /// Whether `node` is reachable from the root.
    private func modelContains(_ node: any RippleNode) -> Bool {
        var visited: Set<ObjectIdentifier> = []
        var stack = [root]
        while let current = stack.popLast() {
            if current === node { return true }
            guard visited.insert(ObjectIdentifier(current)).inserted else { continue }
            for (index, member) in type(of: current)._rippleDescriptor.members.enumerated() where member.isNode && !member.isComputed {
                current._rippleVisitNodes(of: index) { stack.append($0) }
            }
        }
        return false
    }

    /// The mediators with registrations watching a member of the node.
    static func watchingCores(of tracker: Tracker) -> [MediatorCore] {
        var cores: [MediatorCore] = []
        tracker.forEachWatcher { subscriber in
            if let core = subscriber.core, !cores.contains(where: { $0 === core }) { cores.append(core) }
        }
        return cores
    }

    /// Keeps a change made outside updates for the next refresh.
    func noteOutsideWrite(_ entry: JournalEntry) {
        outsideWrites.append(entry)
    }

    /// Puts back every value journaled since `mark`, newest first.
    private func rollBack(to mark: Int) {
        let wasRecording = _rippleIsRecording
        _rippleIsRecording = false
        for entry in journal[mark...].reversed() { entry.node._rippleRestore(entry.member, entry.old) }
        journal.removeSubrange(mark...)
        _rippleIsRecording = wasRecording
        beginSegment()
    }

    // MARK: - Change delivery

    /// Hands every member that changed in `entries` to the registrations watching it, and
    /// queues those that are due to be judged in this refresh.
    private func deliver(_ entries: ArraySlice<JournalEntry>) {
        var seen: Set<WatchPoint> = []
        for entry in entries {
            let tracker = entry.node._rippleTracker
            guard tracker._isWatched, seen.insert(WatchPoint(tracker, entry.member)).inserted,
                  !entry.node._rippleIsCurrent(entry.member, entry.old) else { continue }
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
            if contracts.writeAfterRead != .ignore {
                let path = Self.memberPath(type(of: entry.node)._rippleDescriptor, entry.member)
                report(.writeAfterRead, registration: running?.name, path: "\(path), read by '\(subscriber.name)'")
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

    // MARK: - Updates and refreshes

    /// Runs `body` as the outermost update: journal, validate, deliver, refresh; then hands
    /// the whole journal (the update and its refresh) to history, calls the did-commit hooks,
    /// and refreshes the registrations on the history state if it changed.
    ///
    /// Throws only what rolled `body` back: what happens after it committed (an update queued
    /// by a registration that fails, a refresh that does not settle) goes to ``failureHandler``.
    @MainActor
    func outermostUpdate(tag: String? = nil, _ body: @MainActor () throws -> Void) throws {
        activate()
        let outerTag = currentTag
        currentTag = tag
        var failure: (any Error)?
        do { try transaction(body) } catch { failure = error }
        // After a rollback, what the body queued (its actions' activity) still runs.
        if failure == nil || !queuedUpdates.isEmpty || !outsideWrites.isEmpty { refresh() }
        finish(bodyCommitted: failure == nil)
        currentTag = outerTag
        deactivate()
        undoName = nil
        runAfterUpdates()
        if let failure { throw failure }
    }

    /// Hands the journal to history, calls the did-commit hooks, publishes the history state;
    /// again while hooks queue updates or write (writes the next refresh delivers).
    @MainActor
    private func finish(bodyCommitted: Bool) {
        isFinishing = true
        defer { isFinishing = false }
        var replayed = bodyCommitted
        for round in 1... {
            if let history {
                let (changes, changesUnrecorded) = committedChanges()
                history.commit(changes, changesUnrecorded: changesUnrecorded, replayed: replayed)
            }
            replayed = false
            journal.removeAll(keepingCapacity: true)
            commitHooks()
            if let history, history.stateIsStale {
                if history.state.tracker._isWatched {
                    // A refresh of its own for the registrations on the history state.
                    beginSegment()
                    history.publishState()
                    deliver(journal[...])
                    journal.removeAll(keepingCapacity: true)
                } else {
                    history.publishState(tracked: false)
                }
            }
            guard !queuedUpdates.isEmpty || !outsideWrites.isEmpty || !queue.isEmpty else { return }
            if round >= refreshLimit {
                failureHandler(UpdateFailure(error: stopRefreshing(rounds: round), origin: nil, tag: currentTag))
                return
            }
            isFinishing = false
            refresh()
            isFinishing = true
        }
    }

    /// Runs `body` nested in a running update: its writes roll back alone if it throws.
    ///
    /// Its hooks belong to the outermost update: a node it wrote keeps its will-change (which
    /// runs once per outermost update) and gets did-commit or did-roll-back with the others.
    @MainActor
    func nestedUpdate(_ body: @MainActor () throws -> Void) throws {
        let mark = journal.count
        beginSegment()
        updateDepth += 1
        defer { updateDepth -= 1 }
        do {
            try body()
        } catch {
            rollBack(to: mark)
            throw error
        }
    }

    /// Journals `body`, validates what it wrote and attached, and rolls everything back if
    /// either throws; then delivers.
    @MainActor
    private func transaction(_ body: @MainActor () throws -> Void) throws {
        let mark = journal.count
        let hookMark = hookedNodes.count
        beginSegment()
        updateDepth += 1
        defer { updateDepth -= 1 }
        do {
            try body()
            try validate(from: mark)
        } catch {
            rollBack(to: mark)
            rollBackHooks(from: hookMark)
            throw error
        }
        deliver(journal[mark...])
    }

    /// Validates the transaction's changes since `mark`; its writes are contract violations.
    private func validate(from mark: Int) throws {
        guard validator.isActive, journal.count > mark else { return }
        let end = journal.count
        beginSegment()
        runningHook = ("validate()", true)
        defer { runningHook = nil }
        let structural = try validator.validate(journal[mark..<end], root: root)
        validator.commit(structural)
        validator.follow(journal[end...])
    }

    /// Runs `body` once the running outermost update is over (now if none runs).
    @MainActor
    func afterUpdate(_ body: @escaping @MainActor () -> Void) {
        if isBusy { afterUpdates.append(body) } else { body() }
    }

    @MainActor
    private func runAfterUpdates() {
        while !afterUpdates.isEmpty, !isBusy {
            afterUpdates.removeFirst()()
        }
    }

    /// Runs `body` as an update of its own: now when idle, after the running one otherwise.
    /// Its failure goes to the failure handler.
    @MainActor
    func updateSoon(origin: String, _ body: @escaping @MainActor () throws -> Void) {
        if isBusy {
            queuedUpdates.append((origin: origin, tag: nil, body: body))
        } else {
            do { try outermostUpdate(body) } catch { reportFailure(error, origin: origin) }
        }
    }

    /// Hands a failure that no caller can receive to the failure handler.
    @MainActor
    func reportFailure(_ error: any Error, origin: String?) {
        failureHandler(UpdateFailure(error: error, origin: origin, tag: currentTag))
    }

    // MARK: - Transaction hooks

    /// Calls `transactionWillChange()` of `node` if this is its first write since the
    /// outermost update began (the value is not stored yet).
    private func willChange(_ node: any RippleNode) {
        guard type(of: node)._rippleDescriptor.hasTransactionHooks,
            hookedSet.insert(ObjectIdentifier(node)).inserted
        else { return }
        hookedNodes.append(node)
        node._rippleTransactionWillChange()
    }

    /// Calls `transactionDidRollBack()` of the nodes first written since `mark`, whose writes
    /// were just undone, newest first.
    private func rollBackHooks(from mark: Int) {
        guard hookedNodes.count > mark else { return }
        let rolledBack = hookedNodes[mark...]
        hookedNodes.removeSubrange(mark...)
        for node in rolledBack { hookedSet.remove(ObjectIdentifier(node)) }
        runHooks("transactionDidRollBack()") {
            for node in rolledBack.reversed() { node._rippleTransactionDidRollBack() }
        }
    }

    /// Calls `transactionDidCommit()` of every node the outermost update (its refresh included)
    /// wrote, in the order of their first writes.
    private func commitHooks() {
        guard !hookedNodes.isEmpty else { return }
        let committed = hookedNodes
        hookedNodes.removeAll()
        hookedSet.removeAll()
        runHooks("transactionDidCommit()") {
            for node in committed { node._rippleTransactionDidCommit() }
        }
    }

    /// Runs hooks that come after a transaction: their writes break the contract, and are
    /// delivered by the next refresh like writes outside updates.
    private func runHooks(_ name: String, _ body: () -> Void) {
        let outer = runningHook
        runningHook = (name, false)
        beginSegment()
        body()
        runningHook = outer
    }

    /// Fires every dirty registration in order, then runs queued updates, each with its own
    /// refresh, until nothing is left or the round limit is reached (then the failure handler
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
                failureHandler(UpdateFailure(error: stopRefreshing(rounds: rounds - 1), origin: nil, tag: currentTag))
                return
            }
            if rounds > 1, !queuedUpdates.isEmpty {
                let queued = queuedUpdates.removeFirst()
                // Its round delivers under its tag.
                currentTag = queued.tag
                isRefreshing = false
                do { try transaction(queued.body) } catch { reportFailure(error, origin: queued.origin) }
                isRefreshing = true
            }
            cancelReleased()
            if graphIsDirty { computeLevels() }
            if !outsideWrites.isEmpty {
                let writes = outsideWrites
                outsideWrites.removeAll()
                validator.follow(writes[...])
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
            for subscriber in everyRefresh where !subscriber.isCancelled && !subscriber.isPaused {
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
        let mark = journal.count
        beginSegment()
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
        let checksReads = subscriber.isChecked && contracts.readOutsideReads != .ignore
        let wasChecking = _rippleChecksReads
        _rippleChecksReads = checksReads
        subscriber.body()
        _rippleChecksReads = wasChecking
        validator.follow(journal[mark...])
        // Delivered while it is still the one running: its own writes do not notify itself,
        // and a write after another's read is reported under its name.
        deliver(journal[mark...])
        running = nil
    }

    /// Gives up on a chain of refreshes, naming who kept it going, and clears what is pending.
    private func stopRefreshing(rounds: Int) -> RippleError {
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

    private func activate() {
        activeCores.append(self)
        _rippleIsRecording = true
        _rippleJournalEpoch = epoch
    }

    private func deactivate() {
        if let index = activeCores.lastIndex(where: { $0 === self }) { activeCores.remove(at: index) }
        _rippleIsRecording = !activeCores.isEmpty
        _rippleJournalEpoch = activeCores.last?.epoch ?? 0
    }

    // MARK: - Contracts

    func didRead(_ node: any RippleNode, _ member: Int) {
        guard let running, running.isChecked else { return }
        let descriptor = type(of: node)._rippleDescriptor
        if !running.mayRead(node, member, descriptor: descriptor) {
            report(.readOutsideReads, registration: running.name, path: Self.memberPath(descriptor, member))
        }
    }

    func report(_ kind: ContractViolation.Kind, registration: String?, path: String) {
        let policy = contracts.policy(for: kind)
        guard policy != .ignore else { return }
        let violation = ContractViolation(kind: kind, registration: registration, path: path)
        if policy == .fatal { fatalError("Ripple contract violation: \(violation)") }
        violations.append(violation)
        if policy == .log || policy == .assert {
            FileHandle.standardError.write(Data("Ripple contract violation: \(violation)\n".utf8))
        }
        if policy == .assert { assertionFailure("Ripple contract violation: \(violation)") }
    }

    static func memberPath(_ descriptor: NodeDescriptor, _ member: Int) -> String {
        let name = descriptor.members.indices.contains(member) ? descriptor.members[member].name : "#\(member)"
        return descriptor.name + "." + name
    }

    // MARK: - Registrations

    /// Adds an observer or coordinator: they write nothing, so they can't conflict.
    func register(
        _ name: String, role: Subscriber.Role, anchor: any RippleNode,
        reads: [[PathStep]], body: @escaping @MainActor () -> Void
    ) -> Subscriber {
        cancelReleased()
        let subscriber = Subscriber(
            name: name, role: role, sequence: nextSequence, anchor: anchor,
            readPaths: reads, writePaths: [], core: self, body: body)
        add(subscriber)
        return subscriber
    }

    /// Adds a processor, after checking that it writes nothing another processor writes and
    /// closes no cycle.
    func registerProcessor(
        _ name: String, anchor: any RippleNode,
        reads: [[PathStep]], writes: [[PathStep]], body: @escaping @MainActor () -> Void
    ) throws -> Subscriber {
        cancelReleased()
        let subscriber = Subscriber(
            name: name, role: .processor, sequence: nextSequence, anchor: anchor,
            readPaths: reads, writePaths: writes, core: self, body: body)
        for key in subscriber.writeKeys.keys {
            if let existing = writers[key] {
                throw RippleError.conflictingWriters(
                    property: subscriber.writeKeys.names[key] ?? "?", existing: existing.name, new: name)
            }
        }
        if let cycle = cycle(through: subscriber) { throw cycle }
        for key in subscriber.writeKeys.keys { writers[key] = subscriber }
        for key in subscriber.readKeys.keys { processorReaders[key, default: []].append(subscriber) }
        add(subscriber)
        return subscriber
    }

    private func add(_ subscriber: Subscriber) {
        nextSequence += 1
        subscribers[subscriber.sequence] = subscriber
        graphIsDirty = true
        if subscriber.role == .everyRefresh {
            everyRefresh.append(subscriber)
        } else {
            subscriber.resolve()
            pendingInitial.append(subscriber)
        }
    }

    func cancel(_ subscriber: Subscriber) {
        guard !subscriber.isCancelled else { return }
        subscriber.isCancelled = true
        subscriber.removeWatches()
        subscriber.pending.removeAll()
        subscriber.onEnd?()
        subscriber.onEnd = nil
        subscribers[subscriber.sequence] = nil
        if subscriber.role == .processor {
            for key in subscriber.writeKeys.keys where writers[key] === subscriber { writers[key] = nil }
            for key in subscriber.readKeys.keys {
                processorReaders[key]?.removeAll { $0 === subscriber }
                if processorReaders[key]?.isEmpty == true { processorReaders[key] = nil }
            }
        }
        everyRefresh.removeAll { $0 === subscriber }
        pendingInitial.removeAll { $0 === subscriber }
        graphIsDirty = true
    }

    /// Called from `Registration.deinit`, on any thread.
    func noteReleased(_ subscriber: Subscriber) {
        releasedLock.withLock { released.append(subscriber) }
    }

    /// Cancels the registrations released since the last call.
    func cancelReleased() {
        let list = releasedLock.withLock {
            defer { released.removeAll() }
            return released
        }
        for subscriber in list { cancel(subscriber) }
    }

    func pause(_ subscriber: Subscriber) {
        guard !subscriber.isCancelled else { return }
        subscriber.isPaused = true
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

    // MARK: - Dependency order

    /// Every processor and observer gets a level above every processor writing what it reads.
    private func computeLevels() {
        var levels: [ObjectIdentifier: Int] = [:]
        func level(of subscriber: Subscriber, depth: Int) -> Int {
            if let known = levels[ObjectIdentifier(subscriber)] { return known }
            var result = 0
            if depth < 10_000 {
                for key in subscriber.readKeys.keys {
                    if let writer = writers[key], writer !== subscriber {
                        result = max(result, level(of: writer, depth: depth + 1) + 1)
                    }
                }
            }
            levels[ObjectIdentifier(subscriber)] = result
            return result
        }
        for subscriber in subscribers.values { subscriber.level = level(of: subscriber, depth: 0) }
        graphIsDirty = false
    }

    /// The cycle a new processor would close, if any: a chain of processors, each writing
    /// what the next reads, from the new one back to itself.
    private func cycle(through new: Subscriber) -> RippleError? {
        var visited: Set<ObjectIdentifier> = []
        var chain: [Subscriber] = [new]
        var properties: [String] = []
        func firstShared(_ writer: Subscriber, _ reader: Subscriber) -> String? {
            writer.writeKeys.keys.first { reader.readKeys.keys.contains($0) }.map { writer.writeKeys.names[$0] ?? "?" }
        }
        func search(from current: Subscriber) -> Bool {
            if current !== new, let property = firstShared(current, new) {
                properties.append(property)
                return true
            }
            for key in current.writeKeys.keys {
                for reader in processorReaders[key] ?? [] where reader !== current {
                    guard visited.insert(ObjectIdentifier(reader)).inserted else { continue }
                    chain.append(reader)
                    properties.append(current.writeKeys.names[key] ?? "?")
                    if search(from: reader) { return true }
                    chain.removeLast()
                    properties.removeLast()
                }
            }
            return false
        }
        guard search(from: new) else { return nil }
        return .dependencyCycle(registrations: chain.map(\.name) + [new.name], properties: properties)
    }

    // MARK: - Introspection

    /// Registrations in firing order.
    func orderedSubscribers() -> [Subscriber] {
        if graphIsDirty { computeLevels() }
        return subscribers.values.sorted { $0.runsBefore($1) }
    }

    func writer(of key: MemberKey) -> Subscriber? { writers[key] }
}
