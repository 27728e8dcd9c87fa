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
///
/// Blocks balance within a scope (a file or a type body), as Swift requires: a directive that
/// would close or continue a block of an enclosing scope is refused, and the blocks a scope
/// leaves open are closed at its end and handed back, so that both can be reported.
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
        /// The byte offset of its `#if`.
        var offset: Int
    }

    private var blocks: [Block] = []
    /// The number of blocks that enclosing scopes opened, which this scope cannot close.
    private var scopeFloor = 0

    /// The conditions that hold inside every open block, outermost first.
    private(set) var activeConditions: [String] = []

    /// `#if condition`, at byte `offset`.
    mutating func open(_ condition: String, at offset: Int) {
        blocks.append(Block(currentClause: condition, offset: offset))
        recordCurrentClause()
    }

    /// `#elseif condition`, or `#else` when `condition` is `nil`.
    ///
    /// - Returns: `false`, changing nothing, when the scope has no open block.
    @discardableResult
    mutating func switchClause(to condition: String?) -> Bool {
        guard blocks.count > scopeFloor, let top = blocks.indices.last else { return false }
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
        return true
    }

    /// `#endif`.
    ///
    /// - Returns: `false`, changing nothing, when the scope has no open block.
    @discardableResult
    mutating func close() -> Bool {
        guard blocks.count > scopeFloor, let top = blocks.popLast() else { return false }
        activeConditions.removeLast(top.contributed)
        return true
    }

    /// Starts a scope: the blocks open now can be closed only once it ends.
    ///
    /// - Returns: what ``endScope(_:)`` takes to restore the enclosing scope.
    mutating func beginScope() -> Int {
        defer { scopeFloor = blocks.count }
        return scopeFloor
    }

    /// Ends the scope that ``beginScope()`` began, closing the blocks it left open (broken code).
    ///
    /// - Returns: the byte offsets of the `#if` of each block left open, in source order.
    mutating func endScope(_ enclosingFloor: Int) -> [Int] {
        var unclosed: [Int] = []
        while blocks.count > scopeFloor, let top = blocks.last {
            unclosed.append(top.offset)
            close()
        }
        scopeFloor = enclosingFloor
        return unclosed.reversed()
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
