/// Returns the candidate that `word` is most likely a misspelling of, if any is close enough.
///
/// Used for "did you mean" hints: `nearestSpelling(of: "uper", in: ["upper", "lower"])`
/// is `"upper"`. Spelling is compared case-insensitively with the optimal string alignment
/// distance (insertions, deletions, substitutions and swaps of two neighbouring characters
/// each cost 1). A candidate qualifies when its distance is at most a third of the word's
/// length (at least 1) and smaller than the word's length, so short words do not "match"
/// unrelated ones. Among equally close candidates the earliest wins; pass sorted candidates
/// for deterministic messages.
///
/// - Parameters:
///   - word: The unknown spelling, as written by the user.
///   - candidates: The valid spellings.
/// - Returns: The closest qualifying candidate, or `nil` when none is close.
package func nearestSpelling(of word: String, in candidates: [String]) -> String? {
    let target = Array(word.lowercased())
    let limit = min(max(1, target.count / 3), target.count - 1)
    guard limit >= 0 else { return nil }
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        let spelling = Array(candidate.lowercased())
        let bound = best.map { min($0.distance - 1, limit) } ?? limit
        guard bound >= 0, abs(spelling.count - target.count) <= bound else { continue }
        let distance = editDistance(target, spelling)
        if distance <= bound {
            best = (candidate, distance)
        }
    }
    return best?.candidate
}

/// The optimal string alignment distance between two sequences (edits, and swaps of neighbours),
/// or `limit + 1` as soon as it is sure to exceed `limit`.
func editDistance<Element: Equatable>(_ source: [Element], _ target: [Element], limit: Int = .max) -> Int {
    if source.isEmpty { return target.count }
    if target.isEmpty { return source.count }
    // Three rolling rows: the one before the previous is needed for swaps.
    var beforePrevious = [Int](repeating: 0, count: target.count + 1)
    var previous = Array(0...target.count)
    var current = [Int](repeating: 0, count: target.count + 1)
    for i in 1...source.count {
        current[0] = i
        var rowMinimum = i
        for j in 1...target.count {
            let substitution = source[i - 1] == target[j - 1] ? 0 : 1
            var distance = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution)
            if i > 1, j > 1, source[i - 1] == target[j - 2], source[i - 2] == target[j - 1] {
                distance = min(distance, beforePrevious[j - 2] + 1)
            }
            current[j] = distance
            rowMinimum = min(rowMinimum, distance)
        }
        // No later row gets below this one's minimum.
        if rowMinimum > limit { return limit + 1 }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[target.count]
}
