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

    /// A note the hooks write, when set: such writes break the contract.
    var noteOnCommit: String?
    var noteOnRollBack: String?
    var noteOnValidate: String?
    /// Whether validate() writes its note only when the notes do not hold it yet (a write that
    /// settles), rather than every time.
    var notesOnce = false
    /// A note will-change writes, when set: part of the update.
    var noteOnWillChange: String?
    /// Another ledger whose notes validate() appends to, when set: writes that never settle.
    var partner: Ledger?
    /// Called by did-commit, when set.
    var onCommit: (() -> Void)?

    init() {}

    func transactionWillChange() {
        events.append("will change at \(_balance)")
        if let noteOnWillChange { notes.append(noteOnWillChange) }
    }
}

enum LedgerError: Error {
    case overdrawn
}

extension Ledger {
    func transactionDidCommit() {
        events.append("did commit at \(_balance)")
        if let noteOnCommit { notes.append(noteOnCommit) }
        onCommit?()
    }

    func transactionDidRollBack() {
        events.append("did roll back to \(_balance)")
        if let noteOnRollBack { notes.append(noteOnRollBack) }
    }

    /// A ledger never goes below zero.
    func validate() throws {
        if let noteOnValidate, !(notesOnce && _notes.contains(noteOnValidate)) { notes.append(noteOnValidate) }
        if let partner { partner.notes.append("from a partner's validate()") }
        if _balance < 0 { throw LedgerError.overdrawn }
    }
}
