import Foundation

// Writes outside updates, and the contracts a registration keeps (what it reads and writes).

extension MediatorCore {
    /// A write while no update runs: a change that every mediator whose model holds the node, or
    /// whose registrations watch it, keeps for its next refresh (delivered, then journaled as not
    /// undoable, so that documents save it); a contract violation where a registration or
    /// Observation watches the node.
    static func writeOutsideUpdate<Value>(_ node: any RippleNode, _ member: Int, old: Value) {
        let tracker = node._rippleTracker
        if !tracker.hasWatchers && !tracker.isObserved {
            // Watched by nobody (a binding's write, say): no violation, and no array to gather.
            guard tracker.modelMemberships > 0 else { return }
            var isNoted = false
            live.withUnsafeBufferPointer { cores in
                for index in cores.indices {
                    guard let core = cores[index].core, core.membership.contains(node) else { continue }
                    core.scheduler.noteOutsideWrite(JournalEntry(node: node, member: member, old: old))
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
            for index in live.indices {
                guard let core = live[index].core, core.membership.contains(node), !holding.contains(where: { $0 === core }) else { continue }
                holding.append(core)
            }
        }
        // Observation's readers hear of it now when no registration does (no refresh being due);
        // the refresh that takes it in does not tell them again.
        let tellsObservation = watching.isEmpty && tracker.isObserved
        if !watching.isEmpty || tellsObservation {
            let path = memberPath(type(of: node)._rippleDescriptor, member)
            for core in watching.isEmpty ? holding : watching { core.report(.writeOutsideUpdate, registration: nil, path: path) }
        }
        for core in holding {
            core.scheduler.noteOutsideWrite(JournalEntry(node: node, member: member, old: old), toldObservation: tellsObservation)
        }
        guard tellsObservation else { return }
        // The setter skipped an equal value already; a node whose class has will-change hooks
        // comes here before storing, as Observation's own `willSet` does.
        node._rippleObservationChange(member)
        let changeKey = type(of: node)._rippleDescriptor.members[member].changeKey
        if changeKey != member { node._rippleObservationChange(changeKey) }
    }

    /// Marks member `member` of the tracker's node journaled in the epoch of writes outside
    /// updates (a fresh one after each update), as a journal marks its segment's writes.
    private static func markNoted(_ tracker: Tracker, _ member: Int) {
        guard member < 64, _rippleJournalEpoch != 0 else { return }
        if tracker.journalEpoch != _rippleJournalEpoch {
            tracker.journalEpoch = _rippleJournalEpoch
            tracker.journaledMembers = 0
        }
        tracker.journaledMembers |= 1 << UInt64(member)
    }

    /// The mediators keeping the document (patches, a store) that holds `node`.
    @MainActor
    static func documentCores(holding node: any RippleNode) -> [MediatorCore] {
        let owner = node._rippleTracker.documentOwner
        return live.compactMap(\.core).filter { core in
            core.recorders.contains { ($0 as? PatchRecorder)?.documentSerial == owner }
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
