/// The hub of a model: it runs updates as transactions and, after each, notifies the
/// registrations whose reads changed, in a guaranteed order.
///
/// ```swift
/// let mediator = Mediator(root: Library())
/// let header = mediator.observe("header", reads: [Library.scheme.catalog.total]) { library in
///     print("total:", library.catalog.total)
/// }
/// try mediator.update { library in library.catalog.total += 1 }   // header fires
/// ```
///
/// Order within a refresh: coordinators by ascending priority; then processors and
/// observers by dependency level (a processor runs before everything that reads what it
/// writes), ties in registration order; then observers of every refresh. Each fires at most
/// once per refresh, and exactly when something it reads really changed.
@MainActor
public final class Mediator<Root: RippleRoot> {
    /// The root of the model.
    public let root: Root
    let core: MediatorCore
    /// The numbers of the nodes documents name (see `Documents/`): here rather than in the core,
    /// which knows documents only through its recorders.
    var identities = DocumentIdentities()
    /// This mediator as a replica of a shared document (a `ReplicaSession`), made the first time
    /// it is needed (see `Collaboration/`).
    var replicaSession: AnyObject?
    /// The undo and redo stacks and the saved state; see ``History``.
    public let history: History

    /// Creates the mediator of the model under `root`.
    ///
    /// The mediator walks the model once, to know which nodes are in it (those `root` reaches
    /// through stored node members) and, when a class declares `validate()`, to link them to
    /// their parents; from then on it follows what each update moves in or out, so that no
    /// update, not even the first, walks the model.
    ///
    /// - Parameter root: The root of the model.
    /// - Complexity: O(n), where n is the number of nodes of the model, once.
    public init(root: Root) {
        self.root = root
        core = MediatorCore(root: root)
        history = History(host: core)
        core.recorders = [history]
    }

    // MARK: Updates

    /// Runs `body` as a transaction, then refreshes.
    ///
    /// Updates nest: only the outermost one refreshes. If `body` or a `validate()` throws, every
    /// write of the transaction is undone, nobody is notified, and the error is rethrown; a
    /// nested update that throws undoes its own writes only.
    ///
    /// `update` throws if and only if its change was rolled back. An update started while a
    /// refresh runs (from an observer, say) is queued and runs, as a transaction of its own,
    /// right after; if it fails, its error goes to ``failureHandler``, never to the caller
    /// whose change committed.
    ///
    /// The outermost update that changes recorded members is one undo step of ``history``.
    ///
    /// - Parameters:
    ///   - undoName: Names the undo step, e.g. `"Rename Shelf"`; in a nested update, names it
    ///     when the outer updates did not (and not if the nested update rolls back).
    ///   - tag: Says where the change comes from ("network", "user"): the registrations it
    ///     makes fire find it in ``firingTags``. A nested update's changes count as the
    ///     outermost update's.
    ///   - body: Changes the model; receives the root.
    /// - Throws: What `body` or a validation throws; the change was then rolled back.
    /// - Complexity: O(w + f), where w is the number of members the update writes and f the
    ///   registrations watching them, besides what `body` and the registrations that fire do;
    ///   not the size of the model nor the number of registrations. A collection edited in place
    ///   is copied once per update and compared with its old value by their common ends, O(c)
    ///   for its c elements, but for an array of nodes edited by `insert(_:at:)`, `append(_:)`
    ///   or `remove(at:)`, which costs the elements inserted or removed; a subtree attached or detached costs its size once (validation and
    ///   membership follow it); the first refresh after registrations came or went orders them
    ///   all again, O(r) for r registrations.
    public func update(
        undoName: String? = nil, tag: String? = nil, _ body: @escaping @MainActor (Root) throws -> Void
    ) throws {
        let root = self.root
        let core = self.core
        if core.queuesUpdates {
            core.scheduler.queueUpdate(origin: core.scheduler.running?.name, tag: tag) {
                if let undoName, core.undoName == nil { core.undoName = undoName }
                try body(root)
            }
            return
        }
        // The name goes to the outermost update's step, unless an outer update named it.
        let outerName = core.undoName
        if let undoName, outerName == nil { core.undoName = undoName }
        // Non-escaping bodies: no closure is allocated for an update.
        if core.updateDepth > 0 {
            do {
                try core.nestedUpdate { try body(root) }
            } catch {
                core.undoName = outerName
                throw error
            }
        } else {
            try core.outermostUpdate(tag: tag) { try body(root) }
        }
    }

    /// While a registration runs, the tags of the updates whose changes made it fire, in the
    /// order they came (several when changes of several updates reached it, as after a
    /// resume); `nil` stands for an update without a tag. Empty outside registrations.
    ///
    /// ```swift
    /// let title = mediator.observe("title", reads: [Library.scheme.title]) { library in
    ///     if mediator.firingTags.contains("network") { flashSyncedBadge() }
    /// }
    /// try mediator.update(tag: "network") { $0.title = serverTitle }
    /// ```
    public var firingTags: [String?] { core.scheduler.firingTags }

    /// Refreshes without changing anything: fires new registrations and delivers writes
    /// made outside updates.
    public func refresh() {
        try? update { _ in }
    }

    /// Where failures go that no caller can be told of: an update queued by a registration (or
    /// by a hook) that was rolled back, a chain of refreshes that did not settle, an Edit > Undo
    /// that could not be applied. By default they are printed to standard error.
    ///
    /// ```swift
    /// mediator.failureHandler = { failure in logger.error("\(failure)") }
    /// ```
    public var failureHandler: @MainActor (UpdateFailure) -> Void {
        get { core.failureHandler }
        set { core.failureHandler = newValue }
    }

