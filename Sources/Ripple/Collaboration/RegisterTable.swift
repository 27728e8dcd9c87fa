/// A node's registers, by member name. A node has a few, so they are an array sorted by name
/// rather than a dictionary: a dictionary costs a hash table per node (about 300 bytes for
/// three registers), the array one small allocation.
struct RegisterTable: Equatable, Sendable {
    struct Entry: Equatable, Sendable {
        let member: String
        var state: RegisterState
    }

    /// Every register, by ascending member name.
    private(set) var entries: [Entry] = []

    var count: Int { entries.count }

    init() {}

    /// A table of `entries`, by ascending member name, each member once.
    init(sorted entries: [Entry]) {
        self.entries = entries
    }

    subscript(member: String) -> RegisterState? {
        guard case .found(let index) = position(of: member) else { return nil }
        return entries[index].state
    }

    /// Writes `value` to member `member`'s register, made if it has none.
    mutating func write(_ value: ReplicaValue, id: OperationID, member: String) {
        switch position(of: member) {
        case .found(let index):
            entries[index].state.write(value, id: id)
        case .missing(let index):
            var state = RegisterState()
            state.write(value, id: id)
            insert(Entry(member: member, state: state), at: index)
        }
    }

    /// Sets member `member`'s register as a snapshot holds it.
    mutating func set(_ state: RegisterState, member: String) {
        switch position(of: member) {
        case .found(let index): entries[index].state = state
        case .missing(let index): insert(Entry(member: member, state: state), at: index)
        }
    }

    /// Grows by one entry at a time: a node's registers are written once each when it is made,
    /// and the doubling an array does would leave a quarter of its room unused.
    private mutating func insert(_ entry: Entry, at index: Int) {
        if entries.count == entries.capacity { entries.reserveCapacity(entries.count + 1) }
        entries.insert(entry, at: index)
    }

    private enum Position {
        case found(Int)
        case missing(Int)
    }

    /// Where `member` is, or where it would go (a linear scan: a class has few members).
    private func position(of member: String) -> Position {
        for (index, entry) in entries.enumerated() {
            if entry.member == member { return .found(index) }
            if member < entry.member { return .missing(index) }
        }
        return .missing(entries.count)
    }
}
