/// Undoing a move, or a removal, that something else moved on since.
///
/// A step that took a node from one place and put it in another moved it. Undone in order, the
/// node is where the step put it, and the undo takes it from there and puts it back. But a
/// change made without recording (a merge of another replica's changes, above all) may have
/// moved the node on since: the undo cannot take it from where the step put it, and putting it
/// back would leave it in two places (or bring back a node another replica deleted). The undo
/// then leaves that node where it is, as it leaves a value that was overwritten since; the
/// rest of the step is undone. A redo of that undo, which did not move the node, does not
/// move it either.
///
/// A step that removed a node is undone by putting the node back. If another replica moved the
/// node meanwhile, out of the place the step removed it from (its move left that member, or a
/// member on the same track, see `MoveStatus`), the node is where that move put it: putting it
/// back too would leave it in two places of one track. The replica (``ConcurrentMoves``) tells;
/// the undo leaves the node where the move put it, as for a move.
extension History {
    /// A step's changes as an undo (or redo) puts them back: the value each member had before,
    /// computed once from the member's value now, and the nodes to keep out of it.
    struct Reverting {
        /// Per change, the value before (nil when the member was overwritten since, or its edit
        /// no longer fits): computed from the values before any change is put back.
        let befores: [Any?]
        /// The nodes the step moved that its undo would put back without taking them from where
        /// the step put them (kept out of every member).
        let movedAway: Set<ObjectIdentifier>
        /// Per change (by index), the nodes another replica moved away from its member since.
        let movedAwayFrom: [Int: Set<ObjectIdentifier>]
        /// Per change (by index), the nodes its undo would put back into an array where another
        /// replica's move put them since, with how many places: the undo leaves them where the
        /// move put them, once.
        let movedInto: [Int: [ObjectIdentifier: Int]]

        @MainActor init(_ changes: [HistoryStep.Change], moves replica: (replica: any ConcurrentMoves, mark: UInt64?)?) {
            let moves = replica?.replica
            var befores = changes.map { change -> Any? in
                let current = change.node._rippleValue(of: change.member)
                return change.wasOverwritten(current) ? nil : change.valueBefore(current)
            }
            if let moves { Self.placeUnfitting(changes, &befores, moves: moves) }
            // Nodes the step put into a collection that the undo does not take them out of.
            // A reference (a pin, a back reference) is no place: what the undo does to it
            // says nothing of where the node is.
            var putBack: [(index: Int, nodes: [any RippleNode])] = []
            var collections: [(index: Int, detached: Set<ObjectIdentifier>)] = []
            for (index, change) in changes.enumerated() {
                let current = change.node._rippleValue(of: change.member)
                let before = befores[index]
                guard change.isNodeMember else { continue }
                var detached: Set<ObjectIdentifier> = []
                if let before {
                    let undone = NodeChanges(from: current, to: before)
                    if !undone.attached.isEmpty { putBack.append((index, undone.attached)) }
                    detached = Set(undone.detached.lazy.map(ObjectIdentifier.init))
                }
                if current is any NodeCollection || !detached.isEmpty { collections.append((index, detached)) }
            }
            self.befores = befores
            let putBackNodes = Set(putBack.lazy.flatMap { $0.nodes.lazy.map(ObjectIdentifier.init) })
            var leftIn: Set<ObjectIdentifier> = []
            var takenOut: Set<ObjectIdentifier> = []
            for (index, detached) in collections {
                let change = changes[index]
                // On a replica, a holder that a merge took out of the document (another
                // replica removed it) takes nothing out where the others see: an edit of a node
                // outside the document reaches no one, and the holder comes back as the merge
                // state holds it. Unless the undo puts the holder itself back.
                let holder = change.node
                let reachesOthers =
                    moves == nil || holder._rippleTracker.isInDocument
                    || putBackNodes.contains(ObjectIdentifier(holder))
                let out = reachesOthers ? detached : []
                takenOut.formUnion(out)
                guard holder._rippleValue(of: change.member) is any NodeCollection else { continue }
                leftIn.formUnion(change.insertedNodes.lazy.filter { !out.contains($0) })
            }
            let movedAway = leftIn.isEmpty ? [] : putBackNodes.intersection(leftIn)
            self.movedAway = movedAway
            var movedAwayFrom: [Int: Set<ObjectIdentifier>] = [:]
            if let moves {
                // Nodes the undo takes from somewhere move back: the replica records that as a
                // move of its own, which competes with the others on its track.
                for (index, nodes) in putBack {
                    let change = changes[index]
                    let away = nodes.filter { node in
                        let id = ObjectIdentifier(node)
                        return !takenOut.contains(id) && !movedAway.contains(id)
                            && moves.isMovedAway(node, from: change.node, member: change.member, since: replica?.mark)
                    }
                    if !away.isEmpty { movedAwayFrom[index] = Set(away.lazy.map(ObjectIdentifier.init)) }
                }
            }
            self.movedAwayFrom = movedAwayFrom
            var movedInto: [Int: [ObjectIdentifier: Int]] = [:]
            if let moves {
                for (index, change) in changes.enumerated() where change.isNodeMember {
                    guard let before = befores[index] as? any NodeCollection else { continue }
                    var gained: [ObjectIdentifier: (node: any RippleNode, places: Int)] = [:]
                    before.forEachPlaceChange(from: change.node._rippleValue(of: change.member)) { node, places in
                        gained[ObjectIdentifier(node), default: (node, 0)].places += places
                    }
                    let into = gained.filter { _, gain in
                        gain.places > 0 && moves.isMovedInto(gain.node, holder: change.node, member: change.member)
                    }
                    if !into.isEmpty { movedInto[index] = into.mapValues(\.places) }
                }
            }
            self.movedInto = movedInto
        }

