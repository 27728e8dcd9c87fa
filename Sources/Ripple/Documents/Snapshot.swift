import Foundation
internal import RippleJSON

// A snapshot is the whole document as JSON:
//
//     {"format":1,"model":"Library","version":2,"root":1,"nextID":5,
//      "nodes":[{"id":1,"type":"Library","values":{"shelves":[2,3],"userID":7}}, ...]}
//
// Every node is written once, under its number, in the order the root reaches it; members
// holding nodes hold their numbers, so sharing and cycles come back as they were. Saving what
// was opened writes the same bytes: the numbers are kept, and the order follows the model.

/// The format of snapshots this runtime writes, and the newest it reads.
let documentFormat = 1

extension Mediator where Root: DocumentRoot {
    /// The snapshot of the model, with `extra` members in its header.
    func snapshotBytes(extra: [(String, UInt64)] = []) throws -> [UInt8] {
        // While the gates take a transaction's change, its writes are validated and stay unless
        // a gate refuses them (a store behind its journal saves them whole then).
        if core.updateDepth > 0 && !core.queuesUpdates && !core.isPreparingCommit { throw DocumentError.updateInProgress }
        let context = DocumentWriteContext(identities: identities)
        let replica = replicaSession as? ReplicaSession<Root>
        context.numbering = replica?.canonicalNumbering()
        let rootID = context.reference(root)
        // One writer for every node: the text grows in place (a copy per node would cost the
        // whole document each time).
        var writer = DocumentNodeWriter(json: JSONWriter(), context: context)
        writer.json.beginArray()
        var next = 0
        while next < context.queue.count {
            let node = context.queue[next]
            next += 1
            writer.json.beginObject()
            writer.json.key("id")
            writer.json.write(context.number(of: node))
            writer.json.key("type")
            writer.json.write(type(of: node)._rippleDescriptor.name)
            writer.json.key("values")
            writer.json.beginObject()
            try node._rippleSave(to: &writer)
            writer.json.endObject()
            writer.json.endObject()
        }
        writer.json.endArray()
        guard identities.nextID <= DocumentIdentities.limit + 1 else {
            throw DocumentError.tooLarge(reason: "the document has no node numbers left to give")
        }
        var header = DocumentHeader(Root.self, extra: extra, identities: identities, root: rootID)
        if let replica {
            // A replica's counters are its own: what it holds is its changes (see Collaboration/).
            header.sequence = 0
            header.nextID = replica.canonicalNextNumber
            let state = try replica.engine.encodedState()
            var fingerprint = Fingerprint()
            fingerprint.add(state)
            header.replica = (state.base64EncodedString(), fingerprint.text, replica.genesisNumberAfter)
        }
        return header.document(nodes: &writer.json.bytes)
    }
}

/// What a snapshot says of itself before its nodes: the format, the model and its version, the
/// `extra` members a store adds, the document's name and last patch, its root and next number.
struct DocumentHeader: Sendable {
    let model: String
    let version: Int
    let extra: [(String, UInt64)]
    let document: String
    var sequence: UInt64
    let root: UInt64
    var nextID: UInt64
    /// A collaborating replica's state (base64 of its engine's), the state's fingerprint, and
    /// the number after its genesis nodes': what a replica opened from the snapshot starts
    /// from. The fingerprint refuses a damaged state that would still decode (a changed byte of
    /// a value): the replica would send what its state says, not what its model shows.
    var replica: (state: String, check: String, genesisNext: UInt64)?

    init<Root: DocumentRoot>(_: Root.Type, extra: [(String, UInt64)], identities: DocumentIdentities, root rootID: UInt64) {
        model = Root._rippleDescriptor.name
        version = Root._rippleDocumentVersion
        self.extra = extra
        document = identities.document
        sequence = identities.sequence
        self.root = rootID
        nextID = identities.nextID
    }

