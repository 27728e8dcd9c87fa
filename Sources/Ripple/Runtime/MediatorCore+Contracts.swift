import Foundation

// Writes outside updates, and the contracts a registration keeps (what it reads and writes).

extension MediatorCore {
    /// A write while no update runs: a contract violation, and a change the next refresh delivers.
    static func writeOutsideUpdate<Value>(_ node: any RippleNode, _ member: Int, old: Value) {
        let tracker = node._rippleTracker
        let path = memberPath(type(of: node)._rippleDescriptor, member)
        let cores = watchingCores(of: tracker)
        for core in cores {
            core.report(.writeOutsideUpdate, registration: nil, path: path)
            core.scheduler.noteOutsideWrite(JournalEntry(node: node, member: member, old: old))
        }
        guard cores.isEmpty, tracker.isObserved || tracker.isLinked else { return }
        // No registration reads it: the mediators whose model holds it report the violation,
        // and keep the change for their next refresh when they keep parent links, which must
        // follow it. Finding them walks their models, a cost paid by this mistake only.
        for core in live.compactMap(\.core) where core.modelContains(node) {
            core.report(.writeOutsideUpdate, registration: nil, path: path)
            if tracker.isLinked { core.scheduler.noteOutsideWrite(JournalEntry(node: node, member: member, old: old)) }
        }
        guard tracker.isObserved else { return }
        // Observation's readers hear of it now, no refresh being due. The setter skipped an
        // equal value already; a node whose class has will-change hooks comes here before
        // storing, as Observation's own `willSet` does.
        node._rippleObservationChange(member)
        let changeKey = type(of: node)._rippleDescriptor.members[member].changeKey
        if changeKey != member { node._rippleObservationChange(changeKey) }
    }

    /// The mediators keeping the document (patches, a store) that holds `node`.
    @MainActor
    static func documentCores(holding node: any RippleNode) -> [MediatorCore] {
        let owner = node._rippleTracker.documentOwner
        return live.compactMap(\.core).filter { core in
            core.recorders.contains { ($0 as? PatchRecorder)?.documentSerial == owner }
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
