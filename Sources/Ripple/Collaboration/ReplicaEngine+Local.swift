/// Recording committed local updates: visible operations become one change of this replica.
extension ReplicaEngine {
    /// Records a committed local update (never a merge), as the visible operations it did in
    /// order, positions those of the visible state before each operation, as one change of
    /// this replica. A node that leaves a place and enters another is a move. A `make` of a
    /// node the document held before it was shared (a genesis node) seeds it alike in every
    /// replica and is not part of the change. An operation that does not fit the state (an
    /// unknown node, a position out of range, a value of the wrong shape) is skipped.
    ///
    /// - Returns: What recording the change overwrote, for `undo(_:)` (a store that cannot
    ///   journal the change refuses its update), or nil when the update made no change.
    @discardableResult
    mutating func recordLocal(_ operations: [ReplicaOperation]) -> MergeUndo? {
        if operations.count >= Self.reservingOperations { reserveNodes(for: operations) }
        var seeds = LocalChangeBuilder(replica: .genesis, firstCounter: 1)
        for operation in operations {
            if case .make(let node, _, _) = operation, node.made.replica == .genesis {
                translate(operation, into: &seeds)
            }
        }
        clock = max(clock, seeds.nextCounter)
        if !seeds.operations.isEmpty {
            genesisSeeds.append(seeds.operations)
            // The seeds placed nodes: the tree the cycle checks walk includes them.
            refreshMoves()
        }
        // Translated against this state, noting what it overwrites, then put back: a copy of
        // the engine would copy the document's tables on its first write.
        translationJournal = ReplicaJournal()
        var builder = LocalChangeBuilder(replica: replica, firstCounter: clock + 1)
        for operation in operations {
            if case .make(let node, _, _) = operation, node.made.replica == .genesis { continue }
            translate(operation, into: &builder)
        }
        var destinations = builder.moveDestinations(stillHeld: { holds($0) }, shape: { shape(of: $0) })
        let sideMoves = builder.sideMoves(primary: destinations, stillHeld: { holds($0) }, shape: { shape(of: $0) })
        let entries = builder.entriesWithoutLeaving(stillHeld: { holds($0) }, shape: { shape(of: $0) })
        translationJournal?.undo(&self)
        translationJournal = nil
        // A node put into a collection where no collection held it (an undo of its removal, made
        // before this update; a reference to it, such as a back reference, does not count), or
        // put back into an array that held it once and holds it no more, moves
        // within the member it enters: a concurrent move of it from there is on its track, and
        // one of the two wins, where two placements would both show.
        var returning: Set<NodeID> = []
        // Put back into several arrays at once (an undo of its removal from each), it moves
        // within each: a concurrent move within the second is on that one's track.
        var returningToOthers: [(node: NodeID, destination: Placement)] = []
        // The root is never moved (it has no home: a reference to it is a placement only).
        for (node, places) in entries where node != root && nodes.contains(node) {
            let putBack = places.filter { isPutBack(node, into: $0) }
            guard let place = putBack.first else { continue }
            destinations[node] = place
            returning.insert(node)
            var members: Set<MemberKey> = [MemberKey(node: place.holder, member: place.member)]
            for other in putBack.dropFirst() {
                let member = MemberKey(node: other.holder, member: other.member)
                if shape(of: member) == .sequence, members.insert(member).inserted { returningToOthers.append((node, other)) }
            }
        }
        // The tree before the update: the moves' holders, over homes read from the places.
        var tree = moveStatus.tree
        tree.root = root
        tree.shapes = shapes
        // A node this update made has no place in the state before it: it stands under the
        // holder it entered, so that a move into it (into the back reference a new figure holds
        // to the group holding it) is judged a cycle here as every replica judges it once the
        // change applies. Judged void there only, it hid the reference everywhere but here.
        // Only an update with moves to check pays for it.
        if !destinations.isEmpty || !sideMoves.isEmpty || !returningToOthers.isEmpty {
            var madeTypes: [NodeID: String] = [:]
            for case .make(let node, let type, _) in operations where !nodes.contains(node) { madeTypes[node] = type }
            func isCollection(_ member: MemberKey) -> Bool {
                madeTypes[member.node].map { shape(ofType: $0, member: member.member) } ?? shape(of: member) != .register
            }
            for (node, holder) in builder.holdersOfMade({ madeTypes[$0] != nil }, isCollection: isCollection) {
                tree.moved[node] = holder
            }
        }
        for (node, destination) in LocalChangeBuilder.ordered(destinations, parent: { tree.parent(of: $0, in: nodes) }) {
            // A move into the node's own subtree would be void by the move rule, yet the update
            // did it (the nodes left the document): it stays a removal and a placement, so that
            // every replica shows what this one shows.
            if tree.reaches(node, from: destination.holder, in: nodes) { continue }
            // Likewise a move that would hide a place of the node the update kept: it stays a
            // removal and a placement too (see `hidesKeptPlace`).
            let leftMembers = builder.membersLeft(by: node).union(returning.contains(node) ? [MemberKey(node: destination.holder, member: destination.member)] : [])
            let candidate = ReplicaMove(node: node, destination: destination, sources: leftMembers)
            if hidesKeptPlace(of: node, moving: candidate, placesLeft: builder.placesLeft(by: node)) { continue }
            tree.moved[node] = destination.holder
            var left = builder.registersLeft(by: node)
            if returning.contains(node) { left.append(MemberKey(node: destination.holder, member: destination.member)) }
            let move = builder.append(.move(node: node, destination: destination, leftMembers: left))
            let sideMembers = sideMoves.filter { $0.node == node }.reduce(into: Set<MemberKey>()) { $0.formUnion($1.members) }
            let leftAlone = builder.arraysOnlyLeft(by: node, shape: { shape(of: $0) })
            builder.bind(node, to: move, excluding: sideMembers.union(leftAlone))
        }
        for side in sideMoves where !tree.reaches(side.node, from: side.destination.holder, in: nodes) {
            let candidate = ReplicaMove(node: side.node, destination: side.destination, sources: side.members)
            if hidesKeptPlace(of: side.node, moving: candidate, placesLeft: builder.placesLeft(by: side.node)) { continue }
            tree.moved[side.node] = side.destination.holder
            let move = builder.append(.move(node: side.node, destination: side.destination, leftMembers: []))
            builder.bind(side.node, to: move, members: side.members)
        }
        for (node, destination) in returningToOthers where !tree.reaches(node, from: destination.holder, in: nodes) {
            let member = MemberKey(node: destination.holder, member: destination.member)
            let candidate = ReplicaMove(node: node, destination: destination, sources: [member])
            if hidesKeptPlace(of: node, moving: candidate, placesLeft: builder.placesLeft(by: node)) { continue }
            tree.moved[node] = destination.holder
            _ = builder.append(.move(node: node, destination: destination, leftMembers: [member]))
        }
        guard !builder.operations.isEmpty else { return nil }
        return applyLocal(&builder)
    }

