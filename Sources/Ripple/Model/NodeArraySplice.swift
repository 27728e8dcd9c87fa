/// What an in-place edit of a node array member journals instead of the array it replaced:
/// the runs it replaced, each as its start, the elements it removed and how many elements
/// stand there after it. The old array is the current one with the runs put back, last first,
/// made only when something needs it whole (``old(after:)``); the journal's consumers that
/// compare the ends of the two arrays read them from the splice (``OldNodes``), so an insert
/// into a long array copies none of it.
///
/// A splice holds more than one run when one segment edits the member in place again (a move:
/// `points.insert(points.removeLast(), at: 0)` removes, then inserts): consumers that would
/// otherwise read every element between the runs read the runs alone (``OldNodes/separateRuns``).
///
/// It holds while the member holds what the edits left: a later write of the member makes the
/// old array first (`Journal/settleSplice(of:_:before:)`), as does the end of the update for a
/// splice that something keeps.
@usableFromInline
class ArraySplice {
    let node: any RippleNode
    let member: Int
    /// The journal segment that journaled it.
    let epoch: UInt64
    /// Whether history may undo it: another edit of the member joins it only alike.
    var isUndoable = true
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
    /// One run replaced, in the array the runs before it left: `removed` at `start`, by
    /// `insertedCount` elements.
    struct Run {
        let start: Int
        let removed: [Element]
        let insertedCount: Int
    }

    /// The most runs a splice holds: an edit past them makes the old array (the runs are read
    /// one by one, through every run before them).
    static var maximumRuns: Int { 8 }

    /// The runs, in the order the edits made them.
    private(set) var runs: [Run]

    init(start: Int, removed: [Element], insertedCount: Int, node: any RippleNode, member: Int, epoch: UInt64) {
        runs = [Run(start: start, removed: removed, insertedCount: insertedCount)]
        super.init(node: node, member: member, epoch: epoch)
    }

    /// Adds the run of a later edit of the array the runs left; false when it holds
    /// ``maximumRuns`` already.
    func append(start: Int, removed: [Element], insertedCount: Int) -> Bool {
        guard runs.count < Self.maximumRuns, !isMade else { return false }
        runs.append(Run(start: start, removed: removed, insertedCount: insertedCount))
        return true
    }

    /// Takes back the last run, whose edit did not run.
    func removeLastRun() {
        if runs.count > 1 { runs.removeLast() }
    }

    /// How many more elements the array holds than before the runs.
    var growth: Int { runs.reduce(0) { $0 + $1.insertedCount - $1.removed.count } }

    override func makeOld(after current: Any) -> Any {
        guard let current = current as? [Element] else { return current }
        return oldArray(after: current)
    }

    /// The old array, made from `current`, what the edits left.
    func oldArray(after current: [Element]) -> [Element] {
        var old = current
        for run in runs.reversed() {
            guard run.start + run.insertedCount <= old.count else { return current }
            old.replaceSubrange(run.start..<(run.start + run.insertedCount), with: run.removed)
        }
        return old
    }

    override func edit(current: Any) -> (any MemberEdit)? {
        guard let current = current as? [Element], let old = OldNodes(self, current: current) else { return nil }
        if let runs = old.separateRuns() { return ArrayRunsEdit(runs) }
        return ArrayEdit(from: current, revertingTo: old)
    }

    override func leavesUnchanged(_ current: Any) -> Bool {
        guard let current = current as? [Element], growth == 0, let old = OldNodes(self, current: current), old.isValid else {
            return false
        }
        let ends = old.commonEnds
        return ends.prefix + ends.suffix >= current.count
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
        return current.count - splice.growth
    }

    var first: Element? { isEmpty ? nil : self[0] }
    var last: Element? { isEmpty ? nil : self[count - 1] }
    var isEmpty: Bool { count == 0 }

    /// Whether the runs fit the current array (each within the array it was made on).
    var isValid: Bool {
        guard let splice else { return true }
        var length = current.count
        for run in splice.runs.reversed() {
            guard run.start >= 0, run.start + run.insertedCount <= length else { return false }
            length += run.removed.count - run.insertedCount
        }
        return true
    }

    subscript(index: Int) -> Element {
        guard let splice else { return whole![index] }
        return element(index, afterRuns: 0, of: splice)
    }

    /// Element `index` of the array that the first `done` runs left.
    private func element(_ index: Int, afterRuns done: Int, of splice: NodeArraySplice<Element>) -> Element {
        var index = index
        for run in splice.runs[done...] where index >= run.start {
            if index < run.start + run.removed.count { return run.removed[index - run.start] }
            index += run.insertedCount - run.removed.count
        }
        return current[index]
    }

    /// The elements of `range`.
    func elements(_ range: Range<Int>) -> [Element] {
        if let whole { return Array(whole[range]) }
        return range.map { self[$0] }
    }

    /// How many elements it shares with `current` at the start and then at the end, as
    /// ``CommonEnds`` counts them by identity; from a splice, in the time of the runs it replaced.
    var commonEnds: CommonEnds {
        guard let splice else { return CommonEnds(whole!, current, by: ===) }
        let (oldCount, shorter) = (count, Swift.min(count, current.count))
        // No run touched what lies before the first start, or after the shortest tail.
        var (firstStart, tail, length) = (Int.max, Int.max, current.count)
        for run in splice.runs.reversed() {
            firstStart = Swift.min(firstStart, run.start)
            tail = Swift.min(tail, length - run.start - run.insertedCount)
            length += run.removed.count - run.insertedCount
        }
        var prefix = Swift.min(firstStart, shorter)
        while prefix < shorter, self[prefix] === current[prefix] { prefix += 1 }
        let room = shorter - prefix
        var suffix = Swift.max(0, Swift.min(tail, room))
        while suffix < room, self[oldCount - 1 - suffix] === current[current.count - 1 - suffix] { suffix += 1 }
        return CommonEnds(prefix: prefix, suffix: suffix)
    }

    /// The runs of a splice, in turn, each with the elements it inserted (as the array after it
    /// held them), when there are several and they hold fewer elements than the stretch between
    /// the common ends (a node moved far along the array): a consumer then reads them rather
    /// than that stretch. Nil otherwise.
    func separateRuns() -> [ArrayRun<Element>]? {
        guard let splice, splice.runs.count > 1, isValid else { return nil }
        let ends = commonEnds
        let stretch = count + current.count - 2 * (ends.prefix + ends.suffix)
        let runElements = splice.runs.reduce(0) { $0 + $1.removed.count + $1.insertedCount }
        guard stretch > runElements + 64 else { return nil }
        var length = count
        return splice.runs.indices.map { done in
            let run = splice.runs[done]
            length += run.insertedCount - run.removed.count
            let inserted = (run.start..<(run.start + run.insertedCount)).map { element($0, afterRuns: done + 1, of: splice) }
            let end = run.start + run.insertedCount
            return ArrayRun(
                start: run.start, removed: run.removed, inserted: inserted,
                leading: run.start > 0 ? element(run.start - 1, afterRuns: done + 1, of: splice) : nil,
                trailing: end < length ? element(end, afterRuns: done + 1, of: splice) : nil)
        }
    }
}

/// One run of a node array's splice, read whole: `removed` at `start` replaced by `inserted`,
/// between `leading` and `trailing` (the elements around it in the array it left, if any).
struct ArrayRun<Element: RippleNode> {
    let start: Int
    let removed: [Element]
    let inserted: [Element]
    let leading: Element?
    let trailing: Element?
}
