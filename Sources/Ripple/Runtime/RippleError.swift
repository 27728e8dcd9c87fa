import Foundation

/// Errors of the Ripple runtime; each says what went wrong and how to fix it.
public enum RippleError: Error, Equatable, CustomStringConvertible {
    /// Two processors would write the same property.
    case conflictingWriters(property: String, existing: String, new: String)
    /// Processors would form a cycle: each writes what the next one reads.
    case dependencyCycle(registrations: [String], properties: [String])
    /// The nodes of a recursive per-node processor read each other's output in a loop (a folder
    /// that holds itself, directly or through others): `nodes` of them were not run.
    case nodeCycle(registration: String, properties: [String], nodes: Int)
    /// Refreshes kept causing refreshes beyond the limit.
    case refreshDidNotSettle(rounds: Int, registrations: [String])
    /// `undo()` or `redo()` was called while an update, a refresh or a history group ran.
    case historyBusy(action: String)
    /// The history outlived its mediator: there is no model left to undo or redo.
    case mediatorGone
    /// `validate()` kept writing the model: validating what it wrote made it write again.
    case validationDidNotSettle(passes: Int, writes: [String])

    public var description: String {
        switch self {
        case let .conflictingWriters(property, existing, new):
            return "processor '\(new)' writes \(property), which processor '\(existing)' already writes; "
                + "a property has one writer: merge the two processors or split the property"
        case let .dependencyCycle(registrations, properties):
            return "processors form a cycle: \(registrations.map { "'\($0)'" }.joined(separator: " -> ")) "
                + "through \(properties.joined(separator: ", ")); break the cycle by writing one of these "
                + "properties from a coordinator or an update instead"
        case let .nodeCycle(registration, properties, nodes):
            return "the nodes of processor '\(registration)' read each other's \(properties.joined(separator: ", ")) in a loop "
                + "(a node holds itself, directly or through others): \(nodes) of them were not run and keep their values; "
                + "break the loop in the model and they run again"
        case let .refreshDidNotSettle(rounds, registrations):
            return "refreshes did not settle after \(rounds) rounds; still firing: "
                + "\(registrations.map { "'\($0)'" }.joined(separator: ", ")); "
                + "a registration keeps changing what an earlier one read, or keeps starting updates"
        case let .historyBusy(action):
            return "history.\(action) was called while an update, a refresh or a history group runs; "
                + "undo and redo are updates of their own: call them outside updates, registrations and groups"
        case let .validationDidNotSettle(passes, writes):
            return "validate() kept writing the model after \(passes) passes (last: \(writes.prefix(5).joined(separator: ", "))); "
                + "validate() must only check: move the writes to the update, or to a processor"
        case .mediatorGone:
            return "the mediator of this history is gone; keep the mediator alive as long as you undo and redo"
        }
    }
}

/// A failure that no caller could be told of, handed to ``Mediator/failureHandler``: an update
/// queued by a registration (or a hook, or an action's bookkeeping) that was rolled back, a chain
/// of refreshes that did not settle, an Edit > Undo that could not be applied.
///
/// The update that caused it committed: ``Mediator/update(undoName:tag:_:)`` throws only when its
/// own change was rolled back.
public struct UpdateFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public let error: any Error
    /// Who started the failed work: the registration that queued the update, for instance.
    public let origin: String?
    /// The tag of the update being delivered when it failed.
    public let tag: String?
    /// Whether the failed work was rolled back (a queued update, a registration's writes); when
    /// `false`, the change stayed and ``error`` says what could not follow it (a document store
    /// that could not write it, patches that could not be made, refreshes that were stopped).
    public let wasRolledBack: Bool

    init(error: any Error, origin: String?, tag: String?, wasRolledBack: Bool = true) {
        self.error = error
        self.origin = origin
        self.tag = tag
        self.wasRolledBack = wasRolledBack
    }

    public var description: String {
        "\(origin.map { "'\($0)': " } ?? "")\(error)"
    }

    /// The default handler: prints the failure to standard error, saying what became of it.
    @MainActor
    static func log(_ failure: UpdateFailure) {
        FileHandle.standardError.write(Data((logLine(failure) + "\n").utf8))
    }

    /// The line ``log(_:)`` prints.
    static func logLine(_ failure: UpdateFailure) -> String {
        "Ripple: " + (failure.wasRolledBack ? "a change failed and was rolled back: \(failure)" : "\(failure)")
    }
}
