@testable import Ripple

/// Replicas of one test document, each with the reference model its operations build.
struct TestReplica {
    static let shapes: [String: [String: MemberShape]] = [
        "Board": ["items": .sequence, "numbers": .sequence, "tags": .map, "labels": .set, "pinned": .map]
    ]
    static let root = NodeID.genesis(1)

    var engine: ReplicaEngine
    var document = VisibleDocument()

    init(_ id: UInt64, document: String = "board", model: String = "Board") {
        engine = ReplicaEngine(
            replica: ReplicaID(rawValue: id)!, document: document, model: model, shapes: Self.shapes)
        record([Self.make(Self.root)])
    }

    /// A `make` of an empty board.
    static func make(_ node: NodeID, title: String = "\"\"") -> ReplicaOperation {
        .make(
            node: node, type: "Board",
            members: [
                ReplicaMember(name: "child", content: .value(.json("null"))),
                ReplicaMember(name: "items", content: .elements([])),
                ReplicaMember(name: "labels", content: .members([])),
                ReplicaMember(name: "numbers", content: .elements([])),
                ReplicaMember(name: "pinned", content: .entries([])),
                ReplicaMember(name: "tags", content: .entries([])),
                ReplicaMember(name: "title", content: .value(.json(title))),
            ])
    }

    /// Records a local update and applies it to the reference model.
    mutating func record(_ operations: [ReplicaOperation]) {
        engine.recordLocal(operations)
        document.apply(operations)
    }

    /// Makes a board and puts it in `holder`'s items at `position`; returns it.
    @discardableResult
    mutating func addBoard(to holder: NodeID = root, at position: Int? = nil, title: String = "\"\"") -> NodeID {
        let node = engine.newNode()
        let at = position ?? document.elements(holder, "items").count
        record([
            Self.make(node, title: title),
            .splice(node: holder, member: "items", at: at, removing: 0, inserting: [.node(node)]),
        ])
        return node
    }

    /// Moves `node` from `source`'s items to the end of `destination`'s.
    mutating func move(_ node: NodeID, from source: NodeID, to destination: NodeID) {
        let index = document.elements(source, "items").firstIndex(of: .node(node))!
        var operations: [ReplicaOperation] = [
            .splice(node: source, member: "items", at: index, removing: 1, inserting: [])
        ]
        var after = document
        after.apply(operations)
        let at = after.elements(destination, "items").count
        operations.append(.splice(node: destination, member: "items", at: at, removing: 0, inserting: [.node(node)]))
        record(operations)
    }

    /// Integrates changes and applies what the merge returns to the reference model.
    @discardableResult
    mutating func receive(_ changes: ChangeSet) throws -> [ReplicaOperation] {
        let operations = try engine.integrate(changes)
        document.apply(operations)
        return operations
    }

    /// Integrates everything `other` has that this replica lacks.
    mutating func receive(from other: TestReplica) throws {
        try receive(other.engine.changes(since: engine.version))
    }

    /// The engine's visible state.
    var shown: VisibleDocument { VisibleDocument(engine) }
}
