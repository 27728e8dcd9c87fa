import Foundation

/// The state of one mediator that the generated accessors reach, and the updates it runs.
///
/// An outermost update journals its body's writes (``Journal``), validates what they wrote
/// and attached (``Validator``), delivers the changes and refreshes the registrations
/// (``RefreshScheduler``, over the ``RegistrationGraph``), then calls the hooks
/// (``TransactionHooks``) and hands what committed to the recorders (``CommitRecorder``:
/// history). Everything here runs on the main actor. The methods the accessors call are
/// nonisolated only because model classes may be; `AccessorRouting` hands them the running core.
final class MediatorCore {
    var contracts = Contracts.default
    var violations: [ContractViolation] = []
    /// Where the failures that no caller can receive go: an update queued by a registration
    /// that failed, a chain of refreshes that did not settle.
    var failureHandler: @MainActor (UpdateFailure) -> Void = UpdateFailure.log

    let root: any RippleNode
    let journal = Journal()
    let graph = RegistrationGraph()
    let validator: Validator
    /// Which nodes are in the model (see `ModelMembership`).
    let membership: ModelMembership
    let hooks = TransactionHooks()
    let actions = RunningActions()
    let scheduler = RefreshScheduler()
    /// Writes made outside updates on the main actor, committed at the end of its turn.
    let implicit = ImplicitUpdate()
    /// What consumes committed updates, in order.
    var recorders: [any CommitRecorder] = []
    /// What must hold a transaction's change before it is delivered, and may refuse it.
    var gates: [any CommitGate] = []
    /// The gates are taking a transaction's change (its writes are validated, and stay unless
    /// a gate refuses them).
    var isPreparingCommit = false
    /// The last outermost update, or a transaction it ran, was rolled back because a gate
    /// refused it (not because of its body or its validation).
    var lastTransactionWasRefused = false

    private(set) var updateDepth = 0
    /// How many outermost updates (refreshes included) started.
    private(set) var outermostUpdates = 0
    /// Registrations released before any update could fire them, reported when the next update
    /// starts, which would have fired them (a mediator released with them reports nothing).
    private var discardedRegistrations: [String] = []
    /// The update is over and being handed on: hooks and recorders run.
    private(set) var isFinishing = false
    /// The name of the undo step the running outermost update makes.
    var undoName: String?
    /// The transaction whose writes open the journal, for the next commit: its tag, whether it
    /// committed, and how many entries it made (the refresh's follow).
    private var opening: (tag: String?, committed: Bool, entries: Int) = (nil, false, 0)
    /// Work to run once the running outermost update is over.
    private var afterUpdates: [@MainActor () -> Void] = []

    /// Walks the model once: to count its nodes, and to link them to their parents when a class
    /// declares `validate()`.
    init(root: any RippleNode) {
        self.root = root
        membership = ModelMembership(root: root)
        validator = Validator(rootDescriptor: type(of: root)._rippleDescriptor, model: membership)
        validator.buildLinks(from: root)
        scheduler.core = self
        AccessorRouting.add(self)
    }

    /// Called when the mediator is gone (streams end).
    var onEnd: [@Sendable () -> Void] = []

    /// The mediator is gone: its registrations stop watching the model, so nothing it
    /// registered keeps model nodes alive.
    deinit {
        graph.endAll()
        membership.releaseSoon()
        for end in onEnd { end() }
    }

    /// Whether an update or a refresh is running on this mediator.
    var isBusy: Bool { updateDepth > 0 || scheduler.isRefreshing || isFinishing }

    /// Whether an update started now is queued rather than nested or run.
    var queuesUpdates: Bool { scheduler.isRefreshing || isFinishing }

    // MARK: - Writes

