import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A document shared through a folder that a sync engine keeps in step between devices
/// (iCloud Drive, Dropbox, Syncthing, a network share): each replica appends its own changes to
/// a file of its own there and merges the others'.
///
/// ```swift
/// let store = try SharedFolderStore<Board>(folder: sharedFolder, identity: localIdentityFile)
/// try store.mediator.update { $0.columns[0].title = "Backlog" }   // on disk when it returns
/// try store.sync()                                                // merges what others wrote
/// ```
///
/// The folder holds `genesis.ripple`, the document as it was when it began to be shared (the
/// first store to open an empty folder writes it; make the shared document on one device
/// first), and one `<replica>.ripplechanges` file per replica. A replica's identity is kept in
/// `identity`, a file of this device's that must not be in the shared folder (two devices with
/// one identity would make changes that clash); a copy of that file (a backup put back, a
/// duplicate) is another file, and opens as a new replica.
///
/// Every update of the mediator is appended to this replica's file and synced to disk before it
/// commits, with the others' changes merged since the last append (this replica's build on
/// them); killed at any instant, a store reopens with every update that returned, whatever
/// state the others' files are in then. An update whose change cannot be appended (a full
/// disk, an I/O error) is refused: it throws, and rolls back. When a sync engine replaces or
/// removes this replica's file while the store is open (a conflict resolved the other way, an
/// older version put back), the store writes it again with every change it holds before the
/// next update. What registrations write in the refresh after an update is appended once the
/// update committed: if that fails, the failure handler hears it, and the next update or
/// ``sync()`` writes it (an update is refused while it cannot). Files that arrive partly written, late, duplicated or as
/// conflict copies are read as they are: a torn record waits for the rest, a change already
/// merged is skipped.
///
/// The identity file also keeps, at a clean close, where this replica's file ended: when the
/// file was put back to an older version while the store was closed, or the others' files hold
/// changes of this replica's that it lacks, the store opens as a new replica (its old numbers
/// past the file's end may be the others' already), and reads the old file as another's. After
/// a crash (no close kept) the file is trusted as it is: it holds every update that returned. A
/// store that finds another replica's file put back or replaced appends that replica's changes
/// it holds to its own file at its next update or sync, so the lost version's come back.
///
/// Opening merges every change in the folder again, which costs the document's whole history:
/// shared folders are not compacted yet.
@MainActor
public final class SharedFolderStore<Root: DocumentRoot> {
    /// The mediator of the shared document: update it as any.
    public let mediator: Mediator<Root>
    /// The shared folder.
    public let folder: URL
    private var files: ChangeFolder
    /// The file system calls `files` goes through, to open this replica's file again.
    private let fileCalls: any FileSystemCalls
    /// The changes this replica's file holds: its own, and the others' they build on.
    private var written: DocumentVersion
    /// This store's replica identity, which no other store of this process may hold meanwhile.
    private let replica: ReplicaID
    /// The file that keeps `replica`, and where its change file ended at a clean close.
    private let identityPath: String
    /// What opening could not merge of the others' files, which the first ``sync()`` throws.
    private var refusalAtOpening: (any Error)?

    /// Opens the document shared in `folder`, or begins sharing a new one there.
    ///
    /// - Parameters:
    ///   - folder: The shared folder (made if missing).
    ///   - identity: A file of this device's, outside the shared folder, that keeps this
    ///     replica's identity (made if missing).
    /// - Throws: ``DocumentError`` or ``ReplicaError`` when the folder's document is not one of
    ///   this model, this replica's file is damaged, or the file system refused (a change in
    ///   another replica's file that cannot be merged, of another document say, does not stop
    ///   the opening: the first ``sync()`` throws it);
    ///   ``ReplicaError/folderNotSyncedYet`` when the folder holds changes but not yet
    ///   `genesis.ripple`; ``ReplicaError/identityNotOwn(_:)`` when `identity` is inside the
    ///   folder or another store of this process is the same replica (one per window: two
    ///   processes with one identity file are not detected).
    public convenience init(folder: URL, identity: URL) throws {
        try self.init(folder: folder, identity: identity, files: SystemFileCalls.shared)
    }