    /// The whole document: this header, then `nodes`, the text of its array of nodes (taken).
    func document(nodes: inout [UInt8]) -> [UInt8] {
        var document = JSONWriter()
        document.beginObject()
        document.key("format")
        document.write(documentFormat)
        document.key("model")
        document.write(model)
        document.key("version")
        document.write(version)
        for (key, value) in extra {
            document.key(key)
            document.write(value)
        }
        document.key("document")
        document.write(self.document)
        document.key("sequence")
        document.write(sequence)
        document.key("root")
        document.write(root)
        document.key("nextID")
        document.write(nextID)
        if let replica {
            document.key("replicaGenesisNext")
            document.write(replica.genesisNext)
            document.key("replicaState")
            document.write(replica.state)
            document.key("replicaStateCheck")
            document.write(replica.check)
        }
        document.key("nodes")
        document.writeValue(taking: &nodes)
        document.endObject()
        return document.bytes
    }
}

/// Opens the document `bytes` holds: checks what it is, migrates an older version, makes every
/// node, then reads every node's members; refuses what is past `limits`, and what would not
/// hold together (a number out of range, a reference to a node it does not hold).
@MainActor
func openDocument<Root: DocumentRoot>(
    _ bytes: [UInt8], identities: DocumentIdentities, limits: DocumentLimits = .default
) throws -> Root {
    guard bytes.count <= limits.maximumBytes else {
        throw DocumentError.tooLarge(reason: "it takes \(bytes.count) bytes, more than \(limits.maximumBytes)")
    }
    var document = try parseDocument(bytes, as: Root.self)
    let version = try header(document, "version")
    guard version >= 1 else { throw DocumentError.damaged(reason: "its model version is \(version), below 1") }
    if version > Root._rippleDocumentVersion {
        throw DocumentError.newerVersion(found: version, supported: Root._rippleDocumentVersion)
    }
    if version < Root._rippleDocumentVersion {
        var migration = try DocumentMigration(document)
        try Root._rippleMigrate(&migration, from: version)
        document = try parseDocument(try migration.bytes(model: Root._rippleDescriptor.name, version: Root._rippleDocumentVersion), as: Root.self)
    }
    let context = DocumentReadContext()
    do {
        let entries = try document.member("nodes").elements()
        guard entries.count <= limits.maximumNodes else {
            throw DocumentError.tooLarge(reason: "it holds \(entries.count) nodes, more than \(limits.maximumNodes)")
        }
        let types = Root._rippleDocumentTypes
        identities.deferIndex()
        context.reserveCapacity(entries.count)
        var values: [JSONValue] = []
        values.reserveCapacity(entries.count)
        for entry in entries {
            let id = try nodeNumber(entry.member("id"))
            let type = try entry.member("type").string()
            guard let nodeType = types[type] else {
                throw DocumentError.damaged(reason: "node \(id) is a '\(excerpt(type))', which the model has no class for")
            }
            let node = nodeType._rippleMake()
            try context.add(node, id: id)
            identities.assign(id, to: node)
            values.append(try entry.member("values"))
        }
        for (position, values) in values.enumerated() { try context.read(values, into: position) }
        let rootID = try nodeNumber(document.member("root"))
        // Deeper, the model would overflow the stack when it is released (see DocumentLimits);
        // what the root does not hold goes now, and may not be deeper either. A replica's may
        // nest as deep as its merges made it (see DocumentDepth.judgeMerged).
        let isReplica = try document.memberIfPresent("replicaState") != nil
        let depthLimit = isReplica ? limits.maximumChain : limits.maximumDepth
        guard let measured = context.measure(chainLimit: limits.maximumChain + 1, depthLimit: depthLimit, root: rootID) else {
            throw DocumentError.tooLarge(reason: "its nodes " + limits.depthRefusal())
        }
        let nextID = try document.member("nextID").uint64()
        // One past the last number: a document that gave every number (it takes no new node).
        guard nextID <= DocumentIdentities.limit + 1 else {
            throw DocumentError.damaged(reason: "its next node number, \(nextID), leaves no numbers to give")
        }
        let sequence = try document.memberIfPresent("sequence")?.uint64() ?? 0
        guard sequence <= DocumentIdentities.limit else {
            throw DocumentError.damaged(reason: "its patch number, \(sequence), leaves no numbers to give")
        }
        // A document without a name (not one Ripple wrote) is named after its bytes, the same
        // each time it opens: a store's journal, and replicas, keep following it.
        let name = try document.memberIfPresent("document")?.string() ?? nameOfUnnamedDocument(bytes)
        // Taken last: a refused document's nodes go holders first (the root would take them all
        // with it, one call inside the other).
        guard let root = context.node(numbered: rootID) as? Root else {
            throw DocumentError.damaged(reason: "its root, node \(rootID), is not a \(Root._rippleDescriptor.name)")
        }
        if let state = try document.memberIfPresent("replicaState")?.string() {
            guard let bytes = Data(base64Encoded: state), let genesisNext = try document.memberIfPresent("replicaGenesisNext")?.uint64(),
                genesisNext <= nextID
            else { throw DocumentError.damaged(reason: "its replica state is not one Ripple wrote") }
            // Snapshots written before the check was kept have none.
            if let check = try document.memberIfPresent("replicaStateCheck")?.string() {
                var fingerprint = Fingerprint()
                fingerprint.add(bytes)
                guard fingerprint.text == check else { throw DocumentError.damaged(reason: "its replica state was changed since it was written") }
            }
            identities.openedReplica = OpenedReplica(state: bytes, genesisNext: genesisNext)
        }
        identities.reserve(upTo: nextID)
        identities.document = name
        identities.sequence = sequence
        let depth = measured.depth
        identities.depth = DocumentDepth(bound: measured.chain - 1, allowance: depth > limits.maximumDepth ? depth : 0)
        identities.limits = limits
        identities.setRoot(root)
        return root
    } catch {
        context.release()
        if let error = error as? DocumentError { throw error }
        throw DocumentError.damaged(reason: describe(error))
    }
}

