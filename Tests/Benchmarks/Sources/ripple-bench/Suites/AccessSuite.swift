import Observation
import Ripple
import BenchReport

/// Tables 1 and 2, and the allocation check: the cost of one read or write of a tracked
/// property, against a plain stored property and an `@Observable` property.
@MainActor
final class AccessSuite {
    static let section = "access"
    static let objectCount = 1_000

    private let harness: Harness
    private let goals: GoalBoard
    private let plain: [PlainItem]
    private let tracked: [Item]
    /// Items of no model: no mediator's, so their writes are plain stores.
    private let loose: [Item]
    private let observed: [ObservedItem]
    private let plainGauges: [PlainGauge]
    private let gauges: [Gauge]
    private let mediator: Mediator<BenchRoot>
    /// The next value the write loops start from, so that every write is a change.
    private var nextValue = 1_000_000
    /// Table 1's results, for the ratios of table 2 and the goals.
    private var outside: [Access: Timing] = [:]

    /// The variants of table 1.
    private enum Access: Hashable {
        case plainRead, trackedRead, observedRead, plainWrite, trackedWrite, looseWrite, firstWrite, observedWrite
        case plainDoubleWrite, trackedDoubleWrite

        /// The plain stored property doing the same operation.
        var baseline: Access {
            switch self {
            case .plainRead, .trackedRead, .observedRead: .plainRead
            case .plainWrite, .trackedWrite, .looseWrite, .firstWrite, .observedWrite: .plainWrite
            case .plainDoubleWrite, .trackedDoubleWrite: .plainDoubleWrite
            }
        }
    }

    init(harness: Harness, goals: GoalBoard) {
        self.harness = harness
        self.goals = goals
        let count = Self.objectCount
        plain = (0..<count).map { PlainItem(value: $0, name: "item \($0)") }
        tracked = (0..<count).map { Item(value: $0, name: "item \($0)") }
        loose = (0..<count).map { Item(value: $0, name: "item \($0)") }
        observed = (0..<count).map { ObservedItem(value: $0, name: "item \($0)") }
        plainGauges = (0..<count).map { PlainGauge(level: Double($0)) }
        gauges = (0..<count).map { Gauge(level: Double($0)) }
        mediator = Mediator(root: BenchRoot(items: tracked, gauges: gauges))
        // The release default, also in debug builds: observer bodies below read more than they declare.
        mediator.contracts = .off
        // Reads and writes, not the undo steps of the updates around them: table 9 measures history.
        mediator.history.isEnabled = false
    }

    func run() throws {
        measureOutsideNotifications()
        try measureInsideNotifications()
        try checkAllocations()
    }

    private func includes(_ row: String) -> Bool {
        harness.options.includes(section: Self.section, row: row)
    }

    // MARK: Table 1

