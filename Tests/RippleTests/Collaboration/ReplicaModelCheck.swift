@_spi(RippleGenerated) @testable import Ripple
import RippleJSON

extension ReplicaSession {
    /// Where the model and the engine's visible state disagree: for every node the replica
    /// holds in its document, each saved member's content as the model has it against the
    /// engine's, and the move status against one computed again. Empty when the replica is
    /// consistent.
    func mismatches(in mediator: Mediator<Root>) throws -> [String] {
        var result: [String] = []
        let context = DocumentWriteContext(identities: identities, writesBelow: false)
        var held: [(key: NodeID, value: any DocumentNode)] = []
        nodes.forEachNode { held.append(($0, $1)) }
        for (id, node) in held.sorted(by: { $0.key < $1.key }) where node._rippleTracker.isInDocument || node === mediator.root {
            var writer = DocumentNodeWriter(json: JSONWriter(), context: context)
            writer.json.beginObject()
            try node._rippleSave(to: &writer)
            writer.json.endObject()
            let patch = Patch(
                tag: nil, operations: [.node(id: identities.id(of: node), type: type(of: node)._rippleDescriptor.name, values: PatchValue(writer.json.bytes))],
                document: identities.document, sequence: 0)
            guard case .make(_, let type, let members)? = try translation.operations(of: patch).first else { continue }
            for member in members {
                let engine = engine.content(of: MemberKey(node: id, member: member.name))
                if Self.normalized(engine) != Self.normalized(member.content) {
                    result.append("\(type) \(id.made.counter)@\(id.made.replica.rawValue % 1000).\(member.name): model \(member.content) engine \(String(describing: engine))")
                }
            }
        }
        // The move status, extended move by move, must be what computing it from every move gives.
        let computed = MoveStatus.compute(moves: engine.moves, nodes: engine.nodes, root: engine.root, shapes: engine.shapes)
        if engine.moveStatus != computed { result.append("the move status differs from one computed from every move") }
        // Each sequence's check, kept move by move, must name what a walk of every item finds.
        for node in engine.nodes.keys.sorted() {
            for (member, sequence) in engine.nodes[node]!.sequences.sorted(by: { $0.key < $1.key }) {
                let key = MemberKey(node: node, member: member)
                guard let checked = sequence.checkedDifferingItems(of: key, moves: engine.moveStatus) else { continue }
                let found = sequence.differingItems(of: key, moves: engine.moveStatus)
                if checked != found {
                    result.append("the check of \(member) of \(node.made.counter) names \(checked.count) items, a walk finds \(found.count)")
                }
            }
        }
        return result
    }

    private static func normalized(_ content: ReplicaContent?) -> ReplicaContent? {
        switch content {
        case .entries(let entries): .entries(entries.sorted { $0.key < $1.key })
        case .members(let values): .members(values.sorted { "\($0)" < "\($1)" })
        default: content
        }
    }
}
