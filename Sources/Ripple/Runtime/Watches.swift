/// Where one registration watches, kept as counts so that a change of the model's structure
/// costs what it changed, not what the paths reach.
///
/// The read paths, walked from the anchor, reach members of node instances: the registration
/// watches those. Each watch counts the ways the walk reaches it (a node held in two places, two
/// paths through one member), and so do the members it may read (``permitted``). A stored node
/// member that a path goes on through is a *point*: it keeps the value the walk went through
/// (its snapshot) and the rest of each path that went through it. When the member changes,
/// ``follow()`` compares the snapshot with the current value by their common ends (what
/// `forEachPlaceChange` does for documents) and walks the rest of each path backwards from the
/// nodes that left and forwards from those that came: what another way still reaches keeps a
/// count above zero and stays watched. Walking backwards goes through the snapshots, so it takes
/// away exactly what walking forwards added, whatever changed below in the meantime.
///
/// `.all` makes a *region*: its nodes are counted by the places that hold them in nodes of the
/// region (plus one per path ending in `.all` there), by a `PlaceCounter` as for the nodes of a
/// document. A node whose count becomes positive enters (its members are watched, the
/// nodes it holds gain a place), one whose count falls to zero leaves.
///
/// A readOnly computed node member a path goes on through (or one in a region) is a point too:
/// its snapshot is the nodes it returned, and every watch its dependencies made is a *trigger*
/// that makes it evaluate again and walk the difference.
///
/// Changes are noted as they are delivered (``noteChange(_:member:changeKey:isNode:)``) and
/// followed when the registration fires or is judged not due: until then it watches what it
/// saw when it last fired, so that a change under a node that leaves its paths and comes back
/// within one refresh still counts (see `RegistrationState.followChanges()`). A snapshot holds
/// the old value of its member (as a pending change does) until then.
///
/// The region settles once all the changes noted are followed (``follow()``), so that a node
/// moved from one member to another (two points, followed one after the other) never leaves on
/// the way. Counting finds exactly what entered, but it never drops a cycle: in a model whose
/// classes hold their own kind, a node can stay counted while only a cycle that nothing
/// reachable holds still holds it (a task moved under its own subtask). So the nodes of such
/// classes that lost a place while in the region and are still in (``shrunk``) are checked
/// (``removeUnreachable()``):
///
/// - A node is kept at once when the same changes gave it a place in a node still in the
///   region whose class is off its cycles of classes: that node cannot be held through it (a
///   task moved to another project).
/// - The others are decided by a trial deletion, as cycle collectors make it: reach from them
///   what their members holding classes of their cycles hold; a node held more times than what
///   was reached holds it is held from outside, and is kept with what it reaches; the rest hold
///   only each other, and leave with what only they held. What their leaving takes a place from
///   is checked in turn.
///
/// Why this is exact. Nothing reachable leaves: a path from the anchor to a node that was
/// reached enters what was reached through a node held from outside it, which is kept with
/// what it reaches. Nothing unreachable stays: take the unreachable nodes still counted, and
/// among them a group that nothing outside it holds (going back from holder to holder among
/// them, finitely many, ends in one). It was reachable before the changes, or entered with
/// them through a node outside it: either way its nodes lost, while in the region, the places
/// that held it from outside. The node that lost the last place any of them lost was checked
/// after that, when only the group held the group (nothing gains a place once checks begin),
/// and its class holds its own kind (the group holds it): the check reached the whole group,
/// found it held by nothing else, and it left.
///
/// So a move costs nothing more under a node of another class, and what the moved node reaches
/// through its own kind under a node of its own kind (a subtask moved under another task: its
/// subtasks); the same move as a detach and an attach in two updates costs twice that, with the
/// watches to take away and make again.
///
/// The full walk (``resolve(_:from:_:)``) stays the fallback where following is not sound: a
/// walk from a point's change came back to that same point (a path, not a `.all`, through a
/// cycle), or a count fell below zero.
final class Watches {
    /// The registration added to the trackers of what is watched; nil for a reference walk made
    /// only to compare with (see ``RegistrationState/watchDifferences(nodes:)``).
    @exclusivity(unchecked) unowned(unsafe) var owner: RegistrationState? {
        didSet { regionCounter?.usesTrackers = owner != nil }
    }

    /// How many ways the walk reaches a watched member, and where its tracker is in ``watchList``.
    struct Watched {
        var count: Int
        let index: Int
    }

