/// The visible state the merge state shows, and the operations between two of them.
extension ReplicaEngine {
    /// A member's visible content, or nil if it has none (a register never written; a
    /// collection member of a node's class is empty until edited). Read in place, without the
    /// node's other states (an update that makes a node reads each of its members).
    func content(of key: MemberKey) -> ReplicaContent? {
        guard let slot = nodes.slot(of: key.node) else { return nil }
        let (holder, member) = (key.node, key.member)
        switch shape(ofType: nodes.type(at: slot), member: member) {
        case .register: return Self.content(of: nodes.register(member, of: holder), key, moveStatus)
        case .sequence: return Self.content(of: nodes.sequence(member, of: holder), key, moveStatus)
        case .map: return Self.content(of: nodes.map(member, of: holder), key, moveStatus)
        case .set: return Self.content(of: nodes.set(member, of: holder), key, moveStatus)
        }
    }

    /// Whether an optional collection member is `nil` (false for a register or an unknown node).
    func isAbsent(_ key: MemberKey) -> Bool {
        guard let slot = nodes.slot(of: key.node) else { return false }
        switch shape(ofType: nodes.type(at: slot), member: key.member) {
        case .register: return false
        case .sequence: return nodes.sequence(key.member, of: key.node)?.presence.absent ?? false
        case .map: return nodes.map(key.member, of: key.node)?.presence.absent ?? false
        case .set: return nodes.set(key.member, of: key.node)?.presence.absent ?? false
        }
    }

    /// A member's visible content in `node`'s state (nil: no such node) under `moves`.
    private func content(of key: MemberKey, in node: ReplicaNode?, moves: MoveStatus) -> ReplicaContent? {
        guard let node else { return nil }
        let member = key.member
        switch shapes[node.type]?[member] ?? .register {
        case .register: return Self.content(of: node.registers[member], key, moves)
        case .sequence: return Self.content(of: node.sequences[member], key, moves)
        case .map: return Self.content(of: node.maps[member], key, moves)
        case .set: return Self.content(of: node.sets[member], key, moves)
        }
    }

    private static func content(of register: RegisterState?, _ key: MemberKey, _ moves: MoveStatus) -> ReplicaContent? {
        register?.visible(holder: key.node, member: key.member, moves: moves).map { .value($0) }
    }

    private static func content(of sequence: SequenceState?, _ key: MemberKey, _ moves: MoveStatus) -> ReplicaContent {
        let sequence = sequence ?? SequenceState()
        if sequence.presence.absent { return .absent }
        let visible = sequence.visibleItems(holder: key.node, member: key.member, moves: moves)
        return .elements(visible.map { sequence.item($0)!.value })
    }

    private static func content(of map: MapState?, _ key: MemberKey, _ moves: MoveStatus) -> ReplicaContent {
        let map = map ?? MapState()
        return map.presence.absent ? .absent : .entries(map.visible(holder: key.node, member: key.member, moves: moves))
    }

    private static func content(of set: SetState?, _ key: MemberKey, _ moves: MoveStatus) -> ReplicaContent {
        let set = set ?? SetState()
        return set.presence.absent ? .absent : .members(set.visible(holder: key.node, member: key.member, moves: moves))
    }

    /// Every node's visible members, as a `make` would give them.
    func visibleNodes() -> [NodeID: (type: String, members: [ReplicaMember])] {
        Dictionary(uniqueKeysWithValues: nodes.keys.map { ($0, (nodes[$0]!.type, members(of: $0))) })
    }

    /// A `make` of `node` as it is now (for a replica that never held it, when something
    /// visible comes to name it), or nil for a node this replica does not know.
    func makeOperation(for node: NodeID) -> ReplicaOperation? {
        guard let state = nodes[node] else { return nil }
        return .make(node: node, type: state.type, members: members(of: node))
    }

