import Foundation
internal import RippleJSON

/// What opening a ``DocumentStore`` makes of its journal, checked against the snapshot beside
/// it: the patches that apply, and how the journal goes on.
///
/// A journal is this document's provably (its header names the document, its records are the
/// document's patches) or it is damage. Its records follow one another (each patch the next
/// number, or a continuation of the one before). Those up to the snapshot's sequence are in
/// the snapshot already (the store was stopped after writing a new snapshot, before replacing
/// the journal): they are skipped, the only records ever dropped besides a torn last one. The
/// others must start right after the snapshot's sequence. Nothing is discarded on a guess.
///
/// A replica's journal (beside a snapshot that holds a replica state) holds change sets
/// instead, each the changes an update made or merged: merged again together, in any order,
/// they skip what the snapshot holds already, so that every record is kept.
struct JournalReplay {
    /// What the snapshot beside the journal says of itself.
    struct Snapshot {
        let document: String
        let generation: UInt64
        let sequence: UInt64
        /// Whether it holds a replica state: its journal's records are change sets.
        var isReplica = false
        /// The file it is in.
        var file: JournalFormat.FileIdentity?
    }

    /// How the journal goes on once its patches are applied.
    enum Plan: Equatable {
        /// Appending after its last whole record, at `end` (the file is cut there).
        case resume(end: Int)
        /// Replaced by a journal of the snapshot, carrying this one's records from byte `start`
        /// to `end` (`nil`: none).
        case replace(carryingFrom: Int?, end: Int)
        /// A new document: the snapshot is written, then a journal of it.
        case create
    }

    /// The patches to apply, in order.
    let patches: [Patch]
    /// The change sets to merge (a replica's journal).
    let changeSets: [ChangeSet]
    let plan: Plan

    /// Checks `contents`, the journal at `path`, against `snapshot` (`nil`: the document is
    /// missing).
    ///
    /// - Throws: ``DocumentError/damaged(reason:)``; ``DocumentError/tooLarge(reason:)`` for a
    ///   record larger than `limits` allow. Both files are left as they are.
    init(_ contents: JournalFormat.Contents, snapshot: Snapshot?, path: String, limits: DocumentLimits) throws {
        func damaged(_ reason: String) -> DocumentError {
            DocumentError.damaged(reason: "the journal \(path) \(reason)")
        }
        guard case .journal(let header, let records, let end) = contents else {
            patches = []
            changeSets = []
            plan = snapshot == nil ? .create : .replace(carryingFrom: nil, end: 0)
            return
        }
        guard let snapshot else {
            // Nothing was ever appended before the document existed.
            guard records.isEmpty, end == header.size else {
                throw damaged("holds updates, and the document it follows is missing (if it was moved or renamed, move the journal beside it)")
            }
            patches = []
            changeSets = []
            plan = .create
            return
        }
        if let name = header.document, name != snapshot.document {
            throw damaged("belongs to document \(name.prefix(64)), not to \(snapshot.document.prefix(64)), the one beside it")
        }
        if header.generation > snapshot.generation {
            throw damaged(
                "follows a newer snapshot (save \(header.generation)) than the document beside it (save \(snapshot.generation)): "
                    + "was the document replaced by an older copy?")
        }
        let isCurrent = header.generation == snapshot.generation
        // A replica's snapshot counts no patches: an older journal beside it is all in it.
        if let base = header.base, isCurrent ? base != snapshot.sequence : !snapshot.isReplica && base > snapshot.sequence {
            throw damaged("follows patch \(base), and the document beside it is at patch \(snapshot.sequence)")
        }
        var patches: [Patch] = []
        var changeSets: [ChangeSet] = []
        var carryFrom: Int?
        var previous: UInt64?
        for (index, record) in records.enumerated() {
            // Read as untrusted input: no larger than the limit, checked before it is parsed.
            guard record.payload.count <= limits.maximumBytes else {
                throw DocumentError.tooLarge(
                    reason: "the journal \(path) holds a record of \(record.payload.count) bytes, more than \(limits.maximumBytes) (record \(index + 1))")
            }
            guard record.payload.first == UInt8(ascii: "{") else {
                changeSets.append(try Self.changeSet(record, index: index, snapshot: snapshot, path: path))
                carryFrom = carryFrom ?? record.start
                continue
            }
            if snapshot.isReplica {
                // Patches written before the document's replica began: its snapshot holds them.
                guard !isCurrent else { throw damaged("holds a patch beside a replica's snapshot (record \(index + 1))") }
                continue
            }
            let patch: Patch
            do {
                patch = try Patch(reading: DocumentJSON.parse(Array(record.payload)))
            } catch {
                throw damaged("holds a record with a valid checksum that is not a patch (record \(index + 1)): \(error)")
            }
            guard patch.document == snapshot.document else {
                throw damaged("holds a patch of another document (record \(index + 1))")
            }
            if let previous {
                let expected = record.continues ? previous : previous &+ 1
                guard patch.sequence == expected else {
                    throw damaged("holds patch \(patch.sequence) after patch \(previous) (record \(index + 1))")
                }
            }
            previous = patch.sequence
            // In the snapshot already.
            if patch.sequence <= snapshot.sequence {
                if isCurrent && header.base != nil {
                    throw damaged("holds patch \(patch.sequence), which the snapshot it follows holds already")
                }
                continue
            }
            if patches.isEmpty {
                guard patch.sequence == snapshot.sequence &+ 1 else {
                    throw damaged("starts at patch \(patch.sequence), and the document beside it is at patch \(snapshot.sequence)")
                }
                carryFrom = record.start
            }
            patches.append(patch)
        }
        self.patches = patches
        self.changeSets = changeSets
        // A journal of this snapshot in this format and file goes on; any other is replaced by one.
        let goesOn = isCurrent && header.format == JournalFormat.format && header.file == snapshot.file
        plan = goesOn ? .resume(end: end) : .replace(carryingFrom: carryFrom, end: end)
    }

    /// The change set `record` holds, of the replica beside it.
    private static func changeSet(_ record: JournalFormat.Record, index: Int, snapshot: Snapshot, path: String) throws -> ChangeSet {
        guard snapshot.isReplica else {
            throw DocumentError.damaged(
                reason: "the journal \(path) holds a replica's changes, and the document beside it is no replica's (record \(index + 1))")
        }
        let changes: ChangeSet
        do {
            changes = try ChangeSet(encoded: Data(record.payload))
        } catch {
            throw DocumentError.damaged(
                reason: "the journal \(path) holds a record with a valid checksum that is not a change set (record \(index + 1)): \(error)")
        }
        guard changes.isOf(document: snapshot.document) else {
            throw DocumentError.damaged(reason: "the journal \(path) holds changes of another document (record \(index + 1))")
        }
        return changes
    }
}
