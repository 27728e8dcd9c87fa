import Ripple
import Testing

@MainActor
@Suite struct ReentrancyTests {
    @Test func updateStartedDuringARefreshIsQueuedAndRefreshedRightAfter() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let observer = mediator.observe("total", reads: [Library.scheme.catalog.total]) { library in
            let total = library.catalog.total
            log.append("total \(total)")
            if total == 1 {
                try? mediator.update { $0.catalog.total = 2 }
                log.append("queued")
            }
        }
        let user = mediator.observe("user", reads: [Library.scheme.userID]) { _ in log.append("user") }
        mediator.refresh()
        _ = log.take()
        try mediator.update { library in
            library.catalog.total = 1
            library.userID = 1
        }
        #expect(log.take() == ["total 1", "queued", "user", "total 2"])
        _ = (observer, user)
    }

    @Test func refreshesThatNeverSettleStopWithAnErrorNamingWhoKeptThemGoing() throws {
        let mediator = Mediator(root: makeLibrary())
        mediator.refreshLimit = 10
        var failures: [UpdateFailure] = []
        mediator.failureHandler = { failures.append($0) }
        var fired = 0
        let runaway = mediator.observe("runaway", reads: [Library.scheme.catalog.total]) { _ in
            fired += 1
            try? mediator.update { $0.catalog.total += 1 }
        }
        mediator.refresh()
        #expect(failures.map { $0.error as? RippleError } == [.refreshDidNotSettle(rounds: 10, registrations: ["runaway"])])
        #expect(fired == 10)
        // The mediator stays usable.
        runaway.cancel()
        try mediator.update { $0.userID = 1 }
    }

    @Test func aQueuedUpdateThatFailsGoesToTheFailureHandlerNotToTheCallerWhoseChangeCommitted() throws {
        struct Failure: Error, Equatable {}
        let mediator = Mediator(root: makeLibrary())
        var failures: [UpdateFailure] = []
        mediator.failureHandler = { failures.append($0) }
        let observer = mediator.observe("total", reads: [Library.scheme.catalog.total]) { library in
            if library.catalog.total == 1 {
                try? mediator.update { library in
                    library.userID = 99
                    throw Failure()
                }
            }
        }
        mediator.refresh()
        try mediator.update(undoName: "Total") { $0.catalog.total = 1 }
        #expect(mediator.root.userID == 0, "the failed queued update was rolled back")
        #expect(mediator.root.catalog.total == 1, "the update that queued it stands")
        #expect(failures.count == 1 && failures.first?.error as? Failure == Failure() && failures.first?.origin == "total")
        #expect(mediator.history.undoName == "Total" && mediator.hasUnsavedChanges, "and is recorded, unsaved")
        _ = observer
    }

    @Test func writeAfterAnEarlierRegistrationReadItIsAViolationAndDeliveredInAFollowUp() throws {
        let mediator = Mediator(root: makeLibrary())
        mediator.contracts = Contracts(.record)
        let log = EventLog()
        let early = mediator.observe("early", reads: [Library.scheme.userID]) { log.append("early \($0.userID)") }
        let sneaky = try mediator.process("sneaky", reads: [Library.scheme.catalog.total], writes: [Library.scheme.selectedCount]) {
            library in
            log.append("sneaky")
            library.userID = library.catalog.total
        }
        mediator.refresh()
        _ = log.take()
        mediator.violations = []
        try mediator.update { $0.catalog.total = 5 }
        #expect(log.take() == ["sneaky", "early 5"])
        #expect(mediator.violations.contains(ContractViolation(
            kind: .writeOutsideWrites, registration: "sneaky", path: "Library.userID")))
        try mediator.update { $0.userID = 0 }
        _ = log.take()
        mediator.violations = []
        let late = mediator.observe("late", reads: [Library.scheme.userID]) { log.append("late \($0.userID)") }
        mediator.refresh()
        _ = log.take()
        try mediator.update { $0.catalog.total = 6 }
        #expect(log.take() == ["sneaky", "early 6", "late 6"])
        _ = (early, sneaky, late)
    }
}
