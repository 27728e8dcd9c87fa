@testable import Ripple

/// A plain reference model of a replica's visible state: nodes, members, contents. Local
/// operations and those a merge returns are applied to it; it must always equal what the
/// engine shows.
struct VisibleDocument: Equatable, CustomStringConvertible {
    enum Content: Equatable {
        case value(ReplicaValue)
        case elements([ReplicaValue])
        case entries([String: ReplicaValue])
        case members(Set<ReplicaValue>)
        case absent

        init(_ content: ReplicaContent) {
            switch content {
            case .value(let value): self = .value(value)
            case .elements(let values): self = .elements(values)
            case .entries(let entries):
                self = .entries(Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) }))
            case .members(let values): self = .members(Set(values))
            case .absent: self = .absent
            }
        }
    }

    struct Node: Equatable {
        var type: String
        var members: [String: Content]
    }

    var nodes: [NodeID: Node] = [:]

    /// The engine's visible state as a reference model.
    init(_ engine: ReplicaEngine) {
        for (id, node) in engine.visibleNodes() {
            nodes[id] = Node(
                type: node.type,
                members: Dictionary(uniqueKeysWithValues: node.members.map { ($0.name, Content($0.content)) }))
        }
    }

    init() {}

    var description: String {
        nodes.keys.sorted().map { "\($0): \(nodes[$0]!.members.sorted { $0.key < $1.key })" }.joined(separator: "\n")
    }

    mutating func apply(_ operations: [ReplicaOperation]) {
        for operation in operations { apply(operation) }
    }

    mutating func apply(_ operation: ReplicaOperation) {
        switch operation {
        case .make(let node, let type, let members):
            nodes[node] = Node(
                type: type, members: Dictionary(uniqueKeysWithValues: members.map { ($0.name, Content($0.content)) }))
        case .set(let node, let member, let content):
            nodes[node]!.members[member] = Content(content)
        case .splice(let node, let member, let at, let removing, let inserting):
            guard case .elements(var values) = nodes[node]!.members[member] else { fatalError("splice of \(member)") }
            values.replaceSubrange(at..<(at + removing), with: inserting)
            nodes[node]!.members[member] = .elements(values)
        case .setKeys(let node, let member, let setting, let removing):
            guard case .entries(var entries) = nodes[node]!.members[member] else { fatalError("keys of \(member)") }
            for case .json(let key) in removing { entries[key] = nil }
            for entry in setting { entries[entry.key] = entry.value }
            nodes[node]!.members[member] = .entries(entries)
        case .setElements(let node, let member, let inserting, let removing):
            guard case .members(var elements) = nodes[node]!.members[member] else { fatalError("set \(member)") }
            elements.subtract(removing)
            elements.formUnion(inserting)
            nodes[node]!.members[member] = .members(elements)
        }
    }

    /// The node values of a sequence member.
    func elements(_ node: NodeID, _ member: String) -> [ReplicaValue] {
        if case .elements(let values) = nodes[node]?.members[member] { values } else { [] }
    }

    /// Where a board holds another: an index of its items, a key of its pinned dictionary, or
    /// its child register.
    enum Place: Equatable {
        case item(Int)
        case pinned(String)
        case child
    }

    /// The boards a board holds: items, then pinned ones by key, then its child.
    func children(of node: NodeID) -> [(place: Place, child: NodeID)] {
        var children = elements(node, "items").enumerated().compactMap { index, value in
            value.node.map { (Place.item(index), $0) }
        }
        if case .entries(let pinned) = nodes[node]?.members["pinned"] {
            children += pinned.keys.sorted().compactMap { key in pinned[key]!.node.map { (Place.pinned(key), $0) } }
        }
        if case .value(.node(let child)) = nodes[node]?.members["child"] { children.append((.child, child)) }
        return children
    }

    /// The boards reachable from `root` (root first, depth first).
    func reachable(from root: NodeID) -> [NodeID] {
        var result: [NodeID] = []
        var visited: Set<NodeID> = []
        var stack = [root]
        while let node = stack.popLast() {
            guard visited.insert(node).inserted else { continue }
            result.append(node)
            stack += children(of: node).map(\.child).reversed()
        }
        return result
    }
}