        /// Where the step's edit of an array of nodes no longer fits (a merge moved or removed a
        /// neighbour of its run), the replica places the nodes the undo puts back by their own
        /// items, as the ordered-collection rule places them now (see `PlacingEdit`): a redo
        /// of an insertion never drops the node. Not for a node another change of the step
        /// moves (into or out of another collection): a move whose edit no longer fits leaves
        /// the node where it is, once (its other holder may be out of the document, and come back).
        @MainActor private static func placeUnfitting(
            _ changes: [HistoryStep.Change], _ befores: inout [Any?], moves: any ConcurrentMoves
        ) {
            var placed: [(index: Int, value: Any, nodes: Set<ObjectIdentifier>)] = []
            for (index, change) in changes.enumerated() where befores[index] == nil && change.isNodeMember {
                guard case .edit(let edit as any PlacingEdit) = change.before else { continue }
                let current = change.node._rippleValue(of: change.member)
                let value = edit.revert(current) { node in
                    moves.visibleIndex(ofLastPlaceOf: node, holder: change.node, member: change.member)
                }
                guard let value else { continue }
                let undone = NodeChanges(from: current, to: value)
                placed.append((index, value, Set((undone.attached + undone.detached).lazy.map(ObjectIdentifier.init))))
            }
            for candidate in placed {
                let isMoved = changes.indices.contains { index in
                    let change = changes[index]
                    guard index != candidate.index, change.isNodeMember else { return false }
                    let current = change.node._rippleValue(of: change.member)
                    guard current is any NodeCollection else { return false }
                    var nodes = Set(change.insertedNodes)
                    if let before = befores[index] {
                        let undone = NodeChanges(from: current, to: before)
                        nodes.formUnion((undone.attached + undone.detached).lazy.map(ObjectIdentifier.init))
                    } else if case .edit(let edit as any PlacingEdit) = change.before {
                        nodes.formUnion(edit.nodes)
                    }
                    return !nodes.isDisjoint(with: candidate.nodes)
                }
                if !isMoved { befores[candidate.index] = candidate.value }
            }
        }

        /// The nodes to keep out of change `index`'s member.
        func keptOut(ofChange index: Int) -> Set<ObjectIdentifier> {
            movedAwayFrom[index].map { movedAway.union($0) } ?? movedAway
        }
    }

    /// `before` without the nodes of `movedAway` that `current` does not hold (those it holds
    /// stay; a dictionary key whose old node is kept out keeps its current value, or goes if it
    /// has none); nil to leave a member holding one node as it is.
    static func keepingOut(_ movedAway: Set<ObjectIdentifier>, of before: Any, current: Any) -> Any? {
        if let collection = before as? any NodeCollection {
            var held: Set<ObjectIdentifier> = []
            (current as? any NodeCollection)?.forEachNode { held.insert(ObjectIdentifier($0)) }
            return collection.removingNodes(movedAway.subtracting(held), current: current)
        }
        if let node = before as? any RippleNode, movedAway.contains(ObjectIdentifier(node)) { return nil }
        return before
    }
}

/// What knows where changes the history did not record put nodes: a replica, whose merges move
/// nodes (its session sets itself as the history's ``History/concurrentMoves``).
@MainActor
protocol ConcurrentMoves: AnyObject {
    /// The replica's logical clock: greater than every move it has made so far.
    var clock: UInt64 { get }
    /// Whether putting `node` back into member `member` of `holder` would leave it in two
    /// places of one move track: a move the history did not record took it from that track to
    /// a place that holds it now. This replica's moves up to its clock `mark` (those the step
    /// being replayed was recorded after, the undo a redo reverses among them) do not count.
    func isMovedAway(_ node: any RippleNode, from holder: any RippleNode, member: Int, since mark: UInt64?) -> Bool
    /// Whether a move the history did not record put `node` into member `member` of `holder`,
    /// where it is now: putting it back there too would leave it there twice.
    func isMovedInto(_ node: any RippleNode, holder: any RippleNode, member: Int) -> Bool
    /// Where the item that last put `node` into the ordered member `member` of `holder` stands
    /// among the visible items now (removed or not): how many come before it. Nil when that
    /// member never held the node.
    func visibleIndex(ofLastPlaceOf node: any RippleNode, holder: any RippleNode, member: Int) -> Int?
}
