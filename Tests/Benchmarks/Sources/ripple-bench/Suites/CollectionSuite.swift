import Observation
import Ripple
import BenchReport

/// Tables 4 to 6: collections edited in place inside updates, against an `@Observable` class
/// doing the same edits, and the memory of a tracked node.
@MainActor
final class CollectionSuite {
    static let section = "collections"

    private let harness: Harness
    private let goals: GoalBoard

    init(harness: Harness, goals: GoalBoard) {
        self.harness = harness
        self.goals = goals
    }

    func run() throws {
        try measureAppendsInOneUpdate()
        try measureOneAppendPerUpdate()
        measureNodeMemory()
    }

    private func includes(_ row: String) -> Bool {
        harness.options.includes(section: Self.section, row: row)
    }

    /// Times `work` on a fresh set-up, ``Harness/repetitions`` times; set-up and tear-down
    /// (the objects' deallocation) are not timed.
    private func timeFresh<State>(
        runs: Int? = nil, setUp: () throws -> State, work: (State) throws -> Int
    ) rethrows -> Timing {
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<(runs ?? harness.repetitions) {
            let state = try setUp()
            let start = clock.now
            Blackhole.consume(try work(state))
            samples.append(start.duration(to: clock.now).nanoseconds)
            withExtendedLifetime(state) {}
        }
        return Timing(samples: samples)
    }

    /// A model with one observer of `path`, refreshed once so that the observer watches it.
    private func watchedModel(_ path: any ModelPathConvertible<BenchRoot>) throws -> (Mediator<BenchRoot>, Registration) {
        let mediator = Mediator(root: BenchRoot(items: []))
        mediator.contracts = .off
        let observer = mediator.observe("watcher", reads: [path]) { root in
            Blackhole.consume(root.items.count + root.numbers.count)
        }
        mediator.refresh()
        return (mediator, observer)
    }

    /// An `@Observable` list with one observation of the same list installed.
    private func observedList(watching numbers: Bool) -> ObservedList {
        let list = ObservedList()
        withObservationTracking {
            Blackhole.consume(numbers ? list.numbers.count : list.items.count)
        } onChange: {}
        return list
    }

    // MARK: Table 4

    private func measureAppendsInOneUpdate() throws {
        let count = harness.scaled(50_000)
        var table = Table(
            "4. Append \(Format.count(count)) elements one by one in one update (fresh model each run)",
            headers: ["elements", "Ripple ms", "@Observable ms", "Ripple / @Observable"])
        let scheme = BenchRoot.scheme
        let rows: [(name: String, isNodes: Bool, path: any ModelPathConvertible<BenchRoot>)] = [
            ("nodes", true, scheme.items), ("nodes, observer of items.value", true, scheme.items.value),
            ("Ints", false, scheme.numbers),
        ]
        for (name, isNodes, path) in rows where includes("append \(name)") {
            let ripple = try timeFresh(
                setUp: { try watchedModel(path) },
                work: { model in try CollectionLoops.appendTracked(model.0, count: count, nodes: isNodes) })
            let observed = timeFresh(
                setUp: { observedList(watching: !isNodes) },
                work: { list in CollectionLoops.appendObserved(list, count: count, nodes: isNodes) })
            let ratio = ripple.ratio(to: observed)
            table.append([name, Format.milliseconds(ripple.median), Format.milliseconds(observed.median), Format.ratio(ratio)])
            goals.check(
                "append \(Format.count(count)) \(name) in one update at most 2x @Observable",
                measured: Format.ratio(ratio), passed: ratio <= 2)
        }
        table.notes = [
            "Medians of \(harness.repetitions) runs. Ripple: one update appending through the generated accessor, with an",
            "  observer of the list, and the refresh it fires. The first append journals the old list (one copy);",
            "  the later ones find it journaled and edit the storage in place. @Observable: the same appends, with",
            "  one withObservationTracking of the list installed. Node runs include making the nodes.",
            "'observer of items.value': the observer reads each item's value, so it watches every node appended",
            "  (the refresh follows the list's change: one watch per new node).",
        ]
        table.print()
    }

    // MARK: Table 5