    private func members(of node: NodeID) -> [ReplicaMember] {
        let collections = (shapes[nodes[node]!.type] ?? [:]).filter { $0.value != .register }.keys
        return Set(nodes[node]!.memberNames).union(collections).sorted().compactMap { name in
            content(of: MemberKey(node: node, member: name)).map { ReplicaMember(name: name, content: $0) }
        }
    }

    /// Whether a place still holds what was put there (for a move's destination).
    func holds(_ placement: Placement) -> Bool {
        let (member, id) = (placement.member, placement.id)
        let shape = shape(of: MemberKey(node: placement.holder, member: member))
        // Read in place, without the node's other states; a dictionary's or a set's place by
        // its entry's or tag's identity, without a walk of its keys.
        switch shape {
        case .register:
            return nodes.register(member, of: placement.holder)?.winner?.id == id
        case .sequence:
            return nodes.sequence(member, of: placement.holder)?.item(id).map { !moveStatus.removes($0.removals) } ?? false
        case .map:
            return nodes.map(member, of: placement.holder)?.nodeEntry(id).map { !moveStatus.removes($0.removals) } ?? false
        case .set:
            return nodes.set(member, of: placement.holder)?.nodeTag(id).map { !moveStatus.removes($0.removals) } ?? false
        }
    }

    /// The operations that take the visible state before a merge to this one, given what
    /// changed: the nodes made (whole, by id), then every touched member's edits (by node and
    /// member). `journal` holds what the merge overwrote (the nodes it changed as they were,
    /// what it did to sequences); the others are as they were; `moves` is the move status before.
    func visibleOperations(
        before journal: ReplicaJournal, moves: MoveStatus, effects: ChangeEffects
    ) -> [ReplicaOperation] {
        let movesUnchanged: Bool
        var hidingChanged: [MemberKey: [OperationID]] = [:]
        var removingChanged: [MemberKey: [OperationID]]?
        if let changedNodes = moveStatus.nodesChanged(since: moves) {
            // Only the moves of these nodes can hold, hide or remove otherwise.
            var removalsChanged: [MemberKey: [OperationID]] = [:]
            var anyRemovalChanged = false
            for node in changedNodes {
                for (id, move) in self.moves.moves(of: node) {
                    if moves.removingMoves.contains(id) != moveStatus.removingMoves.contains(id) {
                        anyRemovalChanged = true
                        for source in move.sources {
                            guard let removed = nodes.sequence(source.member, of: source.node)?.itemsRemoved(by: id) else { continue }
                            removalsChanged[source, default: []] += removed
                        }
                    }
                    let place = move.destination
                    if moves.hiddenDestinations.contains(place) != moveStatus.hiddenDestinations.contains(place) {
                        hidingChanged[MemberKey(node: place.holder, member: place.member), default: []].append(place.id)
                    }
                }
            }
            movesUnchanged = !anyRemovalChanged && hidingChanged.isEmpty
            removingChanged = removalsChanged
        } else {
            movesUnchanged =
                moves.removingMoves == moveStatus.removingMoves && moves.hiddenDestinations == moveStatus.hiddenDestinations
            if !movesUnchanged {
                for place in moves.hiddenDestinations.symmetricDifference(moveStatus.hiddenDestinations) {
                    hidingChanged[MemberKey(node: place.holder, member: place.member), default: []].append(place.id)
                }
            }
        }
        let old = OldState(
            journal: journal, moves: moves, movesUnchanged: movesUnchanged, hidingChanged: hidingChanged,
            removingChanged: removingChanged)
        let made = Set(effects.made)
        var operations = effects.made.sorted().map { node in
            ReplicaOperation.make(node: node, type: nodes[node]!.type, members: members(of: node))
        }
        // A register write adds nothing to `touched`: every register of a node the journal
        // noted (each write notes its node) is compared instead, once whatever its writes.
        var touched = effects.touched
        for (node, before) in journal.nodes where before != nil && !made.contains(node) {
            guard let slot = nodes.slot(of: node) else { continue }
            let type = nodes.type(at: slot)
            for member in nodes.registerMembers(at: slot) where shape(ofType: type, member: member) == .register {
                touched.insert(MemberKey(node: node, member: member))
            }
        }
        for key in touched.sorted() where !made.contains(key.node) {
            operations += edits(of: key, from: old)
        }
        return operations
    }

