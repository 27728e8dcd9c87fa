import Ripple
import BenchReport

/// Table 8: merging a payload by id against rebuilding the collection from it.
@MainActor
final class MergeSuite {
    static let section = "merge"

    private let harness: Harness
    private let goals: GoalBoard

    init(harness: Harness, goals: GoalBoard) {
        self.harness = harness
        self.goals = goals
    }

    /// An item as a payload carries it.
    struct ItemPayload: Identifiable {
        let id: Int
        let value: Int
        let name: String
    }

    func run() throws {
        guard harness.options.includes(section: Self.section) else { return }
        let count = harness.scaled(10_000)
        let original = (0..<count).map { ItemPayload(id: $0, value: $0, name: "item \($0)") }
        // Every hundredth item changed: 1%.
        let changed = original.map { $0.id % 100 == 0 ? ItemPayload(id: $0.id, value: -$0.value - 1, name: $0.name) : $0 }
        let payloads = [changed, original]

        var table = Table(
            "8. A payload of \(Format.count(count)) items, 1% changed, into \(Format.count(count)) nodes: update + refresh",
            headers: ["way", "median ms", "min ms", "vs rebuilding"])
        let (mergeMediator, mergeObserver) = try observedModel(original)
        let merge = try harness.measure { iterations in
            try MergeLoops.merge(mergeMediator, payloads: payloads, iterations: iterations)
        }
        let (rebuildMediator, rebuildObserver) = try observedModel(original)
        let rebuild = try harness.measure { iterations in
            try MergeLoops.rebuild(rebuildMediator, payloads: payloads, iterations: iterations)
        }
        let ratio = merge.ratio(to: rebuild)
        table.append(["items.merge(payload, make:update:)", Format.milliseconds(merge.median), Format.milliseconds(merge.minimum), Format.ratio(ratio)])
        table.append(["items = payload.map(Item.init)", Format.milliseconds(rebuild.median), Format.milliseconds(rebuild.minimum), "1.00x"])
        let fired = try firingsOfOneMerge(original, changed)
        table.notes = [
            "Each run alternates between the changed and the original payload, so each update changes 1% of the",
            "  items; one observer reads every item's value (it re-resolves its \(Format.count(count)) watches after a rebuild).",
            "With one observer anchored on each item instead, one merge fires \(Format.count(fired)) of them: the readers",
            "  of the changed items only (a rebuild replaces every node, so all their readers are affected).",
        ]
        table.print()
        goals.check("merge of a 1%-changed payload at most 2x rebuilding", measured: Format.ratio(ratio), passed: ratio <= 2)
        goals.check(
            "... and notifies only the readers of what changed", measured: "\(Format.count(fired)) of \(Format.count(count)) fired",
            passed: fired == count / 100)
        withExtendedLifetime((mergeObserver, rebuildObserver)) {}
    }

    /// A model holding `payload`, with one observer of every item's value, refreshed once.
    private func observedModel(_ payload: [ItemPayload]) throws -> (Mediator<BenchRoot>, Registration) {
        let mediator = Mediator(root: BenchRoot(items: payload.map(MergeLoops.make)))
        mediator.contracts = .off
        let observer = mediator.observe("values", reads: [BenchRoot.scheme.items.value]) { root in
            Blackhole.consume(root.items.count)
        }
        mediator.refresh()
        return (mediator, observer)
    }

    /// How many of the observers anchored one per item fire when `changed` is merged over `original`.
    private func firingsOfOneMerge(_ original: [ItemPayload], _ changed: [ItemPayload]) throws -> Int {
        let mediator = Mediator(root: BenchRoot(items: original.map(MergeLoops.make)))
        mediator.contracts = .off
        let counter = FiringCounter()
        let observers = mediator.root.items.map { item in
            mediator.observe("item \(item.id)", on: item, reads: [Item.scheme.value]) { _ in counter.firings += 1 }
        }
        mediator.refresh()
        counter.firings = 0
        _ = try MergeLoops.merge(mediator, payloads: [changed], iterations: 1)
        withExtendedLifetime(observers) {}
        return counter.firings
    }
}

/// The loops of table 8, out of line.
@MainActor
enum MergeLoops {
    static func make(_ payload: MergeSuite.ItemPayload) -> Item {
        let item = Item(value: payload.id, name: payload.name)
        item.value = payload.value
        return item
    }

    @inline(never)
    static func merge(_ mediator: Mediator<BenchRoot>, payloads: [[MergeSuite.ItemPayload]], iterations: Int) throws -> Int {
        for iteration in 0..<iterations {
            let payload = payloads[iteration % payloads.count]
            try mediator.update { root in
                try root.items.merge(payload, make: make) { item, value in
                    item.value = value.value
                    item.name = value.name
                }
            }
        }
        return mediator.root._items.count
    }

    @inline(never)
    static func rebuild(_ mediator: Mediator<BenchRoot>, payloads: [[MergeSuite.ItemPayload]], iterations: Int) throws -> Int {
        for iteration in 0..<iterations {
            let payload = payloads[iteration % payloads.count]
            try mediator.update { root in root.items = payload.map(make) }
        }
        return mediator.root._items.count
    }
}
