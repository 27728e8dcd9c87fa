import Ripple
import Testing

/// A one-shot signal between the test and an action's work.
private final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream<Void>.makeStream()
    }

    func open() {
        continuation.yield()
        continuation.finish()
    }

    /// Returns when opened, or when the waiting task is cancelled.
    func wait() async {
        for await _ in stream { break }
    }
}

private struct WorkFailed: Error, Equatable {}

/// Counts from any thread.
private actor Counter {
    private(set) var count = 0

    func increment() { count += 1 }
}

private func isFailure(_ outcome: Action.Outcome?) -> Bool {
    if case .failed(let error) = outcome { return error is WorkFailed }
    return false
}

private func isCancelled(_ outcome: Action.Outcome?) -> Bool {
    if case .cancelled = outcome { return true }
    return false
}

/// Coherence's matrix for actions: each way to end, out-of-order completion, and an action
/// that outlives its mediator.
@MainActor
@Suite struct ActionTests {
    @Test func aSucceedingActionAppliesItsChangeInOneUpdate() async throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let observer = mediator.observe("user", reads: [Library.scheme.userID, Library.scheme.catalog.total]) { library in
            log.append("user \(library.userID) total \(library.catalog.total)")
        }
        mediator.refresh()
        _ = log.take()
        let action = mediator.run("Sync") { _ in
            let fetched = 42   // as if from a server, off the main actor
            return { library in
                library.userID = fetched
                library.catalog.total = fetched
            }
        }
        #expect(action.state != .finished)
        _ = await action.finished
        #expect(action.state == .finished)
        #expect(action.outcome?.description == "succeeded")
        #expect(action.statistics.writesApplied == 2)
        #expect(action.statistics.duration != nil)
        #expect(log.take() == ["user 42 total 42"], "one update, one refresh")
        _ = observer
    }

    @Test func aThrowingWorkFailsAndAppliesNothing() async {
        let mediator = Mediator(root: makeLibrary())
        let action = mediator.run("Sync") { _ in throw WorkFailed() }
        _ = await action.finished
        #expect(isFailure(action.outcome))
        #expect(action.error is WorkFailed)
        #expect(mediator.root.userID == 0)
    }

    @Test func aChangeThatThrowsWhileApplyingIsRolledBackWhole() async {
        let mediator = Mediator(root: makeLibrary())
        let action = mediator.run("Sync") { _ in
            { library in
                library.userID = 7
                library.shelves.append(Shelf(id: 9, title: "New"))
                throw WorkFailed()
            }
        }
        _ = await action.finished
        #expect(isFailure(action.outcome))
        #expect(mediator.root.userID == 0 && mediator.root.shelves.count == 3)
        #expect(action.statistics.writesApplied == 0)
    }

    @Test func anActionCancelledBeforeItStartsFinishesCancelledWithoutRunning() async {
        let mediator = Mediator(root: makeLibrary())
        let runs = Counter()
        let action = mediator.run("Sync") { _ in
            await runs.increment()
            return { $0.userID = 1 }
        }
        action.cancel()
        _ = await action.finished
        #expect(isCancelled(action.outcome))
        #expect(action.statistics.start == nil)
        #expect(await runs.count == 0)
        #expect(mediator.root.userID == 0)
    }

    @Test func cancellingWhileTheWorkRunsStopsItAndAppliesNothing() async {
        let mediator = Mediator(root: makeLibrary())
        let started = Gate()
        let never = Gate()
        let action = mediator.run("Sync") { action in
            started.open()
            await never.wait()   // returns when the action is cancelled
            try action.checkCancellation()
            return { $0.userID = 1 }
        }
        await started.wait()
        action.cancel()
        _ = await action.finished
        #expect(isCancelled(action.outcome))
        #expect(action.error == nil)
        #expect(mediator.root.userID == 0)
    }

    @Test func cancellationWinsOverALaterFailureWhoseErrorIsKept() async {
        let mediator = Mediator(root: makeLibrary())
        let started = Gate()
        let never = Gate()
        let action = mediator.run("Sync") { _ in
            started.open()
            await never.wait()
            throw WorkFailed()
        }
        await started.wait()
        action.cancel()
        _ = await action.finished
        #expect(isCancelled(action.outcome))
        #expect(action.error is WorkFailed)
    }

    @Test func actionsFinishingOutOfOrderAreAppliedInTheOrderTheyFinish() async {
        let mediator = Mediator(root: makeLibrary())
        let firstMayEnd = Gate()
        let log = EventLog()
        let first = mediator.run("first") { _ in
            await firstMayEnd.wait()
            return { library in library.userID = 1 }
        }
        let second = mediator.run("second") { _ in
            { library in library.userID = 2 }
        }
        _ = await second.finished
        log.append("second applied: \(mediator.root.userID)")
        firstMayEnd.open()
        _ = await first.finished
        log.append("first applied: \(mediator.root.userID)")
        #expect(log.take() == ["second applied: 2", "first applied: 1"])
    }

    @Test func anActionWhoseMediatorIsGoneIsCancelled() async {
        var mediator: Mediator<Library>? = Mediator(root: makeLibrary())
        let mayEnd = Gate()
        let action = mediator!.run("Sync") { _ in
            await mayEnd.wait()
            return { $0.userID = 1 }
        }
        mediator = nil
        mayEnd.open()
        _ = await action.finished
        #expect(isCancelled(action.outcome))
    }
}