/// The name of a document whose snapshot holds none: from a hash of its bytes.
private func nameOfUnnamedDocument(_ bytes: [UInt8]) -> String {
    var fingerprint = Fingerprint()
    fingerprint.add(bytes)
    return "unnamed-" + fingerprint.text
}

/// A 64-bit FNV-1a hash of bytes, as 16 hexadecimal digits: names that stand for content (not
/// a defence against forgery).
struct Fingerprint {
    private var hash: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    }

    /// A node's number, class and saved members.
    mutating func add(_ id: UInt64, _ type: String, _ values: [UInt8]) {
        withUnsafeBytes(of: id.littleEndian) { add($0) }
        add(type.utf8)
        add(values)
    }

    var text: String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// A node's number as a document or a patch holds it: within 1 ... `DocumentIdentities.limit`
/// (0 stands for "no number" in the runtime, and a number near `UInt64.max` would leave none to
/// give).
func nodeNumber(_ value: JSONValue) throws -> UInt64 {
    let id = try value.uint64()
    guard DocumentIdentities.validNumbers.contains(id) else {
        throw DocumentError.damaged(reason: "node number \(id) is out of range (1 to \(DocumentIdentities.limit))")
    }
    return id
}

/// The parsed document, after checking that it is one, of `Root`'s model, in a format this
/// runtime reads.
private func parseDocument<Root: DocumentRoot>(_ bytes: [UInt8], as: Root.Type) throws -> JSONValue {
    let document: JSONValue
    do {
        document = try DocumentJSON.parse(bytes)
    } catch {
        throw DocumentError.notADocument(reason: "\(error)")
    }
    guard document.kind == .object, let formatValue = try? document.memberIfPresent("format"),
        let model = try? document.memberIfPresent("model")?.string()
    else {
        throw DocumentError.notADocument(reason: "it has no format and model (is it JSON from elsewhere?)")
    }
    guard let format = try? formatValue.int() else {
        throw DocumentError.notADocument(reason: "its format is not a format number")
    }
    guard format >= 1 else { throw DocumentError.damaged(reason: "its format is \(format), below 1") }
    guard format <= documentFormat else { throw DocumentError.newerFormat(found: format, supported: documentFormat) }
    guard model == Root._rippleDescriptor.name else {
        throw DocumentError.otherModel(found: excerpt(model), expected: Root._rippleDescriptor.name)
    }
    return document
}

/// A number in the document's header.
private func header(_ document: JSONValue, _ key: String) throws -> Int {
    guard let member = try? document.memberIfPresent(key) else {
        throw DocumentError.notADocument(reason: "its header has no '\(key)'")
    }
    guard let value = try? member.int() else {
        throw DocumentError.notADocument(reason: "its header's '\(key)' is not a whole number that fits an Int")
    }
    return value
}
