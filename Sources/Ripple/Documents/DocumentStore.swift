import Foundation

/// A document that saves itself: its file holds a snapshot, and a journal beside it every
/// update committed since, so that a document killed at any instant (power cut, `kill -9`)
/// reopens to its last durable update, never to a corrupt or half-applied state.
///
/// ```swift
/// let store = try DocumentStore<Library>(url: documentURL)     // opens, or creates
/// try store.mediator.update { $0.title = "Poetry" }            // journaled, durable on return
/// try store.save()                                              // a new snapshot; journal emptied
/// ```
///
/// Every committed update (undo and redo included) is appended to the journal as a ``Patch``.
/// With the default durability, `.immediate`, it is on disk when `update` returns, and the
/// document counts as saved (``Mediator/hasUnsavedChanges`` is `false`); if it cannot be written
/// (a full disk, an I/O error) or encoded (a NaN), the update is rolled back and throws, and the
/// store goes on. A looser durability writes each update at once but waits for the disk on an
/// interval (`.interval`), or only on ``save()`` (`.onSave`); the document is saved when its
/// journal is durable, and a write that fails is reported to the mediator's failure handler
/// (the document stays unsaved until a later write succeeds).
///
/// ``save()`` writes a new snapshot atomically (a file beside it, synced, renamed over the
/// document) and empties the journal; a save that fails leaves both files as they were. Opening
/// replays the journal over the snapshot, dropping a torn last record; a journal that is not
/// whole and valid is ``DocumentError/damaged(reason:)``, and both files are left as they are.
///
/// A store is of the file, however it is named: a symbolic link leads to its target (a dangling
/// one is ``DocumentError/brokenLink(path:)``), and one store holds a file at a time: a second
/// one, through any name, in this process or another, is ``DocumentError/locked(path:)``. A file
/// with several hard links is refused (``DocumentError/hardLinked(path:links:)``).
///
/// The store compacts the document by itself (a new snapshot, the journal emptied) when the
/// journal outgrows an eighth of the snapshot, or by the ``Compaction`` policy the app picks;
/// the model's values are read on the main actor, and encoded and written off it (see
/// ``compact()``).
///
/// The journal is the document's real file name with `.journal` appended, in the same folder.
/// A document renamed while closed finds its journal under the old name (its header names the
/// file) and takes it along; a copy replays the original's and saves a snapshot of its own. One
/// moved to another folder without its journal, or whose journal was deleted, while the journal
/// held updates made since the last save is refused (``DocumentError/journalMissing(path:)``),
/// never opened without them: its snapshot is marked before anything is journaled after it.
///
/// The mediator is a replica like any other (<doc:EditingTogether>): once it collaborates, the
/// journal holds the changes each update made or merged, and the store keeps the replica's
/// identity across reopenings (a copy of the file opens as a new replica).
@MainActor
public final class DocumentStore<Root: DocumentRoot> {
    /// When an update is on disk.
    public enum Durability: Sendable, Equatable {
        /// When `update` returns (each update waits for the disk).
        case immediate
        /// Within this long after it committed (updates are written at once, synced together).
        case interval(Duration)
        /// When ``DocumentStore/save()`` runs (or the store closes).
        case onSave
    }

    /// The mediator of the document; update it as any.
    public let mediator: Mediator<Root>
    /// Where the document is, as it was given (the store works on the file it names).
    public let url: URL
    /// When an update is on disk.
    public let durability: Durability
    /// When the store compacts the document by itself; a change applies from the next update.
    public var compaction: Compaction

