import Ripple

/// Records what registrations did, so tests compare whole event sequences.
@MainActor
final class EventLog {
    private(set) var events: [String] = []

    func append(_ event: String) { events.append(event) }

    /// Returns the events so far and starts a new sequence.
    func take() -> [String] {
        defer { events.removeAll() }
        return events
    }
}

@MainActor
func makeLibrary(shelves count: Int = 3) -> Library {
    let library = Library()
    library.shelves = (0..<count).map { Shelf(id: $0, title: "Shelf \($0)") }
    return library
}

/// A library whose chart has two slices, A (60 percent) and B (40).
@MainActor
func makeChart() throws -> (Mediator<Library>, [Slice]) {
    let mediator = Mediator(root: makeLibrary())
    let slices = [Slice("A", 60), Slice("B", 40)]
    try mediator.update { $0.chart.slices = slices }
    return (mediator, slices)
}

/// Records the step "Rebalance" (A 70, B 30), then, without recording, sets A to 40 and adds
/// a slice C of 30: undoing the step keeps A's newer 40 and puts B back to 40, 110 percent.
@MainActor
func recordRebalanceThatCannotBeUndone(_ mediator: Mediator<Library>, _ slices: [Slice]) throws {
    try mediator.update(undoName: "Rebalance") { _ in
        slices[0].percent = 70
        slices[1].percent = 30
    }
    try mediator.history.withoutRecording {
        try mediator.update { library in
            slices[0].percent = 40
            library.chart.slices.append(Slice("C", 30))
        }
    }
}

/// SplitMix64: the same seed gives the same run on every platform.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
