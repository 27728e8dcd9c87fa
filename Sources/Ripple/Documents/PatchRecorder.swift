internal import RippleJSON

/// Turns each committed update into a ``Patch``, for the streams of ``Mediator/patches()`` and a
/// ``DocumentStore``'s journal: the nodes the update put into the document, with every saved
/// member; then the first write of each saved member of each node that was in the document,
/// whose value changed.
///
/// An update's patch is made in two parts. Its transaction's part, as a gate, once the
/// transaction is validated and before anything is delivered: a store's journal holds it then,
/// and may refuse it, which rolls the update back. What registrations wrote in the refresh that
/// followed (a coordinator writing a saved member), once the update commits: a store journals it
/// as a continuation of the same patch; the streams receive the two parts as one patch.
@MainActor
final class PatchRecorder: CommitRecorder, CommitGate {
    let identities: DocumentIdentities
    private let membership: DocumentMembership
    /// The document it records (which its nodes' trackers name).
    var documentSerial: Int { membership.serial }
    var keptDocument: Int? { documentSerial }
    /// Who receives the patches, in order.
    var sinks: [(Patch) -> Void] = []
    /// Who hears that a committed update could not be written into a patch (when no store
    /// journals them: a store refuses such an update instead).
    var failureSinks: [(DocumentError) -> Void] = []
    /// The store that journals the patches.
    weak var journal: (any PatchJournal)? {
        didSet { hasHadJournal = hasHadJournal || journal != nil }
    }
    /// A store journaled the patches: one that is gone was released (and says so).
    private(set) var hasHadJournal = false
    /// Whether an update whose patch cannot be made rolls back (a replica's: it could never
    /// send that change, and the others would keep the old value without an error).
    var refusesUnpatchable = false
    /// The document's root, where a walk measuring its depth starts.
    private weak var root: (any RippleNode)?
    /// The transaction the gates took, until it commits.
    private var prepared: Prepared?

    private struct Prepared {
        /// How many journal entries it made.
        let entryCount: Int
        /// The numbers it had before (what a rollback puts back).
        let sequence: UInt64
        let nextID: UInt64
        let depth: DocumentDepth
        /// The nodes that entered the document (numbered if a patch was made).
        var entered: [any DocumentNode] = []
        /// Whether it changed the document, and its patch (`nil` if it could not be made).
        var changed = false
        var patch: Patch?
    }

    /// A recorder of the document under `root`, whose nodes it counts (once, here).
    init(root: any RippleNode, identities: DocumentIdentities) {
        self.identities = identities
        self.root = root
        membership = DocumentMembership(root: root)
    }

    // MARK: The transaction's part

    func prepare(_ entries: ArraySlice<JournalEntry>, of journal: Journal, tag: String?) throws {
        // The membership and the numbering follow every commit, whoever listens.
        let writes = journal.firstWrites(in: entries) { Self.isSaved($0) }
        var prepared = Prepared(
            entryCount: entries.endIndex, sequence: identities.sequence, nextID: identities.nextID, depth: identities.depth)
        let change = membership.update(with: writes)
        prepared.entered = change.entered
        self.prepared = prepared
        // What a store or a replica writes, it (and the others) must open again. The patches an
        // update applies were judged as they applied.
        if !identities.depth.isJudged { try followDepth(after: change, refuses: self.journal != nil || refusesUnpatchable) }
        guard isChange(writes, change) else { return }
        // Only a made-up document gets near the end of its numbers: it takes no more changes.
        guard identities.sequence < DocumentIdentities.limit,
            DocumentIdentities.limit + 1 - identities.nextID >= UInt64(change.entered.count)
        else { throw DocumentError.tooLarge(reason: "the document has no node or patch numbers left to give") }
        identities.sequence += 1
        prepared.changed = true
        self.prepared = prepared
        guard isListened else { return }
        do {
            prepared.patch = try patch(writes, change, tag: tag)
        } catch let error as DocumentError {
            // A store cannot journal it, a replica cannot send it: the update rolls back.
            // Streams alone get a gap.
            if self.journal != nil || refusesUnpatchable { throw error }
            for sink in failureSinks { sink(Self.committedWithoutPatch(error)) }
            return
        }
        self.prepared = prepared
        if let patch = prepared.patch { try self.journal?.hold(patch) }
    }

    func abandon(_ reversal: [JournalEntry]) {
        guard let prepared else { return }
        self.prepared = nil
        // The nodes that entered leave again, and give their numbers back: as if it never ran.
        _ = membership.update(with: reversal.filter { type(of: $0.node)._rippleDescriptor.saves($0.member) })
        identities.takeBack(from: prepared.nextID, of: prepared.entered)
        identities.sequence = prepared.sequence
        identities.depth = prepared.depth
    }

