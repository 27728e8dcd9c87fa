internal import RippleJSON

/// What opening a ``DocumentStore`` found, before anything is changed: the document's model (or
/// a new one), what the snapshot says of itself, and the journal's patches and plan.
@MainActor
struct DocumentOpening<Root: DocumentRoot> {
    let root: Root
    let identities: DocumentIdentities
    /// The snapshot's generation (0 for a new document, or one no store wrote).
    let generation: UInt64
    /// The snapshot's sequence: the patch it holds last.
    let sequence: UInt64
    /// The size of the document's file (0 for a new document).
    let snapshotSize: Int
    /// Whether there is no document yet: the store writes it.
    let createsDocument: Bool
    /// The replica identity the snapshot keeps, when it is a replica's snapshot and was written
    /// as the file it is now (not a copy of it).
    let keptReplicaID: ReplicaID?
    let replay: JournalReplay
    /// The journal replayed is another file's, left where it is (this document is a copy of
    /// that file): the store writes a snapshot at once, so that the copy stands alone.
    let replaysAnotherFilesJournal: Bool
    /// The journal was found under another name and renamed beside the document.
    let adoptedJournal: Bool
    /// The snapshot's mark: whether a journal holds updates after it, and where it is marked
    /// (unset and nowhere for a new document).
    let mark: SnapshotMark

    /// Reads the document and its journal (the journal's lock is held) and checks them against
    /// each other.
    ///
    /// - Throws: ``DocumentError``; nothing was changed.
    init(document: inout DocumentFile, journal: JournalFile) throws {
        // A file a store was writing when it was stopped, never renamed into place.
        document.discard()
        try? document.files.unlink(journal.path + "-new")
        identities = DocumentIdentities()
        let snapshot: JournalReplay.Snapshot?
        if let bytes = try document.read() {
            root = try openDocument(bytes, identities: identities)
            let header = try DocumentJSON.parse(bytes)
            generation = try Self.generation(of: header)
            snapshot = JournalReplay.Snapshot(
                document: identities.document, generation: generation, sequence: identities.sequence,
                isReplica: identities.openedReplica != nil, file: document.identity.map(JournalFormat.FileIdentity.init))
            keptReplicaID = identities.openedReplica == nil ? nil : KeptReplica(header)?.replicaID(ofFile: document.identity)
            snapshotSize = bytes.count
            createsDocument = false
            mark = SnapshotMark(of: bytes, header: header)
        } else {
            root = Root._rippleMakeRoot()
            generation = 0
            snapshot = nil
            keptReplicaID = nil
            snapshotSize = 0
            createsDocument = true
            mark = SnapshotMark()
        }
        sequence = identities.sequence
        var contents = try JournalFormat.contents(of: try journal.readAll(), path: journal.path)
        var found: JournalSearch.Found?
        // A snapshot a store wrote, without its journal: renamed or linked while closed?
        if case .nothing = contents, let snapshot, snapshot.generation > 0, let file = snapshot.file {
            let search = JournalSearch(
                files: document.files, journalPath: journal.path, document: snapshot.document, generation: snapshot.generation, file: file)
            found = try search.find()
        }
        // Its updates are in a journal out of reach: never a document opened without them.
        if case .nothing = contents, found == nil, mark.isSet { throw DocumentError.journalMissing(path: journal.path) }
        do {
            if let found { contents = try JournalFormat.contents(of: found.bytes, path: found.path) }
            replay = try JournalReplay(contents, snapshot: snapshot, path: found?.path ?? journal.path, limits: .default)
            // A journal of an earlier snapshot with nothing after this one is not the journal
            // its mark says holds updates (a compaction's old journal still holds what it carried).
            if mark.isSet, case .journal(let header, _, _) = contents, header.generation < generation,
                replay.patches.isEmpty, replay.changeSets.isEmpty
            {
                throw DocumentError.journalMissing(path: journal.path)
            }
            // Renamed last: whatever throws before leaves the files as they were.
            if let found { try JournalSearch.adopt(found, into: journal, files: document.files) }
        } catch {
            found?.close(files: document.files)
            throw error
        }
        if case .another = found { replaysAnotherFilesJournal = true } else { replaysAnotherFilesJournal = false }
        if case .own = found { adoptedJournal = true } else { adoptedJournal = false }
    }

    /// Applies the journal's patches to `mediator`'s model, as one update: every record is an
    /// update that committed (one validation and one refresh for the journal, not one per record).
    ///
    /// - Throws: ``DocumentError/damaged(reason:)`` when a patch does not apply; nothing changed.
    func replay(into mediator: Mediator<Root>) throws {
        if !replay.changeSets.isEmpty { try mergeChanges(into: mediator) }
        guard let last = replay.patches.last else { return }
        do {
            try mediator.replay(replay.patches)
        } catch DocumentError.damaged(let reason) {
            throw DocumentError.damaged(reason: reason)
        } catch DocumentError.tooLarge(let reason) {
            // Larger or deeper than the limits, not damaged: an app may raise them.
            throw DocumentError.tooLarge(reason: reason)
        } catch {
            throw DocumentError.damaged(reason: "the journal's patches do not apply to the document beside it: \(describe(error))")
        }
        identities.sequence = last.sequence
    }

    /// Merges a replica's journal into `mediator`, a replica already: every change set as one
    /// merge (those the snapshot holds are skipped).
    ///
    /// - Throws: ``DocumentError/damaged(reason:)`` when they do not merge; nothing changed.
    private func mergeChanges(into mediator: Mediator<Root>) throws {
        let first = replay.changeSets[0]
        guard replay.changeSets.allSatisfy({ $0.model == first.model }) else {
            throw DocumentError.damaged(reason: "the journal holds changes of another model")
        }
        do {
            try mediator.merge(ChangeSet(document: first.document, model: first.model, changes: replay.changeSets.flatMap(\.changes)))
        } catch {
            throw DocumentError.damaged(reason: "the journal's changes do not merge into the document beside it: \(describe(error))")
        }
    }
}

extension DocumentOpening {
    /// The snapshot's save count (its `journal` member; 0 for a snapshot made by `snapshot()`),
    /// range-checked as the document's other numbers are: each save adds one, so a count near
    /// `UInt64.max` is not one a store wrote (and the next save would overflow it).
    static func generation(of header: JSONValue) throws -> UInt64 {
        guard let member = try header.memberIfPresent("journal") else { return 0 }
        guard let generation = try? member.uint64(), generation <= DocumentIdentities.limit else {
            throw DocumentError.damaged(reason: "its save count (\"journal\") is not a number from 0 to \(DocumentIdentities.limit)")
        }
        return generation
    }
}
