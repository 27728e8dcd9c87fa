/// What happened in one refresh: who fired, in order, and why.
public struct RefreshRecord: Sendable, CustomStringConvertible {
    /// One registration firing.
    public struct Firing: Sendable, Hashable, CustomStringConvertible {
        /// The registration's name.
        public let registration: String
        /// `coordinator`, `processor` or `observer`.
        public let role: String
        /// What made it fire (several changes can coincide).
        public internal(set) var reasons: [FiringReason]
        /// For a registration for every node of a class (`forEach:`), for how many nodes it
        /// fired, one after the other in this place of the order; nil for the others.
        public internal(set) var nodeCount: Int?

        public var description: String {
            let nodes = nodeCount.map { " for \($0) node\($0 == 1 ? "" : "s")" } ?? ""
            return "\(role) \(registration)\(nodes) (\(reasons.map(\.description).joined(separator: ", ")))"
        }
    }

    /// The refresh's number, counting from 1 for the mediator's first.
    public let number: Int
    /// The registrations that fired, in firing order.
    public internal(set) var firings: [Firing] = []

    /// Notes a firing; consecutive firings of one per-node registration make one, counting
    /// the nodes (and up to 8 reasons).
    mutating func note(registration: String, role: String, reasons: [FiringReason], isPerNode: Bool) {
        if isPerNode, let last = firings.indices.last, firings[last].registration == registration,
            firings[last].role == role, let count = firings[last].nodeCount
        {
            firings[last].nodeCount = count + 1
            for reason in reasons where firings[last].reasons.count < 8 && !firings[last].reasons.contains(reason) {
                firings[last].reasons.append(reason)
            }
            return
        }
        firings.append(Firing(registration: registration, role: role, reasons: reasons, nodeCount: isPerNode ? 1 : nil))
    }

    /// One line per firing, e.g. `refresh 3: processor count (Library.selectedID changed)`.
    public var description: String {
        firings.isEmpty
            ? "refresh \(number): nobody fired"
            : firings.map { "refresh \(number): \($0)" }.joined(separator: "\n")
    }
}
