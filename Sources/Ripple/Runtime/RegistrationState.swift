/// The runtime side of one registration: what it reads and writes, where it watches, and
/// where it stands in the current refresh.
///
/// Only ever touched on the main actor (the mediator's actor), except that a released
/// `Registration` hands it to ``MediatorCore/noteReleased(_:)`` from whatever thread it dies on.
final class RegistrationState {
    /// What kind of registration this is, which decides when it runs.
    enum Role: Equatable {
        case coordinator(priority: Int)
        case processor
        case observer
        case everyRefresh
    }

    let name: String
    let role: Role
    /// Registration order; ties are broken by it.
    let sequence: Int
    /// Where its paths start; released when it ends, with its body, so that a `Registration`
    /// kept after its end (or its mediator's) keeps no model node alive.
    private(set) var anchor: (any RippleNode)?
    let anchorDescriptor: NodeDescriptor
    let readPaths: [[PathStep]]
    let writePaths: [[PathStep]]
    let readKeys: KeySet
    let writeKeys: KeySet
    /// What it may read to reach what it writes (the node members on the way, and the targets).
    let writeRoutes: KeySet
    private(set) var body: @MainActor () -> Void
    /// Weak: a mediator that goes away takes its registrations' watches with it.
    weak var core: MediatorCore?

    /// Dependency level among processors and observers; recomputed when registrations change.
    var level = 0

    /// Where it watches, instance by instance; it follows the changes of the model's structure
    /// when it fires (see ``followChanges()``).
    let watches = Watches()
    /// It was made inside an update, which may still roll back: its first firing walks its paths.
    var resolvesWhenFiring = false

    // Refresh state.
    var isCancelled = false
    /// Paused through its handle; a per-node registration is paused with its family.
    var isPaused: Bool {
        get { isPausedItself || family?.isPausedItself == true }
        set { isPausedItself = newValue }
    }
    private var isPausedItself = false
    var isQueued = false
    var isFollowUp = false
    /// Its own writes, delivered while it runs, moved something under its watches.
    var isMoved = false
    /// The refresh in which it last fired.
    var lastRefresh = 0
    var fireCount = 0
    /// How many outermost updates its mediator had started when it was made: released before
    /// another starts, it was discarded (`_ = observe(...)`), not kept.
    var madeAtUpdate = 0
    /// It has not fired since it was made: its first refresh fires it whatever changed.
    var isInitialDue = true
    /// It was resumed with a change to catch up on (for the refresh log).
    var isResumed = false
    /// What changed under it since it last fired, judged when its turn comes.
    var pending = PendingChanges()
    /// The tags of the updates whose changes reached it since it last fired.
    var pendingTags: [String?] = []
    /// Called once when it ends: cancelled, or its mediator gone.
    var onEnd: (@Sendable () -> Void)?

    /// For the registration of one node of a per-node registration (`forEach:`), the family it
    /// belongs to: its name, paths, level and place in the order are the family's.
    private(set) var family: RegistrationState?
    /// Among the registrations of a family's nodes, the order they were made in (nodes fire
    /// in the order they were found in the model, or entered it).
    let nodeOrder: Int
    /// For a per-node registration, the registrations of its nodes (it never fires itself).
    var forEach: ForEachRegistrations?
    /// For a per-node processor, the change keys of what it writes in its node that its nodes
    /// read in each other (a folder's count, read by its parent's): its nodes then run in the
    /// order of those reads (see `RefreshScheduler.runRecursive(_:of:_:)`). Empty for the others.
    var recursiveKeys: [Int] = []

