import Ripple
import BenchReport

/// Table 3 and the set-up costs: one update + refresh that changes one property, as the
/// model and the number of registrations grow.
@MainActor
final class RefreshSuite {
    static let section = "refresh"

    private let harness: Harness
    private let goals: GoalBoard

    init(harness: Harness, goals: GoalBoard) {
        self.harness = harness
        self.goals = goals
    }

    func run() throws {
        try measureUpdates()
        try measureSetUp()
    }

    // MARK: Table 3

    private func measureUpdates() throws {
        var table = Table(
            "3. One update + refresh changing one property that exactly one observer reads",
            headers: ["nodes", "registrations", "median µs", "min µs", "with history µs", "fired/update"])
        var results: [[Int]: Timing] = [:]
        for nodes in [1_000, 100_000] {
            for registrations in [1, 10_000] {
                let name = "\(Format.count(registrations)) registrations over \(Format.count(nodes)) nodes"
                guard harness.options.includes(section: Self.section, row: name) else { continue }
                let (timing, firings) = try measureUpdates(nodes: nodes, registrations: registrations, history: false)
                let (recorded, _) = try measureUpdates(nodes: nodes, registrations: registrations, history: true)
                results[[nodes, registrations]] = timing
                table.append([
                    Format.count(nodes), Format.count(registrations),
                    Format.microseconds(timing.median), Format.microseconds(timing.minimum),
                    Format.microseconds(recorded.median), Format.rate(firings),
                ])
            }
        }
        var notes = [
            "History off (mediator.history.isEnabled = false) in the median and min columns; 'with history' is the",
            "  default, where each update is also recorded as an undo step (table 9 measures that cost).",
            "Observers are anchored on distinct items (mediator.observe(_:on:reads:_:)), each reading its item's value;",
            "  with 10,000 over 1,000 items, each item also has 9 observers of its name. Each update changes the",
            "  value of a different observed item (cycling), so caches see a spread of nodes.",
        ]
        for registrations in [1, 10_000] {
            if let small = results[[1_000, registrations]], let large = results[[100_000, registrations]] {
                notes.append(
                    "100,000 nodes / 1,000 nodes with \(Format.count(registrations)) "
                        + (registrations == 1 ? "registration: " : "registrations: ") + Format.ratio(large.ratio(to: small)))
            }
        }
        table.notes = notes
        table.print()

        if let large = results[[100_000, 10_000]] {
            let microseconds = large.median / 1_000
            goals.check(
                "update+refresh, 10,000 registrations over 100,000 nodes, under 20 µs",
                measured: Format.microseconds(large.median) + " µs", passed: microseconds < 20)
            if let small = results[[1_000, 10_000]] {
                let ratio = large.ratio(to: small)
                goals.check(
                    "... at most 2x slower than over 1,000 nodes",
                    measured: Format.ratio(ratio), passed: ratio <= 2)
            }
        }
    }

    /// Times updates over a fresh fixture; returns the timing and the firings per update.
    private func measureUpdates(nodes: Int, registrations: Int, history: Bool) throws -> (Timing, Double) {
        let fixture = RefreshFixture(nodes: nodes, history: history)
        fixture.observe(count: registrations)
        fixture.mediator.refresh()
        fixture.firings = 0
        fixture.updates = 0
        let timing = try harness.measure { try fixture.runUpdates($0) }
        let firings = Double(fixture.firings) / Double(max(1, fixture.updates))
        fixture.cancelAll()
        return (timing, firings)
    }

    // MARK: Set-up costs

    private func measureSetUp() throws {
        guard harness.options.includes(section: Self.section, row: "setup") else { return }
        var table = Table(
            "Set-up costs over 100,000 nodes (informational, one run each)",
            headers: ["step", "total ms", "µs each"])
        /// A row; `count` is how many the step did (its total is left out for repeated updates).
        func add(_ name: String, count: Int?, _ timing: Timing) {
            let total = count.map { Format.milliseconds(timing.median * Double($0)) } ?? ""
            table.append([name, total, Format.microseconds(timing.median)])
        }

        var creations: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<5 {
            let root = BenchRoot(itemCount: 100_000)
            let start = clock.now
            let mediator = Mediator(root: root)
            creations.append(start.duration(to: clock.now).nanoseconds)
            withExtendedLifetime(mediator) {}
        }
        add("Mediator(root:) over 100,000 items (median of 5)", count: 1, Timing(samples: creations))

        let fixture = RefreshFixture(nodes: 100_000)
        let count = harness.scaled(10_000)
        add("register \(Format.count(count)) observers on distinct nodes", count: count, harness.measureOnce(operations: count) {
            fixture.observe(count: count)
            return fixture.registrations.count
        })
        add("first refresh: each fires once", count: count, harness.measureOnce(operations: count) {
            fixture.mediator.refresh()
            return fixture.firings
        })
        add("cancel them", count: count, harness.measureOnce(operations: count) {
            fixture.cancelAll()
            return fixture.registrations.count
        })

        var everything: Registration?
        add("register one .all observer over the whole model", count: 1, harness.measureOnce(operations: 1) {
            everything = fixture.mediator.observe("everything", reads: [BenchRoot.scheme.all]) { root in
                Blackhole.consume(root.revision)
            }
            return 1
        })
        add("its first refresh", count: 1, harness.measureOnce(operations: 1) {
            fixture.mediator.refresh()
            return everything?.fireCount ?? 0
        })
        let timing = try harness.measure { try fixture.runUpdates($0) }
        add("update + refresh changing one item, .all observer fires", count: nil, timing)
        add("cancel the .all observer", count: 1, harness.measureOnce(operations: 1) {
            everything?.cancel()
            everything = nil
            fixture.mediator.refresh()
            return 1
        })
        table.notes = [
            "'update + refresh' is the median of repeated updates; the other steps are timed once.",
            "Mediator(root:) walks the model once, counting its nodes (see the first edit, table 10b).",
        ]
        table.print()
    }
}
