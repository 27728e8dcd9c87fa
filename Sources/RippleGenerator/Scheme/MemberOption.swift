/// An option of a member's descriptor; the raw value is the runtime's `MemberOptions` name.
///
/// The order of the cases is the order in which generated code lists them.
package enum MemberOption: String, CaseIterable, Hashable, Sendable {
    case readOnly, computed, discardable, derived, backgroundRead, backgroundWrite

    /// The option at `position` in `allCases`.
    fileprivate init(position: Int) {
        self = switch position {
        case 0: .readOnly
        case 1: .computed
        case 2: .discardable
        case 3: .derived
        case 4: .backgroundRead
        default: .backgroundWrite
        }
    }

    /// The option's place in `allCases`, which is its bit in ``MemberOptions``.
    fileprivate var position: Int {
        switch self {
        case .readOnly: 0
        case .computed: 1
        case .discardable: 2
        case .derived: 3
        case .backgroundRead: 4
        case .backgroundWrite: 5
        }
    }
}

/// The options of a member, in one integer: a collection of ``MemberOption``s that always
/// lists them in the order of `MemberOption.allCases`, whatever order they were added in.
///
/// ```swift
/// var options: MemberOptions = [.computed, .readOnly]
/// options.map(\.rawValue)   // ["readOnly", "computed"]
/// ```
package struct MemberOptions: Collection, Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// Bit `option.position` is set for each option present.
    private var bits: UInt8 = 0

    package init() {}

    /// The set of `options`.
    package init(_ options: some Sequence<MemberOption>) {
        for option in options {
            insert(option)
        }
    }

    package init(arrayLiteral options: MemberOption...) {
        self.init(options)
    }

    /// Adds `option`.
    package mutating func insert(_ option: MemberOption) {
        bits |= 1 << option.position
    }

    /// Whether `option` is present.
    package func contains(_ option: MemberOption) -> Bool {
        bits & 1 << option.position != 0
    }

    // MARK: Collection

    /// A position is an option's bit; the end is past the last option's (there are six).
    package var startIndex: Int { bits == 0 ? endIndex : bits.trailingZeroBitCount }

    package var endIndex: Int { 6 }

    package var count: Int { bits.nonzeroBitCount }

    package var isEmpty: Bool { bits == 0 }

    package subscript(position: Int) -> MemberOption {
        precondition(position < endIndex && bits & 1 << position != 0, "no option at this position")
        return MemberOption(position: position)
    }

    package func index(after position: Int) -> Int {
        let later = bits >> (position + 1)
        return later == 0 ? endIndex : position + 1 + later.trailingZeroBitCount
    }

    /// `[readOnly, computed]`.
    package var description: String {
        "[" + map(\.rawValue).joined(separator: ", ") + "]"
    }
}