    init(
        name: String, role: Role, sequence: Int, anchor: (any RippleNode)?, anchorDescriptor: NodeDescriptor? = nil,
        readPaths: [[PathStep]], writePaths: [[PathStep]],
        core: MediatorCore, body: @escaping @MainActor () -> Void
    ) {
        // A per-node registration has no anchor of its own: its nodes' registrations have.
        // swift-format-ignore: NeverForceUnwrap
        let descriptor = anchorDescriptor ?? type(of: anchor!)._rippleDescriptor
        var readKeys = KeySet()
        for path in readPaths { readKeys.add(path, from: descriptor) }
        var writeKeys = KeySet()
        var writeRoutes = KeySet()
        for path in writePaths {
            writeKeys.add(path, from: descriptor, isWrite: true)
            writeRoutes.add(path, from: descriptor)
        }
        self.name = name
        self.role = role
        self.sequence = sequence
        self.anchor = anchor
        self.anchorDescriptor = descriptor
        self.readPaths = readPaths
        self.writePaths = writePaths
        self.readKeys = readKeys
        self.writeKeys = writeKeys
        self.writeRoutes = writeRoutes
        self.core = core
        self.body = body
        nodeOrder = 0
        watches.owner = self
    }

    /// The registration of `node` in the per-node registration `family`: the family's paths,
    /// from `node`. Its first firing walks them.
    init(node: any RippleNode, of family: RegistrationState, order: Int, body: @escaping @MainActor () -> Void) {
        nodeOrder = order
        name = family.name
        role = family.role
        sequence = family.sequence
        anchor = node
        anchorDescriptor = family.anchorDescriptor
        readPaths = family.readPaths
        writePaths = family.writePaths
        readKeys = family.readKeys
        writeKeys = family.writeKeys
        writeRoutes = family.writeRoutes
        core = family.core
        self.body = body
        self.family = family
        resolvesWhenFiring = true
        watches.owner = self
    }

    /// Firing order: coordinators by priority, then processors and observers by dependency
    /// level, then every-refresh observers; registration order breaks ties.
    func runsBefore(_ other: RegistrationState) -> Bool {
        let (lhsPhase, lhsRank) = rank
        let (rhsPhase, rhsRank) = other.rank
        if lhsPhase != rhsPhase { return lhsPhase < rhsPhase }
        if lhsRank != rhsRank { return lhsRank < rhsRank }
        if sequence != other.sequence { return sequence < other.sequence }
        return nodeOrder < other.nodeOrder
    }

    private var rank: (phase: Int, rank: Int) {
        switch role {
        case .coordinator(let priority): return (0, priority)
        case .processor, .observer: return (1, family?.level ?? level)
        case .everyRefresh: return (2, 0)
        }
    }

    /// The role as people say it.
    var roleName: String {
        switch role {
        case .coordinator: "coordinator"
        case .processor: "processor"
        case .observer: "observer"
        case .everyRefresh: "observer"
        }
    }

    /// Whether contracts check what it reads and writes (coordinators may touch anything).
    var isChecked: Bool {
        switch role {
        case .processor, .observer: true
        case .coordinator, .everyRefresh: false
        }
    }

    /// Whether reading member `member` of `node` is within its contract.
    func mayRead(_ node: any RippleNode, _ member: Int, descriptor: NodeDescriptor) -> Bool {
        let changeKey = descriptor.members.indices.contains(member) ? descriptor.members[member].changeKey : member
        return watches.mayRead(node._rippleTracker, member: member, changeKey: changeKey)
            || writeRoutes.keys.contains(ClassMember(descriptor, changeKey))
    }

    /// Whether writing member `member` of a `descriptor` node is within its contract.
    func mayWrite(_ member: Int, descriptor: NodeDescriptor) -> Bool {
        switch role {
        case .coordinator: return true
        case .observer, .everyRefresh: return false
        case .processor:
            let changeKey = descriptor.members.indices.contains(member) ? descriptor.members[member].changeKey : member
            return writeKeys.keys.contains(ClassMember(descriptor, changeKey))
        }
    }

    /// Ends it: it never fires again, watches nothing, and holds no node of the model.
    func end() {
        isCancelled = true
        forEach?.endAll()
        forEach = nil
        family = nil
        watches.removeAll()
        pending.removeAll()
        onEnd?()
        onEnd = nil
        anchor = nil
        body = {}
    }
}
