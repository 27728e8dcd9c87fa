extension Mediator {
    /// Observes `reads` of every node of a class: `body` fires once for each node of `nodeClass`
    /// whose reads changed, and once for each node that entered the model.
    ///
    /// Each node of the class in the model has its own watches, from itself along `reads`: a
    /// change makes `body` fire for the nodes whose reads it reaches, and for no other. The
    /// first refresh after this call fires it for every node of the class in the model; then a
    /// node fires when something it reads changed, or when it enters the model (attached by an
    /// update, a processor, an undo). A node that leaves the model stops being watched and never
    /// fires; a node in two places is one node and fires once. Each node fires at most once per
    /// refresh, in the observer's place in the order (after every processor that writes what it
    /// reads).
    ///
    /// ```swift
    /// let rows = mediator.observe("row", forEach: TaskItem.self,
    ///     reads: [TaskItem.scheme.title, TaskItem.scheme.isDone]) { task in
    ///     rowCache[ObjectIdentifier(task)] = Row(title: task.title, isDone: task.isDone)
    /// }
    /// ```
    ///
    /// While `body` runs for a node, the contracts check its reads against `reads` from that
    /// node, as for ``observe(_:on:reads:_:)``. Pausing the registration pauses every node's;
    /// resuming fires, once, each node whose reads changed meanwhile.
    ///
    /// - Parameters:
    ///   - name: Names the registration in logs, errors and contract violations.
    ///   - nodeClass: The class whose nodes are observed, e.g. `TaskItem.self`.
    ///   - reads: Paths of that class's scheme, e.g. `[TaskItem.scheme.subtasks.all]`.
    ///   - body: Reads the node; must not write the model.
    /// - Returns: The registration of every node; it ends when cancelled or released.
    /// - Complexity: Registering walks the model once, O(n) for its n nodes. Then a refresh
    ///   costs what changed and the nodes whose reads it reaches, never the number of nodes of
    ///   the class; resuming costs the number of nodes of the class.
    public func observe<Node: RippleNode>(
        _ name: String, forEach nodeClass: Node.Type, reads: [any ModelPathConvertible<Node>],
        _ body: @escaping @MainActor (Node) -> Void
    ) -> Registration {
        // Only a processor can conflict with others.
        // swift-format-ignore: NeverUseForceTry
        try! register(name, role: .observer, nodeClass, reads: reads, writes: [], body)
    }

    /// Registers a processor for every node of a class: `body` derives `writes` of a node from
    /// its `reads`, once for each node of `nodeClass` whose reads changed, and once for each
    /// node that entered the model.
    ///
    /// ```swift
    /// let openCount = try mediator.process("openCount", forEach: Project.self,
    ///     reads: [Project.scheme.tasks.isDone], writes: [Project.scheme.openCount]) { project in
    ///     project.openCount = project.tasks.filter { !$0.isDone }.count
    /// }
    /// ```
    ///
    /// An edit of one task runs `body` for its project alone. The processor keeps the refresh
    /// order like any: every node's firing comes before every reader of what it writes (an
    /// observer of `projects.openCount` from the root, a per-node registration reading
    /// `Project.openCount`), coordinators first. Firing follows the rules of
    /// ``observe(_:forEach:reads:_:)``: the nodes whose reads changed, those that entered the
    /// model, never those that left, each at most once per refresh. While `body` runs for a
    /// node, the contracts check its reads and writes against its paths from that node.
    ///
    /// Its nodes may read what it writes in other nodes of the class (a folder's count summed
    /// from its subfolders' counts, `reads: [Folder.scheme.folders.noteCount]`): they then run
    /// in the order of those reads, each after the nodes whose output it reads (children first
    /// there, parents first for `parent.x`). Nodes that read each other in a loop (a folder
    /// that holds itself) are not run, keep their values, and the failure handler hears of it
    /// (``RippleError/nodeCycle(registration:properties:nodes:)``).
    ///
    /// - Parameters:
    ///   - name: Names the registration in logs, errors and contract violations.
    ///   - nodeClass: The class whose nodes it derives state of, e.g. `Project.self`.
    ///   - reads: Paths of that class's scheme, e.g. `[Project.scheme.tasks.isDone]`.
    ///   - writes: What it writes, paths of that class's scheme, e.g. `[Project.scheme.openCount]`.
    ///   - body: Writes the node's derived state.
    /// - Returns: The registration of every node; it ends when cancelled or released.
    /// - Throws: ``RippleError/conflictingWriters(property:existing:new:)`` when another
    ///   processor already writes one of `writes` (of any node of the class),
    ///   ``RippleError/dependencyCycle(registrations:properties:)`` when processors would feed
    ///   each other in a loop, or it reads elsewhere what it writes into nodes of another class.
    ///   Nothing is registered then.
    /// - Complexity: Registering walks the model once, O(n) for its n nodes. Then a refresh
    ///   costs what changed and the nodes whose reads it reaches, never the number of nodes of
    ///   the class; resuming costs the number of nodes of the class.
    public func process<Node: RippleNode>(
        _ name: String, forEach nodeClass: Node.Type, reads: [any ModelPathConvertible<Node>],
        writes: [any ModelPathConvertible<Node>], _ body: @escaping @MainActor (Node) -> Void
    ) throws -> Registration {
        try register(name, role: .processor, nodeClass, reads: reads, writes: writes, body)
    }

    private func register<Node: RippleNode>(
        _ name: String, role: RegistrationState.Role, _ nodeClass: Node.Type, reads: [any ModelPathConvertible<Node>],
        writes: [any ModelPathConvertible<Node>], _ body: @escaping @MainActor (Node) -> Void
    ) throws -> Registration {
        let state = try core.registerForEach(
            name, role: role, descriptor: Node._rippleDescriptor, reads: reads.map { $0.modelPath.steps },
            writes: writes.map { $0.modelPath.steps }
        ) { node in
            guard let node = node as? Node else { return nil }
            return { body(node) }
        }
        return Registration(state)
    }
}