    /// Follows how deep `change` makes the document: by what it placed, while the document's
    /// depth is known and stays well under the limit; else by a walk when it `refuses` a
    /// document deeper than ``Mediator/documentLimits`` (else the depth is unknown from then on).
    ///
    /// - Throws: ``DocumentError/tooLarge(reason:)`` when it refuses the change.
    private func followDepth(after change: DocumentMembership.Change, refuses: Bool) throws {
        guard !change.entered.isEmpty || !change.placed.isEmpty, let root else { return }
        let limits = identities.limits ?? .default
        if let bound = identities.depth.bound(after: change, root: root, limit: limits.maximumDepth) {
            identities.depth.bound = bound
        } else if identities.depth.isMergeToJudge {
            // A merge is judged by its chains (see DocumentDepth.judgeMerged).
            guard identities.depth.judgeMerged(under: root, limits: limits) != nil else {
                throw DocumentError.tooLarge(reason: "it makes the document's nodes " + limits.depthRefusal(allowance: identities.depth.allowance))
            }
        } else if !refuses {
            identities.depth.bound = nil
        } else if identities.depth.judge(under: root, limits: limits) == nil {
            throw DocumentError.tooLarge(reason: "the update makes the document's nodes " + limits.depthRefusal(allowance: identities.depth.allowance))
        }
    }

    // MARK: The commit

    func record(_ commit: Commit) {
        // A replica's session has taken the nodes the update numbered, once the sinks ran.
        defer { identities.settleUnkept() }
        let prepared = self.prepared
        self.prepared = nil
        let start = prepared?.entryCount ?? 0
        // What the refresh wrote (most often nothing).
        let writes = start < commit.entries.count ? commit.firstWrites(from: start) { Self.isSaved($0) } : []
        let change = writes.isEmpty ? DocumentMembership.Change() : membership.update(with: writes)
        // Nothing can be refused any more.
        try? followDepth(after: change, refuses: false)
        let restChanged = !writes.isEmpty && isChange(writes, change)
        let headChanged = prepared?.changed ?? false
        guard headChanged || restChanged else { return }
        // What registrations wrote continues the transaction's patch, under its number.
        if restChanged && !headChanged { identities.sequence += 1 }
        guard isListened else { return }
        var rest: Result<Patch, DocumentError>?
        if restChanged {
            do {
                rest = .success(try patch(writes, change, tag: commit.tag))
            } catch let error as DocumentError {
                rest = .failure(error)
            } catch {
                rest = .failure(.unencodable(reason: "\(error)"))
            }
        }
        if let journal {
            journal.updateDidCommit(rest: rest, continuing: headChanged)
        } else if hasHadJournal {
            for sink in failureSinks { sink(.storeClosed) }
        } else if case .failure(let error) = rest {
            for sink in failureSinks { sink(Self.committedWithoutPatch(error)) }
        }
        // The streams receive one patch per update, when it could be made whole.
        guard !sinks.isEmpty, !headChanged || prepared?.patch != nil else { return }
        let patch: Patch
        switch (prepared?.patch, rest) {
        case (let head?, .success(let tail)?):
            patch = Patch(tag: head.tag, operations: head.operations + tail.operations, document: head.document, sequence: head.sequence)
        case (let head?, nil): patch = head
        case (nil, .success(let tail)?): patch = tail
        default: return
        }
        for sink in sinks { sink(patch) }
    }

    // MARK: Patches

    /// Whether anyone takes the patches (a store that was released counts: it reports).
    private var isListened: Bool { !sinks.isEmpty || !failureSinks.isEmpty || hasHadJournal }

    private static func isSaved(_ entry: borrowing JournalEntry) -> Bool {
        type(of: entry.node)._rippleDescriptor.saves(entry.member)
    }

    /// Whether `writes` (with `change`) changed the document.
    private func isChange(_ writes: [JournalEntry], _ change: DocumentMembership.Change) -> Bool {
        // A loop, not `contains(where:)`, whose closure would check the executor at every write.
        var isChange = !change.entered.isEmpty
        for entry in writes where !isChange && changesDocument(entry, change) { isChange = true }
        return isChange
    }

    /// Whether `entry` changed a saved member of a node that was in the document.
    private func changesDocument(_ entry: JournalEntry, _ change: DocumentMembership.Change) -> Bool {
        entry.node is any DocumentNode && change.wasInDocument(entry.node) && !entry.isCurrent
    }

