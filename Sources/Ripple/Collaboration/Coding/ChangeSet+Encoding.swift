import Foundation

/// The compact binary form of a change set (DocumentVersion's too): what transports carry and
/// shared folders store. See "Change set format" in the "Editing Together" article.
extension ChangeSet {
    /// The first byte of an encoded change set: its format (a later format gets another).
    static let format: UInt8 = 0xC1

    /// The change set in its compact binary form, which ``init(encoded:)`` reads back.
    public var encoded: Data {
        var writer = CompactWriter()
        writer.string(document)
        writer.string(model)
        writer.changes(changes)
        return writer.bytes(format: Self.format)
    }

    /// Reads a change set from its compact binary form (``encoded``), from any source: bytes
    /// that are not one throw, and nothing is allocated by a size they claim.
    ///
    /// - Throws: ``ReplicaError/malformed(_:)`` for bytes that are not an encoded change set.
    public init(encoded data: Data) throws {
        var reader = try CompactReader(data, format: Self.format, what: "a change set")
        let (document, model) = (try reader.string(), try reader.string())
        var changes: [ReplicaChange] = []
        var starts: [Int] = []
        var sequenceBases: [UInt64] = []
        var context = CompactReader.ChangeContext()
        for _ in 0..<(try reader.count()) {
            starts.append(reader.position)
            let (change, sequenceBase) = try reader.change(&context)
            changes.append(change)
            sequenceBases.append(sequenceBase)
        }
        starts.append(reader.position)
        try reader.finish()
        let received = ReceivedChanges(source: reader.received, starts: starts, sequenceBases: sequenceBases)
        self.init(document: document, model: model, changes: changes, received: received)
    }

    /// Writes the compact binary form as one `Data` value (base64 in JSON, raw bytes in a
    /// property list).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encoded)
    }

    /// Reads what ``encode(to:)`` wrote.
    ///
    /// - Throws: ``ReplicaError/malformed(_:)`` for a value that is not an encoded change set.
    public init(from decoder: any Decoder) throws {
        try self.init(encoded: try decoder.singleValueContainer().decode(Data.self))
    }
}

extension DocumentVersion {
    /// The first byte of an encoded version.
    static let format: UInt8 = 0xD1

    /// The version in its compact binary form, which ``init(encoded:)`` reads back.
    public var encoded: Data {
        var writer = CompactWriter()
        writer.version(self)
        // The document last, so that a version of no document reads as it did before.
        if let document { writer.string(document) }
        return writer.bytes(format: Self.format)
    }

    /// Reads a version from its compact binary form (``encoded``).
    ///
    /// - Throws: ``ReplicaError/malformed(_:)`` for bytes that are not an encoded version.
    public init(encoded data: Data) throws {
        var reader = try CompactReader(data, format: Self.format, what: "a document version")
        self = try reader.version()
        if !reader.isAtEnd { document = try reader.string() }
        try reader.finish()
    }

    /// Writes the compact binary form as one `Data` value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encoded)
    }

    /// Reads what ``encode(to:)`` wrote.
    ///
    /// - Throws: ``ReplicaError/malformed(_:)`` for a value that is not an encoded version.
    public init(from decoder: any Decoder) throws {
        try self.init(encoded: try decoder.singleValueContainer().decode(Data.self))
    }
}

/// Changes: each change's sequence is a delta from the one after its replica's previous change
/// in the set, its dependency on its own replica (its sequence less one) is a flag, its first
/// counter is a delta from the previous change's (a change set is ordered by them), and its
/// operations' counters are deltas from its own.
extension CompactWriter {
    /// A version, in replica order; without sorting when it names one replica (a change's
    /// dependencies on the others, most often).
    mutating func version(_ version: DocumentVersion) {
        varint(version.counts.count)
        if version.counts.count == 1, let (replica, count) = version.counts.first {
            self.replica(replica)
            varint(count)
            return
        }
        for (replica, count) in version.counts.sorted(by: { $0.key < $1.key }) {
            self.replica(replica)
            varint(count)
        }
    }

    mutating func changes(_ changes: [ReplicaChange]) {
        self.changes(changes) { writer, change in
            writer.varint(change.operations.count)
            for operation in change.operations { writer.operation(operation, base: change.firstCounter) }
        }
    }

    /// Changes, each's operations written by `operations` (a replica's state writes those its
    /// tables show as references to them).
    mutating func changes(_ changes: [ReplicaChange], operations: (inout CompactWriter, ReplicaChange) -> Void) {
        varint(changes.count)
        var previous: UInt64 = 0
        var sequences: [ReplicaID: UInt64] = [:]
        var last: (replica: ReplicaID, sequence: UInt64)?  // most changes in a row are one replica's
        for change in changes {
            replica(change.replica)
            let before: UInt64
            if let last, last.replica == change.replica {
                before = last.sequence
            } else {
                if let last { sequences[last.replica] = last.sequence }
                before = sequences[change.replica] ?? 0
            }
            delta(change.sequence, from: before &+ 1)
            last = (change.replica, change.sequence)
            let ownImplied = change.sequence > 0 && change.ownDependency == change.sequence - 1
            bool(ownImplied)
            version(ownImplied ? change.otherDependencies : change.dependencies)
            delta(change.firstCounter, from: previous)
            previous = change.firstCounter
            operations(&self, change)
        }
    }
}

