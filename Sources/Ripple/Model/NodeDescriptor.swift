/// What the runtime knows about one tracked class: its members, in change-key order.
///
/// `ripple-gen` generates one per `root` and `node` class as `_rippleDescriptor`. The runtime
/// uses it to walk paths, to expand `.all` into the members of a subtree, to order
/// processors by the members they read and write, and to name things in diagnostics.
@_spi(RippleGenerated) public final class NodeDescriptor: Sendable {
    /// The class name, as written in the source.
    public let name: String
    /// The tracked members; a member's position is its change key.
    public let members: [MemberDescriptor]
    /// Whether the class declares `validate()`, run at the end of transactions that write it.
    public let validates: Bool
    /// Whether the class declares transaction hooks (`transactionWillChange()`, ...), called
    /// around the transactions that write its nodes.
    public let hasTransactionHooks: Bool

    /// The members (below 64) whose writes history ignores, as bits, so that recording an
    /// update reads one word per write rather than a member descriptor.
    let unrecordedMembers: UInt64
    /// The stored node members, whose children are in the model when the node is (computed ones
    /// hold no place): what a mediator's `ModelPlaceCounter` walks.
    let storedNodeMembers: [Int]
    /// ``storedNodeMembers`` below 64, as bits: whether a write can move nodes in or out, in one test.
    let storedNodeMemberBits: UInt64
    /// Whether it has stored node members (a leaf class has none), without touching the list.
    let holdsNodes: Bool
    /// The stored node members that are saved (see ``saves(_:)``): what a document's depth
    /// checks walk, listed once so that a walk of every node reads no member's options.
    let savedNodeMembers: [Int]

    /// Creates the descriptor of a tracked class.
    public init(name: String, validates: Bool = false, hasTransactionHooks: Bool = false, members: [MemberDescriptor]) {
        self.name = name
        self.validates = validates
        self.hasTransactionHooks = hasTransactionHooks
        self.members = members
        var unrecorded: UInt64 = 0
        for (index, member) in members.prefix(64).enumerated()
        where !member.options.isDisjoint(with: MemberOptions.unrecorded) {
            unrecorded |= 1 << UInt64(index)
        }
        unrecordedMembers = unrecorded
        storedNodeMembers = members.indices.filter { members[$0].isNode && !members[$0].isComputed }
        storedNodeMemberBits = storedNodeMembers.reduce(0) { bits, index in index < 64 ? bits | 1 << UInt64(index) : bits }
        holdsNodes = !storedNodeMembers.isEmpty
        savedNodeMembers = storedNodeMembers.filter { members[$0].options.isDisjoint(with: [.discardable, .derived]) }
    }

    /// Whether member `member` is a stored node member (see ``storedNodeMembers``).
    @inline(__always)
    func holdsPlaces(_ member: Int) -> Bool {
        member < 64 ? storedNodeMemberBits & (1 << UInt64(member)) != 0 : storedNodeMembers.contains(member)
    }

    /// Whether history records writes of member `member`.
    func records(_ member: Int) -> Bool {
        if member < 64 { return unrecordedMembers & (1 << UInt64(member)) == 0 }
        return members[member].options.isDisjoint(with: MemberOptions.unrecorded)
    }

    /// Whether member `member` is saved state: not UI state nor processors' results. (Members
    /// written from any thread are saved, though never undone.)
    func saves(_ member: Int) -> Bool {
        members[member].options.isDisjoint(with: [.discardable, .derived])
    }

    /// The index of the member named `name`, if any.
    public func member(named name: String) -> Int? {
        members.firstIndex { $0.name == name }
    }
}

/// One tracked member of a class.
@_spi(RippleGenerated) public struct MemberDescriptor: Sendable {
    /// Whether the member holds a value or child nodes.
    public enum Kind: Sendable {
        /// A value, tracked as a whole.
        case property
        /// Child node(s) of the given class, in the given shape.
        case node(NodeShape, @Sendable () -> NodeDescriptor)
    }

    /// The public name (`total` for the stored `_total`).
    public let name: String
    public let kind: Kind
    public let options: MemberOptions
    /// The change key that writes of this member bump: its own index, or that of the
    /// property named by `shared = name`.
    public let changeKey: Int
    /// For a readOnly computed member: the paths it reads, relative to its class.
    public let dependencies: [[PathStep]]

    public init(
        name: String, kind: Kind, options: MemberOptions = [], changeKey: Int,
        dependencies: [[PathStep]] = []
    ) {
        self.name = name
        self.kind = kind
        self.options = options
        self.changeKey = changeKey
        self.dependencies = dependencies
    }

    /// Whether a change of this member can change which nodes a path reaches.
    public var isNode: Bool {
        if case .node = kind { return true }
        return false
    }

    /// The class of the child nodes, for node members.
    public var childDescriptor: NodeDescriptor? {
        if case .node(_, let child) = kind { return child() }
        return nil
    }

    /// Whether the member is computed from others rather than stored.
    public var isComputed: Bool { options.contains(.computed) }
}

/// How a node member holds its children.
@_spi(RippleGenerated) public enum NodeShape: String, Sendable {
    case single = "T", optional = "T?", array = "[T]", optionalArray = "[T]?", set = "Set<T>"
    case dictionary = "[K: T]", optionalDictionary = "[K: T]?"

    /// Whether the member holds any number of children.
    public var isCollection: Bool { self != .single && self != .optional }
}

/// The annotation modifiers of a member that change how the runtime treats its writes.
@_spi(RippleGenerated) public struct MemberOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// No setter: a computed member whose dependencies stand for it.
    public static let readOnly = MemberOptions(rawValue: 1 << 0)
    /// Computed from other members (no storage of its own).
    public static let computed = MemberOptions(rawValue: 1 << 1)
    /// UI state: notifies, but is neither saved state nor undone.
    public static let discardable = MemberOptions(rawValue: 1 << 2)
    /// Written by processors: notifies, but is neither saved state nor undone.
    public static let derived = MemberOptions(rawValue: 1 << 3)
    /// May be read off the model's actor.
    public static let backgroundRead = MemberOptions(rawValue: 1 << 4)
    /// May be written off the model's actor.
    public static let backgroundWrite = MemberOptions(rawValue: 1 << 5)

    /// The options of members whose writes history ignores: UI state, processors' results,
    /// and background writes are neither saved state nor undone.
    static let unrecorded: MemberOptions = [.discardable, .derived, .backgroundWrite]
}
