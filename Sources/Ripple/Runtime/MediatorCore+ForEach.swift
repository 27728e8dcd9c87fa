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
        var recursiveKeys: [Int] = []
        if role == .processor {
            recursiveKeys = try Self.ownWritesReadElsewhere(name, descriptor: descriptor, reads: reads, writes: writes)
        }
        let family = graph.make(
            name, role: role, anchor: nil, anchorDescriptor: descriptor, reads: reads, writes: writes, core: self, body: {})
        family.recursiveKeys = recursiveKeys
        try graph.add(family)
        // The family itself never fires, so it owes no first firing.
        family.isInitialDue = false
        let registrations = ForEachRegistrations(family: family, core: self, makeBody: makeBody)
        family.forEach = registrations
        registrations.start()
        return family
    }

    /// The change keys of the members a per-node processor writes in its own node and reads in
    /// other nodes of its class (a folder's count summed from its subfolders' counts): a
    /// *recursive* registration, whose nodes run in the order of what they read of each other
    /// (see `RefreshScheduler.runRecursive(_:of:_:)`). Reading what it writes in its own node alone
    /// is no recursion. Reading elsewhere what it writes through a path into nodes of another
    /// class is a cycle no order of its nodes settles: refused when registering, as a cycle of
    /// processors is.
    private static func ownWritesReadElsewhere(
        _ name: String, descriptor: NodeDescriptor, reads: [[PathStep]], writes: [[PathStep]]
    ) throws -> [Int] {
        var written = KeySet()
        for path in writes { written.add(path, from: descriptor, isWrite: true) }
        var readElsewhere = KeySet()
        for path in reads { readElsewhere.addFromOtherNodes(path, from: descriptor) }
        let shared = written.keys.intersection(readElsewhere.keys)
        let own = ObjectIdentifier(descriptor)
        let elsewhere = shared.filter { $0.type != own }.compactMap { written.names[$0] }.sorted()
        if !elsewhere.isEmpty { throw RippleError.dependencyCycle(registrations: [name, name], properties: elsewhere) }
        return shared.map(\.member).sorted()
    }
}