    private func measureOutsideNotifications() {
        var table = Table(
            "1. One read or write, outside any notification (\(Format.count(Self.objectCount)) objects, one property each)",
            headers: ["variant", "median ns/op", "min ns/op", "vs plain"])
        let count = Self.objectCount
        let (plain, tracked, loose, observed, mediator) = (plain, tracked, loose, observed, mediator)
        let (plainGauges, gauges) = (plainGauges, gauges)
        let rows: [(Access, String, (Int) -> Int)] = [
            (.plainRead, "read: plain stored property", { AccessLoops.readPlain(plain, rounds: $0) }),
            (.trackedRead, "read: Ripple tracked property", { AccessLoops.readTracked(tracked, rounds: $0) }),
            (.observedRead, "read: @Observable property", { AccessLoops.readObserved(observed, rounds: $0) }),
            (.plainWrite, "write: plain stored property", { rounds in
                self.write(rounds) { AccessLoops.writePlain(plain, rounds: $0, start: $1) }
            }),
            (.trackedWrite, "write: Ripple tracked property", { rounds in
                self.write(rounds) { AccessLoops.writeTracked(tracked, rounds: $0, start: $1) }
            }),
            (.looseWrite, "write: Ripple tracked property of no model", { rounds in
                self.write(rounds) { AccessLoops.writeTracked(loose, rounds: $0, start: $1) }
            }),
            (.firstWrite, "write: Ripple tracked property, first since the last update", { rounds in
                self.write(rounds) { rounds, start in
                    var last = 0
                    for round in 0..<rounds {
                        last = AccessLoops.writeTracked(tracked, rounds: 1, start: start &+ round)
                        mediator.refresh()
                    }
                    return last
                }
            }),
            (.observedWrite, "write: @Observable property", { rounds in
                self.write(rounds) { AccessLoops.writeObserved(observed, rounds: $0, start: $1) }
            }),
            (.plainDoubleWrite, "write: plain Double property", { rounds in
                self.write(rounds) { AccessLoops.writePlainDouble(plainGauges, rounds: $0, start: $1) }
            }),
            (.trackedDoubleWrite, "write: Ripple tracked Double property (compared by bits)", { rounds in
                self.write(rounds) { AccessLoops.writeTrackedDouble(gauges, rounds: $0, start: $1) }
            }),
        ]
        for (access, name, work) in rows where includes(name) {
            let timing = harness.measure(operationsPerIteration: count, work)
            outside[access] = timing
            table.append([
                name, Format.nanoseconds(timing.median), Format.nanoseconds(timing.minimum),
                outside[access.baseline].map { Format.ratio(timing.ratio(to: $0)) } ?? "",
            ])
        }
        table.notes = [
            "Each operation touches a different object; the loops are identical apart from the type.",
            "Tracked: the model is under a mediator, outside any update, and nothing watches these items. A write",
            "  outside updates to a node of a mediator's model joins the pending implicit update, committed at the",
            "  end of the main actor's turn or before the next update: the first write of each member since the",
            "  last update is noted (its old value kept), the later ones are plain stores. 'First since the last",
            "  update': every write is the first, a refresh after each round of 1,000 commits them as an implicit",
            "  update (validated, journaled, delivered; its cost included). 'Of no model': items no mediator holds.",
            "A write stores a new value each time, so no setter can skip it as an equal write.",
        ]
        table.print()

        if let plainRead = outside[.plainRead], let trackedRead = outside[.trackedRead] {
            let ratio = trackedRead.ratio(to: plainRead)
            goals.check("tracked read within 2x of plain read", measured: Format.ratio(ratio) + " plain", passed: ratio <= 2)
        }
        if let trackedRead = outside[.trackedRead], let observedRead = outside[.observedRead] {
            let ratio = observedRead.ratio(to: trackedRead)
            goals.check(
                "tracked read at least 10x cheaper than @Observable read",
                measured: Format.ratio(ratio) + " cheaper", passed: ratio >= 10)
        }
    }

    /// Runs a write loop from the next unused value, so that every write is a change.
    private func write(_ rounds: Int, _ loop: (_ rounds: Int, _ start: Int) throws -> Int) rethrows -> Int {
        let start = nextValue
        nextValue &+= rounds
        return try loop(rounds, start)
    }

    // MARK: Table 2

