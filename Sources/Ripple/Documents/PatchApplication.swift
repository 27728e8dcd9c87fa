internal import RippleJSON

/// Applies patches as the body of one update: the nodes each brings first (made, or found by
/// number), then the changes of members, through their accessors; every number checked against
/// its range, the patch against ``DocumentLimits``, and, for a follower, every node named
/// against the document it holds.
///
/// How deep the document becomes is judged from what a patch brings when it only brings new
/// nodes (the document's known depth plus theirs), or nodes found alive that hold no node (those
/// a merge makes before its patch applies); a patch that places nodes the document had (a move,
/// a node put back) has the document walked once, at ``finish()``, but a merge's: its commit
/// judges it from what it placed, as a local update's (``DocumentDepth/bound(after:root:limit:)``),
/// and walks only when that bound is not enough.
@MainActor
final class PatchApplication<Root: DocumentRoot> {
    let identities: DocumentIdentities
    let root: Root
    /// The nodes the patches brought and which holds which, kept until the update applying
    /// them is over: if it rolls back, they go holders first (see ``releaseBrought()``).
    private let brought = DocumentReadContext()
    private let context: PatchApplyContext
    private let limits: DocumentLimits
    /// Whether the patches made nodes (not found alive).
    private var madeNodes = false
    /// A patch placed nodes the document had: its depth is measured at ``finish()``.
    private var needsMeasure = false
    /// The nodes that splices took out of each member, in this update: put back into the same
    /// member (a node moved along an array, a removal and then an insertion) they keep the depth
    /// they had, and need no walk.
    private var takenOut: [NodeMember: Set<ObjectIdentifier>] = [:]
    /// The nodes of the document that splices put into each member, in this update, not taken
    /// out of it first: one that a later splice of the patch takes out of that member was
    /// held there (a move); any other has the document walked.
    private var placedFirst: [NodeMember: Set<ObjectIdentifier>] = [:]
    /// Levels that nodes found alive but holding no node (made by a merge just before the patch
    /// applies, say) add below the chain of the nodes brought: one, as leaves.
    private var foundLeafLevels = 0
    /// The positions (in ``brought``) of the nodes brought that a node of the document holds:
    /// how deep the nodes brought nest is counted from them.
    private var placedInDocument: [Int] = []
    /// Whether the patches are a merge's: judged by what they bring, not by how deep they nest
    /// the document with it (see ``DocumentDepth/judgeMerged(under:limits:)``).
    private let isMerge: Bool

    /// An application of patches to the document under `root`; with `documentSerial`, the
    /// patches of a follower: every node they name (but those they bring) must be in that
    /// document (``DocumentMembership/serial``), not only alive (in history, say). Without, a
    /// journal being replayed, which counts no membership yet.
    init(root: Root, identities: DocumentIdentities, documentSerial: Int?, isMerge: Bool = false) {
        self.root = root
        self.isMerge = isMerge
        self.identities = identities
        limits = identities.limits ?? .default
        context = PatchApplyContext(identities: identities, documentSerial: documentSerial)
        brought.ignoredHolding = ObjectIdentifier(root)
        brought.fallback = { [context] id in try context.node(id) }
    }

