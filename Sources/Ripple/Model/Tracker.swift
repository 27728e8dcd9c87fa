/// The per-node bookkeeping that Ripple keeps inside every tracked class.
///
/// Declare exactly one in every `root` and `node` class:
///
/// ```swift
/// // ripple: node
/// final class Shelf {
///     let tracker = Tracker()
///     // ripple: property
///     var _title = ""
/// }
/// ```
///
/// A tracker costs nothing while nobody watches its node: the generated accessors test one
/// flag and go straight to storage. It holds who watches which member of its node, and
/// which members the current transaction has already journaled.
public final class Tracker {
    /// Whether any registration currently watches a member of this node.
    @usableFromInline @exclusivity(unchecked) internal var _isWatched = false

    /// Watching registrations, by change key; ``Tracker/anyMember`` for subtree readers.
    internal var watchers: [Int: [Subscriber]] = [:]

    /// The journal epoch in which ``journaledMembers`` is valid.
    @usableFromInline @exclusivity(unchecked) internal var journalEpoch: UInt64 = 0
    /// Members (below 64) already journaled in ``journalEpoch``; others use the journal's set.
    @usableFromInline @exclusivity(unchecked) internal var journaledMembers: UInt64 = 0

    /// The change key that stands for "any member of this node" (a `.all` reader).
    internal static let anyMember = -1

    /// Creates the tracker of one node.
    public init() {}

    internal func addWatcher(_ subscriber: Subscriber, member: Int) {
        watchers[member, default: []].append(subscriber)
        _isWatched = true
    }

    internal func removeWatcher(_ subscriber: Subscriber, member: Int) {
        guard var list = watchers[member],
              let index = list.firstIndex(where: { $0 === subscriber }) else { return }
        list.swapAt(index, list.count - 1)
        list.removeLast()
        watchers[member] = list.isEmpty ? nil : list
        _isWatched = !watchers.isEmpty
    }
}