    /// Makes room for the nodes `operations` make and their registers (an update that makes
    /// many nodes translates them, then applies its change: the node table is as long as it
    /// needs from the start).
    private mutating func reserveNodes(for operations: [ReplicaOperation]) {
        var (made, registers) = (0, 0)
        for case .make(_, _, let members) in operations {
            made += 1
            registers += members.count {
                if case .value = $0.content { true } else { false }
            }
        }
        nodes.reserve(nodes: made, registers: registers)
    }

    /// Whether `node`, entering `place` in an update where it left nothing, comes back: into a
    /// collection where no collection holds it, into a register where nothing holds it, or
    /// into an array that held it before and holds it no more (an undo of its
    /// removal from an array while a dictionary keeps it: a concurrent reorder of it in that
    /// array would otherwise leave it there twice).
    private func isPutBack(_ node: NodeID, into place: Placement) -> Bool {
        let member = MemberKey(node: place.holder, member: place.member)
        let isRegister = shape(of: member) == .register
        if !isHeldInACollection(node) && (!isRegister || !isHeldAnywhere(node)) { return true }
        // Arrays only: a dictionary or a set that takes a node back under a key or tag it held
        // once makes a plain placement (two keys may hold one node on purpose).
        guard shape(of: member) == .sequence else { return false }
        let placesInMember = nodes.placements(of: node).filter { $0.holder == place.holder && $0.member == place.member }
        return !placesInMember.isEmpty && !placesInMember.contains { holds($0) && !moveStatus.hiddenDestinations.contains($0) }
    }

