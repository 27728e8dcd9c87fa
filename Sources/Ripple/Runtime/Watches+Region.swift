// The region of a `.all` watch: the nodes under it, counted by a `PlaceCounter` (as a document's
// are), and the watches that entering and leaving it make and take away.

extension Watches {
    // MARK: The region

    /// The counter of the region's nodes, made at the first `.all`.
    var region: PlaceCounter<RegionPlaces> {
        if let regionCounter { return regionCounter }
        let made = PlaceCounter<RegionPlaces>()
        // A full walk made only to compare with leaves the trackers to the registration's own.
        made.usesTrackers = owner != nil
        regionCounter = made
        return made
    }

    /// Adds `delta` places to `node` (held by `holder`, a node of the region; nil for a path's
    /// `.all`).
    func addPlaces(_ node: any RippleNode, _ delta: Int, from holder: (any RippleNode)? = nil) {
        let entry = region.count(node, by: Int32(delta))
        // A node in the region, of a class that holds its own kind: one that lost a place may
        // be held only by a cycle now (checked once the region settles); one that gained a place
        // in a node off its cycles of classes is held from outside anything it reaches.
        guard entry.isIn, delta < 0 || isFollowing && holder != nil else { return }
        let cycle = classCycle(of: type(of: node)._rippleDescriptor)
        guard cycle.isRecursive else { return }
        if delta < 0 {
            shrunk.append(node)
        } else if let holder, !cycle.classes.contains(ObjectIdentifier(type(of: holder)._rippleDescriptor)) {
            gains[ObjectIdentifier(node)] = holder
        }
    }

    /// Lets the nodes whose count became positive enter, then those whose count fell to zero
    /// leave (entering first, so that a node moved through a node that enters never leaves on
    /// the way); then makes those that only a cycle nothing else holds still holds leave.
    func settleRegion() {
        repeat {
            enterAndLeave()
        } while !needsFullResolve && removeUnreachable()
        shrunk.removeAll()
        gains.removeAll()
    }

    private func enterAndLeave() {
        guard let region = regionCounter else { return }
        region.settle(
            entered: { node in
                reserveWatches(region.candidates.count + 1)
                changeMembership(of: node, by: 1)
            },
            left: { node, entry in
                if entry.places < 0 { giveUp() }
                changeMembership(of: node, by: -1)
            })
    }

    /// The region as a table, the entries kept in trackers included (for checks).
    var regionEntries: [ObjectIdentifier: PlaceCount] {
        regionCounter?.entries(keptIn: watchList.lazy.map(\.tracker)) ?? [:]
    }

    /// Enters `node` into the region (`delta` 1) or takes it out (-1): its watch of every member,
    /// its computed members' dependencies, and the places its children hold.
    func changeMembership(of node: any RippleNode, by delta: Int) {
        let tracker = node._rippleTracker
        watch(tracker, Tracker.anyMember, context: [], times: delta)
        let descriptor = type(of: node)._rippleDescriptor
        for (index, member) in descriptor.members.enumerated() {
            if member.isComputed {
                let context = member.isNode ? [NodeMember(tracker, index)] : []
                for dependency in member.dependencies {
                    walk(dependency[...], from: node, descriptor, context: context, times: delta)
                }
            }
            guard member.isNode, let child = member.childDescriptor else { continue }
            let key = NodeMember(tracker, index)
            if points[key] == nil {
                guard delta > 0 else { return giveUp() }
                points[key] = Point(
                    node: node, member: index, isComputed: member.isComputed, childDescriptor: child,
                    snapshot: Self.snapshot(of: node, index, isComputed: member.isComputed))
            }
            points[key]!.holdsPlaces = delta > 0
            let snapshot = points[key]!.snapshot
            if points[key]!.isUnused { points[key] = nil }
            Self.forEachChild(in: snapshot) { addPlaces($0, delta, from: node) }
        }
    }
}