    private func measureInsideNotifications() throws {
        var table = Table(
            "2. One read or write inside a notification",
            headers: ["variant", "median ns/op", "min ns/op", "vs outside", "vs plain"])
        let count = Self.objectCount
        func add(_ name: String, _ timing: Timing, outside kind: Access, plain: Access) {
            table.append([
                name, Format.nanoseconds(timing.median), Format.nanoseconds(timing.minimum),
                outside[kind].map { Format.ratio(timing.ratio(to: $0)) } ?? "",
                outside[plain].map { Format.ratio(timing.ratio(to: $0)) } ?? "",
            ])
        }

        var name = "read: inside a Ripple observer body"
        if includes(name) {
            add(name, try readInsideObserver(checked: false), outside: .trackedRead, plain: .plainRead)
        }
        name = "read: inside a Ripple observer body, contracts on"
        if includes(name) {
            add(name, try readInsideObserver(checked: true), outside: .trackedRead, plain: .plainRead)
        }
        name = "read: @Observable inside withObservationTracking"
        if includes(name) {
            let observed = observed
            let timing = harness.measure(operationsPerIteration: count) { rounds in
                let sum = withObservationTracking {
                    AccessLoops.readObserved(observed, rounds: rounds)
                } onChange: {}
                // Fire the tracking once, so that its observations do not pile up run after run.
                observed[0].value &+= 1
                return sum
            }
            add(name, timing, outside: .observedRead, plain: .plainRead)
        }
        name = "write: inside a Ripple update"
        if includes(name) {
            let (tracked, mediator) = (tracked, mediator)
            let timing = try harness.measure(operationsPerIteration: count) { rounds in
                try write(rounds) { rounds, start in
                    var last = 0
                    try mediator.update { _ in last = AccessLoops.writeTracked(tracked, rounds: rounds, start: start) }
                    return last
                }
            }
            add(name, timing, outside: .trackedWrite, plain: .plainWrite)
        }
        // One write as SwiftUI's binding makes it, committed as an implicit update, against the
        // same write in an update of its own: what a keystroke costs beyond the store.
        name = "write: one implicit update (a write outside updates, then its commit)"
        if includes(name) {
            let (tracked, mediator) = (tracked, mediator)
            let timing = harness.measure { rounds in
                write(rounds) { rounds, start in
                    for round in 0..<rounds {
                        tracked[round % count].value = start &+ round
                        mediator.commitImplicitUpdate()
                    }
                    return tracked[0].value
                }
            }
            add(name, timing, outside: .trackedWrite, plain: .plainWrite)
        }
        name = "write: the same write in an update of its own"
        if includes(name) {
            let (tracked, mediator) = (tracked, mediator)
            let timing = try harness.measure { rounds in
                try write(rounds) { rounds, start in
                    for round in 0..<rounds {
                        try mediator.update { _ in tracked[round % count].value = start &+ round }
                    }
                    return tracked[0].value
                }
            }
            add(name, timing, outside: .trackedWrite, plain: .plainWrite)
        }
        name = "write: @Observable inside withObservationTracking"
        if includes(name) {
            let observed = observed
            let timing = harness.measure(operationsPerIteration: count) { rounds in
                write(rounds) { rounds, start in
                    withObservationTracking {
                        AccessLoops.writeObserved(observed, rounds: rounds, start: start)
                    } onChange: {}
                }
            }
            add(name, timing, outside: .observedWrite, plain: .plainWrite)
        }
        table.notes = [
            "Ripple: the observer fires once per run (an update bumps the root's revision) and its body runs the",
            "  read loop; the update + refresh around it is amortised over the run. Contracts on: policy .record,",
            "  the observer declares items.value, so every read is checked and permitted.",
            "Ripple write: inside an update every write takes the journaling path; an object's first write in the",
            "  update is journaled, the later ones find it journaled already.",
            "Implicit update: one write outside updates (as a SwiftUI binding makes it) and commitImplicitUpdate(),",
            "  which the main actor's turn ends with; 'in an update of its own': the same write in update { }. Both",
            "  per write, history off (table 9 measures it).",
            "Observation: one withObservationTracking per run around the whole loop; the observations it installs",
            "  (one per object read) are amortised over the run.",
        ]
        table.print()
    }

    /// Times reads made by an observer body, with or without contract checks.
    private func readInsideObserver(checked: Bool) throws -> Timing {
        let (tracked, mediator) = (tracked, mediator)
        let probe = ObserverProbe()
        mediator.contracts = checked ? Contracts(.record) : .off
        mediator.violations.removeAll()
        defer { mediator.contracts = .off }
        let reads: [any ModelPathConvertible<BenchRoot>] = checked
            ? [BenchRoot.scheme.revision, BenchRoot.scheme.items.value]
            : [BenchRoot.scheme.revision]
        let observer = mediator.observe("reader", reads: reads) { _ in
            probe.result = AccessLoops.readTracked(tracked, rounds: probe.rounds)
        }
        defer { observer.cancel() }
        mediator.refresh()
        let timing = try harness.measure(operationsPerIteration: Self.objectCount) { rounds in
            probe.rounds = rounds
            try mediator.update { root in root.revision &+= 1 }
            return probe.result
        }
        precondition(mediator.violations.isEmpty, "unexpected contract violations: \(mediator.violations)")
        return timing
    }