    /// Whether a place of `node` holds it (and is no hidden move destination).
    private func isHeldAnywhere(_ node: NodeID) -> Bool {
        nodes.placements(of: node).contains { holds($0) && !moveStatus.hiddenDestinations.contains($0) }
    }

    /// Whether a place of `node` in an array, a dictionary or a set holds it (and is no hidden
    /// move destination).
    private func isHeldInACollection(_ node: NodeID) -> Bool {
        nodes.placements(of: node).contains {
            holds($0) && !moveStatus.hiddenDestinations.contains($0)
                && shape(of: MemberKey(node: $0.holder, member: $0.member)) != .register
        }
    }

    /// Translates one visible operation against this state, applying what it emits.
    private mutating func translate(_ operation: ReplicaOperation, into builder: inout LocalChangeBuilder) {
        switch operation {
        case .make(let node, let type, let members):
            guard !nodes.contains(node), emit(.make(node: node, type: type), into: &builder) != nil else { return }
            for member in members { setWhole(node, member.name, member.content, into: &builder) }
        case .set(let node, let member, let content):
            setWhole(node, member, content, into: &builder)
        case .splice(let node, let member, let at, let removing, let inserting):
            splice(node, member, at: at, removing: removing, inserting: inserting, into: &builder)
        case .setKeys(let node, let member, let setting, let removing):
            for case .json(let key) in removing { removeKey(node, member, key, into: &builder) }
            for entry in setting { put(entry.value, node, member, entry.key, into: &builder) }
        case .setElements(let node, let member, let inserting, let removing):
            for element in removing { removeElement(element, node, member, into: &builder) }
            for element in inserting {
                if let id = emit(.add(node: node, member: member, element: element), into: &builder) {
                    builder.noteEntered(element, at: Placement(holder: node, member: member, id: id))
                }
            }
        }
    }

    /// Applies an operation with the next identity and appends it; nil (nothing done) if it
    /// does not fit the state.
    private mutating func emit(_ operation: ChangeOperation, into builder: inout LocalChangeBuilder) -> OperationID? {
        // The journal moves into the effects and back, so that it is never shared (and copied).
        var effects = ChangeEffects(journal: translationJournal)
        translationJournal = nil
        defer { translationJournal = effects.journal }
        let id = OperationID(counter: builder.nextCounter, replica: builder.replica)
        guard (try? apply(operation, id: id, effects: &effects)) != nil else { return nil }
        return builder.append(operation)
    }

    private mutating func setWhole(
        _ node: NodeID, _ member: String, _ content: ReplicaContent, into builder: inout LocalChangeBuilder
    ) {
        let key = MemberKey(node: node, member: member)
        guard nodes.contains(node) else { return }
        switch (shape(of: key), content) {
        case (.register, .value(let value)):
            if case .value(.node(let old)) = self.content(of: key), old != value.node {
                builder.noteLeftRegister(old, MemberKey(node: node, member: member))
            }
            if let id = emit(.write(node: node, member: member, value: value), into: &builder) {
                builder.noteEntered(value, at: Placement(holder: node, member: member, id: id))
            }
            return
        case (.register, _):
            return
        case (.sequence, .elements), (.sequence, .absent), (.map, .entries), (.map, .absent), (.set, .members),
            (.set, .absent):
            break
        default:
            return
        }
        // The member's presence alone, not its content (a walk of every element).
        let absent = content == .absent
        if absent != isAbsent(key) { _ = emit(.presence(node: node, member: member, absent: absent), into: &builder) }
        switch shape(of: key) {
        case .sequence:
            let count = nodes.sequence(member, of: node)?.visibleCount(holder: node, member: member, moves: moveStatus)
            let elements: [ReplicaValue]
            if case .elements(let values) = content { elements = values } else { elements = [] }
            splice(node, member, at: 0, removing: count ?? 0, inserting: elements, into: &builder, present: true)
        case .map:
            let old = nodes.map(member, of: node)?.visible(holder: node, member: member, moves: moveStatus) ?? []
            for entry in old { removeKey(node, member, entry.key, into: &builder) }
            if case .entries(let entries) = content {
                for entry in entries { put(entry.value, node, member, entry.key, into: &builder) }
            }
        case .set:
            let old = nodes.set(member, of: node)?.visible(holder: node, member: member, moves: moveStatus) ?? []
            for element in old { removeElement(element, node, member, into: &builder) }
            if case .members(let elements) = content {
                translate(.setElements(node: node, member: member, inserting: elements, removing: []), into: &builder)
            }
        case .register:
            break
        }
    }

