/// The `#if` blocks open around the current declaration, and the conditions they imply.
///
/// Each open block remembers the conditions of its earlier clauses, so a declaration in an
/// `#elseif B` after `#if A` is compiled under `!(A)` and `B`, and one in the `#else` of both
/// under `!(A)` and `!(B)`:
///
/// ```swift
/// #if DEBUG
/// var a = 0          // ["DEBUG"]
/// #elseif os(macOS)
/// var b = 0          // ["!(DEBUG)", "os(macOS)"]
/// #else
/// var c = 0          // ["!(DEBUG)", "!(os(macOS))"]
/// #endif
/// ```
///
/// Every directive costs constant time: the conditions of the innermost block are always at
/// the end of ``activeConditions``. At most ``limit`` conditions are recorded, which real code
/// never reaches, so that hostile input (thousands of nested `#if`) stays linear.
struct ConditionalCompilationStack {
    /// The most conditions recorded for one declaration.
    static let limit = 64

    private struct Block {
        /// How many entries of `activeConditions` this block added.
        var contributed = 0
        /// The condition of the clause being read; `nil` in `#else`.
        var currentClause: String?
        /// Whether `currentClause` is the last entry of `activeConditions`.
        var isCurrentClauseRecorded = false
    }

    private var blocks: [Block] = []

    /// The conditions that hold inside every open block, outermost first.
    private(set) var activeConditions: [String] = []

    /// The number of open blocks.
    var depth: Int { blocks.count }

    /// `#if condition`.
    mutating func open(_ condition: String) {
        blocks.append(Block(currentClause: condition))
        recordCurrentClause()
    }

    /// `#elseif condition`, or `#else` when `condition` is `nil`.
    mutating func switchClause(to condition: String?) {
        guard let top = blocks.indices.last else { return }
        if let previous = blocks[top].currentClause {
            if blocks[top].isCurrentClauseRecorded {
                activeConditions.removeLast()
                blocks[top].contributed -= 1
            }
            record("!(\(previous))")
        }
        blocks[top].currentClause = condition
        blocks[top].isCurrentClauseRecorded = false
        recordCurrentClause()
    }

    /// `#endif`.
    mutating func close() {
        guard let top = blocks.popLast() else { return }
        activeConditions.removeLast(top.contributed)
    }

    /// Closes blocks left open inside a scope that ended (broken code).
    mutating func truncate(toDepth depth: Int) {
        while blocks.count > depth { close() }
    }

    private mutating func recordCurrentClause() {
        guard let top = blocks.indices.last, let condition = blocks[top].currentClause else { return }
        blocks[top].isCurrentClauseRecorded = record(condition)
    }

    @discardableResult
    private mutating func record(_ condition: String) -> Bool {
        guard activeConditions.count < Self.limit, let top = blocks.indices.last else { return false }
        activeConditions.append(condition)
        blocks[top].contributed += 1
        return true
    }
}
