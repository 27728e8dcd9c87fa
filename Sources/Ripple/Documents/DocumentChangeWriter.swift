internal import RippleJSON

/// Describes one member's change for a ``Patch``: what the generated `_rippleSaveChange`
/// calls, with the member's current value and the value it had before the update. Each shape
/// has its own method, so that the change is as small as it can be: a run of an array, the keys
/// of a dictionary that changed, the elements a set gained and lost.
@_spi(RippleGenerated)
public struct DocumentChangeWriter {
    let node: UInt64
    let member: String
    let identities: DocumentIdentities
    var operations: [Patch.Operation] = []

    private func json(_ value: some Encodable) throws -> PatchValue {
        var bytes: [UInt8] = []
        try DocumentJSON.encode(value, into: &bytes)
        return PatchValue(bytes)
    }

    // Values.

    public mutating func value<Value: Encodable>(_ current: Value, old: Any) throws {
        operations.append(.set(node: node, member: member, value: try json(current)))
    }

    public mutating func value<Element: Codable & Equatable>(_ current: [Element], old: Any) throws {
        guard let old = old as? [Element], let edit = ArrayEdit(from: current, revertingTo: old, by: _rippleSameness(of: Element.self))
        else {
            return operations.append(.set(node: node, member: member, value: try json(current)))
        }
        operations.append(
            .splice(node: node, member: member, at: edit.start, removing: edit.removed.count, inserting: try json(edit.inserted)))
    }

    public mutating func value<Element: Codable & Equatable>(_ current: [Element]?, old: Any) throws {
        guard let current, let old = (old as? [Element]?) ?? nil else {
            return operations.append(.set(node: node, member: member, value: try json(current)))
        }
        try value(current, old: old)
    }

    public mutating func value<Key: Codable & Hashable, Value: Codable & Equatable>(_ current: [Key: Value], old: Any) throws {
        guard let old = old as? [Key: Value] else {
            return operations.append(.set(node: node, member: member, value: try json(current)))
        }
        var changed: [Key: Value] = [:]
        let isSame = _rippleSameness(of: Value.self)
        let respelled = Self.respelledKeys(of: current, old: old)
        for (key, value) in current where respelled.contains(key) || !(old[key].map { isSame($0, value) } ?? false) {
            changed[key] = value
        }
        let removed = old.keys.filter { current[$0] == nil || respelled.contains($0) }
        operations.append(.setKeys(node: node, member: member, values: try json(changed), removing: try json(removed)))
    }

    public mutating func value<Element: Codable & Hashable>(_ current: Set<Element>, old: Any) throws {
        guard let old = old as? Set<Element> else {
            return operations.append(.set(node: node, member: member, value: try json(current)))
        }
        // By bits for floating-point elements: -0.0 in place of 0.0 is removed, then inserted.
        let isSame = _rippleSameness(of: Element.self)
        operations.append(
            .setElements(
                node: node, member: member, inserting: try json(_rippleElements(of: current, notIn: old, by: isSame)),
                removing: try json(_rippleElements(of: old, notIn: current, by: isSame))))
    }

    // Nodes, by their numbers in the document (a node that entered it is in the patch).

    public mutating func node(_ current: (some DocumentNode)?, old: Any) throws {
        operations.append(.set(node: node, member: member, value: try json(current.map(reference))))
    }

    public mutating func nodes<Node: DocumentNode>(_ current: [Node], old: Any) throws {
        let oldNodes = OldNodes(old, current: current)
        if let runs = oldNodes?.separateRuns() {
            // A node moved far along the array: its removal and its insertion, in turn, rather
            // than every node between (a reader applies a patch's operations in order).
            for run in runs {
                operations.append(
                    .splice(
                        node: node, member: member, at: run.start, removing: run.removed.count,
                        inserting: try json(run.inserted.map(reference))))
            }
            return
        }
        let edit = oldNodes.flatMap { ArrayEdit(from: current, revertingTo: $0) }
        guard let edit else {
            return operations.append(.set(node: node, member: member, value: try json(current.map(reference))))
        }
        operations.append(
            .splice(
                node: node, member: member, at: edit.start, removing: edit.removed.count,
                inserting: try json(edit.inserted.map(reference))))
    }

