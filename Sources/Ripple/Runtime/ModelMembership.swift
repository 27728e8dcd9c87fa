import Foundation

/// Which nodes are in a mediator's model, kept as its writes stay, and who hears of the nodes
/// that enter and leave it.
///
/// Made with the mediator, by one walk of the model; then it follows every write that stays
/// (`RefreshScheduler/deliver(_:observationTold:)` hands them over: a transaction that
/// committed, a registration's writes, writes outside updates, what recorders wrote), at the
/// cost of what changed. Its nodes' writes outside updates reach the runtime, so that none is
/// lost to the journal (see `Tracker/modelMemberships`).
///
/// Several mediators may hold the same nodes (two mediators of one root, say): each counts its
/// own model and follows its own writes only, so a structural change made through one leaves the
/// other's answer for the nodes it moved out of date until the other writes them. That costs
/// nothing worse than a write outside updates noted, or missed, by the other mediator; its
/// journal and history stay right.
final class ModelMembership {
    let counter: ModelPlaceCounter
    /// Who hears of the nodes that entered and left, in order.
    private(set) var listeners: [any ModelMembershipListener] = []

    /// Counts the nodes of the model under `root`.
    ///
    /// - Complexity: O(n), where n is the number of places in nodes of the model.
    init(root: any RippleNode) {
        counter = ModelPlaceCounter(root: root, marksMembership: true)
    }

    /// Whether `node` is in the model.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func contains(_ node: any RippleNode) -> Bool {
        counter.contains(node)
    }

    /// How many nodes are in the model, the root included.
    var count: Int { counter.count }

    /// Follows writes that stay, and tells the listeners what entered and left, if anything did.
    ///
    /// - Complexity: O(w) for w entries that move no node; see `ModelPlaceCounter/follow(_:)`.
    func follow(_ entries: ArraySlice<JournalEntry>) {
        let change = counter.follow(entries)
        guard !change.isEmpty else { return }
        for listener in listeners { listener.modelDidChange(change) }
    }

    /// Adds `listener`; it hears of the changes that follow, from the next delivery on.
    func addListener(_ listener: any ModelMembershipListener) {
        listeners.append(listener)
        counter.collectsChanges = true
    }

    func removeListener(_ listener: any ModelMembershipListener) {
        listeners.removeAll { $0 === listener }
        counter.collectsChanges = !listeners.isEmpty
    }

    /// Forgets the model's nodes (the mediator is gone): on the main actor, where the model's
    /// classes may be isolated, now if this is it, else on its next turn.
    ///
    /// - Complexity: O(n), where n is the number of places in nodes of the model.
    func releaseSoon() {
        let counter = UncheckedCounter(counter: counter)
        if Thread.isMainThread {
            MainActor.assumeIsolated { counter.counter.releaseAll() }
        } else {
            Task { @MainActor in counter.counter.releaseAll() }
        }
    }

    /// The counter, handed to the main actor: nothing else uses it once its mediator is gone.
    private struct UncheckedCounter: @unchecked Sendable {
        let counter: ModelPlaceCounter
    }
}

/// Hears which nodes entered and left a mediator's model.
protocol ModelMembershipListener: AnyObject {
    /// Called when writes that stay moved nodes in or out of the model: once per delivery (a
    /// transaction that committed, a registration that wrote, the writes outside updates a
    /// refresh takes in, what recorders wrote), before the registrations its changes concern are
    /// judged. `change` lists the nodes that entered (parents first) and those that left;
    /// ``ModelMembership/contains(_:)`` already answers for them.
    func modelDidChange(_ change: ModelPlaceCounter.Change)
}