    /// Applies `patch`, in the body of an update.
    ///
    /// - Throws: ``DocumentError``, what a member's `Decodable` conformance throws; the update
    ///   applying it rolls back.
    func apply(_ patch: Patch) throws {
        try checkSize(of: patch)
        let identities = identities
        var made: [(position: Int, values: PatchValue)] = []
        var found: [(node: any DocumentNode, values: PatchValue)] = []
        let types = Root._rippleDocumentTypes
        for case let .node(id, type, values) in patch.operations {
            try PatchApplyContext.checkNumber(id)
            if let node = identities.node(id) as? any DocumentNode {
                if context.isInDocument(node) {
                    throw DocumentError.patchDoesNotApply(reason: "it brings node \(id), which this document holds already")
                }
                found.append((node, values))
                if brought.node(numbered: id) == nil { try brought.add(node, id: id, isMade: false) }
                context.brought.insert(ObjectIdentifier(node))
                // A node that holds others may bring a chain of the document's nodes back: only a
                // walk knows how deep. One that holds none is judged after its values (below).
                if DocumentDepth.holdsNodes(node) { needsMeasure = true }
                continue
            }
            guard let nodeType = types[type] else {
                throw DocumentError.patchDoesNotApply(reason: "it brings a '\(excerpt(type))', which the model has no class for")
            }
            let node = nodeType._rippleMake()
            identities.assign(id, to: node)
            made.append((try brought.add(node, id: id), values))
            context.brought.insert(ObjectIdentifier(node))
            madeNodes = true
        }
        // Members may refer to any node the document holds, not only to those brought.
        for (position, values) in made { try brought.read(try values.parsed(), into: position) }
        if brought.holdsOtherNodes { needsMeasure = true }
        for (node, values) in found {
            // A node still alive: its members are set through their accessors, as any change.
            for (name, value) in try values.parsed().members() {
                guard let member = type(of: node)._rippleDescriptor.member(named: name) else {
                    throw DocumentError.patchDoesNotApply(
                        reason: "\(type(of: node)._rippleDescriptor.name) has no member '\(excerpt(name))'")
                }
                var bytes: [UInt8] = []
                try DocumentJSON.encode(try DocumentValue(value), into: &bytes)
                let operation = Patch.Operation.set(node: identities.id(of: node), member: name, value: PatchValue(bytes))
                try node._rippleApplyChange(to: member, DocumentChangeReader(operation: operation, context: context))
            }
            // Still a leaf: it adds one level below whatever holds it, as a made node would.
            if DocumentDepth.holdsNodes(node) {
                needsMeasure = true
            } else {
                madeNodes = true
                foundLeafLevels = 1
            }
        }
        for operation in patch.operations {
            if case .node = operation { continue }
            try apply(operation)
        }
        if placedFirst.values.contains(where: { !$0.isEmpty }) { needsMeasure = true }
        placedFirst = [:]
    }

    /// Applies one change of a member.
    private func apply(_ operation: Patch.Operation) throws {
        try PatchApplyContext.checkNumber(operation.node)
        guard let node = identities.node(operation.node) as? any DocumentNode, context.mayName(node) else {
            throw DocumentError.patchDoesNotApply(reason: "it changes node \(operation.node), which this document does not hold")
        }
        let name = operation.member
        let descriptor = type(of: node)._rippleDescriptor
        guard let member = descriptor.member(named: name) else {
            throw DocumentError.patchDoesNotApply(reason: "\(descriptor.name) has no member '\(excerpt(name))'")
        }
        guard descriptor.members[member].isNode else {
            return try node._rippleApplyChange(to: member, DocumentChangeReader(operation: operation, context: context))
        }
        // Nodes the document had, placed anew (not where they were: a move, not a reorder), or
        // nodes placed into nodes brought: only a walk knows how deep that makes the document.
        // Nodes brought, placed in a node of the document, are judged by their own depth.
        let placed = Self.numbers(placedBy: operation)
        let holderWasBrought = context.brought.contains(ObjectIdentifier(node))
        if holderWasBrought, !placed.isEmpty { needsMeasure = true }
        if !holderWasBrought { placedInDocument += placed.compactMap { brought.position(numbered: $0) } }
        let key = NodeMember(node._rippleTracker, member)
        var isSplice = false
        if case .splice(_, _, let at, let removing, _) = operation {
            isSplice = true
            if removing > 0, at >= 0, removing <= Int.max - at, let nodes = node._rippleValue(of: member) as? any NodeCollection {
                let removed = nodes.nodes(in: at..<(at + removing)).map(ObjectIdentifier.init)
                takenOut[key, default: []].formUnion(removed)
                // A node placed before by this update, taken out now: it was held there before.
                if !placedFirst.isEmpty { placedFirst[key]?.subtract(removed) }
            }
        }
        var had: [ObjectIdentifier] = []
        for id in placed {
            if let child = identities.node(id), !context.brought.contains(ObjectIdentifier(child)),
                takenOut[key]?.contains(ObjectIdentifier(child)) != true
            {
                had.append(ObjectIdentifier(child))
            }
        }
        if isSplice, !had.isEmpty, !needsMeasure {
            // Inserted before its removal (a merged move): judged when the patch is over.
            placedFirst[key, default: []].formUnion(had)
            had = []
        }
        var heldBefore: Set<ObjectIdentifier> = []
        if !had.isEmpty, !needsMeasure { node._rippleVisitNodes(of: member) { heldBefore.insert(ObjectIdentifier($0)) } }
        try node._rippleApplyChange(to: member, DocumentChangeReader(operation: operation, context: context))
        if had.contains(where: { !heldBefore.contains($0) }) { needsMeasure = true }
    }

