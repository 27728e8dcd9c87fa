import Observation
import Ripple
import RippleBenchObservable
import BenchReport

/// Table 7: Ripple's `observable` mode against `@Observable`, read for read and write for
/// write, outside and inside `withObservationTracking` (informational: no goal).
@MainActor
final class ObservableSuite {
    static let section = "observable"
    static let objectCount = 1_000

    private let harness: Harness
    private let tracked: [ObservableBenchItem]
    private let observed: [ObservedItem]
    private let mediator: Mediator<ObservableBenchRoot>
    /// The next value the write loops start from, so that every write is a change.
    private var nextValue = 1_000_000

    init(harness: Harness, goals: GoalBoard) {
        self.harness = harness
        tracked = (0..<Self.objectCount).map { ObservableBenchItem(value: $0, name: "item \($0)") }
        observed = (0..<Self.objectCount).map { ObservedItem(value: $0, name: "item \($0)") }
        mediator = Mediator(root: ObservableBenchRoot(items: tracked))
        mediator.contracts = .off
    }

    func run() throws {
        guard harness.options.includes(section: Self.section) else { return }
        var table = Table(
            "7. Observable mode (\"observable\": true) against @Observable, \(Format.count(Self.objectCount)) objects",
            headers: ["operation", "Ripple ns/op", "@Observable ns/op", "Ripple / @Observable"])
        let count = Self.objectCount
        let (tracked, observed, mediator) = (tracked, observed, mediator)
        func row(_ name: String, ripple: (Int) throws -> Int, observation: (Int) throws -> Int) rethrows {
            let rippleTiming = try harness.measure(operationsPerIteration: count, ripple)
            let observedTiming = try harness.measure(operationsPerIteration: count, observation)
            let ratio = rippleTiming.ratio(to: observedTiming)
            table.append([
                name, Format.nanoseconds(rippleTiming.median), Format.nanoseconds(observedTiming.median), Format.ratio(ratio),
            ])
        }
        row("read, outside tracking",
            ripple: { AccessLoops.readObservableMode(tracked, rounds: $0) },
            observation: { AccessLoops.readObserved(observed, rounds: $0) })
        row("read inside withObservationTracking",
            ripple: { rounds in
                withObservationTracking { AccessLoops.readObservableMode(tracked, rounds: rounds) } onChange: {}
            },
            observation: { rounds in
                withObservationTracking { AccessLoops.readObserved(observed, rounds: rounds) } onChange: {}
            })
        try row("write of an observed value (Ripple: in one update)",
            ripple: { rounds in
                let start = self.next(rounds)
                withObservationTracking { _ = AccessLoops.readObservableMode(tracked, rounds: 1) } onChange: {}
                return try ObservableLoops.writeInUpdate(mediator, rounds: rounds, start: start)
            },
            observation: { rounds in
                let start = self.next(rounds)
                withObservationTracking { _ = AccessLoops.readObserved(observed, rounds: 1) } onChange: {}
                return AccessLoops.writeObserved(observed, rounds: rounds, start: start)
            })
        table.notes = [
            "Ripple: the classes generated with \"observable\": true. A read reports to the node's Observation",
            "  registrar (made at its first Observation read) besides Ripple's own branch. Ripple's writes run in",
            "  one update per run, journaled; Observation hears of each changed member once, when the update's",
            "  changes are delivered. @Observable: every write calls willSet/didSet of its registrar.",
        ]
        table.print()
    }

    private func next(_ rounds: Int) -> Int {
        defer { nextValue &+= rounds }
        return nextValue
    }
}

/// The write loop of table 7, out of line like those of ``AccessLoops`` (its read loop is there).
@MainActor
enum ObservableLoops {
    @inline(never)
    static func writeInUpdate(_ mediator: Mediator<ObservableBenchRoot>, rounds: Int, start: Int) throws -> Int {
        let items = mediator.root.items
        try mediator.update { _ in
            for round in 0..<rounds {
                let value = start &+ round
                for item in items { item.value = value }
            }
        }
        return items.first?.value ?? 0
    }
}