    public mutating func nodes<Node: DocumentNode>(_ current: [Node]?, old: Any) throws {
        let old = (old as? [Node]?) ?? nil
        if let current, let old {
            return try nodes(current, old: old)
        }
        operations.append(.set(node: node, member: member, value: try json(current?.map(reference))))
    }

    public mutating func nodes<Node: DocumentNode & Hashable>(_ current: Set<Node>?, old recorded: Any) throws {
        var old = (recorded as? Set<Node>?) ?? nil
        if let current {
            switch OldKeyedNodes<NodeSetSplice<Node>, Set<Node>>(recorded, current: current) {
            case .splice(let splice):
                let change = splice.placeChange(current)
                let element = try json([reference(splice.element)])
                return operations.append(
                    .setElements(
                        node: node, member: member, inserting: change > 0 ? element : try json([UInt64]()),
                        removing: change < 0 ? element : try json([UInt64]())))
            // A splice made whole (a later edit of the set in the update): its elements alone,
            // never the whole set, which would take every node out and put it back.
            case .whole(let whole): old = whole
            case .other: break
            }
        }
        let inserted = current.map { old.map($0.subtracting) ?? $0 } ?? []
        let removed = old.map { current.map($0.subtracting) ?? $0 } ?? []
        guard current != nil, old != nil else {
            return operations.append(.set(node: node, member: member, value: try json(current.map { $0.map(reference).sorted() })))
        }
        operations.append(
            .setElements(
                node: node, member: member, inserting: try json(inserted.map(reference).sorted()),
                removing: try json(removed.map(reference).sorted())))
    }

    public mutating func nodes<Key: Codable & Hashable, Node: DocumentNode>(_ current: [Key: Node]?, old recorded: Any) throws {
        var old = (recorded as? [Key: Node]?) ?? nil
        if let current {
            switch OldKeyedNodes<NodeDictionarySplice<Key, Node>, [Key: Node]>(recorded, current: current) {
            case .splice(let splice):
                // One key put or removed in place: its spelling is the one the dictionary holds.
                let now = splice.newNode(in: current)
                let key = current.index(forKey: splice.key).map { current[$0].key } ?? splice.key
                let changed: [Key: UInt64] = now.map { splice.oldNode === $0 ? [:] : [key: reference($0)] } ?? [:]
                let removed = now == nil && splice.oldNode != nil ? [splice.key] : []
                return operations.append(.setKeys(node: node, member: member, values: try json(changed), removing: try json(removed)))
            // A splice made whole (a later edit of the dictionary in the update, as a key
            // changed: removed, then put): the keys that changed, never the whole dictionary,
            // which would take every node out and put it back (a concurrent move of one of them
            // would then leave it in two places).
            case .whole(let whole): old = whole
            case .other: break
            }
        }
        guard let current, let old else {
            return operations.append(.set(node: node, member: member, value: try json(current?.mapValues(reference))))
        }
        var changed: [Key: UInt64] = [:]
        let respelled = Self.respelledKeys(of: current, old: old)
        for (key, node) in current where old[key] !== node || respelled.contains(key) { changed[key] = reference(node) }
        let removed = old.keys.filter { current[$0] == nil || respelled.contains($0) }
        operations.append(.setKeys(node: node, member: member, values: try json(changed), removing: try json(removed)))
    }

    /// The keys of `current` that `old` holds spelled with other bits (text that `==` calls
    /// equal): removed and set again, so that a reader's dictionary takes the new spelling.
    private static func respelledKeys<Key: Hashable, Value>(of current: [Key: Value], old: [Key: Value]) -> Set<Key> {
        guard Key.self is any _RippleBitwiseEquatable.Type else { return [] }  // one spelling each (`Int`)
        let isSameKey = _rippleSameness(of: Key.self)
        var respelled: Set<Key> = []
        for key in current.keys {
            if let index = old.index(forKey: key), !isSameKey(old[index].key, key) { respelled.insert(key) }
        }
        return respelled
    }

    /// The number of `node` in the document.
    private func reference(_ node: some DocumentNode) -> UInt64 {
        identities.id(of: node)
    }
}
