import Foundation

// Writes outside updates, and the contracts a registration keeps (what it reads and writes).

extension MediatorCore {
    /// A write while no update runs. On the main actor, with implicit updates on, it joins the
    /// implicit update of every mediator whose model holds the node, or whose registrations
    /// watch it (see `ImplicitUpdate`). Otherwise it is a change that those mediators keep for
    /// their next refresh (delivered, then journaled as not undoable, so that documents save
    /// it); and a contract violation where a registration or Observation watches the member.
    static func writeOutsideUpdate<Value>(_ node: any RippleNode, _ member: Int, old: Value) {
        let tracker = node._rippleTracker
        let isMainThread = ImplicitUpdate.isOnMainActor
        if !tracker.hasWatchers && !tracker.isObserved {
            // Watched by nobody (a binding's write, say): no violation, and no array to gather.
            guard tracker.modelMemberships > 0 else { return }
            var isNoted = false
            AccessorRouting.live.withUnsafeBufferPointer { cores in
                for index in cores.indices {
                    guard let core = cores[index].core, core.membership.contains(node) else { continue }
                    let entry = JournalEntry(node: node, member: member, old: old)
                    if core.takesImplicitWrite(onMainThread: isMainThread) {
                        core.noteImplicitWrite(entry)
                    } else {
                        core.scheduler.noteOutsideWrite(entry)
                    }
                    isNoted = true
                }
            }
            // Noted with its value before this write: later writes of the member, until the next
            // update, need not reach the runtime (a plain store each), as in an update.
            if isNoted { markNoted(tracker, member) }
            return
        }
        let watching = watchingCores(of: tracker)
        var holding = watching
        if tracker.modelMemberships > 0 {
            for index in AccessorRouting.live.indices {
                guard let core = AccessorRouting.live[index].core, core.membership.contains(node), !holding.contains(where: { $0 === core }) else { continue }
                holding.append(core)
            }
        }
        var keeping: [MediatorCore] = []
        var joinedImplicit = false
        for core in holding {
            if core.takesImplicitWrite(onMainThread: isMainThread) {
                core.noteImplicitWrite(JournalEntry(node: node, member: member, old: old))
                joinedImplicit = true
            } else {
                keeping.append(core)
            }
        }
        let keepingWatching = watching.filter { core in keeping.contains { $0 === core } }
        // Observation's readers hear of it now when no registration does (no refresh being due),
        // or when an implicit update takes it (they see the stored value at once); the refresh
        // that takes it in does not tell them again.
        let tellsObservation = tracker.isObserved && (joinedImplicit || keepingWatching.isEmpty)
        // The rule is per member: a registration watching another member of the node is not
        // broken by this write.
        let descriptor = type(of: node)._rippleDescriptor
        var reporting = keepingWatching.isEmpty || !watchesMember(tracker, member, descriptor: descriptor) ? [] : keepingWatching
        if reporting.isEmpty && tracker.isObserved { reporting = keeping }
        if !reporting.isEmpty {
            let path = memberPath(descriptor, member)
            for core in reporting { core.report(.writeOutsideUpdate, registration: nil, path: path) }
        }
        for core in keeping {
            core.scheduler.noteOutsideWrite(JournalEntry(node: node, member: member, old: old), toldObservation: tellsObservation)
        }
        // The setter skipped an equal value already; a node whose class has will-change hooks
        // comes here before storing, as Observation's own `willSet` does.
        guard tellsObservation else { return }
        tellObservation(node, member)
        for core in holding where core.takesImplicitWrite(onMainThread: isMainThread) {
            core.implicit.toldObservation.insert(NodeMember(tracker, member))
        }
    }

    /// Marks member `member` of the tracker's node journaled in the epoch of writes outside
    /// updates (a fresh one after each update), as a journal marks its segment's writes.
    private static func markNoted(_ tracker: Tracker, _ member: Int) {
        guard member < 64, AccessorRouting.journalEpoch != 0 else { return }
        if tracker.journalEpoch != AccessorRouting.journalEpoch {
            tracker.journalEpoch = AccessorRouting.journalEpoch
            tracker.journaledMembers = 0
        }
        tracker.journaledMembers |= 1 << UInt64(member)
    }

    /// The mediators keeping the document (patches, a store) that holds `node`.
    @MainActor
    static func documentCores(holding node: any RippleNode) -> [MediatorCore] {
        let owner = node._rippleTracker.documentOwner
        return AccessorRouting.live.compactMap(\.core).filter { core in
            core.recorders.contains { $0.keptDocument == owner }
        }
    }

    /// The mediators with registrations watching a member of the node.
    static func watchingCores(of tracker: Tracker) -> [MediatorCore] {
        var cores: [MediatorCore] = []
        tracker.forEachWatcher { registration in
            if let core = registration.core, !cores.contains(where: { $0 === core }) { cores.append(core) }
        }
        return cores
    }

    // MARK: - Contracts

    func didRead(_ node: any RippleNode, _ member: Int) {
        guard let running = scheduler.running, running.isChecked else { return }
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
}
