extension RegistrationState {
    /// Walks the read paths from the anchor through the current model and watches every
    /// member they reach, so that exactly the writes that matter dirty this registration.
    ///
    /// Costs the size of what the paths reach: done when registering, and as the fallback
    /// where following a change is not sound (see ``Watches``). Otherwise the watches follow
    /// the changes of the model's structure at the cost of what changed (``followChanges()``).
    func resolve() {
        let wasChecking = AccessorRouting.checksReads
        AccessorRouting.checksReads = false
        defer { AccessorRouting.checksReads = wasChecking }
        resolvesWhenFiring = false
        guard let anchor, !isCancelled else { return watches.removeAll() }
        watches.resolve(readPaths, from: anchor, anchorDescriptor)
    }

    /// Notes a change of member `member` of `node`, a member it watches (by change key, or the
    /// whole node); returns whether its watches have something to follow.
    func noteMove(_ node: any RippleNode, member: Int, changeKey: Int, isNode: Bool) -> Bool {
        watches.noteChange(node._rippleTracker, member: member, changeKey: changeKey, isNode: isNode)
    }

    /// Brings the watches up to date with the node members that changed under them since they
    /// were last brought up to date: the nodes that left the paths are unwatched, those that
    /// came are watched, for the rest of each path. Costs what changed; a full walk where
    /// following is not sound.
    ///
    /// Called when the registration fires (before its body, and after it for what its own
    /// writes moved) and when it is judged not due: its watches stay those of what it saw when
    /// it last fired until then, so that what changes under them in between is noted, even on
    /// nodes that leave the paths and come back.
    func followChanges() {
        if resolvesWhenFiring {
            resolve()
            return
        }
        guard watches.hasPendingChanges else { return }
        let wasChecking = AccessorRouting.checksReads
        AccessorRouting.checksReads = false
        defer { AccessorRouting.checksReads = wasChecking }
        if !watches.follow() { resolve() }
    }

    /// What differs between its watches and those a full walk of its paths makes now, also on
    /// the trackers of `nodes`, one line each; empty when they agree. For tests that check
    /// following against the full walk.
    func watchDifferences(nodes: [any RippleNode]) -> [String] {
        guard let anchor, !isCancelled else { return watches.watched.isEmpty ? [] : ["an ended registration watches"] }
        let wasChecking = AccessorRouting.checksReads
        AccessorRouting.checksReads = false
        defer { AccessorRouting.checksReads = wasChecking }
        let reference = Watches()
        reference.resolve(readPaths, from: anchor, anchorDescriptor)
        var differences = watches.differences(from: reference)
        for node in nodes {
            let tracker = node._rippleTracker
            var onTracker: [Int] = []
            tracker.forEachWatcher { registration in
                if registration === self { onTracker.append(-2) }
            }
            let members = type(of: node)._rippleDescriptor.members.indices.map { $0 } + [Tracker.anyMember]
            let expected = members.filter { reference.watched[NodeMember(tracker, $0)] != nil }
            let actual = members.filter { member in
                var found = 0
                tracker.forEachWatcher(of: member) { if $0 === self { found += 1 } }
                return found == 1
            }
            if expected != actual || onTracker.count != expected.count {
                differences.append("\(type(of: node)) tracker: watched members \(actual) (\(onTracker.count) watches), full walk \(expected)")
            }
        }
        return differences
    }
}