    var document: DocumentFile
    let journal: JournalFile
    /// How many snapshots this document's stores wrote: the snapshot's and its journal's.
    var generation: UInt64
    /// The journal lacks a change that committed (a write failed): nothing is appended until a
    /// snapshot holds everything again, which the next durable step writes.
    var isBehind = false
    private var syncIsScheduled = false
    /// The size of the snapshot in the document's file, which the compaction policy weighs the
    /// journal against.
    var snapshotSize = 0
    /// The compaction in flight (its steps off the main actor hold no reference to the store).
    var compactionRun: CompactionRun?
    /// The journal's size in bytes of updates under which no compaction starts by itself (set
    /// after one failed: it is tried again once the journal has grown as much again).
    var compactionRetrySize = 0
    /// A compaction is due and starts when the main actor is next free (not inside an update).
    var compactionIsScheduled = false
    /// The identity of the mediator's replica: the one the snapshot keeps, or a new one for a
    /// document that keeps none (or a copy of one that does).
    let keptReplicaID: ReplicaID
    /// Where the record of the merge journaled last starts, until the merge commits.
    var mergeRecordStart: Int?
    /// Where the snapshot in the document's file is marked (``SnapshotMark``), and whether it is:
    /// it is before anything is appended to the journal after it.
    var markOffset: Int?
    var snapshotIsMarked = false

    /// Opens the document at `url`, or creates it (with the root's `init()`).
    ///
    /// - Parameters:
    ///   - url: The document's file; a symbolic link leads to its target.
    ///   - durability: When an update is on disk.
    ///   - compaction: When the store compacts the document by itself (by default when the
    ///     journal outgrows an eighth of the snapshot). A journal already past it is compacted soon after
    ///     opening.
    /// - Throws: ``DocumentError``: the file is not a document of this model (or a newer one), is
    ///   damaged, is open in another store, is a dangling link or has several hard links; the
    ///   file system refused. Nothing was changed then.
    public convenience init(url: URL, durability: Durability = .immediate, compaction: Compaction = .automatic) throws {
        try self.init(url: url, durability: durability, compaction: compaction, files: SystemFileCalls.shared)
    }

    init(url: URL, durability: Durability, compaction: Compaction = .automatic, files: any FileSystemCalls) throws {
        self.url = url
        self.durability = durability
        self.compaction = compaction
        document = try DocumentFile(resolving: url.path, files: files)
        let journalPath = document.journalPath
        let journalExisted = try? files.status(atPath: journalPath, followingLinks: false) != nil
        journal = try JournalFile(path: journalPath, files: files)
        var opened: DocumentOpening<Root>
        do {
            opened = try DocumentOpening(document: &document, journal: journal)
        } catch {
            if journalExisted == false { try? files.unlink(journalPath) }
            throw error
        }
        generation = opened.generation
        snapshotSize = opened.snapshotSize
        markOffset = opened.mark.offset
        snapshotIsMarked = opened.mark.isSet
        mediator = Mediator(root: opened.root)
        mediator.identities = opened.identities
        keptReplicaID = opened.keptReplicaID ?? .random()
        // A replica's snapshot: the mediator is a replica from the start, its journal its changes.
        if opened.identities.openedReplica != nil { mediator.startReplica(as: keptReplicaID) }
        do {
            if let broken = journaledReplica?.brokenBy {
                throw DocumentError.damaged(reason: "its replica state does not match its nodes: \(describe(broken))")
            }
            try opened.replay(into: mediator)
            try settle(
                opened.replay.plan, sequence: opened.sequence, keepsReplicaID: opened.keptReplicaID != nil,
                standsAlone: opened.replaysAnotherFilesJournal)
        } catch {
            if opened.createsDocument { document.remove() }
            // A journal adopted from another name is this document's: never removed.
            if journalExisted == false && !opened.adoptedJournal { try? files.unlink(journalPath) }
            throw error
        }
        mediator.history.clear()
        mediator.markSaved()
        mediator.patchRecorder.journal = self
        journaledReplica?.changeJournal = self
        compactIfDue()
    }

    isolated deinit {
        // A write outside an update still pending (a binding's, in the turn the window closed
        // in) is committed and saved with the rest: the store is going, so its journal no
        // longer hears of updates, and only a snapshot holds it.
        if mediator.hasPendingImplicitUpdate {
            mediator.commitImplicitUpdate()
            do { try writeSnapshot() } catch { fallBehind(error) }
        }
        // A compaction's step off the main actor ends, and its files go, before the journal
        // closes and releases the lock: another store may open the document at once.
        if let compactionRun {
            compactionRun.cancelAndWait()
            compactionRun.discardFiles()
            compactionRun.end(.failure(CancellationError()))
        }
    }

