/// Every move a replica has integrated, by id, with what keeps a new move's cost to the moves
/// it concerns: the moves of each node, and every id in order (see
/// ``MoveStatus/extended(by:nodes:placed:)``: a move later than all the others is added to the
/// status without computing it again from every move).
struct MoveLog: Equatable, Sendable {
    private(set) var byID: [OperationID: ReplicaMove] = [:]
    /// The ids of each node's moves, in the order integrated.
    private var byNode: [NodeID: [OperationID]] = [:]
    /// Every id, ascending (a move later than all the others, the common case, is appended).
    private(set) var ordered: [OperationID] = []
    /// How many moves were taken out (a journal undoing a refused change): a status that covers
    /// a move no longer here must be computed again.
    private(set) var removals = 0

    var isEmpty: Bool { byID.isEmpty }
    var count: Int { byID.count }
    var values: Dictionary<OperationID, ReplicaMove>.Values { byID.values }

    subscript(id: OperationID) -> ReplicaMove? {
        get { byID[id] }
        set {
            switch (byID[id], newValue) {
            case (nil, let move?):
                byNode[move.node, default: []].append(id)
                if let last = ordered.last, last > id {
                    ordered.insert(id, at: ordered.partitioningIndex { $0 > id })
                } else {
                    ordered.append(id)
                }
            case (let old?, nil):
                byNode[old.node]!.removeAll { $0 == id }
                if byNode[old.node]!.isEmpty { byNode[old.node] = nil }
                ordered.remove(at: ordered.partitioningIndex { $0 >= id })
                removals += 1
            default:
                break
            }
            byID[id] = newValue
        }
    }

    /// The moves of `node`, in the order integrated.
    func moves(of node: NodeID) -> [(id: OperationID, move: ReplicaMove)] {
        (byNode[node] ?? []).map { ($0, byID[$0]!) }
    }

    /// The ids of the moves later than `id` (all of them for `nil`), ascending.
    func ids(after id: OperationID?) -> ArraySlice<OperationID> {
        guard let id else { return ordered[...] }
        return ordered[ordered.partitioningIndex { $0 > id }...]
    }

    static func == (lhs: MoveLog, rhs: MoveLog) -> Bool { lhs.byID == rhs.byID }
}

extension MoveLog: Sequence {
    func makeIterator() -> Dictionary<OperationID, ReplicaMove>.Iterator { byID.makeIterator() }
}

private extension RandomAccessCollection {
    /// The first index whose element satisfies `belongs`, which holds for a suffix.
    func partitioningIndex(where belongs: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = distance(from: low, to: endIndex)
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if belongs(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
