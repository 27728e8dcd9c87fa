/// A node as a replica holds it: its type and its members' merge states, by shape.
struct ReplicaNode: Equatable, Sendable {
    let type: String
    var registers = RegisterTable()
    var sequences: [String: SequenceState] = [:]
    var maps: [String: MapState] = [:]
    var sets: [String: SetState] = [:]

    /// Every member it has a state for, sorted.
    var memberNames: [String] {
        Set(registers.entries.map(\.member)).union(sequences.keys).union(maps.keys).union(sets.keys).sorted()
    }
}
