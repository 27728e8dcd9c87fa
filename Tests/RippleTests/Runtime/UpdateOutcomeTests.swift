import Ripple
import Testing

/// `update` throws if and only if its change was rolled back: what fails after it committed
/// goes to the mediator's failure handler.
@MainActor
@Suite struct UpdateOutcomeTests {
    struct Failure: Error, Equatable {}

    /// A mediator whose failures are collected, and an observer of the catalog's total that
    /// queues an update that fails whenever the total is odd.
    private func makeFailingEcho() -> (Mediator<Library>, () -> [UpdateFailure], Registration) {
        let mediator = Mediator(root: makeLibrary())
        var failures: [UpdateFailure] = []
        mediator.failureHandler = { failures.append($0) }
        let echo = mediator.observe("echo", reads: [Library.scheme.catalog.total]) { library in
            guard library.catalog.total % 2 == 1 else { return }
            try? mediator.update(tag: "echo") { library in
                library.userID += 100
                throw Failure()
            }
        }
        return (mediator, { failures }, echo)
    }

    @Test func aCommittedChangeDoesNotThrowWhenTheUpdateItQueuedFails() throws {
        let (mediator, failures, echo) = makeFailingEcho()
        try mediator.update(undoName: "Odd") { $0.catalog.total = 1 }
        #expect(mediator.root.catalog.total == 1 && mediator.root.userID == 0)
        #expect(failures().count == 1 && failures()[0].origin == "echo" && failures()[0].tag == "echo")
        #expect(failures()[0].error as? Failure == Failure())
        #expect(mediator.history.undoName == "Odd" && mediator.hasUnsavedChanges)
        _ = echo
    }

    @Test func refreshDoesNotThrowEither() throws {
        let (mediator, failures, echo) = makeFailingEcho()
        mediator.history.isEnabled = false
        try mediator.history.withoutRecording { try mediator.update { $0.catalog.total = 3 } }
        mediator.refresh()
        #expect(failures().count == 1)
        _ = echo
    }

    @Test func anActionWhoseChangeCommittedSucceedsWhateverItsRefreshQueued() async throws {
        let (mediator, failures, echo) = makeFailingEcho()
        let action = mediator.run("set") { _ in { $0.catalog.total = 5 } }
        let outcome = await action.finished
        guard case .succeeded = outcome else {
            Issue.record("the action's change committed, yet its outcome is \(outcome)")
            return
        }
        #expect(failures().count == 1 && mediator.root.catalog.total == 5)
        _ = echo
    }

    @Test func anUpdateThatRollsBackThrows() throws {
        let (mediator, failures, echo) = makeFailingEcho()
        #expect(throws: Failure()) {
            try mediator.update { library in
                library.catalog.total = 7
                throw Failure()
            }
        }
        #expect(mediator.root.catalog.total == 0 && failures().isEmpty && !mediator.history.canUndo)
        _ = echo
    }

    @Test func theDefaultHandlerLogsAndTheMediatorGoesOn() throws {
        let mediator = Mediator(root: makeLibrary())
        let echo = mediator.observe("echo", reads: [Library.scheme.userID]) { library in
            if library.userID == 1 { try? mediator.update { _ in throw Failure() } }
        }
        try mediator.update { $0.userID = 1 }
        try mediator.update { $0.userID = 2 }
        #expect(mediator.root.userID == 2)
        _ = echo
    }
}
