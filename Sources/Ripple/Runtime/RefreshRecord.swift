/// What happened in one refresh: who fired, in order, and why.
public struct RefreshRecord: Sendable, CustomStringConvertible {
    /// One registration firing.
    public struct Firing: Sendable, Hashable, CustomStringConvertible {
        /// The registration's name.
        public let registration: String
        /// `coordinator`, `processor` or `observer`.
        public let role: String
        /// What made it fire (several changes can coincide).
        public let reasons: [FiringReason]

        public var description: String {
            "\(role) \(registration) (\(reasons.map(\.description).joined(separator: ", ")))"
        }
    }

    /// The refresh's number, counting from 1 for the mediator's first.
    public let number: Int
    /// The registrations that fired, in firing order.
    public internal(set) var firings: [Firing] = []

    /// One line per firing, e.g. `refresh 3: processor count (Library.selectedID changed)`.
    public var description: String {
        firings.isEmpty
            ? "refresh \(number): nobody fired"
            : firings.map { "refresh \(number): \($0)" }.joined(separator: "\n")
    }
}