    /// Journals the value member `member` of `node` had before its first write in this segment.
    func record<Value>(_ node: any RippleNode, _ member: Int, old: Value) {
        if let running = scheduler.running, contracts.writeOutsideWrites != .ignore {
            let descriptor = type(of: node)._rippleDescriptor
            if !running.mayWrite(member, descriptor: descriptor) {
                report(.writeOutsideWrites, registration: running.name, path: Self.memberPath(descriptor, member))
            }
        }
        if !journal.splices.isEmpty, journal.settleSplice(of: node, member, before: old) {
            _ = journal.isFirstInSegment(node._rippleTracker, member)
            return
        }
        guard journal.isFirstInSegment(node._rippleTracker, member) else { return }
        if let hook = hooks.running {
            report(.writeInHook, registration: nil, path: Self.memberPath(type(of: node)._rippleDescriptor, member) + " in \(hook.name)")
            if !hook.isInTransaction {
                scheduler.noteOutsideWrite(JournalEntry(node: node, member: member, old: old))
                return
            }
        }
        hooks.willChange(node)
        if validator.nodeBeingValidated == ObjectIdentifier(node) { validator.selfWrites.insert(journal.count) }
        journal.append(node, member, old: old)
    }

    // MARK: - Updates

    /// Runs `body` as the outermost update: journal, validate, deliver, refresh; then calls the
    /// did-commit hooks and hands the whole journal (the update and its refresh) to the recorders.
    ///
    /// Throws only what rolled `body` back: what happens after it committed (an update queued
    /// by a registration that fails, a refresh that does not settle) goes to ``failureHandler``.
    @MainActor
    func outermostUpdate(tag: String? = nil, _ body: @MainActor () throws -> Void) throws {
        // What was written outside updates commits first, as an update of its own.
        if !implicit.pending.isEmpty && !implicit.opensCommit { commitImplicitUpdate() }
        // Registrations released since are judged against the updates before this one.
        if graph.hasReleased { cancelReleased() }
        for name in discardedRegistrations { report(.releasedBeforeFirstRefresh, registration: name, path: "") }
        discardedRegistrations.removeAll()
        outermostUpdates += 1
        activate()
        let outerTag = scheduler.currentTag
        scheduler.currentTag = tag
        var failure: (any Error)?
        lastTransactionWasRefused = false
        do { try transaction(body) } catch { failure = error }
        opening = (tag, failure == nil, journal.count)
        // After a rollback, what the body queued (its actions' activity) still runs.
        if failure == nil || scheduler.hasWaitingChanges { scheduler.refresh() }
        finish()
        scheduler.currentTag = outerTag
        deactivate()
        undoName = nil
        runAfterUpdates()
        if let failure { throw failure }
    }

    /// Commits what the journal holds; again while hooks or recorders leave updates, writes or
    /// registrations waiting.
    @MainActor
    private func finish() {
        isFinishing = true
        defer { isFinishing = false }
        for round in 1... {
            commitJournal()
            guard scheduler.hasPendingWork else { return }
            if round >= scheduler.refreshLimit {
                reportFailure(scheduler.stopRefreshing(rounds: round), origin: nil, wasRolledBack: false)
                return
            }
            isFinishing = false
            scheduler.refresh()
            isFinishing = true
        }
    }

    /// Commits what the journal holds, a transaction and the refresh that followed it: calls the
    /// did-commit hooks, then hands the entries to the recorders, and delivers what they wrote.
    /// Called at the end of an update, and before an update queued during its refresh runs (a
    /// transaction of its own, with its own commit).
    @MainActor
    func commitJournal() {
        let wasFinishing = isFinishing
        isFinishing = true
        defer { isFinishing = wasFinishing }
        hooks.commit(startingSegment: journal.beginSegment)
        do {
            let commit = Commit(
                entries: journal.takeEntries(), tag: opening.tag, undoName: undoName, bodyCommitted: opening.committed,
                bodyEntryCount: opening.entries, journal: journal, isImplicit: implicit.takeOpening())
            opening = (opening.tag, false, 0)
            undoName = nil
            journal.beginSegment()
            for recorder in recorders { recorder.record(commit) }
            // What recorders wrote (a state that registrations read) is delivered now.
            scheduler.deliver(journal[0...])
            journal.removeAll()
        }
        journal.settleSplices()
    }

