extension MediatorCore {
    /// Adds a registration for every node of the class `descriptor` describes: the family
    /// joins the graph (where a processor is checked like any), then each node of the class in
    /// the model gets its registration, firing on the next refresh.
    ///
    /// - Complexity: O(n), where n is the number of places in nodes of the model, once.
    func registerForEach(
        _ name: String, role: RegistrationState.Role, descriptor: NodeDescriptor,
        reads: [[PathStep]], writes: [[PathStep]] = [],
        makeBody: @escaping (any RippleNode) -> (@MainActor () -> Void)?
    ) throws -> RegistrationState {
        cancelReleased()
        if role == .processor, let cycle = Self.readsItsOwnWritesElsewhere(name, descriptor: descriptor, reads: reads, writes: writes) {
            throw cycle
        }
        let family = graph.make(
            name, role: role, anchor: nil, anchorDescriptor: descriptor, reads: reads, writes: writes, core: self, body: {})
        try graph.add(family)
        // The family itself never fires, so it owes no first firing.
        family.isInitialDue = false
        let registrations = ForEachRegistrations(family: family, core: self, makeBody: makeBody)
        family.forEach = registrations
        registrations.start()
        return family
    }

    /// The cycle of a per-node processor that reads, in another node, a property it writes
    /// (a folder's count summed from its subfolders' counts): each node's run would read what
    /// another node's run of the same refresh writes, in no order the graph can give, and
    /// the write after the read is a contract violation. Refused when registering, as a
    /// cycle of processors is; reading what it writes in its own node is allowed.
    private static func readsItsOwnWritesElsewhere(
        _ name: String, descriptor: NodeDescriptor, reads: [[PathStep]], writes: [[PathStep]]
    ) -> RippleError? {
        var written = KeySet()
        for path in writes { written.add(path, from: descriptor, isWrite: true) }
        var readElsewhere = KeySet()
        for path in reads { readElsewhere.addFromOtherNodes(path, from: descriptor) }
        let shared = written.keys.intersection(readElsewhere.keys).compactMap { written.names[$0] }.sorted()
        return shared.isEmpty ? nil : .dependencyCycle(registrations: [name, name], properties: shared)
    }
}
