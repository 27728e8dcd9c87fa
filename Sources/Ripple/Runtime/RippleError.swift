/// Errors of the Ripple runtime; each says what went wrong and how to fix it.
public enum RippleError: Error, Equatable, CustomStringConvertible {
    /// Two processors would write the same property.
    case conflictingWriters(property: String, existing: String, new: String)
    /// Processors would form a cycle: each writes what the next one reads.
    case dependencyCycle(registrations: [String], properties: [String])
    /// Refreshes kept causing refreshes beyond the limit.
    case refreshDidNotSettle(rounds: Int, registrations: [String])
    /// `undo()` or `redo()` was called while an update, a refresh or a history group ran.
    case historyBusy(action: String)

    public var description: String {
        switch self {
        case let .conflictingWriters(property, existing, new):
            return "processor '\(new)' writes \(property), which processor '\(existing)' already writes; "
                + "a property has one writer: merge the two processors or split the property"
        case let .dependencyCycle(registrations, properties):
            return "processors form a cycle: \(registrations.map { "'\($0)'" }.joined(separator: " -> ")) "
                + "through \(properties.joined(separator: ", ")); break the cycle by writing one of these "
                + "properties from a coordinator or an update instead"
        case let .refreshDidNotSettle(rounds, registrations):
            return "refreshes did not settle after \(rounds) rounds; still firing: "
                + "\(registrations.map { "'\($0)'" }.joined(separator: ", ")); "
                + "a registration keeps changing what an earlier one read, or keeps starting updates"
        case let .historyBusy(action):
            return "history.\(action) was called while an update, a refresh or a history group runs; "
                + "undo and redo are updates of their own: call them outside updates, registrations and groups"
        }
    }
}
