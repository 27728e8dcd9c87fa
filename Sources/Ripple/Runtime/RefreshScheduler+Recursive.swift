// The nodes of a recursive per-node processor (one whose nodes read what it writes in other
// nodes of its class), run in the order of what they read of each other.

extension RefreshScheduler {
    /// Runs the due nodes of `family`, a recursive per-node processor, `first` among them, each
    /// after the nodes whose output it reads: children first for a folder's count summed from
    /// its subfolders' counts (`folders.noteCount`), parents first for `parent.total`.
    ///
    /// The nodes it may run are those queued and, through the watches of what it writes, their
    /// readers, their readers' readers and so on: an edit at the bottom of a chain reaches the
    /// chain above it, an edit of one leaf of a tree its ancestors, never the rest of the model.
    /// They run in a topological order of those reads (Kahn's algorithm), each once, and only
    /// when what it reads changed, as any registration. Nodes that read each other in a loop (a
    /// folder that holds itself, directly or through others) never come free: they do not run,
    /// keep their values, and the failure handler hears of the loop, naming the registration.
    ///
    /// - Complexity: O(k + e) for the k nodes reached so and the e reads between them.
    @MainActor
    func runRecursive(_ first: RegistrationState, of family: RegistrationState, _ record: inout RefreshRecord) {
        var queued = [first]
        while let next = queue.pop(ifOf: family) { queued.append(next) }
        // The reads between nodes are their watches: brought up to date first (a node that
        // entered watches nothing until then, and a parent that gained a child not that child).
        for registration in queued { registration.followChanges() }
        var graph = RecursiveOrder(family: family)
        for registration in queued { graph.add(registration) }
        graph.addReaders()
        // Marked queued while they wait their turn: what a node writes notes changes for its
        // readers without queueing them again.
        for registration in graph.nodes { registration.isQueued = true }
        var ready = graph.nodes.indices.filter { graph.waiting[$0] == 0 }
        var next = 0
        while next < ready.count {
            let index = ready[next]
            next += 1
            let registration = graph.nodes[index]
            registration.isQueued = false
            if core.graph.hasReleased { core.cancelReleased() }
            if !registration.isCancelled, !registration.isPaused {
                if isDue(registration) { run(registration, &record) } else { passOver(registration) }
            }
            for reader in graph.readers[index] {
                graph.waiting[reader] -= 1
                if graph.waiting[reader] == 0 { ready.append(reader) }
            }
        }
        guard ready.count < graph.nodes.count else { return }
        // The rest read each other in a loop, or read a node in one: left as they are, with
        // their changes kept for when the loop is broken.
        for index in graph.nodes.indices where graph.waiting[index] > 0 { graph.nodes[index].isQueued = false }
        let properties = family.recursiveKeys.map { MediatorCore.memberPath(family.anchorDescriptor, $0) }
        let error = RippleError.nodeCycle(registration: family.name, properties: properties, nodes: graph.nodes.count - ready.count)
        core.reportFailure(error, origin: family.name, wasRolledBack: false)
    }
}

/// The nodes of a recursive per-node processor that one refresh may run, with who reads whom.
struct RecursiveOrder {
    let family: RegistrationState
    private(set) var nodes: [RegistrationState] = []
    /// For each node, the nodes that read what it writes (once per member they read it through).
    private(set) var readers: [[Int]] = []
    /// For each node, how many of the reads of others' output it makes have yet to run.
    var waiting: [Int] = []
    private var index: [ObjectIdentifier: Int] = [:]

    init(family: RegistrationState) {
        self.family = family
    }

    /// Adds `registration`, one of the family's nodes, if it is not in yet; returns its index.
    @discardableResult
    mutating func add(_ registration: RegistrationState) -> Int {
        if let known = index[ObjectIdentifier(registration)] { return known }
        index[ObjectIdentifier(registration)] = nodes.count
        nodes.append(registration)
        readers.append([])
        waiting.append(0)
        return nodes.count - 1
    }

    /// Adds the readers of every node in, theirs in turn, and the reads between them: a node of
    /// the family watching a member its node's registration writes there.
    @MainActor
    mutating func addReaders() {
        var next = 0
        while next < nodes.count {
            let registration = nodes[next]
            guard let node = registration.anchor, !registration.isCancelled else {
                next += 1
                continue
            }
            let tracker = node._rippleTracker
            // A reader of a subtree (`.all`) watches every member at once.
            for key in family.recursiveKeys + [Tracker.anyMember] {
                var found: [RegistrationState] = []
                tracker.forEachWatcher(of: key) { if $0.family === family { found.append($0) } }
                for reader in found {
                    if reader === registration {
                        // Its own member, read through a path that comes back to it (a folder
                        // in its own subfolders), not only as its own: a loop of one.
                        if key != Tracker.anyMember, readsItselfElsewhere(registration, tracker, key) { waiting[next] += 1 }
                        continue
                    }
                    // A node that did not fire since it was queued is up to date: this is a
                    // no-op for the others.
                    reader.followChanges()
                    let readerIndex = add(reader)
                    readers[next].append(readerIndex)
                    waiting[readerIndex] += 1
                }
            }
            next += 1
        }
    }

    /// Whether `registration` watches member `key` of its own node more times than its paths
    /// that read it there directly.
    private func readsItselfElsewhere(_ registration: RegistrationState, _ tracker: Tracker, _ key: Int) -> Bool {
        let members = family.anchorDescriptor.members
        let direct = family.readPaths.filter { path in
            guard path.count == 1, case .member(let index) = path[0], members.indices.contains(index) else { return false }
            return members[index].changeKey == key
        }.count
        return (registration.watches.watched[NodeMember(tracker, key)]?.count ?? 0) > direct
    }
}
