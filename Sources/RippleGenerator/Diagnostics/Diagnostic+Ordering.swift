extension Array where Element == Diagnostic {
    /// The diagnostics in reading order: first those no file explains, in their order; then file
    /// by file in `files` order (files not listed come last, by path), then by position. A note
    /// stays right after the diagnostic it explains, even when it points into another file.
    package func sortedForReading(files: [String]) -> [Diagnostic] {
        guard count > 1 else { return self }
        var groups: [[Diagnostic]] = []
        for diagnostic in self {
            if diagnostic.severity == .note, !groups.isEmpty {
                groups[groups.count - 1].append(diagnostic)
            } else {
                groups.append([diagnostic])
            }
        }
        let rank = Dictionary(files.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        func key(_ diagnostic: Diagnostic) -> (Int, String, SourceLocation) {
            guard let file = diagnostic.file else { return (-1, "", diagnostic.position) }
            return (rank[file] ?? files.count, file, diagnostic.position)
        }
        // Sorting the indices keeps groups with equal keys in their original order.
        let order = groups.indices.sorted { lhs, rhs in
            let (left, right) = (key(groups[lhs][0]), key(groups[rhs][0]))
            return left != right ? left < right : lhs < rhs
        }
        return order.flatMap { groups[$0] }
    }
}

extension Diagnostic {
    /// Where the diagnostic sorts within its file: its location, or before every line without one.
    var position: SourceLocation {
        location ?? SourceLocation(line: 0, column: 0)
    }
}
