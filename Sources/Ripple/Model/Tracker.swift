import Observation

/// The per-node bookkeeping that Ripple keeps inside every tracked class.
///
/// Declare exactly one in every `root` and `node` class:
///
/// ```swift
/// // ripple: node
/// final class Shelf {
///     let tracker = Tracker()
///     // ripple: property
///     var _title = ""
/// }
/// ```
///
/// A tracker costs nothing while nobody watches its node: the generated accessors test one
/// flag and go straight to storage. It holds who watches which member of its node, and
/// which members the current transaction has already journaled.
public final class Tracker {
    // The parts of the runtime below keep a little of their state for a node here, each in a
    // section of its own: a tracker is the one allocation every node already has, and the
    // accessors and the runtime reach it without a look-up. The sections come in an order that
    // packs the fields: the flags together, the slots of place counters after the 4-byte count.

    // MARK: Delivery (the generated accessors test these on every write)

    /// Whether a registration watches a member of this node, Observation has read one, a
    /// validating mediator links it to its parents, or it is in a mediator's model: then even a
    /// write outside updates reaches the runtime (and is delivered and journaled).
    @usableFromInline @exclusivity(unchecked) internal var _isWatched = false
    /// Observation's: whether it has read a member of this node, so that its changes are
    /// reported. A flag of its own: comparing the optional registrar with nil would copy it (a
    /// retain).
    @usableFromInline @exclusivity(unchecked) internal var isObserved = false
    /// Validation's: whether a mediator keeps this node's parent links (see `Validator`): a
    /// write outside updates must reach the runtime, so that the links follow it.
    var isLinked = false {
        didSet { updateIsWatched() }
    }

    // MARK: Observation (`RippleNode+Observation`)

    /// The Observation registrar of a node generated with `observable`, made at its first
    /// Observation read (on the main actor): nodes nobody reads through Observation pay nothing.
    @usableFromInline @exclusivity(unchecked) internal var registrar: ObservationRegistrar?

    // MARK: Journal (`Journal`: a write outside updates is journaled once per member)

    /// The journal epoch in which ``journaledMembers`` is valid.
    @usableFromInline @exclusivity(unchecked) internal var journalEpoch: UInt64 = 0
    /// Members (below 64) already journaled in ``journalEpoch``; others use the journal's set.
    @usableFromInline @exclusivity(unchecked) internal var journaledMembers: UInt64 = 0

    // MARK: Watches (`Watches`: who a change of this node is delivered to)

    /// Watching registrations with the change key each watches (``Tracker/anyMember`` for
    /// subtree readers). Most watched nodes have one watch, kept in place (no allocation: an
    /// observer of 50,000 nodes makes 50,000 first watches); a few more are a flat list in one
    /// allocation; past ``tableThreshold`` they move to a table by change key.
    private enum Watchers {
        case none
        case one(member: Int, registration: RegistrationState)
        case list([(member: Int, registration: RegistrationState)])
        case table([Int: [RegistrationState]])
    }

    /// Only touched on the main actor, one statement at a time: not checked for exclusivity at
    /// run time. A payload is taken out before it changes (the tracker then holds `none`), so
    /// that it changes in place rather than as a copy.
    @exclusivity(unchecked) private var watchers = Watchers.none
    private static let tableThreshold = 16

    // MARK: Validation (`Validator`: the ancestors of a written node, without a walk)

    /// The nodes holding this one, with the member that holds it: kept by the mediators of
    /// models with `validate()`, to find the ancestors of a written node without walking
    /// the model (see `Validator`). Weak: a parent may go while a child it held lives on.
    internal var parents = ParentLinks.list([])

    // MARK: Mediators' models (`ModelMembership`: which nodes a write outside updates concerns)

    /// How many mediators' models hold this node (see `ModelPlaceCounter`): then a write outside
    /// updates reaches the runtime, so that no mediator loses it. Changed through
    /// ``enterModel()`` and ``leaveModel()``.
    @exclusivity(unchecked) internal private(set) var modelMemberships: Int32 = 0

    // MARK: Place counting (`PlaceCounter`: which nodes documents, regions and models hold)

    /// The entries of place counters, one slot for each kind: the first document, region of a
    /// `.all` watch and mediator's model that counts the node keeps its entry here, so that
    /// following a change looks nothing up (a node is seldom in two of one kind; the others keep
    /// a table).
    @exclusivity(unchecked) internal var documentPlaces = PlaceSlot<PlaceCount>()
    @exclusivity(unchecked) internal var regionPlaces = PlaceSlot<PlaceCount>()
    @exclusivity(unchecked) internal var modelPlaces = PlaceSlot<ModelPlaceCounter.Entry>()

    // MARK: Documents (`DocumentIdentities`: the node's number in snapshots and patches)

    /// The node's number in its document (0 until a snapshot, patch or journal names it).
    internal var documentID: UInt64 = 0

    // MARK: - Calls

