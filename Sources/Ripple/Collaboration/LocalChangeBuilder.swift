/// The operations of a local change as they are translated, with the places nodes left and
/// entered so that a node that did both becomes a move.
struct LocalChangeBuilder {
    let replica: ReplicaID
    let firstCounter: UInt64
    private(set) var nextCounter: UInt64
    private(set) var operations: [ChangeOperation] = []
    /// Removals of places holding a node: the operation's index, the removal's, the place and
    /// its member.
    private var left: [NodeID: [(operation: Int, removal: Int, place: OperationID, member: MemberKey)]] = [:]
    /// The registers whose write of a node was overwritten (a register keeps no removals).
    private var leftRegisters: [NodeID: [MemberKey]] = [:]
    private var entered: [NodeID: [Placement]] = [:]

    init(replica: ReplicaID, firstCounter: UInt64) {
        self.replica = replica
        self.firstCounter = firstCounter
        nextCounter = firstCounter
    }

    /// Appends an operation and returns its identity.
    mutating func append(_ operation: ChangeOperation) -> OperationID {
        let id = OperationID(counter: nextCounter, replica: replica)
        operations.append(operation)
        nextCounter += operation.counterSpan
        return id
    }

    /// Notes that removal `removal` of the last operation removed place `place` holding `node`.
    mutating func noteLeft(_ node: NodeID, removal: Int, place: OperationID, member: MemberKey) {
        left[node, default: []].append((operations.count - 1, removal, place, member))
    }

    /// Notes that `register` held `node` until this update overwrote it.
    mutating func noteLeftRegister(_ node: NodeID, _ register: MemberKey) {
        if leftRegisters[node]?.contains(register) != true { leftRegisters[node, default: []].append(register) }
    }

    /// The registers `node` left in this update, which its move names.
    func registersLeft(by node: NodeID) -> [MemberKey] {
        leftRegisters[node] ?? []
    }

    /// Every member `node` left in this update, registers included.
    func membersLeft(by node: NodeID) -> Set<MemberKey> {
        Set((left[node] ?? []).map(\.member) + (leftRegisters[node] ?? []))
    }

    /// The places `node` left in this update (registers aside).
    func placesLeft(by node: NodeID) -> Set<OperationID> {
        Set((left[node] ?? []).map(\.place))
    }

    mutating func noteEntered(_ value: ReplicaValue, at placement: Placement) {
        if let node = value.node { entered[node, default: []].append(placement) }
    }

    /// The moves of the change: every node that left a place and entered another, to the last
    /// place it entered that still holds it (`stillHeld`, asked of the state the update left),
    /// preferring a place of a member shaped as one it left (`shape`): a node moved between two
    /// arrays and also pinned in the same update moved between the arrays, and the pin is a
    /// placement of its own. A node only added somewhere is no move: it stays where else it is.
    func moveDestinations(stillHeld: (Placement) -> Bool, shape: (MemberKey) -> MemberShape) -> [NodeID: Placement] {
        var moves: [NodeID: Placement] = [:]
        for (node, places) in entered where left[node] != nil || leftRegisters[node] != nil {
            let leftShapes = Set((left[node] ?? []).map { shape($0.member) } + (leftRegisters[node] ?? []).map(shape))
            let leftMembers = Set((left[node] ?? []).map(\.member))
            func isOfALeftShape(_ place: Placement) -> Bool { leftShapes.contains(shape(MemberKey(node: place.holder, member: place.member))) }
            // A place in a member the node did not leave first: what it left and entered alike
            // it was reordered within, a move of its own (see `sideMoves`).
            moves[node] =
                places.last { isOfALeftShape($0) && !leftMembers.contains(MemberKey(node: $0.holder, member: $0.member)) && stillHeld($0) }
                ?? places.last { isOfALeftShape($0) && stillHeld($0) }
                ?? places.last(where: stillHeld)
        }
        return moves
    }

    /// The further moves of nodes that, in one update, left and entered members of another shape
    /// too than their move's (`primary`, from ``moveDestinations(stillHeld:shape:)``): a shelf
    /// reordered in an array while it changed dictionary keys moved within the array and between
    /// the keys, two moves on two tracks; one move would join the tracks, and a later move within
    /// the array would hide the key. Each goes to the last place of its shape the node entered
    /// that still holds it, and takes the removals of members of that shape (`members`). Likewise
    /// a node reordered within an array while it moved between two others (a scene reordered
    /// in the storyboard while it changes acts) moved within that array too: a concurrent
    /// reorder there is on that array's track alone.
    func sideMoves(
        primary: [NodeID: Placement], stillHeld: (Placement) -> Bool, shape: (MemberKey) -> MemberShape
    ) -> [(node: NodeID, destination: Placement, members: Set<MemberKey>)] {
        var moves: [(node: NodeID, destination: Placement, members: Set<MemberKey>)] = []
        for (node, destination) in primary.sorted(by: { $0.key < $1.key }) {
            let primaryMember = MemberKey(node: destination.holder, member: destination.member)
            let primaryShape = shape(primaryMember)
            var leftByShape: [MemberShape: Set<MemberKey>] = [:]
            var reordered: Set<MemberKey> = []
            for removal in left[node] ?? [] {
                if shape(removal.member) != primaryShape {
                    leftByShape[shape(removal.member), default: []].insert(removal.member)
                } else if primaryShape == .sequence, removal.member != primaryMember {
                    reordered.insert(removal.member)
                }
            }
            let onlyLeft = arraysOnlyLeft(by: node, shape: shape)
            for (side, members) in leftByShape.sorted(by: { "\($0.key)" < "\($1.key)" }) {
                let place = entered[node]?.last { shape(MemberKey(node: $0.holder, member: $0.member)) == side && stillHeld($0) }
                if let place { moves.append((node, place, members.subtracting(onlyLeft))) }
            }
            for member in reordered.sorted() {
                let place = entered[node]?.last { MemberKey(node: $0.holder, member: $0.member) == member && stillHeld($0) }
                if let place { moves.append((node, place, [member])) }
            }
        }
        return moves
    }