    /// The numbers of the nodes `operation` places in a member holding nodes (not those it
    /// removes); what is not a number is left to the change itself to refuse.
    private static func numbers(placedBy operation: Patch.Operation) -> [UInt64] {
        let placing: PatchValue
        switch operation {
        case .node: return []
        case .set(_, _, let value): placing = value
        case .splice(_, _, _, _, let inserting): placing = inserting
        case .setKeys(_, _, let values, _): placing = values
        case .setElements(_, _, let inserting, _): placing = inserting
        }
        guard let value = try? placing.parsed() else { return [] }
        switch value.kind {
        case .number: return (try? value.uint64()).map { [$0] } ?? []
        case .array: return ((try? value.elements()) ?? []).compactMap { try? $0.uint64() }
        case .object: return ((try? value.members()) ?? []).compactMap { try? $0.value.uint64() }
        default: return []
        }
    }

    /// Checks how deep the patches applied since the last call make the document: by the depth
    /// of the nodes they brought, when they only brought new nodes below nodes of the document;
    /// else by walking the document.
    ///
    /// - Throws: ``DocumentError/tooLarge(reason:)`` when it is deeper than the limit.
    func finish() throws {
        // By themselves, the nodes brought nest from where the document holds them (a node
        // referred to from another is as deep as its nearer place).
        brought.recordHoldingOfFoundNodes()
        let adjacency = brought.graph.adjacency()
        guard let chain = brought.graph.longestChain(limit: limits.maximumChain, adjacency),
            brought.graph.levels(from: placedInDocument, limit: limits.maximumDepth, adjacency) != nil
        else {
            throw DocumentError.tooLarge(reason: "the nodes it brings " + limits.depthRefusal())
        }
        placedInDocument = []
        if madeNodes, !needsMeasure {
            // Below a node of the document, the nodes brought make it deeper by their own depth
            // at most (they hold no other node of it but the root, on every chain already).
            if let bound = identities.depth.bound, bound + chain + foundLeafLevels <= limits.maximumDepth {
                identities.depth.bound = bound + chain + foundLeafLevels
            } else {
                needsMeasure = true
            }
        }
        madeNodes = false
        foundLeafLevels = 0
        takenOut = [:]
        // The update applying it commits what was judged here; a merge that placed nodes the
        // document had is judged by its commit, from what it placed (a walk only if that is not enough).
        identities.depth.isJudged = !(isMerge && needsMeasure)
        identities.depth.isMergeToJudge = isMerge && needsMeasure
        let walks = needsMeasure && !isMerge
        needsMeasure = false
        guard walks, identities.depth.judge(under: root, limits: limits) == nil else { return }
        throw DocumentError.tooLarge(reason: "it makes the document's nodes " + limits.depthRefusal(allowance: identities.depth.allowance))
    }

    /// Lets go of the nodes brought, holders first: after an update that rolled back (nothing
    /// else holds them), so that a deep chain of them is not released one call inside the other.
    func releaseBrought() {
        brought.release()
    }

    /// Refuses a patch that brings more nodes, or more bytes of values, than the limits allow,
    /// before anything of it is made.
    private func checkSize(of patch: Patch) throws {
        var nodes = 0
        var bytes = 0
        for operation in patch.operations {
            switch operation {
            case .node(_, _, let values):
                nodes += 1
                bytes += values.json.utf8.count
            case .set(_, _, let value): bytes += value.json.utf8.count
            case .splice(_, _, _, _, let inserting): bytes += inserting.json.utf8.count
            case .setKeys(_, _, let values, let removing), .setElements(_, _, let values, let removing):
                bytes += values.json.utf8.count + removing.json.utf8.count
            }
        }
        guard nodes <= limits.maximumNodes else {
            throw DocumentError.tooLarge(reason: "the patch brings \(nodes) nodes, more than \(limits.maximumNodes)")
        }
        guard bytes <= limits.maximumBytes else {
            throw DocumentError.tooLarge(reason: "the patch's values take \(bytes) bytes, more than \(limits.maximumBytes)")
        }
    }
}
