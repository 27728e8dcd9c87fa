import Foundation

/// Background work whose result lands in the model in one update (after Coherence).
///
/// ```swift
/// let sync = mediator.run("Sync") { action in
///     let playlists = try await server.playlists()          // off the main actor
///     action.reportProgress(0.5)
///     try action.checkCancellation()
///     return { library in try library.playlists.merge(playlists, make: ..., update: ...) }
/// }
/// sync.cancel()                        // cooperative: the work sees it at its next check
/// let outcome = await sync.finished    // .succeeded, .cancelled or .failed(error)
/// ```
///
/// The work runs off the main actor and returns a change; the change is applied on the main
/// actor in one ``Mediator/update(undoName:tag:_:)``, rolled back whole if it throws. Actions that finish
/// out of order are applied in the order they finish. Cancellation wins over a later failure
/// (whose error is kept in ``error``); an action cancelled before it starts still finishes,
/// cancelled; an action whose mediator is gone when its work ends is cancelled.
@MainActor
public final class Action {
    /// Where an action is in its life.
    public enum State: Sendable, Equatable {
        /// Made, not yet started.
        case pending
        /// Its work is running (or its change being applied).
        case executing
        /// Done: see ``Action/outcome``.
        case finished
    }

    /// How an action ended.
    public enum Outcome: Sendable, CustomStringConvertible {
        /// The change was applied.
        case succeeded
        /// It was cancelled (before, during or after its work); nothing was applied.
        case cancelled
        /// The work or its change threw; nothing was applied.
        case failed(any Error)

        public var description: String {
            switch self {
            case .succeeded: "succeeded"
            case .cancelled: "cancelled"
            case .failed(let error): "failed: \(error)"
            }
        }
    }

    /// When it ran and what it did.
    public struct Statistics: Sendable {
        /// When its work started, if it did.
        public internal(set) var start: ContinuousClock.Instant?
        /// When it finished, if it did.
        public internal(set) var end: ContinuousClock.Instant?
        /// How many members its change really changed (each counted once), if it was applied.
        public internal(set) var writesApplied = 0

        /// From start to end, once both are known.
        public var duration: Duration? {
            guard let start, let end else { return nil }
            return start.duration(to: end)
        }
    }

    /// What the work sees of its action, from any thread.
    public struct Context: Sendable {
        /// The name given to ``Mediator/run(_:tag:undoName:_:)``.
        public let name: String
        let progressMailbox: ProgressMailbox

        /// Reports how much of the work is done, from 0 to 1: the action's ``Action/progress``
        /// and the mediator's ``ActivityState/progress`` show it on the main actor. Reports that
        /// come faster than the main actor takes them are merged (the latest wins).
        public func reportProgress(_ fractionCompleted: Double) {
            progressMailbox.post(min(max(fractionCompleted, 0), 1))
        }

        /// Whether the action was cancelled: the work should stop soon.
        public var isCancelled: Bool { Task.isCancelled }

        /// Throws `CancellationError` if the action was cancelled.
        public func checkCancellation() throws {
            try Task.checkCancellation()
        }
    }

    /// The name given to ``Mediator/run(_:tag:undoName:_:)``.
    public let name: String
    /// Where it is in its life.
    public private(set) var state = State.pending
    /// How it ended; `nil` until it finished.
    public private(set) var outcome: Outcome?
    /// The error of a failure, also when a cancellation won over it.
    public private(set) var error: (any Error)?
    /// When it ran and what it did.
    public private(set) var statistics = Statistics()
    /// How much of its work is done, from 0 to 1, as the work last reported with
    /// ``Context/reportProgress(_:)``; `nil` until it reports.
    public private(set) var progress: Double?

    private var task: Task<Void, Never>?
    private var isCancelRequested = false
    /// What changed in an action, for the mediator's activity.
    enum Change {
        case executing
        case progress(from: Double?)
        case finished(wasExecuting: Bool)
    }

    /// Called after every change of ``state`` and ``progress``.
    var didChange: (@MainActor (Action, Change) -> Void)?

    init(name: String) {
        self.name = name
    }

    /// Asks the work to stop; an action that has not started yet never starts.
    public func cancel() {
        guard state != .finished else { return }
        isCancelRequested = true
        task?.cancel()
    }

    /// Waits until it finished, and returns how it ended.
    public var finished: Outcome {
        get async {
            await task?.value
            return outcome ?? .cancelled
        }
    }

    /// Starts the work off the main actor, then applies its change through `apply`.
    func start<Change: Sendable>(
        _ work: @escaping @Sendable (Context) async throws -> Change,
        apply: @escaping @MainActor (Change) throws -> Int
    ) {
        let clock = ContinuousClock()
        let mailbox = ProgressMailbox { [weak self] progress in self?.show(progress) }
        let context = Context(name: name, progressMailbox: mailbox)
        task = Task { @MainActor [weak self] in
            guard let self else { return }
            if isCancelRequested || Task.isCancelled {
                finish(.cancelled, at: clock.now)
                return
            }
            state = .executing
            didChange?(self, .executing)
            statistics.start = clock.now
            let result: Result<Change, any Error>
            // The work runs detached from the main actor; cancelling the action cancels it.
            let worker = Task.detached { try await work(context) }
            do {
                result = .success(try await withTaskCancellationHandler {
                    try await worker.value
                } onCancel: {
                    worker.cancel()
                })
            } catch {
                result = .failure(error)
            }
            // Cancellation wins over what the work returned or threw.
            if isCancelRequested || Task.isCancelled {
                if case .failure(let failure) = result, !(failure is CancellationError) { self.error = failure }
                finish(.cancelled, at: clock.now)
                return
            }
            switch result {
            case .failure(let failure):
                self.error = failure
                finish(failure is CancellationError ? .cancelled : .failed(failure), at: clock.now)
            case .success(let change):
                do {
                    statistics.writesApplied = try apply(change)
                    finish(.succeeded, at: clock.now)
                } catch ActionError.mediatorGone {
                    finish(.cancelled, at: clock.now)
                } catch {
                    self.error = error
                    finish(.failed(error), at: clock.now)
                }
            }
        }
    }

    /// Shows progress the work reported, unless the action is over.
    private func show(_ reported: Double) {
        guard state != .finished, progress != reported else { return }
        let old = progress
        progress = reported
        didChange?(self, .progress(from: old))
    }

    private func finish(_ outcome: Outcome, at end: ContinuousClock.Instant) {
        statistics.end = end
        self.outcome = outcome
        let wasExecuting = state == .executing
        state = .finished
        didChange?(self, .finished(wasExecuting: wasExecuting))
        didChange = nil
    }
}

/// Why an action's change was not applied.
enum ActionError: Error {
    /// The mediator was released while the work ran.
    case mediatorGone
}

/// Where the work posts its progress, from any thread: the latest report waits for the main
/// actor, which takes it in one hop however many reports came meanwhile.
final class ProgressMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var latest: Double?
    private let show: @MainActor (Double) -> Void

    init(show: @escaping @MainActor (Double) -> Void) {
        self.show = show
    }

    func post(_ progress: Double) {
        let isFirst = lock.withLock {
            defer { latest = progress }
            return latest == nil
        }
        guard isFirst else { return }
        Task { @MainActor in
            if let progress = self.take() { self.show(progress) }
        }
    }

    private func take() -> Double? {
        lock.withLock {
            defer { latest = nil }
            return latest
        }
    }
}