    /// The arrays `node` left and did not enter, when every array it entered it left too (it
    /// was reordered there): a scene reordered in the storyboard while it leaves its act (the
    /// undo of its filing) moved within the storyboard only, and leaving the act is a removal,
    /// as it is alone. Part of the move, that removal would join the two arrays' tracks for
    /// good, and a later update that puts the node in both (the redo) would show it in one only.
    func arraysOnlyLeft(by node: NodeID, shape: (MemberKey) -> MemberShape) -> Set<MemberKey> {
        let leftArrays = Set((left[node] ?? []).map(\.member).filter { shape($0) == .sequence })
        let enteredArrays = Set((entered[node] ?? []).map { MemberKey(node: $0.holder, member: $0.member) }.filter { shape($0) == .sequence })
        guard !enteredArrays.isEmpty, enteredArrays.isSubset(of: leftArrays) else { return [] }
        return leftArrays.subtracting(enteredArrays)
    }

    /// The nodes that entered places and left none, each with the places it entered that still
    /// hold it, those of arrays first, then those of dictionaries and sets, then registers, the
    /// latest first in each: a node put back (an undo of its removal) into an array and a pin
    /// at once moves within the array, where moves keep it in one place.
    func entriesWithoutLeaving(stillHeld: (Placement) -> Bool, shape: (MemberKey) -> MemberShape) -> [NodeID: [Placement]] {
        func rank(_ place: Placement) -> Int {
            switch shape(MemberKey(node: place.holder, member: place.member)) {
            case .sequence: 0
            case .map, .set: 1
            case .register: 2
            }
        }
        var entries: [NodeID: [Placement]] = [:]
        for (node, places) in entered where left[node] == nil && leftRegisters[node] == nil {
            let held = places.enumerated().filter { stillHeld($0.element) }
            entries[node] = held.sorted { (rank($0.element), -$0.offset) < (rank($1.element), -$1.offset) }.map(\.element)
        }
        return entries
    }

    /// The holder each node this update made (`isMade`) stands under in the tree it leaves, read
    /// as ``MoveTree`` reads a home: the first place it entered in a collection (`isCollection`),
    /// else its first place.
    func holdersOfMade(_ isMade: (NodeID) -> Bool, isCollection: (MemberKey) -> Bool) -> [NodeID: NodeID] {
        var holders: [NodeID: NodeID] = [:]
        for (node, places) in entered where isMade(node) {
            let home = places.first { isCollection(MemberKey(node: $0.holder, member: $0.member)) } ?? places.first
            if let home { holders[node] = home.holder }
        }
        return holders
    }

    /// `moves` (``moveDestinations(stillHeld:)``) in the order they are checked for cycles: in
    /// id order, one after the other, so they come by their node's depth in the tree the update
    /// leaves (then by destination): each then goes under a holder already where the update
    /// left it, and moves that made a tree locally make one in that order too. `parent` gives a
    /// node's holder in the tree before the update. `bind` ties the sources' removals to a move
    /// once appended.
    static func ordered(_ moves: [NodeID: Placement], parent: (NodeID) -> NodeID?) -> [(node: NodeID, destination: Placement)] {
        func depth(_ node: NodeID) -> Int {
            var (current, steps, visited) = (node, 0, Set<NodeID>())
            while visited.insert(current).inserted, let holder = moves[current]?.holder ?? parent(current) {
                (current, steps) = (holder, steps + 1)
            }
            return steps
        }
        let depths = moves.mapValues { depth($0.holder) }
        return moves.sorted { (depths[$0.key]!, $0.value.id) < (depths[$1.key]!, $1.value.id) }
            .map { (node: $0.key, destination: $0.value) }
    }

    /// Makes the removals of places `node` left part of move `move`, but of places it entered in
    /// this update: a move with no effect leaves the node where it was before the update, not
    /// in a place it passed through.
    /// `members`, when given, limits the removals to those of its members; `excluding` leaves
    /// out those of its members (a side move's, see ``sideMoves(primary:stillHeld:shape:)``).
    mutating func bind(_ node: NodeID, to move: OperationID, members: Set<MemberKey>? = nil, excluding: Set<MemberKey> = []) {
        let passedThrough = Set(entered[node]?.map(\.id) ?? [])
        for (operation, removal, place, member) in left[node] ?? []
        where !passedThrough.contains(place) && !excluding.contains(member) && members?.contains(member) != false {
            operations[operation] = operations[operation].binding(removal: removal, to: move)
        }
    }
}

extension ChangeOperation {
    /// The same operation with its removal number `index` part of move `move`.
    fileprivate func binding(removal index: Int, to move: OperationID) -> ChangeOperation {
        func bound(_ removals: [Removal]) -> [Removal] {
            var removals = removals
            removals[index] = Removal(target: removals[index].target, move: move)
            return removals
        }
        switch self {
        case .delete(let node, let member, let items):
            return .delete(node: node, member: member, items: bound(items))
        case .put(let node, let member, let key, let value, let seen):
            return .put(node: node, member: member, key: key, value: value, seen: bound(seen))
        case .removeKey(let node, let member, let key, let seen):
            return .removeKey(node: node, member: member, key: key, seen: bound(seen))
        case .removeElement(let node, let member, let element, let seen):
            return .removeElement(node: node, member: member, element: element, seen: bound(seen))
        default:
            return self
        }
    }
}