    /// Makes the files follow what opening found: a new document or a snapshot no store wrote
    /// is written at once (its journal follows it); a journal of another generation or format
    /// is replaced by one of this snapshot, whose patch is `sequence`. A replica's snapshot that
    /// keeps no identity of this file is written again at once, keeping the new one, and so is a
    /// copy that replayed the journal of the file it copies (`standsAlone`: that journal stays
    /// the original's), and a snapshot that cannot be marked (written before the mark, or in a
    /// file this process may only read). A journal that goes on holding updates has its
    /// snapshot marked.
    private func settle(_ plan: JournalReplay.Plan, sequence: UInt64, keepsReplicaID: Bool, standsAlone: Bool) throws {
        let identities = mediator.identities
        // A new document has no file yet (plan `.create`).
        guard let file = document.identity.map(JournalFormat.FileIdentity.init) else { return try writeSnapshot() }
        switch plan {
        case .create:
            try writeSnapshot()
        case _ where generation == 0 || standsAlone || (journaledReplica != nil && !keepsReplicaID):
            try writeSnapshot()
        case _ where markOffset == nil || !document.isMarkable:
            try writeSnapshot()
        case .resume(let end):
            try journal.resume(generation: generation, base: sequence, document: identities.document, file: file, end: end)
            if journal.end > journal.recordsStart { try markSnapshot() }
        case .replace(let start, let end):
            if start != nil { try markSnapshot() }
            try journal.replace(
                generation: generation, base: sequence, document: identities.document, file: file, carrying: start.map { $0..<end })
        }
    }

    /// Writes a new snapshot atomically and empties the journal; the document is then saved.
    ///
    /// The whole document is encoded and written on the main actor: ``compact()`` holds it only
    /// while it reads the model's values. A compaction in flight is stopped first (this snapshot
    /// holds what it would have written).
    ///
    /// - Throws: ``DocumentError``: the file system refused (a full disk), a value cannot be
    ///   encoded, the document was moved or replaced while open (``DocumentError/moved(path:)``).
    ///   The snapshot and the journal are as they were then, and no file is left beside them.
    public func save() throws {
        // Writes outside updates are saved as an update of their own (journaled, undoable).
        mediator.commitImplicitUpdate()
        try writeSnapshot()
        mediator.markSaved()
    }

    /// Makes every journaled update durable (what ``save()`` does not need to).
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)``; the document stays unsaved.
    public func sync() throws {
        // A pending implicit update is journaled first, so that it is made durable too.
        mediator.commitImplicitUpdate()
        if isBehind || journal.needsReplacing || !journal.isInPlace() {
            try writeSnapshot()
        } else {
            do {
                try journal.sync()
            } catch {
                // What was written may or may not be on disk: only a snapshot can tell.
                isBehind = true
                throw error
            }
        }
        mediator.markSaved()
    }

    // MARK: Snapshots

    /// Writes the snapshot to a file beside the document, syncs it, renames it over the
    /// document, syncs the folder, then replaces the journal with an empty one of the new
    /// generation.
    ///
    /// A compaction (a snapshot written while the app goes on) takes the same steps apart: the
    /// bytes on the main actor, ``DocumentFile/write(_:)`` anywhere, then
    /// ``DocumentFile/install(_:)`` and ``JournalFile/replace(generation:base:document:carrying:)``
    /// on the main actor, carrying the records appended since the bytes were taken.
    func writeSnapshot() throws {
        // One writer of the files beside the document at a time: this snapshot holds everything.
        let superseded = cancelCompaction()
        var outcome: Result<Void, any Error> = .failure(CancellationError())
        defer { superseded?.end(outcome) }
        try document.checkInPlace()
        let next = generation + 1
        let identities = mediator.identities
        let isReplica = journaledReplica != nil
        var bytes: [UInt8] = []
        let written: WrittenFile
        do {
            if isReplica {
                // A replica's snapshot keeps its identity, with the file it is written as.
                written = try document.write { file in
                    let kept = KeptReplica(keptReplicaID, file: file)
                    bytes = try mediator.snapshotBytes(extra: SnapshotMark.headerMembers(generation: next) + kept.headerMembers)
                    return bytes
                }
            } else {
                bytes = try mediator.snapshotBytes(extra: SnapshotMark.headerMembers(generation: next))
                written = try document.write(bytes)
            }
        } catch let error as EncodingError {
            throw DocumentError.unencodable(reason: "\(error)")
        }
        try document.install(written)
        generation = next
        snapshotSize = bytes.count
        markOffset = SnapshotMark.offset(of: Root.self, generation: next)
        snapshotIsMarked = false
        isBehind = false
        // The snapshot holds everything: the journal starts again after it. If that fails, the
        // old journal goes on, valid beside either snapshot (its records are in this one)...
        do {
            // A replica's snapshot counts no patches (its journal holds changes).
            try journal.replace(
                generation: next, base: isReplica ? 0 : identities.sequence, document: identities.document,
                file: JournalFormat.FileIdentity(written.status))
        } catch {
            // ...unless it may end with a record that was rolled back, which must not come back.
            if journal.needsReplacing {
                outcome = .failure(error)
                throw error
            }
        }
        outcome = .success(())
    }

    // MARK: Reports

    /// A write failed after its update committed: the journal is behind the model until a
    /// snapshot is written; the failure handler hears it.
    func fallBehind(_ error: any Error) {
        isBehind = true
        mediator.history.markUnsaved()
        mediator.core.reportFailure(DocumentError.notSaved(reason: "\(error)"), origin: "document store", wasRolledBack: false)
    }

    func scheduleSync(after interval: Duration) {
        guard !syncIsScheduled else { return }
        syncIsScheduled = true
        Task { [weak self] in
            try? await Task.sleep(for: interval)
            guard let self else { return }
            syncIsScheduled = false
            do { try sync() } catch { fallBehind(error) }
        }
    }
}