    /// Reports a read of `keyPath` of `subject`, this tracker's node, to its registrar (made
    /// at the first read), in place.
    @inlinable @inline(__always)
    @_spi(RippleGenerated) public func _observationAccess<Subject: Observable, Member>(_ subject: Subject, _ keyPath: KeyPath<Subject, Member>) {
        if let registrar {
            registrar.access(subject, keyPath: keyPath)
        } else {
            let made = ObservationRegistrar()
            registrar = made
            isObserved = true
            _isWatched = true
            // Writes outside updates noted before must reach Observation from now on.
            if !AccessorRouting.isRecording { journalEpoch = 0 }
            made.access(subject, keyPath: keyPath)
        }
    }

    /// Tells the registrar that `keyPath` of `subject`, this tracker's node, changed.
    @_spi(RippleGenerated) public func _observationChange<Subject: Observable, Member>(_ subject: Subject, _ keyPath: KeyPath<Subject, Member>) {
        registrar?.withMutation(of: subject, keyPath: keyPath) {}
    }

    /// The change key that stands for "any member of this node" (a `.all` reader).
    internal static let anyMember = -1

    /// Creates the tracker of one node.
    public init() {}

    internal func addWatcher(_ registration: RegistrationState, member: Int) {
        switch watchers {
        case .none:
            watchers = .one(member: member, registration: registration)
        case .one(let first, let firstRegistration):
            watchers = .list([(first, firstRegistration), (member, registration)])
        case .list(var list) where list.count < Self.tableThreshold:
            watchers = .none
            list.append((member, registration))
            watchers = .list(list)
        case .list(let list):
            var table: [Int: [RegistrationState]] = [:]
            for watch in list { table[watch.member, default: []].append(watch.registration) }
            table[member, default: []].append(registration)
            watchers = .table(table)
        case .table(var table):
            watchers = .none
            table[member, default: []].append(registration)
            watchers = .table(table)
        }
        _isWatched = true
        // Writes outside updates noted before are reported from now on.
        if !AccessorRouting.isRecording { journalEpoch = 0 }
    }

    internal func removeWatcher(_ registration: RegistrationState, member: Int) {
        switch watchers {
        case .none:
            break
        case .one(let first, let firstRegistration):
            if first == member, firstRegistration === registration { watchers = .none }
        case .list(var list):
            guard let index = list.firstIndex(where: { $0.member == member && $0.registration === registration }) else { break }
            watchers = .none
            list.swapAt(index, list.count - 1)
            list.removeLast()
            watchers = list.count == 1 ? .one(member: list[0].member, registration: list[0].registration) : .list(list)
        case .table(var table):
            guard let index = table[member]?.firstIndex(where: { $0 === registration }) else { break }
            watchers = .none
            table[member]!.swapAt(index, table[member]!.count - 1)
            table[member]!.removeLast()
            if table[member]!.isEmpty { table[member] = nil }
            watchers = table.isEmpty ? .none : .table(table)
        }
        updateIsWatched()
    }

    private func updateIsWatched() {
        _isWatched = hasWatchers || isObserved || isLinked || modelMemberships > 0
    }

    /// Notes that the model of one more mediator holds this node.
    @inline(__always)
    func enterModel() {
        modelMemberships &+= 1
        _isWatched = true
    }

    /// Notes that the model of one mediator no longer holds this node.
    func leaveModel() {
        modelMemberships = max(0, modelMemberships &- 1)
        updateIsWatched()
    }

    /// Whether registrations watch a member of this node.
    var hasWatchers: Bool {
        if case .none = watchers { return false }
        return true
    }

    /// Whether a change of this node is delivered: registrations or Observation read it.
    var isDelivered: Bool { hasWatchers || isObserved }

    /// Calls `body` with every registration watching change key `member`.
    internal func forEachWatcher(of member: Int, _ body: (RegistrationState) -> Void) {
        switch watchers {
        case .none: break
        case .one(let first, let registration): if first == member { body(registration) }
        case .list(let list): for watch in list where watch.member == member { body(watch.registration) }
        case .table(let table): table[member]?.forEach(body)
        }
    }

    /// Calls `body` with every watching registration, once per watch.
    internal func forEachWatcher(_ body: (RegistrationState) -> Void) {
        switch watchers {
        case .none: break
        case .one(_, let registration): body(registration)
        case .list(let list): for watch in list { body(watch.registration) }
        case .table(let table): for list in table.values { list.forEach(body) }
        }
    }
}

extension Tracker {
    /// Notes that member `member` of `parent` holds this tracker's node, unless it is noted;
    /// returns whether it was not. Adds the links it looks at to `visits`.
    func addParent(_ parent: any RippleNode, member: Int, visits: inout Int) -> Bool {
        if !isLinked { isLinked = true }
        return parents.insert(parent, member: member, visits: &visits)
    }

    /// Notes that member `member` of `parent` no longer holds this tracker's node.
    func removeParent(_ parent: any RippleNode, member: Int) {
        parents.remove(parent, member: member)
    }
}
