/// The access level given to generated members.
package enum AccessLevel: String, CaseIterable, Comparable, Hashable, Sendable {
    case `private`, `fileprivate`, `internal`, `package`, `public`

    /// The level Swift gives a class declared with these modifiers (`open` counts as public).
    package init(modifiers: [String]) {
        self = .internal
        for modifier in modifiers {
            switch modifier {
            case "open", "public": self = .public
            case "package": self = .package
            case "fileprivate": self = .fileprivate
            case "private": self = .private
            default: continue
            }
        }
    }

    /// The keyword that starts a generated declaration, with its space: `"public "`; empty for
    /// internal, the default.
    package var declarationPrefix: String {
        self == .internal ? "" : rawValue + " "
    }

    package static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool {
        lhs.rank < rhs.rank
    }

    /// The level's place in the order of the cases, from the most restrictive.
    private var rank: Int {
        switch self {
        case .private: 0
        case .fileprivate: 1
        case .internal: 2
        case .package: 3
        case .public: 4
        }
    }
}
