// The region of a `.all` watch: the nodes under it, counted as documents count theirs.

extension Watches {
    // MARK: The region

    func addPlaces(_ node: any RippleNode, _ delta: Int) {
        let entry = changeRegionNode(of: node._rippleTracker) { entry in
            entry.places += delta
            return entry
        }
        if (entry.places > 0) != entry.isIn {
            regionCandidates.append(node)
        } else if delta < 0, entry.places > 0, isRecursive(type(of: node)._rippleDescriptor) {
            shrunk.append(node)
        }
    }

    /// Lets the nodes whose count became positive enter, then those whose count fell to zero
    /// leave: entering first, so that a node moved through a node that enters never leaves on
    /// the way.
    func settleRegion() {
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
        // A node of a recursive class that lost a place and is still held may be held only by
        // a cycle that nothing else holds now: the full walk knows.
        for node in shrunk where isInRegion(node._rippleTracker) {
            giveUp()
            break
        }
        shrunk.removeAll()
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
            Self.forEachChild(in: snapshot) { addPlaces($0, delta) }
        }
    }

    func isRecursive(_ descriptor: NodeDescriptor) -> Bool {
        let id = ObjectIdentifier(descriptor)
        if let known = recursiveClasses[id] { return known }
        var seen: Set<ObjectIdentifier> = []
        var stack = descriptor.members.compactMap(\.childDescriptor)
        var result = false
        while let current = stack.popLast() {
            if current === descriptor {
                result = true
                break
            }
            guard seen.insert(ObjectIdentifier(current)).inserted else { continue }
            stack += current.members.compactMap(\.childDescriptor)
        }
        recursiveClasses[id] = result
        return result
    }
}
