/// Why a registration fired in a refresh.
public enum FiringReason: Hashable, Sendable, CustomStringConvertible {
    /// Its first refresh after it was made.
    case initial
    /// A member it reads changed, e.g. `Shelf.entries`.
    case changed(String)
    /// It was resumed after something it reads changed while it was paused.
    case resumed
    /// It fires on every refresh.
    case everyRefresh

    public var description: String {
        switch self {
        case .initial: "initial"
        case .changed(let member): "\(member) changed"
        case .resumed: "resumed"
        case .everyRefresh: "every refresh"
        }
    }
}
