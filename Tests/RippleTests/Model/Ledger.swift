import Ripple

/// A node with transaction hooks, some in its body and some in an extension (all internal),
/// that logs their calls.
// ripple: node
final class Ledger {
    let tracker = Tracker()

    // ripple: property
    var _balance = 0

    // ripple: property
    var _notes: [String] = []

    /// The hooks called, in order, with the balance each saw.
    var events: [String] = []

    init() {}

    func transactionWillChange() {
        events.append("will change at \(_balance)")
    }
}

enum LedgerError: Error {
    case overdrawn
}

extension Ledger {
    func transactionDidCommit() {
        events.append("did commit at \(_balance)")
    }

    func transactionDidRollBack() {
        events.append("did roll back to \(_balance)")
    }

    /// A ledger never goes below zero.
    func validate() throws {
        if _balance < 0 { throw LedgerError.overdrawn }
    }
}