/// The running actions are observable like the model.
@MainActor
@Suite struct ActivityTests {
    @Test func registrationsSeeActionsStartExecuteAndFinish() async throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let spinner = mediator.observe(
            "spinner", on: mediator.activity, reads: [ActivityState.scheme.actions, ActivityState.scheme.executing]
        ) { activity in
            log.append("\(activity.executing) of \(activity.actions.map(\.name))")
        }
        mediator.refresh()
        #expect(log.take() == ["0 of []"])
        let started = Gate()
        let mayEnd = Gate()
        let action = mediator.run("sync") { _ in
            started.open()
            await mayEnd.wait()
            return { $0.userID = 1 }
        }
        #expect(log.take() == ["0 of [\"sync\"]"], "pending as soon as it is started")
        await started.wait()
        #expect(log.take() == ["1 of [\"sync\"]"], "then executing")
        mayEnd.open()
        _ = await action.finished
        #expect(log.take() == ["0 of []"], "gone when finished")
        #expect(mediator.activity.actions.isEmpty && mediator.root.userID == 1)
        _ = spinner
    }

    @Test func finishedReturnsTheOutcome() async {
        let mediator = Mediator(root: makeLibrary())
        let succeeding = mediator.run("ok") { _ in { $0.userID = 1 } }
        let failing = mediator.run("fails") { _ in throw WorkFailed() }
        guard case .succeeded = await succeeding.finished else {
            Issue.record("expected success")
            return
        }
        #expect(isFailure(await failing.finished))
    }

    @Test func anActionCancelledBeforeItStartsHasAnEndTime() async {
        let mediator = Mediator(root: makeLibrary())
        let action = mediator.run("never") { _ in { _ in } }
        action.cancel()
        #expect(isCancelled(await action.finished))
        #expect(action.statistics.end != nil && action.statistics.start == nil)
    }

    @Test func writesAppliedCountsEachMemberOnce() async {
        let mediator = Mediator(root: makeLibrary())
        let action = mediator.run("twice") { _ in
            { library in
                library.userID = 1
                try mediator.update { $0.userID = 2 }   // a new segment: journaled again
                library.userID = 3
                library.catalog.total = 4
            }
        }
        _ = await action.finished
        #expect(action.statistics.writesApplied == 2)
    }

    @Test func anActionStartedInAnUpdateThatRollsBackIsStillShownWhileItRuns() async throws {
        let mediator = Mediator(root: makeLibrary())
        let gate = Gate()
        var action: Action?
        #expect(throws: WorkFailed.self) {
            try mediator.update { library in
                library.userID = 5
                action = mediator.run("outlives") { _ in
                    await gate.wait()
                    return { $0.catalog.total = 1 }
                }
                throw WorkFailed()
            }
        }
        #expect(mediator.root.userID == 0)
        #expect(mediator.activity.actions.count == 1 && mediator.activity.actions.first === action)
        gate.open()
        _ = await action?.finished
        #expect(mediator.activity.actions.isEmpty && mediator.root.catalog.total == 1)
    }

    @Test func theWorkReportsProgressWithSendableValuesOnly() async throws {
        let mediator = Mediator(root: makeLibrary())
        let gate = Gate()
        let halfway = Gate()
        let log = EventLog()
        let spinner = mediator.observe("spinner", on: mediator.activity, reads: [ActivityState.scheme.progress]) {
            log.append("progress \($0.progress)")
        }
        mediator.refresh()
        _ = log.take()
        let action = mediator.run("import") { context in
            context.reportProgress(0.25)
            context.reportProgress(0.5)
            halfway.open()
            await gate.wait()
            context.reportProgress(2)   // clamped to 1
            return { _ in }
        }
        await halfway.wait()
        while action.progress != 0.5 { await Task.yield() }
        #expect(mediator.activity.progress == 0.5 && log.take().last == "progress 0.5")
        gate.open()
        _ = await action.finished
        #expect(action.progress == 1 || action.progress == 0.5, "a report racing the end may be dropped")
        #expect(mediator.activity.progress == 0 && mediator.activity.actions.isEmpty)
        _ = spinner
    }
}

