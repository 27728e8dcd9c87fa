/// What an in-place edit of a node array member journals instead of the array it replaced:
/// the run it replaced (`removed`, at `start`) and how many elements stand there now. The old
/// array is the current one with that run put back, made only when something needs it whole
/// (``old(after:)``); the journal's consumers that compare the ends of the two arrays read them
/// from the splice (``OldNodes``), so an insert into a long array copies none of it.
///
/// It holds while the member holds what the edit left: a later write of the member makes the
/// old array first (`Journal/settleSplice(of:_:before:)`), as does the end of the update for a
/// splice that something keeps.
@usableFromInline
class ArraySplice {
    let node: any RippleNode
    let member: Int
    /// The journal segment that journaled it.
    let epoch: UInt64
    var holder: ObjectIdentifier { ObjectIdentifier(node) }
    /// The old array, once made.
    private(set) var madeOld: Any?

    init(node: any RippleNode, member: Int, epoch: UInt64) {
        self.node = node
        self.member = member
        self.epoch = epoch
    }

    /// The old array, made from `current`, the member's value that the edit left.
    final func old(after current: Any) -> Any {
        if let madeOld { return madeOld }
        let old = makeOld(after: current)
        madeOld = old
        return old
    }

    var isMade: Bool { madeOld != nil }

    func makeOld(after current: Any) -> Any { fatalError("an ArraySplice is a NodeArraySplice") }

    /// Whether `current` (what the edit left) holds what the array held before.
    func leavesUnchanged(_ current: Any) -> Bool { fatalError("an ArraySplice is a NodeArraySplice") }

    /// The edit that undoes it on `current` (what the edit left), for history.
    func edit(current: Any) -> (any MemberEdit)? { fatalError("an ArraySplice is a NodeArraySplice") }
}

/// An ``ArraySplice`` of an array of `Element` nodes.
final class NodeArraySplice<Element: RippleNode>: ArraySplice {
    let start: Int
    let removed: [Element]
    let insertedCount: Int

    init(start: Int, removed: [Element], insertedCount: Int, node: any RippleNode, member: Int, epoch: UInt64) {
        self.start = start
        self.removed = removed
        self.insertedCount = insertedCount
        super.init(node: node, member: member, epoch: epoch)
    }

    override func makeOld(after current: Any) -> Any {
        guard let current = current as? [Element] else { return current }
        return oldArray(after: current)
    }

    /// The old array, made from `current`, what the edit left.
    func oldArray(after current: [Element]) -> [Element] {
        guard start + insertedCount <= current.count else { return current }
        var old = current
        old.replaceSubrange(start..<(start + insertedCount), with: removed)
        return old
    }

    override func edit(current: Any) -> (any MemberEdit)? {
        guard let current = current as? [Element], let old = OldNodes(self, current: current) else { return nil }
        return ArrayEdit(from: current, revertingTo: old)
    }

    override func leavesUnchanged(_ current: Any) -> Bool {
        guard let current = current as? [Element], removed.count == insertedCount, start + insertedCount <= current.count else {
            return false
        }
        return zip(removed, current[start..<(start + insertedCount)]).allSatisfy { $0 === $1 }
    }
}

/// The old value of a node array member, as the journal holds it: the array, or the splice an
/// in-place edit made (with the current array, the whole of it).
struct OldNodes<Element: RippleNode> {
    private let whole: [Element]?
    private let splice: NodeArraySplice<Element>?
    private let current: [Element]

    /// The old value `old` (an array or a splice) of a member that holds `current`; nil when
    /// `old` is neither.
    init?(_ old: Any, current: [Element]) {
        self.current = current
        if let whole = old as? [Element] {
            (self.whole, splice) = (whole, nil)
        } else if let splice = old as? NodeArraySplice<Element> {
            (whole, self.splice) = splice.isMade ? (splice.old(after: current) as? [Element], nil) : (nil, splice)
            guard whole != nil || self.splice != nil else { return nil }
        } else {
            return nil
        }
    }

    var count: Int {
        guard let splice else { return whole!.count }
        return current.count - splice.insertedCount + splice.removed.count
    }

    var first: Element? { isEmpty ? nil : self[0] }
    var last: Element? { isEmpty ? nil : self[count - 1] }
    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> Element {
        guard let splice else { return whole![index] }
        if index < splice.start { return current[index] }
        if index < splice.start + splice.removed.count { return splice.removed[index - splice.start] }
        return current[index - splice.removed.count + splice.insertedCount]
    }

    /// The elements of `range`.
    func elements(_ range: Range<Int>) -> [Element] {
        if let whole { return Array(whole[range]) }
        return range.map { self[$0] }
    }

    /// How many elements it shares with `current` at the start and then at the end, as
    /// ``CommonEnds`` counts them by identity; from a splice, in the time of the run it replaced.
    var commonEnds: CommonEnds {
        guard let splice else { return CommonEnds(whole!, current, by: ===) }
        let (oldCount, shorter) = (count, Swift.min(count, current.count))
        var prefix = splice.start
        while prefix < shorter, self[prefix] === current[prefix] { prefix += 1 }
        let room = shorter - prefix
        var suffix = Swift.min(current.count - splice.start - splice.insertedCount, room)
        while suffix < room, self[oldCount - 1 - suffix] === current[current.count - 1 - suffix] { suffix += 1 }
        return CommonEnds(prefix: prefix, suffix: suffix)
    }
}
