/// A dictionary: per key a multi-value register. Visible: the greatest entry not removed and
/// not a hidden move destination; a set or a removal removes only the entries it saw, so a
/// concurrent set beats a delete.
///
/// Keys are grouped as Swift compares them (a precomposed "é" and "e" with a combining accent
/// are one key), and each entry keeps the key as its set spelled it, so that the key shows as
/// the winning set spelled it, on every replica alike.
struct MapState: Equatable, Sendable {
    struct Entry: Equatable, Sendable {
        let id: OperationID
        let value: ReplicaValue
        /// The key as this entry's set spelled it.
        let key: String
        var removals: [Removal] = []
    }

    var presence = Presence()
    private(set) var entries: [String: [Entry]] = [:]
    /// The key of each entry whose value is a node: a place of a node in the dictionary is
    /// named by its entry alone, and finding it by a walk of every key made an update that
    /// puts n nodes into a dictionary cost n times the dictionary.
    private var keysOfNodeEntries: [OperationID: String] = [:]

    func contains(_ id: OperationID, key: String) -> Bool { entries[key]?.contains { $0.id == id } ?? false }

    /// Entry `id`, whose value is a node.
    func nodeEntry(_ id: OperationID) -> Entry? {
        keysOfNodeEntries[id].flatMap { key in entries[key]?.first { $0.id == id } }
    }

    mutating func put(_ value: ReplicaValue, key: String, id: OperationID) {
        entries[key, default: []].append(Entry(id: id, value: value, key: key))
        if case .node = value { keysOfNodeEntries[id] = key }
    }

    /// Whether entry `id` of `key` is new and every removal names an entry of the key.
    func accepts(_ id: OperationID, key: String, removing removals: [Removal]) -> Bool {
        guard let current = entries[key] else { return removals.isEmpty }
        return !current.contains { $0.id == id } && removals.allSatisfy { removal in current.contains { $0.id == removal.target } }
    }

    /// Puts `value` as entry `id` of `key` with the removals of the entries it saw (which it
    /// ``accepts(_:key:removing:)``).
    mutating func put(_ value: ReplicaValue, key: String, id: OperationID, removing removals: [Removal]) {
        _ = remove(removals, key: key)
        put(value, key: key, id: id)
    }

    /// Applies removals to a key's entries; false if one names no entry of the key.
    mutating func remove(_ removals: [Removal], key: String) -> Bool {
        for removal in removals {
            guard let index = entries[key]?.firstIndex(where: { $0.id == removal.target }) else { return false }
            entries[key]![index].removals.append(removal)
        }
        return true
    }

    /// The entries of a key a new set or removal sees: those not removed.
    func seen(key: String, moves: MoveStatus) -> [OperationID] {
        (entries[key] ?? []).filter { !moves.removes($0.removals) }.map(\.id)
    }

    func visible(holder: NodeID, member: String, moves: MoveStatus) -> [ReplicaEntry] {
        entries.keys.sorted().compactMap { key in
            let live = entries[key]!.filter {
                !moves.removes($0.removals)
                    && !moves.hiddenDestinations.contains(Placement(holder: holder, member: member, id: $0.id))
            }
            return live.max { $0.id < $1.id }.map { ReplicaEntry(key: $0.key, value: $0.value) }
        }
    }

    /// The entries grouped by key as spelled, in an order of the bytes alone (for writing).
    func spellings() -> [(key: String, entries: [Entry])] {
        Dictionary(grouping: entries.values.joined()) { SpelledKey($0.key) }
            .map { ($0.key.text, $0.value) }
            .sorted { SpelledKey($0.key) < SpelledKey($1.key) }
    }
}
