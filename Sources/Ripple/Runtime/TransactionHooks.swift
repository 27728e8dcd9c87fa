/// Calls the transaction hooks of the nodes an outermost update writes: `transactionWillChange()`
/// once per node, before its first write; then exactly one of `transactionDidCommit()` and
/// `transactionDidRollBack()`.
///
/// A nested update that rolls back calls no hook: its nodes belong to the outermost update. An
/// update queued during a refresh is a transaction of its own: when it rolls back, the nodes it
/// was the first to write get did-roll-back then.
final class TransactionHooks {
    /// The nodes with hooks written since the outermost update began, in the order of their first write.
    private var nodes: [any RippleNode] = []
    private var written: Set<ObjectIdentifier> = []
    /// The hook (or `validate()`) running, whose writes break the contract; `isInTransaction`
    /// when its writes belong to the transaction (`validate()`), not after it.
    private(set) var running: (name: String, isInTransaction: Bool)?

    /// Where a transaction's nodes start, for ``rollBack(from:)``.
    var mark: Int { nodes.count }

    /// Calls `transactionWillChange()` of `node` if this is its first write since the outermost
    /// update began (the value is not stored yet).
    func willChange(_ node: any RippleNode) {
        guard type(of: node)._rippleDescriptor.hasTransactionHooks, written.insert(ObjectIdentifier(node)).inserted else { return }
        nodes.append(node)
        node._rippleTransactionWillChange()
    }

    /// Calls `transactionDidRollBack()` of the nodes first written since `mark`, whose writes
    /// were just undone, newest first.
    func rollBack(from mark: Int, startingSegment: () -> Void) {
        guard nodes.count > mark else { return }
        let rolledBack = nodes[mark...]
        nodes.removeSubrange(mark...)
        for node in rolledBack { written.remove(ObjectIdentifier(node)) }
        run("transactionDidRollBack()", startingSegment) {
            for node in rolledBack.reversed() { node._rippleTransactionDidRollBack() }
        }
    }

    /// Calls `transactionDidCommit()` of every node the outermost update (its refresh included)
    /// wrote, in the order of their first writes.
    func commit(startingSegment: () -> Void) {
        guard !nodes.isEmpty else { return }
        let committed = nodes
        nodes.removeAll()
        written.removeAll()
        run("transactionDidCommit()", startingSegment) {
            for node in committed { node._rippleTransactionDidCommit() }
        }
    }

    /// Runs `body` as `validate()`, whose writes break the contract but stay in the transaction.
    func validating<Result>(_ body: () throws -> Result) rethrows -> Result {
        let outer = running
        running = ("validate()", true)
        defer { running = outer }
        return try body()
    }

    /// Runs hooks that come after a transaction, in a new segment so that every write reaches
    /// the journal's check.
    private func run(_ name: String, _ startingSegment: () -> Void, _ body: () -> Void) {
        let outer = running
        running = (name, false)
        startingSegment()
        body()
        running = outer
    }
}