    // MARK: Allocations

    private func checkAllocations() throws {
        var table = Table(
            "Heap growth during 1,000,000 operations (after one warm-up run)",
            headers: ["operations", "bytes", "bytes/op"])
        let (plain, tracked, observed, gauges, mediator) = (plain, tracked, observed, gauges, mediator)
        let rounds = 1_000_000 / Self.objectCount
        var goalBytes: [Int] = []
        var unavailable = false
        /// A row; `isGoal` when the claim "no allocation on a tracked read or write" covers it.
        func add(_ name: String, isGoal: Bool, _ work: () throws -> Int) rethrows {
            guard includes("allocations") || includes(name) else { return }
            guard let bytes = try HeapUsage.growth(during: work) else {
                unavailable = true
                return
            }
            if isGoal { goalBytes.append(bytes) }
            table.append([name, Format.count(bytes), Format.rate(Double(bytes) / 1e6)])
        }

        add("plain reads", isGoal: false) { AccessLoops.readPlain(plain, rounds: rounds) }
        add("tracked reads", isGoal: true) { AccessLoops.readTracked(tracked, rounds: rounds) }
        add("tracked writes", isGoal: true) {
            write(rounds) { AccessLoops.writeTracked(tracked, rounds: $0, start: $1) }
        }
        add("tracked Double writes", isGoal: true) {
            write(rounds) { AccessLoops.writeTrackedDouble(gauges, rounds: $0, start: $1) }
        }
        let loose = loose
        add("tracked writes of no model", isGoal: true) {
            write(rounds) { AccessLoops.writeTracked(loose, rounds: $0, start: $1) }
        }
        // The tracked writes above were made outside updates: the next refresh takes them in (once).
        mediator.refresh()
        let probe = ObserverProbe()
        probe.rounds = rounds
        let observer = mediator.observe("reader", reads: [BenchRoot.scheme.revision]) { _ in
            probe.result = AccessLoops.readTracked(tracked, rounds: probe.rounds)
        }
        mediator.refresh()
        try add("tracked reads inside an observer body", isGoal: true) {
            try mediator.update { root in root.revision &+= 1 }
            return probe.result
        }
        observer.cancel()
        try add("tracked writes inside an update (journaled)", isGoal: false) {
            try write(rounds) { rounds, start in
                var last = 0
                try mediator.update { _ in last = AccessLoops.writeTracked(tracked, rounds: rounds, start: start) }
                return last
            }
        }
        add("@Observable reads", isGoal: false) { AccessLoops.readObserved(observed, rounds: rounds) }
        add("@Observable writes", isGoal: false) {
            write(rounds) { AccessLoops.writeObserved(observed, rounds: $0, start: $1) }
        }

        table.notes = [
            "Net growth of the C heap (glibc mallinfo2, Darwin malloc_zone_statistics); every Swift allocation lands",
            "  there. An allocation freed within the same operation would not show here, but would cost a malloc/free",
            "  pair (tens of ns) per operation in tables 1 and 2.",
            "The goal covers reads and writes outside updates and reads in observer bodies. Inside an update the",
            "  journal records each object's first write; it keeps its capacity between updates, so once warm it",
            "  does not grow.",
        ]
        table.print()

        if unavailable {
            goals.skip("no allocation on a tracked read or write", reason: "heap statistics unavailable")
        } else if let worst = goalBytes.max() {
            goals.check(
                "no allocation on a tracked read or write",
                measured: "\(Format.count(worst)) bytes", passed: worst == 0)
        }
    }
}

/// What an observer body hands back to the measuring code.
@MainActor
private final class ObserverProbe {
    var rounds = 0
    var result = 0
}
