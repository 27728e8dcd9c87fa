/// The registrations of the nodes of one per-node registration (`forEach:`): one for each node
/// of the class in the model, made as the node enters it and ended as it leaves.
///
/// The family (a `RegistrationState` without an anchor) stands in the registration graph for
/// them all: their level, the writers checked when registering, the order. Each node's
/// registration watches its paths from its node, and fires alone, so that a change costs the
/// nodes whose reads it reaches, never the number of nodes of the class.
final class ForEachRegistrations: ModelMembershipListener {
    /// The family; unowned, as it holds this.
    unowned(unsafe) let family: RegistrationState
    /// Makes the body of one node's registration, or nil when the node is not of the class.
    private let makeBody: (any RippleNode) -> (@MainActor () -> Void)?
    /// The registrations of the nodes in the model, by node (a node in two places is one node).
    private(set) var byNode: [ObjectIdentifier: RegistrationState] = [:]
    private weak var core: MediatorCore?
    /// How many node registrations it made.
    private var made = 0

    init(family: RegistrationState, core: MediatorCore, makeBody: @escaping (any RippleNode) -> (@MainActor () -> Void)?) {
        self.family = family
        self.core = core
        self.makeBody = makeBody
    }

    /// Makes the registrations of the nodes of the class in the model (each fires on the next
    /// refresh), and follows the nodes that enter and leave it from now on.
    ///
    /// - Complexity: O(n), where n is the number of places in nodes of the model.
    func start() {
        guard let core else { return }
        let membership = core.membership
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(core.root)]
        var stack = [core.root]
        add(core.root, initial: true)
        // The model as the mediator last delivered it: a node attached by an update still
        // running enters with its delivery.
        while let node = stack.popLast() {
            let descriptor = type(of: node)._rippleDescriptor
            guard descriptor.holdsNodes else { continue }
            for member in descriptor.storedNodeMembers {
                node._rippleVisitNodes(of: member) { child in
                    guard membership.contains(child), seen.insert(ObjectIdentifier(child)).inserted else { return }
                    add(child, initial: true)
                    stack.append(child)
                }
            }
        }
        membership.addListener(self)
    }

    func modelDidChange(_ change: ModelPlaceCounter.Change) {
        guard !family.isCancelled else { return }
        for node in change.left {
            byNode.removeValue(forKey: ObjectIdentifier(node))?.end()
        }
        for node in change.entered { add(node, initial: false) }
    }

    /// Makes the registration of `node` if it is of the class and has none; it fires on the
    /// next refresh, or in the running one when `node` entered during it.
    private func add(_ node: any RippleNode, initial: Bool) {
        guard let core, byNode[ObjectIdentifier(node)] == nil, let body = makeBody(node) else { return }
        made += 1
        let registration = RegistrationState(node: node, of: family, order: made, body: body)
        byNode[ObjectIdentifier(node)] = registration
        if initial { core.scheduler.addInitial(registration) } else { core.scheduler.addEntered(registration) }
    }

    /// Resumes the nodes' registrations with changes to catch up on; returns whether any has.
    ///
    /// - Complexity: O(n), where n is the number of nodes of the class in the model.
    func resume() -> Bool {
        guard let core else { return false }
        var isDue = false
        for registration in byNode.values {
            if registration.isInitialDue || registration.pending.differs {
                if !registration.isInitialDue { registration.isResumed = true }
                core.scheduler.addResumed(registration)
                isDue = true
            } else {
                registration.pending.removeAll()
                registration.pendingTags.removeAll()
                registration.followChanges()
            }
        }
        return isDue
    }

    /// Ends every node's registration and stops following the model.
    func endAll() {
        core?.membership.removeListener(self)
        let registrations = byNode.values
        byNode.removeAll()
        for registration in registrations { registration.end() }
    }
}
