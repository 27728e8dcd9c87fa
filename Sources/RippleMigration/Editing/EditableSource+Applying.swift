import RippleGenerator

extension EditableSource {
    /// The file with `edits` made, the edits that were made, and the new offset of each old one.
    ///
    /// Deleted lines are merged into runs, and each run takes the blank lines that would be left
    /// doubled or would pad a brace: deleting a member between two blank lines keeps one, and
    /// deleting the last member of a body leaves no blank line before its `}`. An edit inside
    /// deleted lines, or overlapping an earlier edit, is dropped.
    func applying(_ edits: [MigrationEdit]) -> (bytes: [UInt8], applied: [MigrationEdit], newOffset: (Int) -> Int) {
        var deletedLines: Set<Int> = []
        for edit in edits {
            if case .deleteLines(let lines) = edit.operation { deletedLines.formUnion(lines) }
        }
        var deletions: [Range<Int>] = []
        var line = 1
        while line <= lineCount {
            guard deletedLines.contains(line) else {
                line += 1
                continue
            }
            var last = line
            while deletedLines.contains(last + 1) { last += 1 }
            let lines = tidied(line...last)
            deletions.append(lineRange(lines.lowerBound).lowerBound..<lineRange(lines.upperBound).upperBound)
            line = last + 1
        }

        var changes: [(range: Range<Int>, text: String)] = deletions.map { ($0, "") }
        var applied = edits.filter { if case .deleteLines = $0.operation { true } else { false } }
        for edit in edits {
            guard case .replace(let range, let text) = edit.operation else { continue }
            guard !Self.isInside(range, deletions) else { continue }
            changes.append((range, text))
            applied.append(edit)
        }
        changes.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }

        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var kept: [(range: Range<Int>, text: String)] = []
        var keptReplacements: Set<Replacement> = []
        var position = 0
        for change in changes where change.range.lowerBound >= position {
            result += bytes[position..<change.range.lowerBound]
            result += Array(change.text.utf8)
            position = change.range.upperBound
            kept.append(change)
            keptReplacements.insert(Replacement(range: change.range, text: change.text))
        }
        result += bytes[position...]
        applied.removeAll { edit in
            guard case .replace(let range, let text) = edit.operation else { return false }
            return !keptReplacements.contains(Replacement(range: range, text: text))
        }
        applied.sort { $0.line < $1.line }
        // The kept changes end in order; `shifts[i]` is what the first `i` of them add up to.
        var shifts = [0]
        shifts.reserveCapacity(kept.count + 1)
        for change in kept {
            shifts.append(shifts[shifts.count - 1] + change.text.utf8.count - change.range.count)
        }
        let ends = kept.map(\.range.upperBound)
        let newOffset = { (offset: Int) -> Int in
            // The number of changes that end at or before the offset.
            var low = 0
            var high = ends.count
            while low < high {
                let middle = (low + high) / 2
                if ends[middle] <= offset { low = middle + 1 } else { high = middle }
            }
            return offset + shifts[low]
        }
        return (result, applied, newOffset)
    }

    /// A replacement that was made, to tell the edits that were applied.
    private struct Replacement: Hashable {
        var range: Range<Int>
        var text: String
    }

    /// Whether a replacement of `range` falls inside one of `deletions` (in order, apart):
    /// overlaps it, or, for an insertion, lies strictly within it.
    private static func isInside(_ range: Range<Int>, _ deletions: [Range<Int>]) -> Bool {
        // The first deletion that ends after the range starts.
        var low = 0
        var high = deletions.count
        while low < high {
            let middle = (low + high) / 2
            if deletions[middle].upperBound <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        guard low < deletions.count else { return false }
        let deletion = deletions[low]
        return range.isEmpty ? deletion.lowerBound < range.lowerBound : deletion.lowerBound < range.upperBound
    }

    /// The lines to delete for a run of deleted lines, blank lines around it included where
    /// they would be left doubled or next to a brace.
    private func tidied(_ lines: ClosedRange<Int>) -> ClosedRange<Int> {
        var before = lines.lowerBound
        while before > 1, isBlank(before - 1) { before -= 1 }
        var after = lines.upperBound
        while after < lineCount, isBlank(after + 1) { after += 1 }
        let closesBody = after == lineCount || firstByte(ofLine: after + 1) == UInt8(ascii: "}")
        let opensBody = before == 1 || lastByte(ofLine: before - 1) == UInt8(ascii: "{")
        if closesBody || opensBody {
            return before...after
        }
        return before < lines.lowerBound ? lines.lowerBound...after : lines
    }
}