    private func measureOneAppendPerUpdate() throws {
        let updates = harness.scaled(10_000)
        var table = Table(
            "5. \(Format.count(updates)) updates, each appending one element to a list of N (N + \(Format.count(updates)) at the end)",
            headers: ["N at the start", "Ripple Ints µs/update", "Ripple nodes µs/update", "@Observable Ints µs/append"])
        for size in [1_000, 10_000, 50_000] where includes("one append per update") {
            func model(nodes: Bool) throws -> (Mediator<BenchRoot>, Registration) {
                let model = try watchedModel(nodes ? BenchRoot.scheme.items : BenchRoot.scheme.numbers)
                if nodes {
                    model.0.root._items = (0..<size).map { Item(value: $0, name: "") }
                } else {
                    model.0.root._numbers = Array(0..<size)
                }
                return model
            }
            let ints = try timeFresh(
                runs: 3, setUp: { try model(nodes: false) },
                work: { model in try CollectionLoops.appendPerUpdate(model.0, updates: updates, nodes: false) })
            let nodes = try timeFresh(
                runs: 3, setUp: { try model(nodes: true) },
                work: { model in try CollectionLoops.appendPerUpdate(model.0, updates: updates, nodes: true) })
            let observed = timeFresh(
                runs: 3,
                setUp: { () -> ObservedList in
                    let list = observedList(watching: true)
                    list.numbers = Array(0..<size)
                    return list
                },
                work: { list in CollectionLoops.appendObserved(list, count: updates, nodes: false) })
            let perUpdate = { (timing: Timing) in Format.microseconds(timing.median / Double(updates)) }
            table.append([Format.count(size), perUpdate(ints), perUpdate(nodes), perUpdate(observed)])
        }
        table.notes = [
            "Medians of 3 runs, each update with its refresh (an observer of the list fires). Each update journals",
            "  the list's old value at its first edit, so its append copies the list once: a memcpy for Ints, a",
            "  retain and later a release per element for nodes (about 15 ns each). The cost of such an update",
            "  grows linearly with the list, as for any rollback or undo built on value snapshots; the edits after",
            "  the first in the same update cost what they cost on a plain array (table 4).",
        ]
        table.print()
    }

    // MARK: Table 6

    private func measureNodeMemory() {
        guard includes("memory per node") else { return }
        let count = harness.scaled(100_000)
        var table = Table(
            "6. Memory per object, \(Format.count(count)) objects with an Int and a String field",
            headers: ["object", "bytes/object"])
        let rows: [(String, () -> Int)] = [
            ("plain class", { CollectionLoops.keep((0..<count).map { PlainItem(value: $0, name: "") }) }),
            ("Ripple node (with its Tracker)", { CollectionLoops.keep((0..<count).map { Item(value: $0, name: "") }) }),
            ("@Observable class", { CollectionLoops.keep((0..<count).map { ObservedItem(value: $0, name: "") }) }),
        ]
        for (name, make) in rows {
            guard let bytes = HeapUsage.growth(during: make) else { continue }
            table.append([name, Format.rate(Double(bytes) / Double(count))])
            CollectionLoops.kept.removeAll()
        }
        table.notes = [
            "Net heap growth while the objects are alive, divided by their number (malloc's rounding included).",
            "  A Ripple node is two objects: the model object and its Tracker, which holds its watchers and journal",
            "  marks; a node with more than one watch adds its watcher list.",
        ]
        table.print()
    }
}

/// The measured loops, out of line so that they compile as they would in an app.
@MainActor
enum CollectionLoops {
    /// Objects kept alive by the memory table.
    static var kept: [AnyObject] = []

    static func keep(_ objects: [AnyObject]) -> Int {
        kept.append(objects as AnyObject)
        return objects.count
    }

    @inline(never)
    static func appendTracked(_ mediator: Mediator<BenchRoot>, count: Int, nodes: Bool) throws -> Int {
        try mediator.update { root in
            if nodes {
                for index in 0..<count { root.items.append(Item(value: index, name: "")) }
            } else {
                for index in 0..<count { root.numbers.append(index) }
            }
        }
        return mediator.root._items.count + mediator.root._numbers.count
    }

    @inline(never)
    static func appendObserved(_ list: ObservedList, count: Int, nodes: Bool) -> Int {
        if nodes {
            for index in 0..<count { list.items.append(ObservedItem(value: index, name: "")) }
        } else {
            for index in 0..<count { list.numbers.append(index) }
        }
        return list.items.count + list.numbers.count
    }

    @inline(never)
    static func appendPerUpdate(_ mediator: Mediator<BenchRoot>, updates: Int, nodes: Bool) throws -> Int {
        for index in 0..<updates {
            try mediator.update { root in
                if nodes { root.items.append(Item(value: index, name: "")) } else { root.numbers.append(index) }
            }
        }
        return mediator.root._items.count + mediator.root._numbers.count
    }
}