    /// The patch of `writes`.
    ///
    /// - Throws: ``DocumentError/unencodable(reason:)``, naming the member whose value its
    ///   `Encodable` conformance refuses (a non-finite `Double`, say).
    private func patch(_ writes: [JournalEntry], _ change: DocumentMembership.Change, tag: String?) throws -> Patch {
        var operations = try broughtNodes(change.entered)
        for entry in writes where changesDocument(entry, change) {
            guard let node = entry.node as? any DocumentNode else { continue }
            let descriptor = type(of: node)._rippleDescriptor
            let member = descriptor.members[entry.member].name
            var writer = DocumentChangeWriter(node: identities.id(of: node), member: member, identities: identities)
            do {
                try node._rippleSaveChange(of: entry.member, old: entry.recorded, to: &writer)
            } catch {
                throw DocumentError.unencodable(reason: "\(descriptor.name).\(member): \(Self.describe(error))")
            }
            operations += writer.operations
        }
        return Patch(tag: tag, operations: operations, document: identities.document, sequence: identities.sequence)
    }

    /// The nodes that entered the document, each with its saved members (the nodes they hold
    /// are in the document, or entered too).
    private func broughtNodes(_ nodes: [any DocumentNode]) throws -> [Patch.Operation] {
        let context = DocumentWriteContext(identities: identities, writesBelow: false)
        var operations: [Patch.Operation] = []
        for node in nodes {
            var writer = DocumentNodeWriter(json: JSONWriter(), context: context)
            writer.json.beginObject()
            do {
                try node._rippleSave(to: &writer)
            } catch {
                throw DocumentError.unencodable(reason: "\(unencodableMember(of: node)) of a new node: \(Self.describe(error))")
            }
            writer.json.endObject()
            operations.append(
                .node(id: identities.id(of: node), type: type(of: node)._rippleDescriptor.name, values: PatchValue(writer.json.bytes)))
        }
        return operations
    }

    /// `Class.member` of the first saved member of `node` that cannot be encoded (`Class` alone
    /// if each can on its own).
    private func unencodableMember(of node: any DocumentNode) -> String {
        let descriptor = type(of: node)._rippleDescriptor
        for (index, member) in descriptor.members.enumerated() where descriptor.saves(index) && !member.isNode {
            var writer = DocumentChangeWriter(node: 0, member: member.name, identities: identities)
            if (try? node._rippleSaveChange(of: index, old: (), to: &writer)) == nil { return "\(descriptor.name).\(member.name)" }
        }
        return descriptor.name
    }

    /// `error`, saying what became of the update whose patch it stopped.
    private static func committedWithoutPatch(_ error: DocumentError) -> DocumentError {
        guard case .unencodable(let reason) = error else { return error }
        return .unencodable(reason: reason + "; the update committed without its patch (a replica fed the patches sees a gap)")
    }

    /// What an encoder's error says, without its wrapping.
    private static func describe(_ error: any Error) -> String {
        if case .invalidValue(_, let context) = error as? EncodingError { return context.debugDescription }
        return "\(error)"
    }
}

/// Where a ``DocumentStore`` takes the patches of its mediator's updates.
@MainActor
protocol PatchJournal: AnyObject {
    /// Holds `patch`, the change of an update's transaction, before anything of it is delivered;
    /// throws to roll the update back (the store could not journal it).
    func hold(_ patch: Patch) throws
    /// The update committed, its refresh over. `rest` is what registrations changed in the
    /// document during the refresh (a continuation of the held patch when `continuing`), or why
    /// it could not be made into a patch; nothing can be refused any more.
    func updateDidCommit(rest: Result<Patch, DocumentError>?, continuing: Bool)
}

extension Patch.Operation {
    /// What it is, for error messages: its kind, node and member, not its values (which may be
    /// large).
    var summary: String {
        switch self {
        case .node(let id, _, _): "bringing node \(id)"
        case .set(let node, let member, _): "a value of node \(node)'s '\(excerpt(member))'"
        case .splice(let node, let member, _, _, _): "a splice of node \(node)'s '\(excerpt(member))'"
        case .setKeys(let node, let member, _, _): "keys of node \(node)'s '\(excerpt(member))'"
        case .setElements(let node, let member, _, _): "elements of node \(node)'s '\(excerpt(member))'"
        }
    }

    /// The member it changes (empty for a node brought).
    var member: String {
        switch self {
        case .node: ""
        case .set(_, let member, _), .splice(_, let member, _, _, _), .setKeys(_, let member, _, _),
            .setElements(_, let member, _, _):
            member
        }
    }
}
