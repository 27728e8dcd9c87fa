/// What happens when a registration breaks its contract.
public enum ContractPolicy: String, Sendable, CaseIterable {
    /// Nothing: the check costs one predictable branch.
    case ignore
    /// The violation is appended to ``Mediator/violations``.
    case record
    /// Recorded, and printed to standard error.
    case log
    /// Recorded, printed, and an `assertionFailure` (debug builds stop there).
    case assert
    /// A `fatalError`, in every build.
    case fatal
}

/// The contract checks of a mediator, each with its own policy.
///
/// On by default in debug builds (`.assert`), off in release builds (`.ignore`):
///
/// ```swift
/// mediator.contracts = Contracts(.record)   // collect violations in tests
/// mediator.contracts.readOutsideReads = .log
/// ```
public struct Contracts: Sendable, Equatable {
    /// An observer or processor read something outside its reads (and writes).
    public var readOutsideReads: ContractPolicy
    /// An observer or processor wrote something outside its writes.
    public var writeOutsideWrites: ContractPolicy
    /// A watched member was written outside any `update`.
    public var writeOutsideUpdate: ContractPolicy
    /// A member was written after an earlier registration of the same refresh read it.
    public var writeAfterRead: ContractPolicy
    /// `validate()` or a transaction hook wrote a tracked member. Writes of `validate()` stay part
    /// of the transaction; those of did-commit and did-roll-back come after it and are delivered
    /// by the next refresh, like writes outside updates. (`transactionWillChange()` may write:
    /// its writes are part of the update.)
    public var writeInHook: ContractPolicy
    /// A registration was released before its first refresh, so it never fired: its handle was
    /// discarded (`_ = mediator.observe(...)`) rather than kept. Reported, naming it, when the
    /// mediator's next update or refresh starts (the one that would have fired it); not when
    /// the mediator goes with it.
    public var releasedBeforeFirstRefresh: ContractPolicy

    /// Every check with the same policy.
    public init(_ policy: ContractPolicy) {
        readOutsideReads = policy
        writeOutsideWrites = policy
        writeOutsideUpdate = policy
        writeAfterRead = policy
        writeInHook = policy
        releasedBeforeFirstRefresh = policy
    }

    /// `.assert` in debug builds, `.ignore` in release builds.
    public static var `default`: Contracts {
        #if DEBUG
        Contracts(.assert)
        #else
        Contracts(.ignore)
        #endif
    }

    /// Every check off.
    public static let off = Contracts(.ignore)

    func policy(for kind: ContractViolation.Kind) -> ContractPolicy {
        switch kind {
        case .readOutsideReads: readOutsideReads
        case .writeOutsideWrites: writeOutsideWrites
        case .writeOutsideUpdate: writeOutsideUpdate
        case .writeAfterRead: writeAfterRead
        case .writeInHook: writeInHook
        case .releasedBeforeFirstRefresh: releasedBeforeFirstRefresh
        }
    }
}

/// A broken contract, as recorded by a mediator.
public struct ContractViolation: Hashable, Sendable, CustomStringConvertible {
    /// Which rule was broken.
    public enum Kind: String, Hashable, Sendable {
        case readOutsideReads = "read outside its reads"
        case writeOutsideWrites = "write outside its writes"
        case writeOutsideUpdate = "write outside an update"
        case writeAfterRead = "write after an earlier registration read it"
        case writeInHook = "write from validate() or a transaction hook"
        case releasedBeforeFirstRefresh = "released before its first refresh (keep the Registration it returned)"
    }

    public let kind: Kind
    /// The registration that broke it, or `nil` for code outside any registration (a hook's
    /// violation names the hook in ``path``).
    public let registration: String?
    /// The member involved, e.g. `Library.selectedCount`.
    public let path: String

    public init(kind: Kind, registration: String?, path: String) {
        self.kind = kind
        self.registration = registration
        self.path = path
    }

    public var description: String {
        let subject = registration.map { "'\($0)'" } ?? "code outside registrations"
        return path.isEmpty ? "\(subject): \(kind.rawValue)" : "\(subject): \(kind.rawValue): \(path)"
    }
}
