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
/// The differences are found with Myers' algorithm (shortest edit script), which costs time in
/// proportion to the file size times the number of changed lines; hunks carry three lines of
/// context, and a last line without a line break is marked as `diff` marks it.
package struct UnifiedDiff: Sendable {
    /// One line of either text, its line break included.
    private typealias Line = ArraySlice<UInt8>

    private enum Step: Equatable {
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
        steps = Self.shortestScript(oldLines, newLines)
    }

    /// Whether the texts differ.
    package var hasChanges: Bool {
        steps.contains { if case .same = $0 { false } else { true } }
    }

    /// The diff, with the file names of its `---` and `+++` lines; empty when nothing changed.
    package func text(oldName: String, newName: String) -> String {
        guard hasChanges else { return "" }
        var output = "--- \(oldName)\n+++ \(newName)\n"
        for hunk in hunks() {
            let (oldStart, oldCount, newStart, newCount) = counts(of: hunk)
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

    /// The 1-based first line and the line count of a hunk in each text.
    private func counts(of hunk: Range<Int>) -> (Int, Int, Int, Int) {
        var oldCount = 0
        var newCount = 0
        var oldStart: Int?
        var newStart: Int?
        // Where the hunk starts in each text, even if it has no line of one of them.
        var oldBefore = 0
        var newBefore = 0
        for step in steps[..<hunk.lowerBound] {
            switch step {
            case .same:
                oldBefore += 1
                newBefore += 1
            case .deleted: oldBefore += 1
            case .inserted: newBefore += 1
            }
        }
        for step in steps[hunk] {
            switch step {
            case .same(let old, let new):
                oldStart = oldStart ?? old
                newStart = newStart ?? new
                oldCount += 1
                newCount += 1
            case .deleted(let old):
                oldStart = oldStart ?? old
                oldCount += 1
            case .inserted(let new):
                newStart = newStart ?? new
                newCount += 1
            }
        }
        // An empty side is named by the line before it, as `diff -u` does.
        return (oldCount == 0 ? oldBefore : (oldStart ?? 0) + 1, oldCount,
                newCount == 0 ? newBefore : (newStart ?? 0) + 1, newCount)
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

    /// Myers' shortest edit script from `old` to `new`, deletions before insertions.
    private static func shortestScript(_ old: [Line], _ new: [Line]) -> [Step] {
        let (n, m) = (old.count, new.count)
        let maximum = n + m
        guard maximum > 0 else { return [] }
        var furthest = [Int](repeating: 0, count: 2 * maximum + 2)
        var trace: [[Int]] = []
        // Forward pass: the furthest x reached on each diagonal k = x - y, for d = 0, 1, ...
        search: for d in 0...maximum {
            trace.append(furthest)
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && furthest[k - 1 + maximum] < furthest[k + 1 + maximum])
                    ? furthest[k + 1 + maximum] : furthest[k - 1 + maximum] + 1
                var y = x - k
                while x < n, y < m, old[x] == new[y] {
                    x += 1
                    y += 1
                }
                furthest[k + maximum] = x
                if x >= n, y >= m { break search }
            }
        }
        // Backward pass: walk the recorded fronts from the end to the start.
        var steps: [Step] = []
        var (x, y) = (n, m)
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let front = trace[d]
            let k = x - y
            let previousK = k == -d || (k != d && front[k - 1 + maximum] < front[k + 1 + maximum]) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : front[previousK + maximum]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                steps.append(.same(old: x, new: y))
            }
            if d > 0 {
                if x == previousX {
                    steps.append(.inserted(new: previousY))
                } else {
                    steps.append(.deleted(old: previousX))
                }
            }
            (x, y) = (previousX, previousY)
        }
        return steps.reversed()
    }
}