    // MARK: Registrations

    /// Observes `reads`: `body` fires once on the first refresh after this call, then after
    /// every update that changes something it reads.
    ///
    /// - Parameters:
    ///   - name: Names the registration in logs, errors and contract violations.
    ///   - reads: Paths of the model scheme, e.g. `[Library.scheme.catalog.total]`.
    ///   - body: Reads the model; must not write it.
    /// - Returns: The registration; it ends when cancelled or released.
    /// - Complexity: O(p) to register, where p is what `reads` reaches from the root (every node
    ///   of a `.all` path's subtree, every element of a collection a path goes through), and
    ///   O(r) at the next refresh, which orders the r registrations again. Then each firing
    ///   costs `body` and what changed under the paths, not what they reach.
    public func observe(
        _ name: String, reads: [any ModelPathConvertible<Root>], _ body: @escaping @MainActor (Root) -> Void
    ) -> Registration {
        let root = self.root
        return register(name, .observer, anchor: root, reads: reads.map { $0.modelPath.steps }) { body(root) }
    }

    /// Observes paths that start at one node of the model rather than at the root.
    ///
    /// - Parameters:
    ///   - name: Names the registration.
    ///   - node: Where the paths start, e.g. one track.
    ///   - reads: Paths of that node's scheme, e.g. `[Track.scheme.title]`.
    ///   - body: Reads the node; must not write the model.
    /// - Returns: The registration.
    /// - Complexity: As ``observe(_:reads:_:)``, with p what `reads` reaches from `node`.
    public func observe<Node: RippleNode>(
        _ name: String, on node: Node, reads: [any ModelPathConvertible<Node>],
        _ body: @escaping @MainActor (Node) -> Void
    ) -> Registration {
        register(name, .observer, anchor: node, reads: reads.map { $0.modelPath.steps }) { body(node) }
    }

    /// Observes every refresh, whatever changed; fires after all other registrations.
    ///
    /// - Complexity: O(1) to register, and O(r) at the next refresh, which orders the r
    ///   registrations again; then `body` at every refresh.
    public func observeEveryRefresh(_ name: String, _ body: @escaping @MainActor (Root) -> Void) -> Registration {
        let root = self.root
        return register(name, .everyRefresh, anchor: root, reads: []) { body(root) }
    }

    /// Registers a processor: it derives `writes` from `reads`, and runs before everything
    /// that reads what it writes.
    ///
    /// ```swift
    /// let count = try mediator.process("count",
    ///     reads: [Library.scheme.selectedShelf.all], writes: [Library.scheme.selectedCount]) { library in
    ///     library.selectedCount = library.selectedShelf?.entries.count ?? 0
    /// }
    /// ```
    ///
    /// - Throws: ``RippleError/conflictingWriters(property:existing:new:)`` when another
    ///   processor already writes one of `writes`, ``RippleError/dependencyCycle(registrations:properties:)``
    ///   when processors would feed each other in a loop.
    /// - Complexity: As ``observe(_:reads:_:)``, plus O(q) to check `writes` against the other
    ///   processors, where q is the number of processors that read, directly or through others,
    ///   what it writes.
    public func process(
        _ name: String, reads: [any ModelPathConvertible<Root>], writes: [any ModelPathConvertible<Root>],
        _ body: @escaping @MainActor (Root) -> Void
    ) throws -> Registration {
        let root = self.root
        let registration = try core.register(
            name, role: .processor, anchor: root, reads: reads.map { $0.modelPath.steps },
            writes: writes.map { $0.modelPath.steps }) { body(root) }
        return Registration(registration)
    }

    /// Registers a coordinator: a priority observer that runs before all processors and
    /// observers, in ascending `priority`, and may read and write anything.
    ///
    /// - Complexity: As ``observe(_:reads:_:)``.
    public func coordinate(
        _ name: String, priority: Int = 0, reads: [any ModelPathConvertible<Root>],
        _ body: @escaping @MainActor (Root) -> Void
    ) -> Registration {
        let root = self.root
        return register(name, .coordinator(priority: priority), anchor: root, reads: reads.map { $0.modelPath.steps }) {
            body(root)
        }
    }

    private func register(
        _ name: String, _ role: RegistrationState.Role, anchor: any RippleNode, reads: [[PathStep]],
        _ body: @escaping @MainActor () -> Void
    ) -> Registration {
        // Only a processor can conflict with others.
        // swift-format-ignore: NeverUseForceTry
        Registration(try! core.register(name, role: role, anchor: anchor, reads: reads, body: body))
    }

    // MARK: Contracts and introspection

    /// The contract checks and their policies; see ``Contracts``.
    public var contracts: Contracts {
        get { core.contracts }
        set { core.contracts = newValue }
    }

    /// The violations recorded so far (policies `.record`, `.log` and `.assert`).
    public var violations: [ContractViolation] {
        get { core.violations }
        set { core.violations = newValue }
    }

    /// How many chained refresh rounds one update may cause before it stops with an error.
    public var refreshLimit: Int {
        get { core.scheduler.refreshLimit }
        set { core.scheduler.refreshLimit = max(1, newValue) }
    }

    /// Whether refreshes are logged into ``refreshLog``.
    public var isLogging: Bool {
        get { core.scheduler.isLogging }
        set { core.scheduler.isLogging = newValue }
    }

    /// The most recent refreshes (up to 100), oldest first, while ``isLogging`` is on.
    public var refreshLog: [RefreshRecord] {
        get { core.scheduler.log }
        set { core.scheduler.log = newValue }
    }
}
