/// A set (observed-remove): an insert adds a tag, a removal removes the tags it saw, an element
/// is visible while one of its tags is neither removed nor a hidden move destination.
///
/// Elements are grouped as Swift compares them, and each tag keeps the element as its insert
/// spelled it: a visible element shows as its latest live tag spelled it (see ``MapState``).
struct SetState: Equatable, Sendable {
    struct Tag: Equatable, Sendable {
        let id: OperationID
        /// The element as this tag's insert spelled it.
        let element: ReplicaValue
        var removals: [Removal] = []
    }

    var presence = Presence()
    private(set) var tags: [ReplicaValue: [Tag]] = [:]

    /// The element of each tag whose element is a node, as ``MapState`` keeps its entries'
    /// keys.
    private var elementsOfNodeTags: [OperationID: ReplicaValue] = [:]

    func contains(_ id: OperationID, element: ReplicaValue) -> Bool { tags[element]?.contains { $0.id == id } ?? false }

    /// Tag `id`, whose element is a node.
    func nodeTag(_ id: OperationID) -> Tag? {
        elementsOfNodeTags[id].flatMap { element in tags[element]?.first { $0.id == id } }
    }

    mutating func add(_ element: ReplicaValue, id: OperationID) {
        tags[element, default: []].append(Tag(id: id, element: element))
        if case .node = element { elementsOfNodeTags[id] = element }
    }

    /// Applies removals to an element's tags; false if one names no tag of the element.
    mutating func remove(_ removals: [Removal], element: ReplicaValue) -> Bool {
        for removal in removals {
            guard let index = tags[element]?.firstIndex(where: { $0.id == removal.target }) else { return false }
            tags[element]![index].removals.append(removal)
        }
        return true
    }

    /// The tags of an element a removal sees: those not removed.
    func seen(_ element: ReplicaValue, moves: MoveStatus) -> [OperationID] {
        (tags[element] ?? []).filter { !moves.removes($0.removals) }.map(\.id)
    }

    func visible(holder: NodeID, member: String, moves: MoveStatus) -> [ReplicaValue] {
        tags.values.compactMap { tags in
            tags.filter {
                !moves.removes($0.removals)
                    && !moves.hiddenDestinations.contains(Placement(holder: holder, member: member, id: $0.id))
            }
            .max { $0.id < $1.id }?.element
        }
        .sorted(by: ReplicaValue.precedes)
    }

    /// The tags grouped by element as spelled, in an order of the bytes alone (for writing).
    func spellings() -> [(element: ReplicaValue, tags: [Tag])] {
        Dictionary(grouping: tags.values.joined()) { SpelledValue($0.element) }
            .map { ($0.key.value, $0.value) }
            .sorted { SpelledValue($0.element) < SpelledValue($1.element) }
    }
}
