import Ripple
import Testing

/// transactionWillChange(), transactionDidCommit() and transactionDidRollBack(): found by the
/// generator in a class or its extensions, called around the transactions that write a node.
@MainActor
@Suite struct TransactionHookTests {
    struct Failure: Error {}

    private func events(of ledger: Ledger) -> [String] {
        defer { ledger.events.removeAll() }
        return ledger.events
    }

    @Test func willChangeRunsOnceBeforeTheFirstWriteAndCommitAtTheEnd() throws {
        let mediator = Mediator(root: makeLibrary())
        let ledger = Ledger()
        let untouched = Ledger()
        try mediator.update { _ in
            ledger.balance = 5
            ledger.balance = 6
            ledger.notes.append("rent")
            untouched.balance = 0   // an equal write is no write
        }
        #expect(events(of: ledger) == ["will change at 0", "did commit at 6"])
        #expect(untouched.events == [])
        try mediator.update { _ in ledger.notes.append("food") }
        #expect(events(of: ledger) == ["will change at 6", "did commit at 6"])
    }

    @Test func aThrowingUpdateRollsBackThenCallsDidRollBack() throws {
        let mediator = Mediator(root: makeLibrary())
        let ledger = Ledger()
        #expect(throws: Failure.self) {
            try mediator.update { _ in
                ledger.balance = 9
                throw Failure()
            }
        }
        #expect(events(of: ledger) == ["will change at 0", "did roll back to 0"])
    }

    @Test func aValidateDeclaredInAnExtensionRollsBackToo() throws {
        let mediator = Mediator(root: makeLibrary())
        let ledger = Ledger()
        #expect(throws: LedgerError.overdrawn) {
            try mediator.update { _ in ledger.balance = -1 }
        }
        #expect(ledger.balance == 0)
        #expect(events(of: ledger) == ["will change at 0", "did roll back to 0"])
    }

    @Test func aNodeMadeAndWrittenInTheTransactionGetsItsHooks() throws {
        let mediator = Mediator(root: makeLibrary())
        var made: Ledger?
        try mediator.update { _ in
            let ledger = Ledger()
            ledger.balance = 3
            made = ledger
        }
        #expect(made?.events == ["will change at 0", "did commit at 3"])
    }

    @Test func hooksPairUpOncePerOutermostUpdateWhateverNestedUpdatesRolledBack() throws {
        let mediator = Mediator(root: makeLibrary())
        let outer = Ledger()
        let inner = Ledger()
        try mediator.update { _ in
            outer.balance = 1
            try? mediator.update { _ in
                inner.balance = 2
                throw Failure()
            }
        }
        #expect(events(of: outer) == ["will change at 0", "did commit at 1"])
        // Its writes were undone with the nested update; it was part of the outermost one.
        #expect(events(of: inner) == ["will change at 0", "did commit at 0"])
        // Written in a nested update that rolls back, then again: will-change ran once.
        try mediator.update { _ in
            try? mediator.update { _ in
                inner.balance = 5
                throw Failure()
            }
            inner.balance = 7
        }
        #expect(events(of: inner) == ["will change at 0", "did commit at 7"])
    }

    @Test func writesOfProcessorsBelongToTheUpdateTheyRefresh() throws {
        let mediator = Mediator(root: makeLibrary())
        let ledger = Ledger()
        let mirror = try mediator.process("mirror", reads: [Library.scheme.userID], writes: [Library.scheme.selectedCount]) {
            $0.selectedCount = $0.userID
            ledger.balance = $0.userID * 10
        }
        mediator.contracts = .off   // the processor writes a node off its paths, on purpose
        mediator.refresh()
        _ = events(of: ledger)
        try mediator.update { $0.userID = 4 }
        #expect(events(of: ledger) == ["will change at 0", "did commit at 40"])
        _ = mirror
    }

    @Test func undoAndRedoAreTransactionsWithHooks() throws {
        let mediator = Mediator(root: makeLibrary())
        let ledger = Ledger()
        try mediator.update { _ in ledger.balance = 8 }
        _ = events(of: ledger)
        try mediator.history.undo()
        #expect(events(of: ledger) == ["will change at 8", "did commit at 0"])
        try mediator.history.redo()
        #expect(events(of: ledger) == ["will change at 0", "did commit at 8"])
    }

    // MARK: Writes from hooks

    /// A ledger in the model, under a `.record` policy, with an observer of its notes.
    private func makeWatchedLedger() throws -> (Mediator<Library>, Ledger, EventLog, Registration) {
        let mediator = Mediator(root: makeLibrary())
        mediator.contracts = Contracts(.record)
        let ledger = Ledger()
        let log = EventLog()
        let observer = mediator.observe("notes", on: ledger, reads: [Ledger.scheme.notes]) { log.append("notes \($0.notes)") }
        mediator.refresh()
        _ = log.take()
        return (mediator, ledger, log, observer)
    }

    @Test func aWriteFromDidCommitIsAViolationAndIsStillDelivered() throws {
        let (mediator, ledger, log, observer) = try makeWatchedLedger()
        ledger.noteOnCommit = "committed"
        try mediator.update { _ in ledger.balance = 1 }
        #expect(mediator.violations == [
            ContractViolation(kind: .writeInHook, registration: nil, path: "Ledger.notes in transactionDidCommit()")
        ])
        #expect(ledger.notes == ["committed"])
        #expect(log.take() == ["notes [\"committed\"]"], "delivered like a write outside updates, not dropped")
        _ = observer
    }

    @Test func aWriteFromDidRollBackIsAViolationAndIsStillDelivered() throws {
        let (mediator, ledger, log, observer) = try makeWatchedLedger()
        ledger.noteOnRollBack = "rolled back"
        #expect(throws: Failure.self) {
            try mediator.update { _ in
                ledger.balance = 1
                throw Failure()
            }
        }
        #expect(mediator.violations.map(\.path) == ["Ledger.notes in transactionDidRollBack()"])
        #expect(ledger.balance == 0 && log.take() == ["notes [\"rolled back\"]"])
        _ = observer
    }

    @Test func aWriteFromValidateIsAViolationAndPartOfTheTransaction() throws {
        let (mediator, ledger, log, observer) = try makeWatchedLedger()
        ledger.noteOnValidate = "checked"
        ledger.notesOnce = true
        try mediator.update { _ in ledger.balance = 1 }
        #expect(mediator.violations.map(\.path) == ["Ledger.notes in validate()"])
        #expect(log.take() == ["notes [\"checked\"]"])
        ledger.noteOnValidate = "again"
        #expect(throws: LedgerError.overdrawn) { try mediator.update { _ in ledger.balance = -1 } }
        #expect(ledger.notes == ["checked"], "rolled back with the transaction")
        _ = observer
    }

    @Test func aValidateThatKeepsWritingItsOwnNodeIsNotRunAgainForIt() throws {
        let (mediator, ledger, _, observer) = try makeWatchedLedger()
        ledger.noteOnValidate = "validated"
        try mediator.update { _ in ledger.balance = 1 }
        #expect(ledger.notes == ["validated"] && mediator.violations.count == 1)
        _ = observer
    }

    @Test func validatesThatKeepWritingEachOtherRollTheUpdateBack() throws {
        let (mediator, ledger, _, observer) = try makeWatchedLedger()
        let other = Ledger()
        ledger.partner = other
        other.partner = ledger
        #expect(throws: RippleError.self) { try mediator.update { _ in ledger.balance = 1 } }
        #expect(ledger.balance == 0 && ledger.notes.isEmpty && other.notes.isEmpty)
        _ = observer
    }

    @Test func writesFromWillChangeArePartOfTheUpdate() throws {
        let (mediator, ledger, log, observer) = try makeWatchedLedger()
        ledger.noteOnWillChange = "opened"
        try mediator.update(undoName: "Pay") { _ in ledger.balance = 1 }
        #expect(mediator.violations.isEmpty && log.take() == ["notes [\"opened\"]"])
        #expect(throws: Failure.self) {
            try mediator.update { _ in
                ledger.balance = 2
                throw Failure()
            }
        }
        #expect(ledger.notes == ["opened"], "rolled back with the update they belong to")
        _ = observer
    }
}