    /// Opens the document shared in `folder`, its change files read and written through `files`
    /// (what the tests fail a call of).
    init(folder: URL, identity: URL, files: any FileSystemCalls) throws {
        self.folder = folder
        let resolvedIdentity = Self.resolvedPath(of: identity, files: files)
        let folderPath = Self.resolvedPath(of: folder, files: files)
        guard !resolvedIdentity.hasPrefix(folderPath.hasSuffix("/") ? folderPath : folderPath + "/") else {
            throw ReplicaError.identityNotOwn("\(identity.path) is inside the shared folder, where every device would read it")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kept = try IdentityFile.kept(at: identity.path, files: files)
        var replica = kept.replica
        guard SharedFolderIdentities.shared.claim(replica) else {
            throw ReplicaError.identityNotOwn("another SharedFolderStore of this process is replica \(replica) (\(identity.path)); give each store its own")
        }
        var opened = false
        defer { if !opened { SharedFolderIdentities.shared.release(replica) } }
        let genesis = try Self.genesis(in: folder, for: replica, files: files)
        var opening = try Opening(genesis: genesis, folder: folder, replica: replica, files: files)
        if try !opening.trusts(kept.closedAt) {
            // The file was put back or replaced while closed: its numbers past what it holds may
            // be the others' already. A new replica numbers afresh; the old file is another's.
            let renewed = try IdentityFile.renew(at: identity.path, files: files)
            guard SharedFolderIdentities.shared.claim(renewed) else { throw ReplicaError.identityNotOwn("replica \(renewed) is open twice") }
            SharedFolderIdentities.shared.release(replica)
            replica = renewed
            opening = try Opening(genesis: genesis, folder: folder, replica: replica, files: files)
        }
        self.replica = replica
        identityPath = identity.path
        mediator = opening.mediator
        fileCalls = files
        self.files = opening.files
        written = opening.written
        refusalAtOpening = opening.refusal
        mediator.history.clear()
        mediator.markSaved()
        mediator.patchRecorder.journal = self
        (mediator.replicaSession as? ReplicaSession<Root>)?.changeJournal = self
        opened = true
    }

    isolated deinit {
        // A write outside an update still pending (a binding's, in the turn the window closed
        // in) is committed and appended with the rest: the store is going, so it no longer
        // hears of updates (the mediator's journals are weak), and only its file keeps it.
        if mediator.hasPendingImplicitUpdate {
            mediator.commitImplicitUpdate()
            appendOwnChanges()
        }
        // Where its file ends now tells the next opening whether the file was put back while
        // closed (best effort: without it, the next opening trusts the file, as after a crash).
        try? IdentityFile.recordClose(of: replica, at: files.mark, to: identityPath, files: fileCalls)
        SharedFolderIdentities.shared.release(replica)
    }

    /// Merges what the other replicas appended since the last sync, as one update.
    ///
    /// - Throws: What ``Mediator/merge(_:)`` throws for the first change set that another
    ///   replica's file holds and that cannot be merged (of another document, say); every other
    ///   change read is merged all the same (that one is not read again). The first sync also
    ///   throws what opening read and could not merge.
    public func sync() throws {
        appendOwnChanges()
        let earlier = refusalAtOpening
        refusalAtOpening = nil
        let records = try files.readNew()
        // A file found put back may have lost changes only this replica still holds.
        defer { if !files.replacedReplicas.isEmpty { appendOwnChanges() } }
        try Self.merge(records, into: mediator)
        if let earlier { throw earlier }
    }

    /// Merges `records` as one update: a merge recomputes the moves once, so that opening,
    /// which merges the whole history, does not cost the records times the moves. Records of
    /// another document or model, or refused together, are merged one by one: the records are
    /// read once, and one left unmerged here would wait for a reopening (with what the replica
    /// made after it). Throws the first refusal, after merging everything else.
    static func merge(_ records: [[UInt8]], into mediator: Mediator<Root>) throws {
        var refusal: (any Error)?
        var sets: [ChangeSet] = []
        for record in records {
            do {
                sets.append(try ChangeSet(encoded: Data(record)))
            } catch {
                refusal = refusal ?? error
            }
        }
        if let first = sets.first, sets.count > 1 {
            let together = sets.filter { $0.document == first.document && $0.model == first.model }
            let batch = ChangeSet(document: first.document, model: first.model, changes: together.flatMap(\.changes))
            if (try? mediator.merge(batch)) != nil {
                sets.removeAll { $0.document == first.document && $0.model == first.model }
            }
        }
        for set in sets {
            do {
                try mediator.merge(set)
            } catch {
                refusal = refusal ?? error
            }
        }
        if let refusal { throw refusal }
    }

    /// Appends this replica's changes that its file does not hold yet; a failure is reported to
    /// the failure handler and tried again at the next update or sync.
    private func appendOwnChanges() {
        do {
            try appendOwnChangesOrThrow()
        } catch {
            mediator.core.reportFailure(error, origin: "shared folder", wasRolledBack: false)
        }
    }

    /// Appends this replica's changes that its file does not hold yet, with the others' changes
    /// merged since the last append: its own build on them, and the others' files that brought
    /// them may be cut short or put back to an older version by the sync engine when this
    /// replica reopens. Its own file alone then opens with every change it acknowledged (none
    /// waits for a predecessor, nor is numbered again by a change made after reopening).
    private func appendOwnChangesOrThrow() throws {
        try restoreOwnFileIfReplaced()
        let replica = mediator.replicaID
        // The changes of a replica whose file was found put back or replaced go along: the lost
        // version's may be held nowhere else now (that replica, reopened, numbers afresh as a
        // new one), and merging them twice changes nothing.
        var since = written
        for other in files.replacedReplicas { since[other] = 0 }
        guard mediator.version[replica] > written[replica] || !files.replacedReplicas.isEmpty else { return }
        let engine = mediator.replica.engine
        let version = DocumentVersion(engine.version, of: engine.document)
        let changes = engine.changes(since: since)
        if !changes.changes.isEmpty { try files.append(Array(changes.encoded)) }
        written = version
        files.replacedReplicas = []
    }

    /// Writes this replica's file again when a sync engine replaced or removed it while the
    /// store had it open (a conflict resolved the other way, an older version put back, a user
    /// tidying the folder): the store holds every change it acknowledged, so it opens the file
    /// again (made anew if gone) and appends them all, with the others' they build on. Merging
    /// twice changes nothing, so what the older version held already does no harm. Not when the
    /// folder itself was renamed or removed: the update is refused then, as before.
    private func restoreOwnFileIfReplaced() throws {
        guard try files.ownFileInPlace() == nil else { return }
        // A folder renamed or removed is not written again where it was: that would begin a
        // copy no one syncs. The update is refused (the app opens the folder where it is now).
        guard files.folderIsInPlace else {
            try files.checkOwnFileIsInPlace()
            return
        }
        let reopened = try ChangeFolder(url: folder, replica: replica, files: fileCalls)
        reopened.progress = files.progress
        reopened.replacedReplicas = files.replacedReplicas
        let engine = mediator.replica.engine
        let version = DocumentVersion(engine.version, of: engine.document)
        try reopened.append(Array(engine.changes(since: DocumentVersion()).encoded))
        files = reopened
        written = version
    }
}

extension SharedFolderStore {
    /// The path of `url` with every symbolic link resolved, up to the nearest folder that is
    /// there when the file is not there yet (a link to the shared folder must not put the
    /// identity file inside it).
    fileprivate static func resolvedPath(of url: URL, files: any FileSystemCalls) -> String {
        var existing = url.standardizedFileURL.path
        var rest: [String] = []
        while true {
            if let resolved = try? files.realPath(existing) {
                return rest.reversed().reduce(resolved) { ($0 as NSString).appendingPathComponent($1) }
            }
            let parent = (existing as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != existing else { return url.standardizedFileURL.path }
            rest.append((existing as NSString).lastPathComponent)
            existing = parent
        }
    }
}

extension SharedFolderStore: ReplicaChangeJournal {
    /// Records a local update's change and appends it to this replica's file, synced, before
    /// the update commits; refuses (rolls back) the update, with the change taken back, when it
    /// cannot: a full disk, an I/O error, a file replaced or removed that could not be written
    /// again. Every update that returns is on disk. Merges are not appended here: they are
    /// others' changes, kept in their files, and go into this replica's file with its next
    /// change.
    func hold(_ patch: Patch) throws {
        guard let session = mediator.replicaSession as? ReplicaSession<Root>, !session.isMerging else { return }
        let recorded = try session.recordBeforeCommit(patch)
        do {
            try appendOwnChangesOrThrow()
        } catch {
            session.takeBack(recorded)
            throw error
        }
    }