    private mutating func splice(
        _ node: NodeID, _ member: String, at position: Int, removing: Int, inserting: [ReplicaValue],
        into builder: inout LocalChangeBuilder, present: Bool = false
    ) {
        let key = MemberKey(node: node, member: member)
        guard nodes.contains(node), shape(of: key) == .sequence,
            present || !(nodes.sequence(member, of: node)?.presence.absent ?? false)
        else { return }
        // The sequence is read in place, never held while an emit edits it (a copy alive then
        // would make the edit copy every item).
        let count = nodes.sequence(member, of: node)?.visibleCount(holder: node, member: member, moves: moveStatus) ?? 0
        guard position >= 0, removing >= 0, position <= count, removing <= count - position else { return }
        var removed =
            removing == 0
            ? [] : nodes.sequence(member, of: node)!.visibleItems(in: position..<(position + removing), holder: node, member: member, moves: moveStatus)
        var runs = inserting.isEmpty ? [] : [(offset: 0, values: inserting[...])]
        // What the run removed and inserted alike stays where it is (see ShortestEdit), found
        // within a few million comparisons.
        let maximumEdits = min(64, 4_000_000 / max(1, removed.count + inserting.count))
        if !removed.isEmpty, !inserting.isEmpty, maximumEdits >= 2,
            let edit = ShortestEdit(
                from: removed.map { nodes.sequence(member, of: node)!.item($0)!.value }, to: inserting, maximumEdits: maximumEdits,
                by: Self.isSame)
        {
            removed = zip(removed, edit.keptOld).filter { !$0.1 }.map(\.0)
            runs = Self.runs(of: inserting, notKept: edit.keptNew)
        }
        if !removed.isEmpty {
            let held = removed.map { nodes.sequence(member, of: node)!.item($0)!.value.node }
            let items = removed.map { Removal(target: $0, move: nil) }
            guard emit(.delete(node: node, member: member, items: items), into: &builder) != nil else { return }
            for (index, (id, heldNode)) in zip(removed, held).enumerated() {
                if let heldNode { builder.noteLeft(heldNode, removal: index, place: id, member: key) }
            }
        }
        // In order: what stands before a run (kept values, earlier runs) is in place when it goes in.
        for run in runs {
            let anchor = (nodes.sequence(member, of: node) ?? SequenceState()).anchor(
                forInsertingAt: position + run.offset, holder: node, member: member, moves: moveStatus)
            let values = Array(run.values)
            let insert = ChangeOperation.insert(node: node, member: member, parent: anchor.parent, leftSide: anchor.leftSide, values: values)
            guard let first = emit(insert, into: &builder) else { return }
            for (offset, value) in values.enumerated() {
                let id = OperationID(counter: first.counter + UInt64(offset), replica: first.replica)
                builder.noteEntered(value, at: Placement(holder: node, member: member, id: id))
            }
        }
    }

    /// Values alike by their bytes (a JSON text that Swift takes as equal, spelled otherwise, is
    /// another value) or the same node.
    private static func isSame(_ one: ReplicaValue, _ other: ReplicaValue) -> Bool {
        switch (one, other) {
        case (.json(let a), .json(let b)): a.utf8.elementsEqual(b.utf8)
        case (.node(let a), .node(let b)): a == b
        default: false
        }
    }