    /// Journals the splice that an in-place edit of node array member `member` of `node` made
    /// (see `ArrayEditInProgress`), as ``record(_:_:old:)`` journals an old value; in a hook,
    /// its old array through ``record(_:_:old:)``.
    func recordSplice(_ node: any RippleNode, _ member: Int, _ splice: ArraySplice) {
        guard hooks.running == nil else { return record(node, member, old: splice.old(after: node._rippleValue(of: member))) }
        if let running = scheduler.running, contracts.writeOutsideWrites != .ignore {
            let descriptor = type(of: node)._rippleDescriptor
            if !running.mayWrite(member, descriptor: descriptor) {
                report(.writeOutsideWrites, registration: running.name, path: Self.memberPath(descriptor, member))
            }
        }
        hooks.willChange(node)
        if validator.nodeBeingValidated == ObjectIdentifier(node) { validator.selfWrites.insert(journal.count) }
        journal.append(node, member, splice: splice)
    }

    /// Whether an in-place edit of a node array member may add its runs to the splice `waiting`
    /// that an earlier edit of the member journaled, rather than journal its old array: in the
    /// segment that journaled it, alike undoable, outside hooks and validation (which journal
    /// writes otherwise).
    func mayJoin(_ waiting: ArraySplice) -> Bool {
        waiting.epoch == journal.epoch && waiting.isUndoable == journal.writesAreUndoable && hooks.running == nil
            && validator.nodeBeingValidated == nil
    }

    /// Makes the old array of the splice journaled for member `member` of `node`, whose runs
    /// left `after`, before another kind of edit changes it: the member is journaled whole.
    func settleSplice(_ node: any RippleNode, _ member: Int, after: Any) {
        if journal.settleSplice(of: node, member, before: after) { _ = journal.isFirstInSegment(node._rippleTracker, member) }
    }

    /// Notes the transaction a queued update just ran: it opens the journal's next commit.
    func open(tag: String?, committed: Bool) {
        opening = (tag, committed, journal.count)
    }

    /// Runs `body` nested in a running update: validated at its end like any update (the model
    /// must be valid there), its writes roll back alone if it or a validation throws.
    ///
    /// Its hooks belong to the outermost update: a node it wrote keeps its will-change (which
    /// runs once per outermost update) and gets did-commit or did-roll-back with the others.
    @MainActor
    func nestedUpdate(_ body: @MainActor () throws -> Void) throws {
        let mark = journal.count
        journal.beginSegment()
        updateDepth += 1
        defer { updateDepth -= 1 }
        do {
            try body()
            // The parent links follow the outermost transaction only, which may still roll back.
            try validate(from: mark, keepingLinks: false)
        } catch {
            journal.rollBack(to: mark)
            throw error
        }
    }

    /// Journals `body`, validates what it wrote and attached, hands it to the gates, and rolls
    /// everything back if any of them throws; then delivers.
    @MainActor
    func transaction(_ body: @MainActor () throws -> Void) throws {
        let mark = journal.count
        let hookMark = hooks.mark
        journal.beginSegment()
        updateDepth += 1
        defer { updateDepth -= 1 }
        do {
            try body()
            try validate(from: mark)
            if !gates.isEmpty { try prepareCommit(from: mark, tag: scheduler.currentTag) }
        } catch {
            journal.rollBack(to: mark)
            hooks.rollBack(from: hookMark, startingSegment: journal.beginSegment)
            throw error
        }
        // An implicit update's writes were told to Observation when they were made.
        scheduler.deliver(journal[mark...], observationTold: implicit.opensCommit ? implicit.toldObservation : [])
    }

