extension MigrationSource {
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
            let isInsideDeletion = deletions.contains { deletion in
                range.isEmpty ? deletion.lowerBound < range.lowerBound && range.lowerBound < deletion.upperBound : deletion.overlaps(range)
            }
            guard !isInsideDeletion else { continue }
            changes.append((range, text))
            applied.append(edit)
        }
        changes.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }

        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var kept: [(range: Range<Int>, text: String)] = []
        var position = 0
        for change in changes where change.range.lowerBound >= position {
            result += bytes[position..<change.range.lowerBound]
            result += Array(change.text.utf8)
            position = change.range.upperBound
            kept.append(change)
        }
        result += bytes[position...]
        applied.removeAll { edit in
            guard case .replace(let range, let text) = edit.operation else { return false }
            return !kept.contains { $0.range == range && $0.text == text }
        }
        applied.sort { $0.line < $1.line }
        let newOffset = { (offset: Int) -> Int in
            var shift = 0
            for change in kept where change.range.upperBound <= offset {
                shift += change.text.utf8.count - change.range.count
            }
            return offset + shift
        }
        return (result, applied, newOffset)
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
