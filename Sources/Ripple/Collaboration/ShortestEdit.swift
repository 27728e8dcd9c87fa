/// Which elements of two sequences a shortest edit between them keeps (their longest common
/// subsequence), by Myers' O((n + m) d) algorithm, given up past a number of edits.
///
/// A local splice of an array comes as one run removed and one inserted (the patch's prefix and
/// suffix diff), so moving one value from the end of a run to its front removes and inserts
/// every value between: a concurrent edit of any of them then goes wrong (a removed value comes
/// back, values come in twice). Kept elements are the ones the splice leaves where they are.
struct ShortestEdit {
    /// For each old element, whether it stays.
    private(set) var keptOld: [Bool]
    /// For each new element, whether it is an old one that stayed.
    private(set) var keptNew: [Bool]

    /// The shortest edit from `old` to `new`, or nil when it takes more than `maximumEdits`
    /// removals and insertions (then the whole run is replaced: the search costs the edits
    /// times the lengths, and its trace the square of the edits).
    init?<Element>(from old: [Element], to new: [Element], maximumEdits: Int, by same: (Element, Element) -> Bool) {
        let (n, m) = (old.count, new.count)
        let limit = min(n + m, maximumEdits)
        let offset = limit + 1
        var frontier = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        for edits in 0...limit {
            trace.append(frontier)
            for diagonal in stride(from: -edits, through: edits, by: 2) {
                let down = diagonal == -edits || (diagonal != edits && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1])
                var x = down ? frontier[offset + diagonal + 1] : frontier[offset + diagonal - 1] + 1
                var y = x - diagonal
                while x < n, y < m, same(old[x], new[y]) { (x, y) = (x + 1, y + 1) }
                frontier[offset + diagonal] = x
                if x >= n && y >= m {
                    (keptOld, keptNew) = Self.keptElements(n, m, edits: edits, trace: trace, offset: offset)
                    return
                }
            }
        }
        return nil
    }

    /// Walks the trace back from the end, marking the diagonal steps (the kept elements).
    private static func keptElements(_ n: Int, _ m: Int, edits: Int, trace: [[Int]], offset: Int) -> ([Bool], [Bool]) {
        var keptOld = [Bool](repeating: false, count: n)
        var keptNew = [Bool](repeating: false, count: m)
        var (x, y) = (n, m)
        for step in stride(from: edits, through: 1, by: -1) {
            let frontier = trace[step]
            let diagonal = x - y
            let down = diagonal == -step || (diagonal != step && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1])
            let previousX = frontier[offset + (down ? diagonal + 1 : diagonal - 1)]
            let previousY = previousX - (down ? diagonal + 1 : diagonal - 1)
            while x > previousX, y > previousY {
                (x, y) = (x - 1, y - 1)
                (keptOld[x], keptNew[y]) = (true, true)
            }
            (x, y) = (previousX, previousY)
        }
        while x > 0, y > 0 {
            (x, y) = (x - 1, y - 1)
            (keptOld[x], keptNew[y]) = (true, true)
        }
        return (keptOld, keptNew)
    }
}