extension CompactReader {
    mutating func version() throws -> DocumentVersion {
        try version(reusing: DocumentVersion(), entry: nil).version
    }

    /// A version; `previous` itself (its table shared, not copied, and `reused`) when it is the
    /// same single entry `entry` (`previous`'s only one), as consecutive changes' dependencies
    /// on other replicas mostly are.
    mutating func version(
        reusing previous: DocumentVersion, entry: (replica: ReplicaID, count: UInt64)?
    ) throws -> (version: DocumentVersion, reused: Bool) {
        let entries = try count()
        var version = DocumentVersion()
        for _ in 0..<entries {
            let replica = try replica()
            guard replica != .genesis else { throw ReplicaError.malformed("a version naming replica 0") }
            let count = try varint()
            guard count > 0 else { throw ReplicaError.malformed("a version with a count of 0") }
            // Compared as plain values, once per change (reading the table's one entry cost more).
            if entries == 1, let entry, entry.replica == replica, entry.count == count { return (previous, true) }
            guard version.counts.updateValue(count, forKey: replica) == nil else {
                throw ReplicaError.malformed("a version naming replica \(replica) twice")
            }
        }
        return (version, false)
    }

    /// What decoding a change needs of the changes before it in its set.
    struct ChangeContext {
        var previousFirstCounter: UInt64 = 0
        var previousOthers = DocumentVersion()
        /// The only entry of `previousOthers`, when it has one alone.
        var previousEntry: (replica: ReplicaID, count: UInt64)?
        /// The last sequence read of every replica but the last one read, which `last` holds
        /// (most changes in a row are one replica's: no hashing for those).
        var sequences: [ReplicaID: UInt64] = [:]
        var last: (replica: ReplicaID, sequence: UInt64)?

        /// The sequence of the last change of `replica` read (0 for none).
        mutating func sequenceBase(of replica: ReplicaID) -> UInt64 {
            if let last {
                if last.replica == replica { return last.sequence }
                sequences[last.replica] = last.sequence
            }
            return sequences[replica] ?? 0
        }
    }

    mutating func changes() throws -> [ReplicaChange] {
        try changes { reader, _, firstCounter in try reader.plainOperations(base: firstCounter) }
    }

    /// A change's operations as a change set writes them: their count, then each.
    mutating func plainOperations(base firstCounter: UInt64) throws -> [ChangeOperation] {
        let count = try count()
        var operations: [ChangeOperation] = []
        for _ in 0..<count { operations.append(try operation(base: firstCounter)) }
        return operations
    }

    /// Changes, each's operations read by `operations` (given the change's replica and first
    /// counter).
    mutating func changes(
        operations: (inout CompactReader, ReplicaID, UInt64) throws -> [ChangeOperation]
    ) throws -> [ReplicaChange] {
        var changes: [ReplicaChange] = []
        var context = ChangeContext()
        for _ in 0..<(try count()) { changes.append(try change(&context, operations: operations).change) }
        return changes
    }

    /// The next change, and the sequence of its replica's change before it in the set (what
    /// its sequence is written relative to).
    mutating func change(
        _ context: inout ChangeContext,
        operations: (inout CompactReader, ReplicaID, UInt64) throws -> [ChangeOperation] = { reader, _, firstCounter in
            try reader.plainOperations(base: firstCounter)
        }
    ) throws -> (change: ReplicaChange, sequenceBase: UInt64) {
        let replica = try replica()
        let sequenceBase = context.sequenceBase(of: replica)
        let sequence = try delta(from: sequenceBase &+ 1)
        context.last = (replica, sequence)
        let ownImplied = try bool()
        var (others, reused) = try version(reusing: context.previousOthers, entry: context.previousEntry)
        // A table reused is the last change's, known: its entry is compared, not looked up.
        let own = reused ? (context.previousEntry!.replica == replica ? context.previousEntry!.count : 0) : others[replica]
        if ownImplied {
            guard sequence > 0, own == 0 else {
                throw ReplicaError.malformed("a change's dependency on its own replica given twice")
            }
        } else if own > 0 {
            others[replica] = 0
            reused = false
        }
        if !reused {
            context.previousOthers = others
            context.previousEntry = others.counts.count == 1 ? others.counts.first.map { ($0.key, $0.value) } : nil
        }
        let firstCounter = try delta(from: context.previousFirstCounter)
        context.previousFirstCounter = firstCounter
        let operations = try operations(&self, replica, firstCounter)
        let change = ReplicaChange(
            replica: replica, sequence: sequence, ownDependency: ownImplied ? sequence - 1 : own,
            othersWithoutOwn: others, firstCounter: firstCounter, operations: operations)
        return (change, sequenceBase)
    }
}