    /// Validates the changes journaled since `mark`; and what `validate()` wrote (a contract
    /// violation) in turn, until it writes nothing more. `keepingLinks` when these changes stay
    /// if validation passes (not those of a nested update, whose outer update may roll back).
    func validate(from mark: Int, keepingLinks: Bool = true) throws {
        guard validator.isActive else { return }
        defer { validator.selfWrites.removeAll() }
        var start = mark
        for _ in 0..<Self.validationPasses {
            let end = journal.count
            guard end > start else { return }
            journal.beginSegment()
            let structural = try hooks.validating { try validator.validate(journal[start..<end]) }
            if keepingLinks { validator.commit(structural) }
            start = end
        }
        let written = journal[start...].map { Self.memberPath(type(of: $0.node)._rippleDescriptor, $0.member) }
        throw RippleError.validationDidNotSettle(passes: Self.validationPasses, writes: written)
    }

    /// How many times validation runs again over what `validate()` wrote before giving up.
    static let validationPasses = 8

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
            scheduler.queueUpdate(origin: origin, tag: nil, body)
        } else {
            do { try outermostUpdate(body) } catch { reportFailure(error, origin: origin) }
        }
    }

    /// Hands a failure that no caller can receive to the failure handler.
    @MainActor
    func reportFailure(_ error: any Error, origin: String?) {
        reportFailure(error, origin: origin, wasRolledBack: true)
    }

    /// Hands a failure to the failure handler, saying whether the failed work was rolled back.
    @MainActor
    func reportFailure(_ error: any Error, origin: String?, wasRolledBack: Bool) {
        failureHandler(UpdateFailure(error: error, origin: origin, tag: scheduler.currentTag, wasRolledBack: wasRolledBack))
    }

    private func activate() {
        AccessorRouting.enter(self)
    }

    private func deactivate() {
        AccessorRouting.leave(self)
    }

    // MARK: - Registrations

    /// Adds a registration; it fires on the next refresh, whatever changed.
    func register(
        _ name: String, role: RegistrationState.Role, anchor: any RippleNode,
        reads: [[PathStep]], writes: [[PathStep]] = [], body: @escaping @MainActor () -> Void
    ) throws -> RegistrationState {
        cancelReleased()
        let registration = graph.make(name, role: role, anchor: anchor, reads: reads, writes: writes, core: self, body: body)
        try graph.add(registration)
        registration.madeAtUpdate = outermostUpdates
        if role != .everyRefresh {
            // Inside an update (or a refresh) what it would walk may still roll back, which
            // nothing delivers: it walks its paths when it first fires, which it does whatever
            // changed meanwhile.
            if isBusy { registration.resolvesWhenFiring = true } else { registration.resolve() }
            scheduler.addInitial(registration)
        }
        return registration
    }

    func cancel(_ registration: RegistrationState) {
        if graph.cancel(registration) { scheduler.forget(registration) }
    }

    /// Cancels the registrations released since the last call.
    func cancelReleased() {
        for registration in graph.takeReleased() {
            // `_ = observe(...)`: it ends at once, before any update could fire it.
            if registration.fireCount == 0 && registration.madeAtUpdate == outermostUpdates && !registration.isCancelled {
                discardedRegistrations.append(registration.name)
            }
            cancel(registration)
        }
    }

    /// Cancels the released registrations now if this is the main thread and the mediator is
    /// idle, else on the main actor's next turn (or before the mediator next delivers).
    nonisolated static func cancelReleasedSoon(_ core: MediatorCore) {
        // The core is found again on the main actor, among the live ones.
        let id = ObjectIdentifier(core)
        let cancel: @MainActor @Sendable () -> Void = {
            guard let core = AccessorRouting.liveCore(id), !core.isBusy else { return }
            core.cancelReleased()
        }
        if ImplicitUpdate.isOnMainActor {
            MainActor.assumeIsolated(cancel)
        } else {
            Task { @MainActor in cancel() }
        }
    }
}