extension DocumentStore: PatchJournal {
    func hold(_ patch: Patch) throws {
        if let replica = journaledReplica {
            try holdChange(of: patch, in: replica)
        } else {
            try holdRecord { patch.jsonBytes() }
        }
    }

    /// Appends the record `payload` gives (none for nil) before the update commits; throws to
    /// roll it back. When nothing can be appended, a snapshot holds the update instead.
    func holdRecord(_ payload: () throws -> [UInt8]?) throws {
        if !isBehind, !journal.needsReplacing, !journal.isInPlace() {
            // The journal was renamed, deleted or replaced while open: only a snapshot, which
            // writes a journal where opening looks for it (and locks it), keeps this update.
            if durability == .immediate { isBehind = true } else { fallBehind(DocumentError.moved(path: journal.path)) }
        }
        if isBehind || journal.needsReplacing {
            // Nothing can be appended: a snapshot (which holds this update too) brings the
            // journal back; a looser durability waits for the next sync or save.
            if durability == .immediate { try writeSnapshot() }
            return
        }
        do {
            guard let payload = try payload() else { return }
            try appendRecord(payload)
        } catch {
            if durability == .immediate { throw error }
            fallBehind(error)
        }
    }

    func updateDidCommit(rest: Result<Patch, DocumentError>?, continuing: Bool) {
        if let replica = journaledReplica {
            journalRest(rest, of: replica)
        } else {
            journalRest(rest, continuing: continuing)
        }
        switch durability {
        case .immediate: if !isBehind { mediator.markSaved() }
        case .interval(let interval): scheduleSync(after: interval)
        case .onSave: break
        }
        compactIfDue()
    }

    /// Appends what registrations changed in the refresh after the update (`rest`), as a
    /// continuation of its patch when `continuing`.
    private func journalRest(_ rest: Result<Patch, DocumentError>?, continuing: Bool) {
        switch rest {
        case .failure(let error):
            fallBehind(error)
        case .success(let patch) where !isBehind && !journal.needsReplacing:
            do {
                if patch.sequence <= journal.base {
                    // The update's own part went into a snapshot: what followed it goes there too.
                    try writeSnapshot()
                } else {
                    try appendRecord(patch.jsonBytes(), continues: continuing)
                }
            } catch {
                fallBehind(error)
            }
        case .success, nil:
            break
        }
    }
}
