/// What a merge hands the model, besides what the engine returned: the nodes it names that this
/// replica never held, and whole contents for nodes the model holds outside the document.
extension ReplicaSession {
    /// `operations`, after a `make` of every node they name that this replica never held (made
    /// by another replica while hidden here, and named now), as the engine has it.
    func bringingNamedNodes(_ operations: [ReplicaOperation], from engine: ReplicaEngine) -> [ReplicaOperation] {
        // The nodes this replica numbered are looked up, not copied: a merge costs its operations.
        var known: Set<NodeID> = []
        for case .make(let node, _, _) in operations { known.insert(node) }
        var makes: [ReplicaOperation] = []
        var brought: Set<NodeID> = []
        // Named as a value, or edited (a node hidden here that this replica never held: one
        // opened from a snapshot holds only what its document showed).
        var pending = operations.flatMap { Self.namedNodes($0) + [$0.node] }.filter { nodes[$0] == nil && !known.contains($0) }
        while let node = pending.popLast() {
            guard nodes[node] == nil, known.insert(node).inserted, let make = engine.makeOperation(for: node) else {
                continue
            }
            makes.append(make)
            brought.insert(node)
            pending += Self.namedNodes(make).filter { nodes[$0] == nil && !known.contains($0) }
        }
        // A node brought is made as the engine has it after the merge: the merge's edits of it
        // are in that already.
        return makes.reversed() + (brought.isEmpty ? operations : operations.filter { !brought.contains($0.node) })
    }

    /// `operations`, with the edits of a collection of a node the model holds outside the document
    /// made whole, as the engine has it after the merge. A local update can change such a node
    /// (an undo writing to a node another replica removed) and no patch carries that to the
    /// engine: an edit made for what the engine holds would not fit what the model holds.
    func wholeOnNodesOutside(_ operations: [ReplicaOperation]) -> [ReplicaOperation] {
        operations.map { operation in
            let member: String
            switch operation {
            case .splice(_, let name, _, _, _), .setKeys(_, let name, _, _), .setElements(_, let name, _, _): member = name
            default: return operation
            }
            guard let node = nodes[operation.node], !node._rippleTracker.isInDocument,
                let content = engine.content(of: MemberKey(node: operation.node, member: member))
            else { return operation }
            return .set(node: operation.node, member: member, content: content)
        }
    }

    /// `operations`, after every member, as the engine has it, of each node the model holds
    /// outside the document that they name (a node coming back, and those it holds): a local
    /// update can have changed such a node (an undo writing to a node another replica removed)
    /// and no patch carried that to the engine, which the merge does not touch again.
    func wholeOnNodesComingBack(_ operations: [ReplicaOperation]) -> [ReplicaOperation] {
        var visited: Set<NodeID> = []
        var pending = operations.flatMap(Self.namedNodes)
        var sets: [ReplicaOperation] = []
        while let id = pending.popLast() {
            guard visited.insert(id).inserted, let node = nodes[id], !node._rippleTracker.isInDocument,
                case .make(_, _, let members)? = engine.makeOperation(for: id)
            else { continue }
            sets += members.map { .set(node: id, member: $0.name, content: $0.content) }
            pending += members.flatMap { Self.namedNodes(.set(node: id, member: $0.name, content: $0.content)) }
        }
        return sets.isEmpty ? operations : sets + operations
    }

    private static func namedNodes(_ operation: ReplicaOperation) -> [NodeID] {
        func nodes(_ values: [ReplicaValue]) -> [NodeID] {
            values.compactMap { if case .node(let node) = $0 { node } else { nil } }
        }
        func nodes(_ content: ReplicaContent) -> [NodeID] {
            switch content {
            case .value(let value): nodes([value])
            case .elements(let values), .members(let values): nodes(values)
            case .entries(let entries): nodes(entries.map(\.value))
            case .absent: []
            }
        }
        switch operation {
        case .make(_, _, let members): return members.flatMap { nodes($0.content) }
        case .set(_, _, let content): return nodes(content)
        case .splice(_, _, _, _, let inserting): return nodes(inserting)
        case .setKeys(_, _, let setting, _): return nodes(setting.map(\.value))
        case .setElements(_, _, let inserting, _): return nodes(inserting)
        }
    }
}
