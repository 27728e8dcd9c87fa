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
    library._shelves = (0..<count).map { Shelf(id: $0, title: "Shelf \($0)") }
    return library
}