    /// The state before a merge, as `visibleOperations(before:moves:effects:)` takes it.
    private struct OldState {
        let journal: ReplicaJournal
        let moves: MoveStatus
        /// Whether the merge left every move's hold and every destination's hiding as they were.
        let movesUnchanged: Bool
        /// The destinations the merge hid or showed, by member.
        let hidingChanged: [MemberKey: [OperationID]]
        /// The items removed by the moves whose removals the merge made hold or not, by member
        /// (nil: not known, any item out by moves alone).
        let removingChanged: [MemberKey: [OperationID]]?

        /// A node as it was (but its sequences: see ``ReplicaJournal``).
        func node(_ id: NodeID, now: ReplicaNodes) -> ReplicaNode? {
            if let recorded = journal.nodes[id] { return recorded }
            return now[id]
        }
    }

    private func edits(of key: MemberKey, from old: OldState) -> [ReplicaOperation] {
        let oldNode = old.node(key.node, now: nodes)
        if let oldNode, shape(ofType: oldNode.type, member: key.member) == .sequence {
            return sequenceEdits(of: key, from: old)
        }
        let before = content(of: key, in: oldNode, moves: old.moves)
        guard let after = content(of: key), !(before.map { $0.isIdentical(to: after) } ?? false) else { return [] }
        let (node, member) = (key.node, key.member)
        switch (before, after) {
        case (.entries(let oldEntries), .entries(let newEntries)):
            // A key now spelled otherwise is removed and set again: a set alone would leave the
            // model's dictionary with the spelling it has.
            let wasByKey = Dictionary(uniqueKeysWithValues: oldEntries.map { ($0.key, $0) })
            let nowByKey = Dictionary(uniqueKeysWithValues: newEntries.map { ($0.key, $0) })
            let setting = newEntries.filter { entry in
                guard let was = wasByKey[entry.key] else { return true }
                return !was.key.utf8.elementsEqual(entry.key.utf8) || !was.value.isIdentical(to: entry.value)
            }
            let removing = oldEntries.filter { entry in
                guard let now = nowByKey[entry.key] else { return true }
                return !now.key.utf8.elementsEqual(entry.key.utf8)
            }
            return [.setKeys(node: node, member: member, setting: setting, removing: removing.map { .json($0.key) })]
        case (.members(let oldElements), .members(let newElements)):
            // An element now spelled otherwise is removed and inserted again, as a key is.
            let was = Dictionary(oldElements.map { ($0, $0) }) { first, _ in first }
            let now = Dictionary(newElements.map { ($0, $0) }) { first, _ in first }
            let inserting = newElements.filter { !(was[$0]?.isIdentical(to: $0) ?? false) }
            let removing = oldElements.filter { !(now[$0]?.isIdentical(to: $0) ?? false) }
            return [.setElements(node: node, member: member, inserting: inserting, removing: removing)]
        default:
            return [.set(node: node, member: member, content: after)]
        }
    }

    /// A sequence's edits: the whole content when it became absent or present, else its
    /// splices.
    private func sequenceEdits(of key: MemberKey, from old: OldState) -> [ReplicaOperation] {
        guard let sequence = nodes[key.node]?.sequences[key.member] else { return [] }
        let edits = old.journal.sequences[key]
        let (wasAbsent, isAbsent) = ((edits?.presence ?? sequence.presence).absent, sequence.presence.absent)
        if wasAbsent != isAbsent {
            return [.set(node: key.node, member: key.member, content: content(of: key) ?? .absent)]
        }
        if isAbsent { return [] }
        if sequence.showsVisible(holder: key.node, member: key.member, moves: moveStatus) {
            return splicesOfTouchedItems(of: key, in: sequence, edits: edits, from: old)
        }
        return splicesByWalking(of: key, in: sequence, edits: edits, from: old)
    }

