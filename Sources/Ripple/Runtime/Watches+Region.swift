// The region of a `.all` watch: the nodes under it, counted as documents count theirs.

extension Watches {
    // MARK: The region

    /// Adds `delta` places to `node` (held by `holder`, a node of the region; nil for a path's
    /// `.all`).
    func addPlaces(_ node: any RippleNode, _ delta: Int, from holder: (any RippleNode)? = nil) {
        let entry = changeRegionNode(of: node._rippleTracker) { entry in
            entry.places += delta
            return entry
        }
        if (entry.places > 0) != entry.isIn { regionCandidates.append(node) }
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
        while !regionCandidates.isEmpty {
            var leaving: [any RippleNode] = []
            while let node = regionCandidates.popLast() {
                // Marks it in when it has places, and says what it was.
                let entry = changeRegionNode(of: node._rippleTracker) { entry in
                    let old = entry
                    if entry.places > 0 { entry.isIn = true }
                    return old
                }
                if entry.places > 0, !entry.isIn {
                    reserveWatches(regionCandidates.count + 1)
                    changeMembership(of: node, by: 1)
                } else if entry.places <= 0, entry.isIn {
                    leaving.append(node)
                }
            }
            // What leaves takes places away: those that fall to zero leave in the next round.
            for node in leaving {
                let tracker = node._rippleTracker
                let entry = regionNode(of: tracker)
                guard entry.places <= 0, entry.isIn else { continue }
                if entry.places < 0 { giveUp() }
                changeRegionNode(of: tracker) { $0 = RegionNode() }
                changeMembership(of: node, by: -1)
            }
        }
    }

    nonisolated(unsafe) private static var lastSerial = 0

    /// A ``serial`` no region had.
    static func nextSerial() -> Int {
        lastSerial += 1
        return lastSerial
    }

    /// The region entry of the tracker's node (no places and out when it has none).
    func regionNode(of tracker: Tracker) -> RegionNode {
        if tracker.regionOwner == serial { return RegionNode(places: tracker.regionPlaces, isIn: tracker.isInRegion) }
        return regionTable.isEmpty ? RegionNode() : regionTable[ObjectIdentifier(tracker)] ?? RegionNode()
    }

    /// Changes the region entry of the tracker's node with `body`: in the tracker, when this
    /// region counts the node there or can (no other region does, and ``regionTable`` has no
    /// entry for it), else in the table (one look-up). An entry back to no places and out is
    /// dropped, which frees the tracker for another region.
    @discardableResult
    func changeRegionNode<Result>(of tracker: Tracker, _ body: (inout RegionNode) -> Result) -> Result {
        let isMine = tracker.regionOwner == serial
        if isMine || tracker.regionOwner == 0 && owner != nil && (regionTable.isEmpty || regionTable[ObjectIdentifier(tracker)] == nil) {
            var entry = isMine ? RegionNode(places: tracker.regionPlaces, isIn: tracker.isInRegion) : RegionNode()
            let result = body(&entry)
            tracker.regionOwner = entry == RegionNode() ? 0 : serial
            tracker.regionPlaces = entry.places
            tracker.isInRegion = entry.isIn
            return result
        }
        return Self.change(&regionTable[ObjectIdentifier(tracker)], body)
    }

    /// Frees the tracker of the entry this region keeps there, if any.
    func releaseRegionNode(of tracker: Tracker) {
        guard tracker.regionOwner == serial else { return }
        tracker.regionOwner = 0
        tracker.regionPlaces = 0
        tracker.isInRegion = false
    }

    /// The region as a table, the entries kept in trackers included (for checks).
    var regionEntries: [ObjectIdentifier: RegionNode] {
        var entries = regionTable
        for watch in watchList where watch.tracker.regionOwner == serial {
            entries[ObjectIdentifier(watch.tracker)] = regionNode(of: watch.tracker)
        }
        return entries
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