    // Like everything here, the tables below are only ever used on the main actor, one
    // statement at a time: their accesses are not checked for exclusivity at run time (a walk
    // of a large model makes several per node).
    /// The watched members of nodes (by change key, or ``Tracker/anyMember``).
    @exclusivity(unchecked) private(set) var watched = WatchTable()
    /// The trackers of ``watched``, in the order met (mostly): ending the watches visits them
    /// in that order, near the order of their nodes in memory, not scattered as the table's.
    @exclusivity(unchecked) var watchList: [(tracker: Tracker, key: NodeMember)] = []
    /// The computed members it reads on its way (readable without a watch of their own).
    @exclusivity(unchecked) private(set) var permitted: [NodeMember: Int] = [:]
    /// The nodes under a `.all` (every member readable), counted by the places that hold them
    /// (see ``region``); made at the first `.all`, which most registrations never read.
    @exclusivity(unchecked) var regionCounter: PlaceCounter<RegionPlaces>?

    /// The rest of a path that went through a point, with the computed points whose value it
    /// depends on, and how many walks went through.
    struct Route: Equatable {
        let rest: ArraySlice<PathStep>
        let context: [NodeMember]
        var count: Int
    }

    /// The children a point's walk went through.
    enum Snapshot {
        /// The stored member's value, as the generated `_rippleValue(of:)` returns it.
        case stored(Any)
        /// The nodes a computed member returned.
        case computed([any RippleNode])
    }

    struct Point {
        let node: any RippleNode
        let member: Int
        let isComputed: Bool
        let childDescriptor: NodeDescriptor
        var snapshot: Snapshot
        var routes: [Route] = []
        /// Its node is in the region: each child holds a place there.
        var holdsPlaces = false

        var isUnused: Bool { routes.isEmpty && !holdsPlaces }
    }

    @exclusivity(unchecked) var points: [NodeMember: Point] = [:]
    /// For each watch made by the dependencies of computed points, those points, with counts.
    @exclusivity(unchecked) var triggers: [NodeMember: [NodeMember: Int]] = [:]
    /// Computed points that depend on a `.all`: any change in the region evaluates them again.
    @exclusivity(unchecked) var regionTriggers: [NodeMember: Int] = [:]

    /// The points whose member changed since they were last followed.
    @exclusivity(unchecked) var dirty: [NodeMember] = []
    @exclusivity(unchecked) var dirtySet: Set<NodeMember> = []
    /// Following is not sound: the next ``follow()`` answers false and leaves it to a full walk.
    @exclusivity(unchecked) private(set) var needsFullResolve = false
    /// How many full walks it made, and how many nodes the searches for cycles that nothing
    /// else holds looked at (for tests of what following costs).
    @exclusivity(unchecked) private(set) var fullWalks = 0
    @exclusivity(unchecked) var nodesSearchedForCycles = 0
    /// The point being followed (a walk that comes back to it needs the full walk).
    @exclusivity(unchecked) var following: NodeMember?
    /// Region nodes of recursive classes that lost a place while in the region: each may now be
    /// held only by a cycle that nothing else holds (see ``removeUnreachable()``).
    @exclusivity(unchecked) var shrunk: [any RippleNode] = []
    /// For region nodes of recursive classes that gained a place while in the region, during the
    /// changes being followed: a holder of a class off their cycles of classes, which cannot be
    /// held through them (see ``removeUnreachable()``).
    @exclusivity(unchecked) var gains: [ObjectIdentifier: any RippleNode] = [:]
    /// Changes are being followed (not walked from the start): ``gains`` are noted.
    @exclusivity(unchecked) var isFollowing = false
    /// For each class, the classes on a cycle with it, and its members that hold them.
    @exclusivity(unchecked) var classCycles: [ObjectIdentifier: ClassCycle] = [:]

    init() {}

    /// Makes room for `count` more watches at once, rather than by doubling (a rehash of every
    /// watch each time): each node that enters a region watches at least its own tracker.
    func reserveWatches(_ count: Int) {
        if watched.capacity < watched.count + count {
            watched.reserveCapacity(watched.count + count)
            watchList.reserveCapacity(watched.count + count)
        }
    }

    /// Whether the walk reaches something that may have moved: a change must be followed.
    var hasPendingChanges: Bool { !dirty.isEmpty || needsFullResolve }

    // MARK: Reading