    /// Records and appends what registrations wrote in the refresh after a local update
    /// (`rest`): nothing can be refused any more, so a failure goes to the failure handler, and
    /// the next update or ``sync()`` appends it.
    func updateDidCommit(rest: Result<Patch, DocumentError>?, continuing: Bool) {
        guard let session = mediator.replicaSession as? ReplicaSession<Root>, !session.isMerging else { return }
        switch rest {
        case .failure(let error):
            mediator.core.reportFailure(error, origin: "shared folder", wasRolledBack: false)
        case .success(let patch):
            do {
                _ = try session.recordBeforeCommit(patch)
            } catch {
                if session.brokenBy == nil {
                    session.brokenBy = error
                    mediator.core.reportFailure(error, origin: "collaboration", wasRolledBack: false)
                }
                return
            }
            appendOwnChanges()
        case nil:
            break
        }
    }

    var keptReplicaID: ReplicaID { replica }

    func replicaDidStart() {}

    func holdMerged(_ changes: ChangeSet, changesModel: Bool) throws {}

    func retractMerged() {}

    func mergeDidCommit() {}

    /// Appends this replica's changes its file lacks (a refresh's whose append failed), so that
    /// no change another replica receives is missing from this replica's own file.
    func willServeChanges() throws {
        try appendOwnChangesOrThrow()
    }
}

/// The replica identities the open shared folder stores of this process hold (a generic class
/// cannot keep a static set of its own; a store may be released on any thread, hence the lock).
final class SharedFolderIdentities: @unchecked Sendable {
    static let shared = SharedFolderIdentities()
    private let lock = NSLock()
    private var open: Set<ReplicaID> = []

    /// Takes `replica` for a store; false when another store holds it.
    func claim(_ replica: ReplicaID) -> Bool {
        lock.withLock { open.insert(replica).inserted }
    }

    func release(_ replica: ReplicaID) {
        lock.withLock { _ = open.remove(replica) }
    }
}
