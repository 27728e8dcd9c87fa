internal import RippleJSON

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
    let identities: DocumentIdentities
    /// The identity of each numbered node, and every node the engine may name, alive.
    private(set) var nodes = NumberedNodes()
    /// The numbers and classes of the nodes a merge is making (not made yet while it translates).
    private var making: [NodeID: (number: UInt64, type: String)] = [:]
    /// The number after the genesis nodes', and how many there are.
    private var genesisNext: UInt64 = 1
    private var genesisCount: UInt64 = 0
    /// Set while a merge applies its changes: its patch is not a local change.
    private(set) var isMerging = false
    /// A local update that could not be turned into a change (reported; the replica then
    /// refuses to go on rather than diverge silently). A store that records changes sets it too.
    var brokenBy: (any Error)?
    /// The store that journals this replica's changes (a ``DocumentStore``'s), if any.
    weak var changeJournal: (any ReplicaChangeJournal)?

    init(mediator: Mediator<Root>, replica: ReplicaID) {
        identities = mediator.identities
        shapes = MemberShapeProbe.shapes(of: Root.self)
        engine = ReplicaEngine(
            replica: replica, document: mediator.identities.document, model: Root._rippleDescriptor.name, shapes: shapes.classes)
        if let opened = identities.openedReplica {
            // Opened from a collaborating replica's snapshot: its state says what the document's
            // nodes are (a node made by a change is no genesis node here either).
            do {
                engine = try ReplicaEngine(decoding: opened.state, replica: replica, shapes: shapes.classes)
                try numberDocument(from: mediator.root, as: opened)
            } catch {
                brokenBy = error
            }
        } else {
            let genesis = numberDocument(from: mediator.root)
            engine.root = NodeID.genesis(identities.id(of: mediator.root))
            do {
                try seed(genesis)
            } catch {
                brokenBy = error
            }
        }
        // The session holds every node it numbered and finds it by number: the identities need
        // no index of them (whose weak references would slow every retain of the nodes). A
        // session that could not number the document has the numbers indexed now instead, while
        // every node is in the document: a node that leaves it is still named by others' changes,
        // and an index built later would not reach it.
        if brokenBy == nil {
            identities.keep(by: self)
        } else {
            _ = identities.node(identities.id(of: mediator.root))
        }
        mediator.history.concurrentMoves = self
        mediator.patchRecorder.refusesUnpatchable = true
        mediator.patchRecorder.sinks.append { [weak self, weak core = mediator.core] patch in
            // A store that journals the changes records each before its update commits.
            guard let self, !self.isMerging, self.changeJournal == nil else { return }
            do {
                try self.record(patch)
            } catch {
                self.brokenBy = error
                core?.reportFailure(error, origin: "collaboration", wasRolledBack: false)
            }
        }
    }

    /// Tells the engine what the genesis nodes hold, in the order of their numbers: every
    /// replica opened from the same snapshot seeds the same state (no change is made of it).
    ///
    /// The document's name gets the genesis state's fingerprint: a mediator opened from a
    /// snapshot that holds no replica state, then edited before its first collaboration call,
    /// begins from another state than the mediator the snapshot came from, and the two would
    /// agree on versions while their documents differ for good. With the fingerprint they
    /// refuse each other's changes (``ReplicaError/otherDocument``) instead.
    private func seed(_ genesis: [any DocumentNode]) throws {
        let context = DocumentWriteContext(identities: identities, writesBelow: false)
        var operations: [Patch.Operation] = []
        var fingerprint = Fingerprint()
        for node in genesis.sorted(by: { identities.id(of: $0) < identities.id(of: $1) }) {
            var writer = DocumentNodeWriter(json: JSONWriter(), context: context)
            writer.json.beginObject()
            try node._rippleSave(to: &writer)
            writer.json.endObject()
            let id = identities.id(of: node)
            let type = type(of: node)._rippleDescriptor.name
            fingerprint.add(id, type, writer.json.bytes)
            operations.append(.node(id: id, type: type, values: PatchValue(writer.json.bytes)))
        }
        engine.document = identities.document + "#" + fingerprint.text
        let patch = Patch(tag: nil, operations: operations, document: identities.document, sequence: 0)
        engine.recordLocal(try translation.operations(of: patch))
    }

    /// Numbers every node the root reaches through saved members: the genesis nodes.
    @discardableResult
    private func numberDocument(from root: Root) -> [any DocumentNode] {
        let genesis = Self.documentNodes(from: root)
        for node in genesis {
            let number = identities.id(of: node)
            remember(node, as: NodeID.genesis(number), number: number)
            genesisNext = max(genesisNext, number + 1)
        }
        genesisCount = UInt64(genesis.count)
        return genesis
    }

    /// Numbers the document's nodes as the snapshot `opened` numbered them: a genesis node by
    /// its number, the others after `genesisNext` in the order of their identities among the
    /// nodes the state knows (see `canonicalNumbering()`).
    private func numberDocument(from root: Root, as opened: OpenedReplica) throws {
        genesisNext = opened.genesisNext
        let made = engine.nodes.keys.filter { $0.made.replica != .genesis }.sorted()
        genesisCount = UInt64(engine.nodes.count - made.count)
        for node in Self.documentNodes(from: root) {
            let number = identities.id(of: node)
            var id: NodeID?
            if number < genesisNext {
                id = NodeID.genesis(number)
            } else if let rank = Int(exactly: number - genesisNext), rank < made.count {
                id = made[rank]
            }
            guard let id, engine.nodes[id]?.type == type(of: node)._rippleDescriptor.name else {
                throw ReplicaError.malformed("node \(number) of the snapshot is not in its replica state")
            }
            remember(node, as: id, number: number)
        }
    }

    /// Every node the root reaches through saved members, the root first.
    private static func documentNodes(from root: Root) -> [any DocumentNode] {
        var result: [any DocumentNode] = []
        var pending: [any DocumentNode] = [root]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        while let node = pending.popLast() {
            result.append(node)
            let descriptor = type(of: node)._rippleDescriptor
            for (member, description) in descriptor.members.enumerated() where description.isNode && descriptor.saves(member) {
                node._rippleVisitNodes(of: member) { child in
                    if let child = child as? any DocumentNode, seen.insert(ObjectIdentifier(child)).inserted { pending.append(child) }
                }
            }
        }
        return result
    }

    /// The number after the genesis nodes' (a snapshot keeps it with the replica state).
    var genesisNumberAfter: UInt64 { genesisNext }

    /// The numbers a snapshot gives nodes, alike on every replica that has the same changes: a
    /// genesis node keeps its number; the others follow, in the order of their identities
    /// among every node the engine knows (hidden ones too: the same set on every replica).
    func canonicalNumbering() -> [ObjectIdentifier: UInt64] {
        var canonical: [ObjectIdentifier: UInt64] = [:]
        canonical.reserveCapacity(nodes.count)
        nodes.forEachNode { id, node in
            if id.made.replica == .genesis { canonical[ObjectIdentifier(node)] = id.made.counter }
        }
        let made = engine.nodes.keys.filter { $0.made.replica != .genesis }.sorted()
        for (rank, id) in made.enumerated() {
            if let node = nodes[id] { canonical[ObjectIdentifier(node)] = genesisNext + UInt64(rank) }
        }
        return canonical
    }

    /// The number after every canonical one.
    var canonicalNextNumber: UInt64 {
        genesisNext + UInt64(engine.nodes.count) - genesisCount
    }

    /// The identity of `node`, if this replica numbered it.
    func id(of node: any RippleNode) -> NodeID? {
        let number = node._rippleTracker.documentID
        guard let id = nodes[number], nodes.node(numbered: number) === node else { return nil }
        return id
    }

    private func remember(_ node: any DocumentNode, as id: NodeID, number: UInt64) {
        nodes.set(id, node: node, number: number)
    }

    var translation: ReplicaTranslation {
        ReplicaTranslation(
            shapes: shapes,
            nodeID: { [unowned self] number in
                guard let id = nodes[number], let node = nodes.node(numbered: number) else {
                    throw ReplicaError.malformed("node \(number) is not one this replica knows")
                }
                return (id, type(of: node)._rippleDescriptor.name)
            },
            number: { [unowned self] id in
                if let node = nodes[id] { return (node._rippleTracker.documentID, type(of: node)._rippleDescriptor.name) }
                guard let made = making[id] else {
                    throw ReplicaError.malformed("a change names a node this replica does not know")
                }
                return made
            })
    }

    /// Turns a local update's patch into a change of this replica.
    ///
    /// - Returns: The numbers of the nodes it gave identities, and what recording overwrote in
    ///   the engine: what `takeBack(_:_:)` puts back when a store cannot journal the change.
    @discardableResult
    func record(_ patch: Patch) throws -> (brought: Set<UInt64>, undo: ReplicaEngine.MergeUndo?) {
        // The nodes it brings that the engine does not know are new: they get identities. A
        // node put back (by an undo, say) is known: what is new is its placing, and the
        // members the same update changed, which its values hold (a patch writes no change of
        // a node it brings).
        var operations = patch.operations
        var brought: Set<UInt64> = []
        var recorded = false
        defer { if !recorded { takeBack(brought, nil) } }
        for case .node(let number, _, _) in operations where nodes[number] == nil {
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
        // New nodes first, bare; then their members: a new node may hold another made in the
        // same update (or itself), which the engine must know before it is placed.
        var replicaOperations: [ReplicaOperation] = []
        var memberSets: [ReplicaOperation] = []
        // Each new node's members go before those of the nodes made before it (collected, then
        // reversed: inserting each at the front cost the square of the nodes an update makes).
        var newMemberSets: [[ReplicaOperation]] = []
        for operation in try translation.operations(of: local) {
            guard case .make(let node, let type, let members) = operation else {
                memberSets.append(operation)
                continue
            }
            replicaOperations.append(.make(node: node, type: type, members: []))
            newMemberSets.append(members.map { .set(node: node, member: $0.name, content: $0.content) })
        }
        replicaOperations += newMemberSets.reversed().joined()
        replicaOperations += memberSets
        let returning = patch.operations.filter {
            if case .node(let number, _, _) = $0 { return !brought.contains(number) }
            return false
        }
        if !returning.isEmpty {
            let returned = Patch(tag: nil, operations: returning, document: patch.document, sequence: 0)
            var changed: [ReplicaOperation] = []
            for case .make(let node, _, let members) in try translation.operations(of: returned) {
                for member in members where engine.content(of: MemberKey(node: node, member: member.name)) != member.content {
                    changed.append(.set(node: node, member: member.name, content: member.content))
                }
            }
            replicaOperations = changed + replicaOperations
        }
        let undo = engine.recordLocal(replicaOperations)
        recorded = true
        return (brought, undo)
    }

    /// Takes back a local change that `record(_:)` recorded and a store could not journal.
    func takeBack(_ brought: Set<UInt64>, _ undo: ReplicaEngine.MergeUndo?) {
        if let undo { engine.undo(undo) }
        for number in brought { nodes.remove(number) }
    }

    /// Integrates another replica's changes into the document, as one update tagged
    /// `"remote"` that history does not record; nodes that fail validation after it are
    /// reported, not refused.
    func merge(_ changes: ChangeSet, into mediator: Mediator<Root>) throws {
        if let brokenBy { throw brokenBy }
        // The engine integrates in place (a copy would copy the document's tables on its first
        // write) and is put back from what it overwrote if the model cannot take the result.
        let integrated: [ReplicaOperation]
        let undo: ReplicaEngine.MergeUndo
        let versionBefore = engine.version
        do {
            (integrated, undo) = try engine.integrateUndoably(changes)
        } catch let error as ReplicaEngineError {
            // The engine's reasons, as the public error the API documents.
            switch error {
            case .otherDocument: throw ReplicaError.otherDocument
            case let .otherModel(expected, found): throw ReplicaError.otherModel(found: found, expected: expected)
            case .malformed(let reason): throw ReplicaError.malformed(reason)
            }
        }
        // A store journals what the replica did not hold (changes that wait too) first; without
        // a store, nothing is picked out (a lookup per change).
        let fresh = changeJournal == nil ? [] : changes.changes.filter { $0.sequence > versionBefore[$0.replica] }
        let journaled = !fresh.isEmpty
        if journaled {
            do {
                try changeJournal?.holdMerged(
                    ChangeSet(document: changes.document, model: changes.model, changes: fresh), changesModel: !integrated.isEmpty)
            } catch {
                engine.undo(undo)
                throw error
            }
        }
        guard !integrated.isEmpty else { return }
        let operations = wholeOnNodesOutside(bringingNamedNodes(wholeOnNodesComingBack(integrated), from: engine))
        let numbersBefore = identities.numbers
        var made: [(id: NodeID, number: UInt64)] = []
        defer { making = [:] }
        do {
            let patchOperations = try translation.patchOperations(operations) { [identities] id, type in
                if let node = nodes[id] { return node._rippleTracker.documentID }
                if let number = making[id]?.number { return number }
                let number = identities.nextID
                identities.reserve(upTo: number + 1)
                making[id] = (number, type)
                made.append((id, number))
                nodes.set(id, node: nil, number: number)
                return number
            }
            // The nodes a merge makes are made here and held by the session: one may be hidden
            // at once (made and removed by changes merged together), and still be named later.
            let types = Root._rippleDocumentTypes
            for (id, number) in made {
                guard let name = making[id]?.type, let type = types[name] else {
                    throw ReplicaError.malformed("a change makes a '\(making[id]?.type ?? "")', which the model has no class for")
                }
                let node = type._rippleMake()
                identities.assign(number, to: node)
                nodes.set(id, node: node, number: number)
            }
            let patch = Patch(tag: "remote", operations: patchOperations, document: identities.document, sequence: identities.sequence)
            try apply(patch, to: mediator)
            changeJournal?.mergeDidCommit()
        } catch {
            identities.takeBack(from: numbersBefore.nextID, of: made.compactMap { nodes[$0.id] })
            identities.numbers = numbersBefore
            for (_, number) in made { nodes.remove(number) }
            engine.undo(undo)
            if journaled { changeJournal?.retractMerged() }
            throw error
        }
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
        try mediator.apply([patch], documentSerial: nil, isMerge: true)
        if let failures = validator.collectedFailures, !failures.isEmpty {
            mediator.core.reportFailure(InvalidAfterMerge(failures: failures), origin: "merge", wasRolledBack: false)
        }
    }
}

extension ReplicaSession: NodeKeeper {
    nonisolated func node(numbered number: UInt64) -> (any RippleNode)? {
        _rippleAssumingMainActor(self) { session in session.nodes.node(numbered: number) }
    }

    nonisolated func forEachNode(_ body: (any RippleNode) -> Void) {
        _rippleAssumingMainActor(self, visiting: body) { session, visit in
            session.nodes.forEachNode { visit($1) }
        }
    }
}
