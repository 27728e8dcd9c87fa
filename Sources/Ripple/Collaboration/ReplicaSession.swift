/// A mediator as a replica of a shared document: the replica engine, which knows the conflict
/// rules; the translation between the document's node numbers (this replica's own) and the
/// nodes' identities across replicas; and every node the engine may name, held alive, since a
/// node another replica removed can still be edited and can come back.
///
/// Made the first time the mediator's collaboration API is used. It numbers every node of the
/// document then (the nodes the document had before it was shared are the genesis nodes, the
/// same on every replica opened from the same snapshot), and from then on turns each committed
/// local update's patch into a change of this replica.
@MainActor
final class ReplicaSession<Root: DocumentRoot> {
    private(set) var engine: ReplicaEngine
    let shapes: ModelShapes
    private let identities: DocumentIdentities
    /// The identity of each numbered node, and back.
    private var ids: [UInt64: NodeID] = [:]
    private var numbers: [NodeID: UInt64] = [:]
    /// Every node the engine may name, alive.
    private var nodes: [NodeID: any DocumentNode] = [:]
    /// The classes of the nodes a merge is making (not made yet while it translates).
    private var making: [NodeID: String] = [:]
    /// The number after the genesis nodes', and how many there are.
    private var genesisNext: UInt64 = 1
    private var genesisCount: UInt64 = 0
    /// Set while a merge applies its changes: its patch is not a local change.
    private var isMerging = false
    /// A local update that could not be turned into a change (reported; the replica then
    /// refuses to go on rather than diverge silently).
    private(set) var brokenBy: (any Error)?

    init(mediator: Mediator<Root>, replica: ReplicaID) {
        identities = mediator.identities
        shapes = MemberShapeProbe.shapes(of: Root.self)
        engine = ReplicaEngine(
            replica: replica, document: mediator.identities.document, model: Root._rippleDescriptor.name, shapes: shapes.classes)
        numberDocument(from: mediator.root)
        // Index the numbers now, while every node is in the document: a node that leaves it is
        // still named by others' changes, and an index built later would not reach it.
        _ = identities.node(identities.id(of: mediator.root))
        mediator.patchRecorder.sinks.append { [weak self, weak core = mediator.core] patch in
            guard let self, !self.isMerging else { return }
            do {
                try self.record(patch)
            } catch {
                self.brokenBy = error
                core?.reportFailure(error, origin: "collaboration", wasRolledBack: false)
            }
        }
    }

    /// Numbers every node the root reaches through saved members: the genesis nodes.
    private func numberDocument(from root: Root) {
        var pending: [any DocumentNode] = [root]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        while let node = pending.popLast() {
            let number = identities.id(of: node)
            remember(node, as: NodeID.genesis(number), number: number)
            genesisNext = max(genesisNext, number + 1)
            genesisCount += 1
            let descriptor = type(of: node)._rippleDescriptor
            for (member, description) in descriptor.members.enumerated() where description.isNode && descriptor.saves(member) {
                node._rippleVisitNodes(of: member) { child in
                    if let child = child as? any DocumentNode, seen.insert(ObjectIdentifier(child)).inserted { pending.append(child) }
                }
            }
        }
    }

    /// The numbers a snapshot gives nodes, alike on every replica that has the same changes: a
    /// genesis node keeps its number; the others follow, in the order of their identities.
    func canonicalNumbering() -> [ObjectIdentifier: UInt64] {
        var canonical: [ObjectIdentifier: UInt64] = [:]
        canonical.reserveCapacity(nodes.count)
        var made: [NodeID] = []
        for (id, node) in nodes {
            if id.made.replica == .genesis {
                canonical[ObjectIdentifier(node)] = id.made.counter
            } else {
                made.append(id)
            }
        }
        for (rank, id) in made.sorted().enumerated() {
            canonical[ObjectIdentifier(nodes[id]!)] = genesisNext + UInt64(rank)
        }
        return canonical
    }

    /// The number after every canonical one.
    var canonicalNextNumber: UInt64 {
        genesisNext + UInt64(nodes.count) - genesisCount
    }

    private func remember(_ node: any DocumentNode, as id: NodeID, number: UInt64) {
        ids[number] = id
        numbers[id] = number
        nodes[id] = node
    }

    private var translation: ReplicaTranslation {
        ReplicaTranslation(
            shapes: shapes,
            nodeID: { [unowned self] number in
                guard let id = ids[number], let node = nodes[id] else {
                    throw ReplicaError.malformed("node \(number) is not one this replica knows")
                }
                return (id, type(of: node)._rippleDescriptor.name)
            },
            number: { [unowned self] id in
                guard let number = numbers[id], let type = nodes[id].map({ type(of: $0)._rippleDescriptor.name }) ?? making[id]
                else {
                    throw ReplicaError.malformed("a change names a node this replica does not know")
                }
                return (number, type)
            })
    }

    /// Turns a committed local update's patch into a change of this replica.
    private func record(_ patch: Patch) throws {
        // The nodes it brings that the engine does not know are new: they get identities. A
        // node put back (by an undo, say) is known, with its members: only its placing is new.
        var operations = patch.operations
        var brought: Set<UInt64> = []
        for case .node(let number, _, _) in operations where ids[number] == nil {
            guard let node = identities.node(number) as? any DocumentNode else {
                throw ReplicaError.malformed("node \(number) of a local patch is not alive")
            }
            remember(node, as: engine.newNode(), number: number)
            brought.insert(number)
        }
        operations.removeAll {
            if case .node(let number, _, _) = $0 { return !brought.contains(number) }
            return false
        }
        let local = Patch(tag: patch.tag, operations: operations, document: patch.document, sequence: patch.sequence)
        engine.recordLocal(try translation.operations(of: local))
    }

    /// Integrates another replica's changes into the document, as one update tagged
    /// `"remote"` that history does not record; nodes that fail validation after it are
    /// reported, not refused.
    func merge(_ changes: ChangeSet, into mediator: Mediator<Root>) throws {
        if let brokenBy { throw brokenBy }
        var engine = self.engine
        let operations = try engine.integrate(changes)
        guard !operations.isEmpty else {
            self.engine = engine
            return
        }
        let numbersBefore = identities.numbers
        var made: [(id: NodeID, number: UInt64)] = []
        defer { making = [:] }
        do {
            let patchOperations = try translation.patchOperations(operations) { [identities] id, type in
                if let number = numbers[id] { return number }
                making[id] = type
                let number = identities.nextID
                identities.reserve(upTo: number + 1)
                made.append((id, number))
                ids[number] = id
                numbers[id] = number
                return number
            }
            let patch = Patch(tag: "remote", operations: patchOperations, document: identities.document, sequence: identities.sequence)
            try apply(patch, to: mediator)
        } catch {
            identities.numbers = numbersBefore
            for (id, number) in made {
                ids[number] = nil
                numbers[id] = nil
            }
            throw error
        }
        for (id, number) in made {
            if let node = identities.node(number) as? any DocumentNode { nodes[id] = node }
        }
        self.engine = engine
    }

    /// Applies a merge's patch; reports the nodes that fail validation after it.
    private func apply(_ patch: Patch, to mediator: Mediator<Root>) throws {
        let validator = mediator.core.validator
        validator.collectedFailures = []
        isMerging = true
        defer {
            isMerging = false
            validator.collectedFailures = nil
        }
        try mediator.apply([patch], documentSerial: nil)
        if let failures = validator.collectedFailures, !failures.isEmpty {
            mediator.core.reportFailure(InvalidAfterMerge(failures: failures), origin: "merge", wasRolledBack: false)
        }
    }
}
