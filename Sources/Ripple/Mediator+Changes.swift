import Foundation

extension Mediator {
    /// The refreshes in which something `reads` reaches changed, as an asynchronous sequence:
    /// for code written with Swift concurrency.
    ///
    /// ```swift
    /// for await tags in mediator.changes(reads: [Library.scheme.userID]) {
    ///     if tags.contains("undo") { continue }
    ///     await reloadAvatar(for: mediator.root.userID)
    /// }
    /// ```
    ///
    /// It yields once per refresh in which what it reads changed (judged like any observer:
    /// exactly, so equal writes and rolled-back updates yield nothing), and not for the state at
    /// the time of the call. Each element holds the tags of the updates whose changes it reports
    /// (`nil` for an update without a tag), as ``firingTags`` does for an observer. While the loop
    /// is busy, later refreshes are kept as one element, with the tags of all of them.
    /// It ends when the mediator is gone, and when the iterating task is cancelled (which also
    /// ends its registration).
    ///
    /// - Parameter reads: Paths of the model scheme, as for ``observe(_:reads:_:)``.
    /// - Returns: A sequence with one element per refresh that changed the reads: its tags.
    /// - Complexity: As registering an observer (``observe(_:reads:_:)``): O(p) for what `reads`
    ///   reaches; then one element per refresh that changed them, costing what changed under
    ///   the paths, not what they reach.
    public func changes(reads: [any ModelPathConvertible<Root>]) -> AsyncStream<[String?]> {
        let (stream, continuation) = AsyncStream<[String?]>.makeStream(bufferingPolicy: .bufferingNewest(1))
        // Only a processor can conflict with others.
        // swift-format-ignore: NeverUseForceTry
        let state = try! core.register(
            "changes", role: .observer, anchor: root, reads: reads.map { $0.modelPath.steps }
        ) { [weak core] in
            let tags = core?.scheduler.firingTags ?? []
            if case .dropped(let waiting) = continuation.yield(tags) {
                // The loop has not taken the previous element: this one reports both.
                continuation.yield(waiting + tags.filter { !waiting.contains($0) })
            }
        }
        // Not a change: the sequence starts from the model as it is now.
        state.isInitialDue = false
        state.onEnd = { continuation.finish() }
        let registration = RegistrationBox(Registration(state))
        continuation.onTermination = { _ in registration.release() }
        return stream
    }
}

/// Keeps a sequence's registration alive until the sequence ends, from whatever thread it ends
/// on: releasing a ``Registration`` is safe on any thread.
private final class RegistrationBox: @unchecked Sendable {
    private var registration: Registration?
    private let lock = NSLock()

    init(_ registration: Registration) {
        self.registration = registration
    }

    func release() {
        let released = lock.withLock {
            defer { registration = nil }
            return registration
        }
        withExtendedLifetime(released) {}
    }
}