    /// Whether a read of member `member` (change key `changeKey`) of the tracker's node is on
    /// the paths: watched, a computed member on the way, or in the region.
    func mayRead(_ tracker: Tracker, member: Int, changeKey: Int) -> Bool {
        watched[NodeMember(tracker, changeKey)] != nil || permitted[NodeMember(tracker, member)] != nil || isInRegion(tracker)
    }

    func isInRegion(_ tracker: Tracker) -> Bool {
        regionCounter?.contains(tracker) ?? false
    }

    // MARK: The full walk

    /// Forgets everything, then walks `paths` from `anchor`: what registering costs, and the
    /// fallback where following a change is not sound.
    func resolve(_ paths: [[PathStep]], from anchor: any RippleNode, _ descriptor: NodeDescriptor) {
        fullWalks += 1
        removeAll(keepingCapacity: true)
        for path in paths { walk(path[...], from: anchor, descriptor, context: [], times: 1) }
        settleRegion()
        // A walk forwards only adds: nothing shrank, nothing came back to a followed point.
        needsFullResolve = false
        shrunk.removeAll()
    }

    /// Stops watching anything; `keepingCapacity` keeps the room of the largest tables for a
    /// walk that follows.
    func removeAll(keepingCapacity: Bool = false) {
        let region = regionCounter
        for watch in watchList {
            if let owner { watch.tracker.removeWatcher(owner, member: watch.key.member) }
            region?.release(watch.tracker)
        }
        if let region {
            for node in region.candidates { region.release(node._rippleTracker) }
            region.removeAll()
        }
        watched.removeAll(keepingCapacity: keepingCapacity)
        watchList.removeAll(keepingCapacity: keepingCapacity)
        permitted.removeAll()
        points.removeAll()
        triggers.removeAll()
        regionTriggers.removeAll()
        dirty.removeAll()
        dirtySet.removeAll()
        shrunk.removeAll()
        gains.removeAll()
        following = nil
        needsFullResolve = false
    }

    /// Walks `steps` from `node` (of class `descriptor`) `times` times (backwards when negative),
    /// on behalf of the computed points in `context`.
    func walk(
        _ steps: ArraySlice<PathStep>, from node: any RippleNode, _ descriptor: NodeDescriptor, context: [NodeMember], times: Int
    ) {
        guard let step = steps.first else { return }
        switch step {
        case .all:
            for point in context { Self.add(times, to: &regionTriggers, point) }
            addPlaces(node, times)
        case .member(let index):
            guard descriptor.members.indices.contains(index) else { return }
            let member = descriptor.members[index]
            let rest = steps.dropFirst()
            let tracker = node._rippleTracker
            let goesOn = !rest.isEmpty && member.isNode
            if member.isComputed {
                // Its dependencies stand for it; when it goes on, a change of one of them can
                // change its nodes: each of their watches triggers it.
                let key = NodeMember(tracker, index)
                Self.add(times, to: &permitted, key)
                let inner = goesOn ? context + [key] : context
                for dependency in member.dependencies {
                    walk(dependency[...], from: node, descriptor, context: inner, times: times)
                }
            } else {
                watch(tracker, member.changeKey, context: context, times: times)
            }
            guard goesOn, let child = member.childDescriptor else { return }
            route(Route(rest: rest, context: context, count: times), through: node, index, isComputed: member.isComputed, child: child)
        }
    }

    /// Adds a route through member `member` of `node` (a point), and walks its rest from the
    /// children in the point's snapshot.
    func route(_ route: Route, through node: any RippleNode, _ member: Int, isComputed: Bool, child: NodeDescriptor) {
        let key = NodeMember(node._rippleTracker, member)
        guard key != following else { return giveUp() }
        if points[key] == nil {
            guard route.count > 0 else { return giveUp() }
            points[key] = Point(
                node: node, member: member, isComputed: isComputed, childDescriptor: child,
                snapshot: Self.snapshot(of: node, member, isComputed: isComputed))
        }
        let snapshot = points[key]!.snapshot
        if let index = points[key]!.routes.firstIndex(where: { $0.rest == route.rest && $0.context == route.context }) {
            points[key]!.routes[index].count += route.count
            let count = points[key]!.routes[index].count
            if count == 0 { points[key]!.routes.remove(at: index) } else if count < 0 { return giveUp() }
        } else {
            guard route.count > 0 else { return giveUp() }
            points[key]!.routes.append(route)
        }
        if points[key]!.isUnused { points[key] = nil }
        if route.count > 0, case .member(let next) = route.rest.first, child.members.indices.contains(next),
            !child.members[next].isComputed
        {
            // Each child watches at least that member: room for all at once, not by doubling.
            reserveWatches(Self.childCount(in: snapshot))
        }
        Self.forEachChild(in: snapshot) { walk(route.rest, from: $0, child, context: route.context, times: route.count) }
    }

