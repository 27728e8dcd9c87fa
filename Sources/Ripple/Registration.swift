/// A live observer, processor or coordinator of a ``Mediator``.
///
/// It ends when cancelled or released: keep it as long as it should fire.
///
/// ```swift
/// var header: Registration? = mediator.observe("header", reads: [Library.scheme.title]) { _ in }
/// header = nil   // never fires again
/// ```
public final class Registration {
    let state: RegistrationState
    /// Cancelled through this handle: its release has nothing left to end.
    private var wasCancelled = false

    init(_ state: RegistrationState) {
        self.state = state
    }

    deinit {
        // A release can happen on any thread; the mediator cancels it on its own actor,
        // before it delivers anything again, and as soon as it is idle: its body goes then,
        // with what it captures (a document store, say).
        guard !wasCancelled, let core = state.core else { return }
        core.graph.noteReleased(state)
        MediatorCore.cancelReleasedSoon(core)
    }

    /// The name given when registering.
    public var name: String { state.name }

    /// How many times it has fired.
    @MainActor public var fireCount: Int { state.fireCount }

    /// Whether it was cancelled.
    @MainActor public var isCancelled: Bool { state.isCancelled }

    /// Whether it is paused.
    @MainActor public var isPaused: Bool { state.isPaused }

    /// Ends the registration: it never fires again and stops watching the model.
    @MainActor public func cancel() {
        wasCancelled = true
        state.core?.cancel(state)
    }

    /// Stops firing until ``resume()``; changes meanwhile are remembered, not delivered.
    @MainActor public func pause() {
        if !state.isCancelled { state.isPaused = true }
    }

    /// Fires once to catch up if something it reads changed while paused, and not at all if
    /// those changes cancelled out.
    @MainActor public func resume() {
        if let forEach = state.forEach, state.isPaused {
            state.isPaused = false
            guard forEach.resume(), let core = state.core, !core.isBusy else { return }
            try? core.outermostUpdate {}
            return
        }
        guard let core = state.core, core.scheduler.resume(state), !core.isBusy else { return }
        try? core.outermostUpdate {}
    }
}
