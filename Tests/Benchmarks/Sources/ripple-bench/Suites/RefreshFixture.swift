import Ripple

/// A model of `nodes` items under a mediator, with observers anchored on its items.
///
/// Observers are spread evenly over the items, one per item while there are enough items.
/// The first observer of an item reads its `value`; any further ones (only when there are
/// more observers than items) read its `name`. So changing the `value` of a *target* item
/// notifies exactly one observer, whatever the counts.
@MainActor
final class RefreshFixture {
    let root: BenchRoot
    let mediator: Mediator<BenchRoot>
    private(set) var registrations: [Registration] = []
    /// The items whose `value` exactly one observer reads.
    private(set) var targets: [Item] = []
    /// How many times an observer body ran.
    var firings: Int {
        get { counter.firings }
        set { counter.firings = newValue }
    }
    /// Shared by the observer bodies (not `self`, which they would keep alive).
    private let counter = FiringCounter()
    /// How many updates ``runUpdates(_:)`` ran.
    var updates = 0
    /// Where the updates continue from: they cycle through the targets.
    private var nextTarget = 0

    init(nodes: Int, history: Bool = true) {
        root = BenchRoot(itemCount: nodes)
        mediator = Mediator(root: root)
        mediator.contracts = .off
        mediator.history.isEnabled = history
    }

    /// Adds `count` observers (see the type's discussion for where they sit).
    func observe(count: Int) {
        let items = root._items
        let spacing = max(1, items.count / max(1, count))
        registrations.reserveCapacity(registrations.count + count)
        let counter = counter
        for index in 0..<count {
            let item = items[(index * spacing) % items.count]
            if index < items.count {
                targets.append(item)
                registrations.append(mediator.observe("value \(index)", on: item, reads: [Item.scheme.value]) { item in
                    counter.firings &+= 1
                    _ = item.value
                })
            } else {
                registrations.append(mediator.observe("name \(index)", on: item, reads: [Item.scheme.name]) { item in
                    counter.firings &+= 1
                    _ = item.name
                })
            }
        }
    }

    /// Cancels every observer, and refreshes so that the mediator forgets the released ones.
    func cancelAll() {
        for registration in registrations { registration.cancel() }
        registrations.removeAll()
        targets.removeAll()
        mediator.refresh()
    }

    /// Runs `count` updates, each changing the `value` of the next target, and returns how many ran.
    func runUpdates(_ count: Int) throws -> Int {
        let start = nextTarget
        nextTarget &+= count
        updates += count
        return try Self.runUpdates(mediator, targets.isEmpty ? [root._items[0]] : targets, count: count, start: start)
    }

    @inline(never)
    private static func runUpdates(_ mediator: Mediator<BenchRoot>, _ targets: [Item], count: Int, start: Int) throws -> Int {
        for index in 0..<count {
            let item = targets[(start &+ index) % targets.count]
            try mediator.update { _ in item.value &+= 1 }
        }
        return count
    }
}

/// The count the observer bodies of a ``RefreshFixture`` share.
@MainActor
final class FiringCounter {
    var firings = 0
}