    /// The runs of `values` not kept, each with its offset in `values`.
    private static func runs(of values: [ReplicaValue], notKept kept: [Bool]) -> [(offset: Int, values: ArraySlice<ReplicaValue>)] {
        var runs: [(offset: Int, values: ArraySlice<ReplicaValue>)] = []
        var start: Int?
        for index in 0...values.count {
            let isInserted = index < values.count && !kept[index]
            if isInserted, start == nil { start = index }
            if !isInserted, let first = start {
                runs.append((first, values[first..<index]))
                start = nil
            }
        }
        return runs
    }

    private mutating func removeKey(
        _ node: NodeID, _ member: String, _ key: String, into builder: inout LocalChangeBuilder
    ) {
        let seen = seenEntries(node, member, key)
        guard !seen.isEmpty else { return }
        let removals = seen.map { Removal(target: $0.id, move: nil) }
        guard emit(.removeKey(node: node, member: member, key: key, seen: removals), into: &builder) != nil else {
            return
        }
        noteLeft(seen, of: MemberKey(node: node, member: member), keeping: nil, into: &builder)
    }

    private mutating func put(
        _ value: ReplicaValue, _ node: NodeID, _ member: String, _ key: String, into builder: inout LocalChangeBuilder
    ) {
        guard nodes.contains(node) else { return }
        let seen = seenEntries(node, member, key)
        let removals = seen.map { Removal(target: $0.id, move: nil) }
        let put = ChangeOperation.put(node: node, member: member, key: key, value: value, seen: removals)
        guard let id = emit(put, into: &builder) else { return }
        noteLeft(seen, of: MemberKey(node: node, member: member), keeping: value, into: &builder)
        builder.noteEntered(value, at: Placement(holder: node, member: member, id: id))
    }

    /// The entries of `key` a removal sees, with their values. Read, not kept: a copy of the
    /// map alive while an emit edits it would make the edit copy the whole map (each put into
    /// a dictionary of n entries would cost n, and seeding it n squared).
    private func seenEntries(_ node: NodeID, _ member: String, _ key: String) -> [(id: OperationID, value: ReplicaValue)] {
        guard let entries = nodes[node]?.maps[member]?.entries[key] else { return [] }
        return entries.filter { !moveStatus.removes($0.removals) }.map { ($0.id, $0.value) }
    }

    /// Notes the node held by the entry a removal saw that the key showed (but `keeping`, put
    /// back at once). An entry the key did not show (a hidden move destination, an older
    /// concurrent put) held no node here: its removal is no part of a move.
    private func noteLeft(
        _ seen: [(id: OperationID, value: ReplicaValue)], of member: MemberKey, keeping: ReplicaValue?,
        into builder: inout LocalChangeBuilder
    ) {
        let shown = seen.enumerated().filter {
            !moveStatus.hiddenDestinations.contains(Placement(holder: member.node, member: member.member, id: $0.element.id))
        }
        .max { $0.element.id < $1.element.id }
        if let (index, entry) = shown, let held = entry.value.node, entry.value != keeping {
            builder.noteLeft(held, removal: index, place: entry.id, member: member)
        }
    }

    private mutating func removeElement(
        _ element: ReplicaValue, _ node: NodeID, _ member: String, into builder: inout LocalChangeBuilder
    ) {
        // Read, not kept while the emit edits the set (see `seenEntries`).
        guard let seen = nodes[node]?.sets[member]?.seen(element, moves: moveStatus), !seen.isEmpty else { return }
        let removals = seen.map { Removal(target: $0, move: nil) }
        let remove = ChangeOperation.removeElement(node: node, member: member, element: element, seen: removals)
        guard emit(remove, into: &builder) != nil else { return }
        // A tag that is a hidden move destination showed nothing here (see `noteLeft`).
        if let held = element.node {
            for (index, id) in seen.enumerated() where !moveStatus.hiddenDestinations.contains(Placement(holder: node, member: member, id: id)) {
                builder.noteLeft(held, removal: index, place: id, member: MemberKey(node: node, member: member))
            }
        }
    }
}
