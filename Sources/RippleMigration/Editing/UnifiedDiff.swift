import RippleGenerator

/// The line-by-line difference between two texts, printed as a unified diff.
///
/// ```swift
/// UnifiedDiff(old: Array("a\nb\n".utf8), new: Array("a\nc\n".utf8)).text(oldName: "a/f", newName: "b/f")
/// // --- a/f
/// // +++ b/f
/// // @@ -1,2 +1,2 @@
/// //  a
/// // -b
/// // +c
/// ```
///
/// The lines at the start and the end that both texts share are set aside first; what is left
/// is compared with Myers' algorithm (shortest edit script) when it is small. When it is large
/// the lines that occur once in each text anchor it (as in patience diff), and each stretch
/// between anchors is compared the same way, Myers' algorithm for a small one, all its old
/// lines deleted and its new ones inserted for a large one. The work and memory are then in
/// proportion to the size of the texts (times the log of it, for matching the anchors), where
/// Myers' algorithm alone costs the size times the number of changed lines: a deleted region
/// of 20,000 lines is one step, not 400 million. Hunks carry three lines of context, and a last
/// line without a line break is marked as `diff` marks it.
package struct UnifiedDiff: Sendable {
    /// One line of either text, its line break included.
    private typealias Line = ArraySlice<UInt8>

    fileprivate enum Step: Equatable {
        case same(old: Int, new: Int)
        case deleted(old: Int)
        case inserted(new: Int)
    }

    private let oldLines: [Line]
    private let newLines: [Line]
    private let steps: [Step]

    /// The lines of context around each change.
    private static let context = 3

    /// Compares two texts.
    package init(old: [UInt8], new: [UInt8]) {
        oldLines = Self.lines(old)
        newLines = Self.lines(new)
        steps = Self.editScript(oldLines, newLines)
    }

    /// Whether the texts differ.
    package var hasChanges: Bool {
        steps.contains { if case .same = $0 { false } else { true } }
    }

    /// The diff, with the file names of its `---` and `+++` lines; empty when nothing changed.
    package func text(oldName: String, newName: String) -> String {
        guard hasChanges else { return "" }
        var output = "--- \(oldName)\n+++ \(newName)\n"
        // The lines of each text before `position`, counted once across all hunks.
        var position = 0
        var oldBefore = 0
        var newBefore = 0
        for hunk in hunks() {
            while position < hunk.lowerBound {
                switch steps[position] {
                case .same:
                    oldBefore += 1
                    newBefore += 1
                case .deleted: oldBefore += 1
                case .inserted: newBefore += 1
                }
                position += 1
            }
            var oldCount = 0
            var newCount = 0
            for step in steps[hunk] {
                switch step {
                case .same:
                    oldCount += 1
                    newCount += 1
                case .deleted: oldCount += 1
                case .inserted: newCount += 1
                }
            }
            // An empty side is named by the line before it, as `diff -u` does.
            let oldStart = oldCount == 0 ? oldBefore : oldBefore + 1
            let newStart = newCount == 0 ? newBefore : newBefore + 1
            output += "@@ -\(Self.range(oldStart, oldCount)) +\(Self.range(newStart, newCount)) @@\n"
            for step in steps[hunk] {
                switch step {
                case .same(let old, _): output += line(" ", oldLines[old])
                case .deleted(let old): output += line("-", oldLines[old])
                case .inserted(let new): output += line("+", newLines[new])
                }
            }
        }
        return output
    }

    // MARK: Hunks

    /// The ranges of steps that make the hunks: each change with its context, changes closer
    /// than twice the context merged.
    private func hunks() -> [Range<Int>] {
        var hunks: [Range<Int>] = []
        for index in steps.indices {
            if case .same = steps[index] { continue }
            let start = max(0, index - Self.context)
            let end = min(steps.count, index + Self.context + 1)
            if let last = hunks.last, start <= last.upperBound {
                hunks[hunks.count - 1] = last.lowerBound..<end
            } else {
                hunks.append(start..<end)
            }
        }
        return hunks
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    /// A line of the diff: the marker, the text, and a note if the text has no line break.
    private func line(_ marker: Character, _ text: Line) -> String {
        let endsWithBreak = text.last == UInt8(ascii: "\n") || text.last == UInt8(ascii: "\r")
        let content = String(decoding: text, as: UTF8.self)
        return String(marker) + content + (endsWithBreak ? "" : "\n\\ No newline at end of file\n")
    }

    // MARK: Comparing

    /// The lines of a text, each with its line break.
    private static func lines(_ bytes: [UInt8]) -> [Line] {
        var lines: [Line] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            lines.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.count {
            lines.append(bytes[start...])
        }
        return lines
    }

    /// An edit script from `old` to `new`: the shortest one when the lines that differ are
    /// few or close together; otherwise one that keeps the lines that occur as often in each
    /// text, matched in order.
    private static func editScript(_ old: [Line], _ new: [Line]) -> [Step] {
        // Lines as numbers, equal for equal lines, so that comparing two costs one comparison.
        var numbers: [Line: Int] = [:]
        func number(_ line: Line) -> Int {
            if let known = numbers[line] { return known }
            numbers[line] = numbers.count
            return numbers.count - 1
        }
        var script = EditScript(old: old.map(number), new: new.map(number), distinctLines: 0)
        script.distinctLines = numbers.count
        script.compare(0..<old.count, 0..<new.count, anchoring: true)
        return script.steps
    }
}

/// The steps from one text to another, whose lines are numbered (equal lines, equal numbers).
private struct EditScript {
    typealias Step = UnifiedDiff.Step

    let old: [Int]
    let new: [Int]
    /// The count of different line numbers: they are `0..<distinctLines`.
    var distinctLines: Int
    private(set) var steps: [Step] = []

    /// The largest stretch, in lines of both texts, that Myers' algorithm compares: its work
    /// and memory grow with the square of the stretch at worst (a million steps here).
    static let myersLimit = 1_000

    init(old: [Int], new: [Int], distinctLines: Int) {
        self.old = old
        self.new = new
        self.distinctLines = distinctLines
        steps.reserveCapacity(max(old.count, new.count))
    }

    /// Appends the steps from `old[oldRange]` to `new[newRange]`: the lines both start and end
    /// with kept, then Myers' script for a small remainder. A large one is anchored, when
    /// `anchoring`, on its lines that occur as often on each side, and each stretch between
    /// anchors compared again without anchoring; a large one left is deleted and inserted whole.
    mutating func compare(_ oldRange: Range<Int>, _ newRange: Range<Int>, anchoring: Bool) {
        var (oldStart, oldEnd, newStart, newEnd) = (oldRange.lowerBound, oldRange.upperBound, newRange.lowerBound, newRange.upperBound)
        while oldStart < oldEnd, newStart < newEnd, old[oldStart] == new[newStart] {
            steps.append(.same(old: oldStart, new: newStart))
            oldStart += 1
            newStart += 1
        }
        var suffix = 0
        while oldStart < oldEnd - suffix, newStart < newEnd - suffix, old[oldEnd - suffix - 1] == new[newEnd - suffix - 1] {
            suffix += 1
        }
        oldEnd -= suffix
        newEnd -= suffix
        let isEitherEmpty = oldStart == oldEnd || newStart == newEnd
        if !isEitherEmpty, (oldEnd - oldStart) + (newEnd - newStart) <= Self.myersLimit {
            myers(oldStart..<oldEnd, newStart..<newEnd)
        } else if !isEitherEmpty, anchoring {
            var (oldNext, newNext) = (oldStart, newStart)
            for anchor in anchors(oldStart..<oldEnd, newStart..<newEnd) {
                compare(oldNext..<anchor.old, newNext..<anchor.new, anchoring: false)
                steps.append(.same(old: anchor.old, new: anchor.new))
                (oldNext, newNext) = (anchor.old + 1, anchor.new + 1)
            }
            compare(oldNext..<oldEnd, newNext..<newEnd, anchoring: false)
        } else {
            steps += (oldStart..<oldEnd).map { .deleted(old: $0) }
            steps += (newStart..<newEnd).map { .inserted(new: $0) }
        }
        for offset in 0..<suffix {
            steps.append(.same(old: oldEnd + offset, new: newEnd + offset))
        }
    }

    /// Pairs of equal lines that keep their order in both ranges: of each line that occurs as
    /// often in `old[oldRange]` as in `new[newRange]`, the first occurrence with the first, the
    /// second with the second..., as many pairs as keep their order (a longest increasing
    /// subsequence, found by patience sorting). A line that occurs once on each side is
    /// patience diff's anchor; a line repeated as often on each side (`}`, a comment above
    /// every member) anchors a file whose every other line changed.
    private func anchors(_ oldRange: Range<Int>, _ newRange: Range<Int>) -> [(old: Int, new: Int)] {
        var oldCount = [Int](repeating: 0, count: distinctLines)
        for index in oldRange { oldCount[old[index]] += 1 }
        // The new positions of each line, grouped by line (a counting sort): line `l` has
        // `newPositions[firstPosition[l]..<firstPosition[l + 1]]`.
        var firstPosition = [Int](repeating: 0, count: distinctLines + 1)
        for index in newRange { firstPosition[new[index] + 1] += 1 }
        for line in 0..<distinctLines { firstPosition[line + 1] += firstPosition[line] }
        var newPositions = [Int](repeating: 0, count: newRange.count)
        var filled = firstPosition
        for index in newRange {
            newPositions[filled[new[index]]] = index
            filled[new[index]] += 1
        }
        var pairs: [(old: Int, new: Int)] = []
        var seen = [Int](repeating: 0, count: distinctLines)
        for index in oldRange {
            let line = old[index]
            guard oldCount[line] == firstPosition[line + 1] - firstPosition[line] else { continue }
            pairs.append((index, newPositions[firstPosition[line] + seen[line]]))
            seen[line] += 1
        }
        // Patience sorting on the new positions: `piles[i]` ends the best increasing run of
        // length i + 1 found so far; `previous` links each pair to the one before it in its run.
        var piles: [Int] = []
        var previous = [Int](repeating: -1, count: pairs.count)
        for index in pairs.indices {
            var low = 0
            var high = piles.count
            while low < high {
                let middle = (low + high) / 2
                if pairs[piles[middle]].new < pairs[index].new { low = middle + 1 } else { high = middle }
            }
            previous[index] = low > 0 ? piles[low - 1] : -1
            if low == piles.count { piles.append(index) } else { piles[low] = index }
        }
        var run: [(old: Int, new: Int)] = []
        var current = piles.last ?? -1
        while current >= 0 {
            run.append(pairs[current])
            current = previous[current]
        }
        return run.reversed()
    }

    /// Appends Myers' shortest edit script from `old[oldRange]` to `new[newRange]`, deletions
    /// before insertions. Each front is kept only over the diagonals its step can reach, so the
    /// memory is the square of the number of differences.
    private mutating func myers(_ oldRange: Range<Int>, _ newRange: Range<Int>) {
        let (n, m) = (oldRange.count, newRange.count)
        let (oldBase, newBase) = (oldRange.lowerBound, newRange.lowerBound)
        let maximum = n + m
        guard maximum > 0 else { return }
        var furthest = [Int](repeating: 0, count: 2 * maximum + 2)
        // The front before step d, over diagonals -d...d, starts at `trace[d * d]`.
        var trace: [Int] = []
        // Forward pass: the furthest x reached on each diagonal k = x - y, for d = 0, 1, ...
        var last = 0
        search: for d in 0...maximum {
            last = d
            for k in -d...d { trace.append(furthest[k + maximum]) }
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && furthest[k - 1 + maximum] < furthest[k + 1 + maximum])
                    ? furthest[k + 1 + maximum] : furthest[k - 1 + maximum] + 1
                var y = x - k
                while x < n, y < m, old[oldBase + x] == new[newBase + y] {
                    x += 1
                    y += 1
                }
                furthest[k + maximum] = x
                if x >= n, y >= m { break search }
            }
        }
        // Backward pass: walk the recorded fronts from the end to the start.
        var backward: [Step] = []
        var (x, y) = (n, m)
        for d in stride(from: last, through: 0, by: -1) {
            func front(_ k: Int) -> Int { trace[d * d + k + d] }
            let k = x - y
            let previousK = k == -d || (k != d && front(k - 1) < front(k + 1)) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : front(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                backward.append(.same(old: oldBase + x, new: newBase + y))
            }
            if d > 0 {
                if x == previousX {
                    backward.append(.inserted(new: newBase + previousY))
                } else {
                    backward.append(.deleted(old: oldBase + previousX))
                }
            }
            (x, y) = (previousX, previousY)
        }
        steps += backward.reversed()
    }
}
