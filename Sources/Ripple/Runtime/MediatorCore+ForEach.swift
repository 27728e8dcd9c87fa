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
}