    func watch(_ tracker: Tracker, _ changeKey: Int, context: [NodeMember], times: Int) {
        let key = NodeMember(tracker, changeKey)
        // One look-up in the table for the usual cases: a new watch, or another way to one.
        let result = watched.add(times, to: key, index: watchList.count)
        let (count, index) = (result.count, result.index)
        if count <= 0 {
            if count < 0 { giveUp() }
            if count - times > 0 { unwatch(at: index) }
        } else if count == times {
            watchList.append((tracker, key))
            if let owner { tracker.addWatcher(owner, member: changeKey) }
        }
        for point in context {
            var counts = triggers[key] ?? [:]
            Self.add(times, to: &counts, point)
            triggers[key] = counts.isEmpty ? nil : counts
        }
    }

    /// Takes the watch at `index` of ``watchList`` off its tracker and out of the list (the
    /// last one takes its place).
    func unwatch(at index: Int) {
        let gone = watchList[index]
        let last = watchList.removeLast()
        if index < watchList.count {
            watchList[index] = last
            watched.setIndex(index, of: last.key)
        }
        if let owner { gone.tracker.removeWatcher(owner, member: gone.key.member) }
    }

    // MARK: Following changes

    /// Notes that member `member` (change key `changeKey`) of the tracker's node changed, a
    /// member this registration watches; returns whether something must be followed.
    func noteChange(_ tracker: Tracker, member: Int, changeKey: Int, isNode: Bool) -> Bool {
        var moved = false
        if isNode, !points.isEmpty {
            let key = NodeMember(tracker, member)
            if points[key] != nil {
                markDirty(key)
                moved = true
            }
        }
        if !triggers.isEmpty, let computed = triggers[NodeMember(tracker, changeKey)] {
            for point in computed.keys { markDirty(point) }
            moved = true
        }
        if !regionTriggers.isEmpty, isInRegion(tracker) {
            for point in regionTriggers.keys { markDirty(point) }
            moved = true
        }
        return moved
    }

    func markDirty(_ key: NodeMember) {
        if dirtySet.insert(key).inserted { dirty.append(key) }
    }

    /// Brings the watches up to date with the members that changed since the last call; false
    /// when that is not sound and a full walk must do it (``resolve(_:from:_:)``).
    func follow() -> Bool {
        isFollowing = true
        defer { isFollowing = false }
        while !needsFullResolve, let key = dirty.popLast() {
            dirtySet.remove(key)
            follow(key)
        }
        // The region settles once every change is followed: a node moved from one member to
        // another (two points) never leaves on the way, whichever is followed first.
        if !needsFullResolve { settleRegion() }
        return !needsFullResolve
    }

    /// Walks the difference between the snapshot of point `key` and its member's value now.
    func follow(_ key: NodeMember) {
        guard let point = points[key] else { return }
        let now = Self.snapshot(of: point.node, point.member, isComputed: point.isComputed)
        var changes: [(node: any RippleNode, delta: Int)]
        switch (point.snapshot, now) {
        case (.stored(let old), .stored(let new)):
            // A change that replaces about as much as is watched (a collection assigned anew)
            // costs less walked again from the start than followed.
            guard let stored = Self.placeChanges(from: old, to: new, below: watchList.count) else { return giveUp() }
            changes = stored
        case (.computed(let old), .computed(let new)):
            changes = Self.placeChanges(from: old, to: new)
        default:
            return giveUp()
        }
        points[key]!.snapshot = now
        guard !changes.isEmpty else { return }
        if changes.count > 1 { changes = Self.netted(changes) }
        following = key
        // What comes first: a node that moves from one place to another never leaves on the way.
        for (node, delta) in changes where delta > 0 { apply(node, delta, point) }
        for (node, delta) in changes where delta < 0 { apply(node, delta, point) }
        following = nil
    }

    func apply(_ node: any RippleNode, _ delta: Int, _ point: Point) {
        for route in point.routes {
            walk(route.rest, from: node, point.childDescriptor, context: route.context, times: delta * route.count)
        }
        if point.holdsPlaces { addPlaces(node, delta, from: point.node) }
    }

    func giveUp() {
        needsFullResolve = true
    }
}
