/// What the `#if` conditions of declarations say together, as the parser records them (see
/// ``FunctionDeclaration/compilationConditions``): each a condition that must hold, `!(X)` for
/// one that must not (as `#elseif` and `#else` record the clauses before them).
///
/// ```swift
/// CompilationConditions.alwaysHolds(oneOf: [["DEBUG"], ["!(DEBUG)"]], given: [])   // true: #if and #else
/// ```
package enum CompilationConditions {
    /// Whether one of `clauses` holds whatever the `#if` conditions are, when `known` hold. Each
    /// clause is the conditions a declaration is compiled under, all of which must hold.
    ///
    /// Conditions are compared as written: `!(X)` is the negation of `X` (as `#else` records
    /// it), and nothing else is known of them (`os(macOS)` and `os(iOS)` are independent), so in
    /// doubt the answer is no. Clauses over more than ``maximumConditions`` conditions, or more
    /// than ``maximumClauses`` clauses, are a no too: every combination of the conditions is
    /// tried.
    package static func alwaysHolds(oneOf clauses: [[String]], given known: [String]) -> Bool {
        let knownLiterals = known.map(Literal.init)
        var reduced: [[Literal]] = []
        for clause in clauses {
            var kept: [Literal] = []
            var isPossible = true
            for literal in clause.map(Literal.init) {
                if let match = knownLiterals.first(where: { $0.condition == literal.condition }) {
                    // A known condition holds, and its negation does not.
                    if match.holds != literal.holds { isPossible = false }
                    continue
                }
                kept.append(literal)
            }
            guard isPossible else { continue }
            if kept.isEmpty { return true }
            reduced.append(kept)
        }
        let conditions = Array(Set(reduced.flatMap { $0.map(\.condition) }))
        guard !reduced.isEmpty, conditions.count <= maximumConditions, reduced.count <= maximumClauses else { return false }
        let position = Dictionary(uniqueKeysWithValues: conditions.enumerated().map { ($1, $0) })
        for combination in 0..<(1 << conditions.count) {
            let holds = reduced.contains { clause in
                clause.allSatisfy { (combination >> position[$0.condition]! & 1 == 1) == $0.holds }
            }
            if !holds { return false }
        }
        return true
    }

    /// The most conditions and clauses ``alwaysHolds(oneOf:given:)`` combines: real code has a
    /// few of each.
    package static let maximumConditions = 10
    package static let maximumClauses = 64

    /// A condition that must hold, or, written `!(condition)`, must not.
    private struct Literal {
        var condition: Substring
        var holds = true

        init(_ text: String) {
            condition = text[...]
            // `!(X)` is X negated, and `!(!(X))` is X.
            while let inner = Self.negated(condition) {
                condition = inner
                holds.toggle()
            }
        }

        /// `X` when `text` is `!(X)`, the `(` closed by the last `)`; else `nil`.
        private static func negated(_ text: Substring) -> Substring? {
            guard text.hasPrefix("!("), text.hasSuffix(")") else { return nil }
            let inner = text.dropFirst(2).dropLast()
            var depth = 0
            for character in inner {
                if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
                if depth < 0 { return nil }
            }
            return depth == 0 ? inner : nil
        }
    }
}