    /// Splices of a sequence whose shown items are the visible ones: of the items whose
    /// visibility can have changed (those the merge inserted or removed, and when the move
    /// status changed, those removed by the moves whose removals now hold or not, or every item
    /// out by moves alone when those are not known, and the destinations hidden or shown), those
    /// that appeared or disappeared, in order, grouped in runs with no visible item between
    /// them, each at its visible index.
    private func splicesOfTouchedItems(
        of key: MemberKey, in sequence: SequenceState, edits: SequenceEdits?, from old: OldState
    ) -> [ReplicaOperation] {
        var candidates = edits?.touchedItems ?? []
        if !old.movesUnchanged {
            if let removingChanged = old.removingChanged {
                candidates.formUnion(removingChanged[key] ?? [])
            } else {
                candidates.formUnion(sequence.itemsMovedOut)
            }
            candidates.formUnion((old.hidingChanged[key] ?? []).filter { sequence.contains($0) })
        }
        let (node, member) = (key.node, key.member)
        var changed: [(id: OperationID, position: Int, isVisible: Bool)] = []
        for id in candidates {
            let isVisible = sequence.isVisible(id, holder: node, member: member, moves: moveStatus)
            let wasVisible =
                edits?.wasVisible(id, in: sequence, holder: node, member: member, moves: old.moves)
                ?? sequence.isVisibleIfPresent(id, holder: node, member: member, moves: old.moves)
            if isVisible != wasVisible {
                changed.append((id, sequence.position(of: id), isVisible))
            }
        }
        changed.sort { $0.position < $1.position }
        var operations: [ReplicaOperation] = []
        var run: (at: Int, end: Int, removing: Int, inserting: [ReplicaValue])?
        func flush() {
            guard let run else { return }
            operations.append(.splice(node: node, member: member, at: run.at, removing: run.removing, inserting: run.inserting))
        }
        for item in changed {
            let visibleBefore = sequence.visibleIndex(of: item.id)
            if let open = run, open.end != visibleBefore {
                flush()
                run = nil
            }
            // Taken out of `run`, so that appending to its items does not copy them all (a run
            // inserting n items would otherwise cost n squared).
            var current = run.take() ?? (visibleBefore, visibleBefore, 0, [])
            if item.isVisible {
                current.inserting.append(sequence.item(item.id)!.value)
                current.end = visibleBefore + 1
            } else {
                current.removing += 1
            }
            run = current
        }
        flush()
        return operations
    }

    /// Splices of a sequence: items keep their order for ever, so one walk of the new order
    /// finds the runs that appeared and disappeared.
    private func splicesByWalking(
        of key: MemberKey, in sequence: SequenceState, edits: SequenceEdits?, from old: OldState
    ) -> [ReplicaOperation] {
        let (node, member) = (key.node, key.member)
        var operations: [ReplicaOperation] = []
        var (position, removing, inserting) = (0, 0, [ReplicaValue]())
        func flush() {
            guard removing > 0 || !inserting.isEmpty else { return }
            operations.append(
                .splice(node: node, member: member, at: position, removing: removing, inserting: inserting))
            position += inserting.count
            (removing, inserting) = (0, [])
        }
        for id in sequence.order() {
            let isVisible = sequence.isVisible(id, holder: node, member: member, moves: moveStatus)
            let wasVisible =
                edits?.wasVisible(id, in: sequence, holder: node, member: member, moves: old.moves)
                ?? sequence.isVisibleIfPresent(id, holder: node, member: member, moves: old.moves)
            switch (wasVisible, isVisible) {
            case (true, true):
                flush()
                position += 1
            case (true, false): removing += 1
            case (false, true): inserting.append(sequence.item(id)!.value)
            case (false, false): continue
            }
        }
        flush()
        return operations
    }
}
